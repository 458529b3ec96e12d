"""The registry of the installed games, as strict as Django's of its apps.

It is built once, in one ready step: :meth:`Registry.populate` imports each installed game
package (the server's ``COMPANION_GAMES`` setting, read by the matches app when it starts),
takes its ``GAME``, builds it with the facets given from outside its package
(``dataclasses.replace``: a :class:`Game` never changes) and refuses a key given twice. A game
added later (``register``) is refused too if its key is taken. Without Django (a phone's
referee, a benchmark, a script) the registry populates itself on first use with every game
package below :mod:`matches.engine`; a server that populates it after such a use is refused
at start-up, as Django refuses models asked for before the apps are ready.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, replace
from importlib import import_module
from pathlib import Path
from typing import Any

from matches.engine.game import Game, RegistryError

#: facets given from outside a game's package: game key -> facet name -> value
Facets = Mapping[str, Mapping[str, Any]]

_ENGINES = "matches.engine"


def game_packages() -> list[str]:
    """Every game package below :mod:`matches.engine` (a subpackage that exports ``GAME``)."""
    found = []
    for module in pkgutil.iter_modules([str(Path(__file__).parent)], prefix=f"{_ENGINES}."):
        if module.ispkg and hasattr(import_module(module.name), "GAME"):
            found.append(module.name)
    return found


def game_of(package: str) -> Game:
    """The ``GAME`` of an installed game package."""
    try:
        module = import_module(package)
    except ModuleNotFoundError as exc:
        raise RegistryError(f"the game package {package!r} cannot be imported: {exc}") from exc
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise RegistryError(f"the package {package!r} exports no GAME")
    return game


def with_facets(game: Game, given: Mapping[str, Any]) -> Game:
    """``game`` with the facets given from outside its package (each one it leaves ``None``)."""
    names = {f.name: f for f in fields(Game)}
    for name in given:
        if name not in names:
            raise RegistryError(f"a game has no facet {name!r}")
        if getattr(game, name) is not None:
            raise RegistryError(f"the game {game.key!r} sets its facet {name!r} itself")
    return replace(game, **given) if given else game


class Registry:
    """The installed games by key, in the order they were installed."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._added: set[str] = set()
        self._facets: dict[str, dict[str, Any]] = {}
        self._listeners: list[Callable[[Game], None]] = []
        self._saved: list[dict[str, Game]] = []
        self.ready = False
        self.populated_by_use = False

    def populate(self, packages: Iterable[str], facets: Facets | None = None) -> None:
        """Install the games of ``packages``, each with its ``facets``, once."""
        if self.ready:
            why = "on first use, before it was populated" if self.populated_by_use else "once"
            raise RegistryError(f"the games were installed {why}")
        given = {key: dict(more) for key, more in (facets or {}).items()}
        self._facets = given
        self._install(packages)
        unknown = sorted(set(given) - set(self._games))
        if unknown:
            raise RegistryError(f"facets are given for a game not installed: {unknown[0]!r}")

    def _install(self, packages: Iterable[str]) -> None:
        games: dict[str, Game] = {}
        for package in packages:
            game = game_of(package)
            if game.key in games:
                raise RegistryError(f"two installed games have the key {game.key!r}")
            games[game.key] = with_facets(game, self._facets.get(game.key, {}))
        self._games, self.ready = games, True
        for game in games.values():
            self._announce(game)

    def ensure_ready(self) -> None:
        """Populate with every game package below the engines if nobody has."""
        if not self.ready:
            self.populate(game_packages())
            self.populated_by_use = True

    def set_installed(self, packages: Iterable[str]) -> None:
        """Install ``packages`` instead, until :meth:`unset_installed` (a test's settings)."""
        self.ensure_ready()
        self._saved.append(self._games)
        self._install(packages)

    def unset_installed(self) -> None:
        """The games installed before the last :meth:`set_installed`."""
        self._games = self._saved.pop()

    def register(self, game: Game) -> Game:
        """Add a game at run time; its key must be free."""
        self.ensure_ready()
        if game.key in self._games:
            raise RegistryError(f"a game with the key {game.key!r} is installed already")
        self._games[game.key] = game
        self._added.add(game.key)
        self._announce(game)
        return game

    def unregister(self, key: str) -> None:
        """Forget a game added with :meth:`register`."""
        if key not in self._added or key not in self._games:
            raise RegistryError(f"{key!r} is not a game added at run time")
        del self._games[key]
        self._added.discard(key)

    def on_register(self, listener: Callable[[Game], None]) -> None:
        """Call ``listener(game)`` for every game known now and every game added later."""
        self._listeners.append(listener)
        for game in self.games():
            listener(game)

    def _announce(self, game: Game) -> None:
        for listener in self._listeners:
            listener(game)

    def get(self, key: str) -> Game | None:
        self.ensure_ready()
        return self._games.get(key) if isinstance(key, str) else None

    def games(self) -> list[Game]:
        self.ensure_ready()
        return list(self._games.values())
