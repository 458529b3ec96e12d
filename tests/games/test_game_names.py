"""No app compares game names: a game's key is written in its own package, the registry and the
docs only. The few other places are listed here, each with the reason it may name a game. The
web app's screens word some games their own way, but hold no list of games: that comes from
/api/games/."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("hat-trick", "trixkick", "amigo-hattrick")
KEY = r"""["'](?:""" + "|".join(KEYS) + r""")["']"""
LITERAL = re.compile(r"(?<![\w-])" + KEY)
GAME_LIST = re.compile(r"\[\s*" + KEY + r"\s*,\s*" + KEY)
SCANNED = ("companion", "matches", "teams", "stats", "webapp")
WEB_APP = ROOT / "webapp" / "static" / "webapp"
GAME_PACKAGES = tuple(
    f"matches/engine/{name}/" for name in ("hat_trick", "trixkick", "amigo_hattrick")
)
#: the registry, which lists the packages of the games the server ships
REGISTRY = "matches/engine/__init__.py"

#: path -> (how many literals, why this place may name a game)
ALLOWED = {
    "companion/demo.py": (2, "the demo data is a Hat-Trick match, by choice"),
    "matches/engine/base.py": (3, "the protocol's docstring names the three keys as examples"),
    "matches/engine/matchfile.py": (1, "the docstring shows a match file, which names its game"),
}


def literals() -> dict[str, int]:
    found: dict[str, int] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(ROOT).as_posix()
            if rel == REGISTRY or rel.startswith(GAME_PACKAGES):
                continue
            count = len(LITERAL.findall(path.read_text(encoding="utf-8")))
            if count:
                found[rel] = count
    return found


def test_no_app_names_a_game_outside_the_allowed_places():
    found = literals()
    unexpected = {path: n for path, n in found.items() if path not in ALLOWED}
    assert not unexpected, f"game names outside the game packages and the registry: {unexpected}"
    changed = {
        path: found.get(path, 0) for path, (n, _why) in ALLOWED.items() if found.get(path, 0) != n
    }
    assert not changed, (
        f"the allowed places name games as many times as listed, no more or fewer: {changed}"
    )


def test_the_scan_finds_a_game_name():
    # the registry itself is skipped, not unseen: the pattern finds its keys
    assert len(LITERAL.findall((ROOT / REGISTRY).read_text(encoding="utf-8"))) == 3


def test_the_web_app_holds_no_list_of_games():
    lists = {
        path.name: GAME_LIST.findall(path.read_text(encoding="utf-8"))
        for path in sorted(WEB_APP.glob("*.js"))
    }
    assert not {name: found for name, found in lists.items() if found}
    assert GAME_LIST.search('const GAMES = ["hat-trick", "trixkick"];')
