"""Rules engines, one pure-Python package per game, and the registry that finds them.

No module below this package imports Django. Each game package exports its ``GAME`` (a
:class:`matches.engine.game.Game`: engine, shapes, texts, stats, ...). The registry
(:mod:`matches.engine.registry`) is built once from the installed packages
(``populate(packages)``; the server's ``COMPANION_GAMES`` setting) and refuses a key given
twice; ``get_game(key)`` finds a game, ``games()`` lists them, ``register(game)`` adds one at
run time; ``get_engine(key)`` is a game's engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from matches.engine.game import Game, RegistryError
from matches.engine.i18n import N_
from matches.engine.registry import Facets, Registry

#: the installed games (one registry per process)
REGISTRY = Registry()


#: the registry's refusals (each game's own are its ``texts.ERRORS``)
ERRORS: dict[str, str] = {
    "unknown_game": N_("There is no game called “{game}”."),
}
_SENTENCES = Sentences(ERRORS)


class UnknownGameError(EngineError):
    default_code = "unknown_game"


def populate(packages: Iterable[str], facets: Facets | None = None) -> None:
    """Install the games of ``packages`` (dotted names of game packages), once; ``facets``:
    game key -> facets given from outside its package (``{"teams": ...}``)."""
    REGISTRY.populate(packages, facets)


def register(game: Game) -> Game:
    """Add a game at run time (a test's game); a key already taken is refused."""
    return REGISTRY.register(game)


def on_register(listener: Callable[[Game], None]) -> None:
    """Call ``listener(game)`` for every game known now and every game registered later."""
    REGISTRY.on_register(listener)


def unregister(key: str) -> None:
    """Forget a game added with :func:`register`."""
    REGISTRY.unregister(key)


def game_keys() -> list[str]:
    """Keys of every installed game, in the setting's order."""
    return [game.key for game in REGISTRY.games()]


def get_game(key: str) -> Game:
    """The game installed under ``key``; :class:`UnknownGameError` if there is none."""
    found = REGISTRY.get(key)
    if found is None:
        raise UnknownGameError(details={"game": key}, sentences=_SENTENCES)
    return found


def games() -> list[Game]:
    """Every installed game, in the setting's order."""
    return REGISTRY.games()


def available_games() -> list[str]:
    """Keys of the installed games (the same as :func:`game_keys`)."""
    return game_keys()


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
    "REGISTRY",
    "RegistryError",
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
    "populate",
    "register",
    "unregister",
]
