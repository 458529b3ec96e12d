"""No module of the phone app names a game outside games/: a game's move words, options,
face-down turns and set-up chores live in its own module (webapp/static/webapp/games/<key>.js),
found by the key /api/games/ gives. The few other places are listed here, each with the reason
it may name a game (none today)."""

import re
from importlib import import_module
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
#: the installed games' keys (``GAME.key`` of each package in the setting)
KEYS = tuple(import_module(package).GAME.key for package in settings.COMPANION_GAMES)
NAMES = "|".join(map(re.escape, KEYS))
KEY = r"""["'`](?:""" + NAMES + r""")["'`]"""
#: a quoted key, or a key as an object's property name (`trixkick: ...`)
LITERAL = re.compile(r"(?<![\w-])" + KEY + r"|(?<![\w.-])(?:" + NAMES + r")\s*:(?!/)")
WEB_APP = ROOT / "webapp" / "static" / "webapp"
GAMES = WEB_APP / "games"

#: path under webapp/static/webapp -> (how many literals, why this place may name a game)
ALLOWED: dict[str, tuple[int, str]] = {}


def literals() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted(WEB_APP.rglob("*.js")):
        if path.is_relative_to(GAMES):
            continue
        count = len(LITERAL.findall(path.read_text(encoding="utf-8")))
        if count:
            found[path.relative_to(WEB_APP).as_posix()] = count
    return found


def test_no_module_of_the_app_names_a_game_outside_games():
    # exactly the allowed places, each as many times as listed: no more places, no fewer names
    allowed = {path: n for path, (n, _why) in ALLOWED.items()}
    assert literals() == allowed, (
        "game names outside webapp/static/webapp/games/ (or counts changed)"
    )


def test_the_scan_finds_a_game_name():
    for source in (
        'if (game === "hat-trick") return;',
        "const BY_GAME = { trixkick: TRIXKICK };",
        "if (ctx.game === `amigo-hattrick`) {",
    ):
        assert len(LITERAL.findall(source)) == 1, source
    # a word that only contains a key, or a file's name, is no game name
    assert not LITERAL.findall('t("htHatTrick"); import("./games/trixkick.js"); x.trixkick: 1')


def test_each_game_has_its_module_and_the_scan_reads_them():
    # the modules the scan leaves out are there and do name their games' words
    modules = {path.stem for path in GAMES.glob("*.js")}
    assert set(KEYS) | {"generic"} <= modules
    assert not LITERAL.findall((GAMES / "generic.js").read_text(encoding="utf-8"))
