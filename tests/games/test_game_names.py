"""No app compares game names or reaches into a game's package: a game's key is written in its
own package and the docs only, and a game package is imported by its own modules and the
registry (which installs the packages the setting lists) only. The few other places are listed
here, each with its count and the reason it may name a game. The web app's screens word some
games their own way, but hold no list of games: that comes from /api/games/."""

import ast
import re
from importlib import import_module
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
#: the installed games' packages, and their keys (``GAME.key``)
PACKAGES = tuple(settings.COMPANION_GAMES)
KEYS = tuple(import_module(package).GAME.key for package in PACKAGES)
KEY = r"""["'](?:""" + "|".join(map(re.escape, KEYS)) + r""")["']"""
LITERAL = re.compile(r"(?<![\w-])" + KEY)
GAME_LIST = re.compile(r"\[\s*" + KEY + r"\s*,\s*" + KEY)
SCANNED = ("companion", "matches", "teams", "stats", "webapp")
WEB_APP = ROOT / "webapp" / "static" / "webapp"
GAME_PACKAGES = tuple(package.replace(".", "/") + "/" for package in PACKAGES)

#: path -> (how many literals, why this place may name a game)
ALLOWED = {
    "companion/demo.py": (2, "the demo data is a Hat-Trick match, by choice"),
    "companion/examples/tour.py": (
        3,
        "the recorded tour of the API (the schema's examples) plays a Hat-Trick match and "
        "opens a TriXKick one, by choice",
    ),
    "matches/engine/base.py": (3, "the protocol's docstring names the three keys as examples"),
    "matches/engine/matchfile.py": (1, "the docstring shows a match file, which names its game"),
}

#: path -> (how many imports of a game package, why this place may import one)
ALLOWED_IMPORTS = {
    "companion/settings/base.py": (3, "COMPANION_GAMES: the installed games, by package"),
}


def product_files():
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path, path.relative_to(ROOT).as_posix()


def literals() -> dict[str, int]:
    found: dict[str, int] = {}
    for path, rel in product_files():
        if rel.startswith(GAME_PACKAGES):
            continue
        count = len(LITERAL.findall(path.read_text(encoding="utf-8")))
        if count:
            found[rel] = count
    return found


def _module_of(rel: str) -> str:
    parts = rel.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _game_package(name: str) -> str | None:
    return next((p for p in PACKAGES if name == p or name.startswith(p + ".")), None)


def imported_names(source: str, module: str, is_package: bool) -> list[str]:
    """Every module name ``source`` imports or names as a module: ``import a.b``, ``from a
    import b`` (``a.b`` too), relative imports, and strings that are a dotted module name
    (``import_module("a.b")``, a setting's list)."""
    package = module if is_package else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names.extend(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.extend(re.findall(r"\A[a-z_][\w.]*\Z", node.value))
    return names


def game_imports() -> dict[str, int]:
    """Path -> how many times it imports a game package it does not belong to."""
    found: dict[str, int] = {}
    for path, rel in product_files():
        module = _module_of(rel)
        own = _game_package(module)
        source = path.read_text(encoding="utf-8")
        names = imported_names(source, module, path.name == "__init__.py")
        count = sum(1 for name in names if _game_package(name) not in (None, own))
        if count:
            found[rel] = count
    return found


def _held_to(found: dict[str, int], allowed: dict[str, tuple[int, str]], what: str) -> None:
    unexpected = {path: n for path, n in found.items() if path not in allowed}
    assert not unexpected, f"{what} outside the allowed places: {unexpected}"
    changed = {
        path: found.get(path, 0) for path, (n, _why) in allowed.items() if found.get(path, 0) != n
    }
    assert not changed, f"the allowed places hold {what} as many times as listed: {changed}"


def test_no_app_names_a_game_outside_the_allowed_places():
    _held_to(literals(), ALLOWED, "game names")


def test_no_app_imports_a_game_package_outside_the_allowed_places():
    _held_to(game_imports(), ALLOWED_IMPORTS, "imports of a game package")


def test_the_scan_finds_a_game_name():
    assert len(LITERAL.findall('GAME_KEY = "trixkick"; other = "trixkick-like"')) == 1


def test_the_import_scan_finds_every_form_of_import():
    hat_trick, trixkick = PACKAGES[0], PACKAGES[1]
    head, _, last = hat_trick.rpartition(".")
    source = "\n".join(
        [
            f"import {hat_trick}",
            f"import {trixkick}.state as s",
            f"from {hat_trick}.engine import ENGINE",
            f"from {head} import get_game, {last}",
            f"from {head} import (\n    get_game,\n    {last},\n)",
            f"from .{last} import texts",
            f"from . import {last}",
            f"module = import_module({hat_trick!r})",
            f"patched = {trixkick + '.state.X'!r}",
            '"""The docstring may speak of matches/engine/hat_trick."""',
        ]
    )
    names = imported_names(source, f"{head}.referee", is_package=False)
    assert sum(1 for name in names if _game_package(name)) == 9
    # a game's own modules import it freely
    own = imported_names(f"from . import state\nfrom {hat_trick} import texts", hat_trick, True)
    assert {_game_package(name) for name in own} == {hat_trick}


def test_the_web_app_holds_no_list_of_games():
    lists = {
        path.name: GAME_LIST.findall(path.read_text(encoding="utf-8"))
        for path in sorted(WEB_APP.glob("*.js"))
    }
    assert not {name: found for name, found in lists.items() if found}
    assert GAME_LIST.search('const GAMES = ["hat-trick", "trixkick"];')
