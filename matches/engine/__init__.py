"""Rules engines, one pure-Python package per game, and the registry that finds them.

No module below this package imports Django. ``get_engine("hat-trick")`` returns the engine
object; ``ENGINE_KEYS`` lists the registered games.
"""

from __future__ import annotations

from importlib import import_module

from matches.engine.base import (
    EngineError,
    GameEngine,
    GameEvent,
    GameOverError,
    GameShapes,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    SetupError,
    Transition,
)

# game key -> "module:attribute" of its engine object; imported lazily.
_REGISTRY: dict[str, str] = {
    "hat-trick": "matches.engine.hat_trick:ENGINE",
    "trixkick": "matches.engine.trixkick:ENGINE",
    "amigo-hattrick": "matches.engine.amigo_hattrick:ENGINE",
}
_LOADED: dict[str, GameEngine] = {}


class UnknownGameError(EngineError):
    default_code = "unknown_game"


def game_keys() -> list[str]:
    """Keys of every registered game (installed or not)."""
    return list(_REGISTRY)


def _shapes_module(key: str):
    return import_module(f"{_REGISTRY[key].split(':')[0]}.shapes")


def first_action(key: str, entry: dict, legal: dict | None = None) -> dict:
    """The first ready action (JSON) of one ``legal_actions`` entry of the game ``key``
    (``legal``: the whole ``legal_actions`` answer the entry belongs to).

    Each game declares the expansion in its package's ``shapes`` module (``first_action``), so
    a phone that always sends the first ready action of the first entry plays a whole match.
    """
    return _shapes_module(key).first_action(entry, legal or {})


def game_shapes(key: str) -> GameShapes:
    """The typed shapes of the game ``key``'s protocol (its ``shapes.SHAPES``)."""
    return _shapes_module(key).SHAPES


def available_games() -> list[str]:
    """Keys of the games whose engine package is installed and importable."""
    keys = []
    for key in _REGISTRY:
        try:
            get_engine(key)
        except UnknownGameError:
            continue
        keys.append(key)
    return keys


def get_engine(key: str) -> GameEngine:
    """The engine registered under ``key``; :class:`UnknownGameError` if there is none."""
    if key in _LOADED:
        return _LOADED[key]
    target = _REGISTRY.get(key)
    if target is None:
        raise UnknownGameError(message=f"There is no game called {key!r}.", details={"game": key})
    module_name, attr = target.split(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGameError(
                message=f"The game {key!r} is not available.", details={"game": key}
            ) from exc
        raise
    engine = getattr(module, attr, None)
    if engine is None:
        raise UnknownGameError(message=f"The game {key!r} is not available.", details={"game": key})
    _LOADED[key] = engine
    return engine


__all__ = [
    "EngineError",
    "GameEngine",
    "GameEvent",
    "GameOverError",
    "GameShapes",
    "IllegalActionError",
    "InvalidActionError",
    "Outcome",
    "SetupError",
    "Transition",
    "UnknownGameError",
    "available_games",
    "first_action",
    "game_keys",
    "game_shapes",
    "get_engine",
]
