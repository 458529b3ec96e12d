"""No JavaScript module names a game outside the game's package: a game's move words, options,
face-down turns and set-up chores live in its own phone module, in its package (data/phone.js,
served at /app/games/<key>.js), found by the key /api/games/ gives. Every `.js` file of the
apps is read, as tests/games/test_game_names.py reads every `.py` file, and a game's package
may name its game in both. The few other places are listed here, each with the reason it may
name a game (none today)."""

import re
from importlib import import_module
from pathlib import Path

from django.conf import settings

from matches.engine import games
from tests.games.test_game_names import SCANNED
from webapp.game_modules import phone_module

ROOT = Path(__file__).resolve().parents[2]
#: the installed games' keys (``GAME.key`` of each package in the setting)
KEYS = tuple(import_module(package).GAME.key for package in settings.COMPANION_GAMES)
NAMES = "|".join(map(re.escape, KEYS))
KEY = r"""["'`](?:""" + NAMES + r""")["'`]"""
#: a quoted key, or a key as an object's property name (`trixkick: ...`)
LITERAL = re.compile(r"(?<![\w-])" + KEY + r"|(?<![\w.-])(?:" + NAMES + r")\s*:(?!/)")
WEB_APP = ROOT / "webapp" / "static" / "webapp"
#: the installed games' package folders: what is inside one may name its game
GAME_FOLDERS = tuple(ROOT / package.replace(".", "/") for package in settings.COMPANION_GAMES)

#: path -> (how many literals, why this place may name a game)
ALLOWED: dict[str, tuple[int, str]] = {}


def in_a_game_package(path: Path) -> bool:
    return any(path.is_relative_to(folder) for folder in GAME_FOLDERS)


def literals() -> dict[str, int]:
    found: dict[str, int] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.js")):
            if in_a_game_package(path):
                continue
            count = len(LITERAL.findall(path.read_text(encoding="utf-8")))
            if count:
                found[path.relative_to(ROOT).as_posix()] = count
    return found


def test_no_module_names_a_game_outside_its_package():
    # exactly the allowed places, each as many times as listed: no more places, no fewer names
    allowed = {path: n for path, (n, _why) in ALLOWED.items()}
    assert literals() == allowed, "game names outside the games' packages (or counts changed)"


def test_the_scan_finds_a_game_name():
    for source in (
        'if (game === "hat-trick") return;',
        "const BY_GAME = { trixkick: TRIXKICK };",
        "if (ctx.game === `amigo-hattrick`) {",
    ):
        assert len(LITERAL.findall(source)) == 1, source
    # a word that only contains a key, or a file's name, is no game name
    assert not LITERAL.findall('t("htHatTrick"); import("./games/trixkick.js"); x.trixkick: 1')


def test_each_game_s_module_is_in_its_package_and_the_scan_leaves_it_alone():
    # the modules the scan leaves out are the games' own, in their packages
    for game, folder in zip(games(), GAME_FOLDERS, strict=True):
        module = Path(str(phone_module(game)))
        assert module.is_relative_to(folder) and in_a_game_package(module), game.key
    # the app's modules are read, the generic one among them, and it names no game
    assert not in_a_game_package(WEB_APP / "games" / "generic.js")
    assert not LITERAL.findall((WEB_APP / "games" / "generic.js").read_text(encoding="utf-8"))
    app_games = {path.name for path in (WEB_APP / "games").glob("*.js")}
    assert app_games == {"generic.js"}, "a game's module belongs in its package"
