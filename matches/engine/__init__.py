"""Rules engines, one pure-Python package per game, and the registry that finds them.

No module below this package imports Django. Each game package exports its ``GAME`` (a
:class:`matches.engine.game.Game`: engine, shapes, texts, stats, ...); ``get_game(key)`` finds
it, ``register(game)`` adds one, ``games()`` lists them; ``get_engine(key)`` is its engine.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from matches.engine.base import (
    EngineError,
    GameEngine,
    GameEvent,
    GameOverError,
    GameShapes,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Sentences,
    SetupError,
    Transition,
)
from matches.engine.game import Game
from matches.engine.i18n import N_

#: the games this server ships: key -> the package that exports its ``GAME``, imported lazily
_PACKAGES: dict[str, str] = {
    "hat-trick": "matches.engine.hat_trick",
    "trixkick": "matches.engine.trixkick",
    "amigo-hattrick": "matches.engine.amigo_hattrick",
}
_GAMES: dict[str, Game] = {}
#: called with each game as it becomes known (the server lists its error codes this way)
_LISTENERS: list[Callable[[Game], None]] = []


#: the registry's refusals (each game's own are its ``texts.ERRORS``)
ERRORS: dict[str, str] = {
    "unknown_game": N_("There is no game called “{game}”."),
    "unknown_game:not_installed": N_("The game “{game}” is not available on this server."),
}
_SENTENCES = Sentences(ERRORS)


class UnknownGameError(EngineError):
    default_code = "unknown_game"


def _unknown_game(key: object, cause: str | None = None) -> UnknownGameError:
    details = {"game": key} if cause is None else {"game": key, "cause": cause}
    return UnknownGameError(details=details, sentences=_SENTENCES)


def register(game: Game) -> Game:
    """Make ``game`` known under its key (a game the server ships, or one added at run time)."""
    _GAMES[game.key] = game
    for listener in _LISTENERS:
        listener(game)
    return game


def on_register(listener: Callable[[Game], None]) -> None:
    """Call ``listener(game)`` for every game known now and every game registered later."""
    _LISTENERS.append(listener)
    for game in games():
        listener(game)


def unregister(key: str) -> None:
    """Forget a game registered at run time (a game the server ships is found again)."""
    _GAMES.pop(key, None)


def game_keys() -> list[str]:
    """Keys of every registered game (installed or not)."""
    return list(dict.fromkeys([*_PACKAGES, *_GAMES]))


def get_game(key: str) -> Game:
    """The game registered under ``key``; :class:`UnknownGameError` if there is none."""
    found = _GAMES.get(key)
    if found is not None:
        return found
    package = _PACKAGES.get(key) if isinstance(key, str) else None
    if package is None:
        raise _unknown_game(key)
    try:
        module = import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name and package.startswith(exc.name):
            raise _unknown_game(key, "not_installed") from exc
        raise
    game = getattr(module, "GAME", None)
    if game is None:
        raise _unknown_game(key, "not_installed")
    return register(game)


def games() -> list[Game]:
    """Every game whose package is installed and importable, in the registry's order."""
    found = []
    for key in game_keys():
        try:
            found.append(get_game(key))
        except UnknownGameError:
            continue
    return found


def available_games() -> list[str]:
    """Keys of the games whose engine package is installed and importable."""
    return [game.key for game in games()]


def get_engine(key: str) -> GameEngine:
    """The engine of the game ``key``; :class:`UnknownGameError` if there is none."""
    return get_game(key).engine


def game_shapes(key: str) -> GameShapes:
    """The typed shapes of the game ``key``'s protocol."""
    return get_game(key).shapes


def first_action(
    key: str, entry: dict[str, Any], legal: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The first ready action (JSON) of one ``legal_actions`` entry of the game ``key``
    (``legal``: the whole ``legal_actions`` answer the entry belongs to), so a phone that
    always sends the first ready action of the first entry plays a whole match."""
    return get_game(key).first_action(entry, legal or {})


def game_of_rule(rule: str | None) -> str | None:
    """The key of the game whose clause ids start like ``rule`` (``HT-3B.2``), if any."""
    prefix = (rule or "").split("-", 1)[0]
    return next((game.key for game in games() if prefix in game.rule_prefixes), None)


__all__ = [
    "EngineError",
    "Game",
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
    "game_of_rule",
    "game_shapes",
    "games",
    "get_engine",
    "on_register",
    "get_game",
    "register",
    "unregister",
]
