"""Each game's module of the phone app (its move words, options, face-down turns and set-up
chores), written in the game's own package and served at ``/app/games/<key>.js``.

The module is a data file of the game (``data/phone.js``, package data like its clauses),
found through the registry: an installed game that has one is played with it, any other with
the app's ``games/generic.js``. It imports the app's shared modules by the placeholder
``__STATIC__`` (``import { t } from "__STATIC__i18n.js"``), which is filled with the app's
static address as it is served: the very addresses the app's own modules load, so the game's
module shares their state (the language, the referee) whatever ``STATIC_URL`` is.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable

from django.conf import settings
from django.urls import reverse

from matches.engine import Game, UnknownGameError, games, get_game

#: the module's name in the game's data folder
PHONE_MODULE = "phone.js"
#: what the module writes for the app's static folder
STATIC_PLACEHOLDER = "__STATIC__"


def static_base() -> str:
    """The app's static folder by its unhashed names (whitenoise serves them beside the
    hashed copies of collectstatic)."""
    return f"{settings.STATIC_URL}webapp/"


def phone_module(game: Game) -> Traversable | None:
    """The game's phone module in its package, ``None`` if it has none."""
    return game.data_file(PHONE_MODULE)


def module_source(key: str) -> str | None:
    """The module of the installed game ``key`` as the app loads it, ``None``: no such game,
    or a game without one."""
    try:
        found = phone_module(get_game(key))
    except UnknownGameError:
        return None
    if found is None:
        return None
    return found.read_text(encoding="utf-8").replace(STATIC_PLACEHOLDER, static_base())


def served_modules() -> list[tuple[str, str]]:
    """Each installed game's module, its address and its source as served (the service worker
    keeps them, and its version covers their sources)."""
    found = []
    for game in games():
        module = phone_module(game)
        if module is not None:
            source = module.read_text(encoding="utf-8").replace(STATIC_PLACEHOLDER, static_base())
            found.append((reverse("webapp-game", args=[game.key]), source))
    return found
