"""The places a new game touches are the four docs/games.md lists ("Adding a game"), and every
shipped game has its entry in each: its package in the setting, its clauses and its phone
module in its package, its rules page, its title in the German catalog. (That it needs no other place is shown by the
toy game, tests/games/test_a_fourth_game.py, and by tests/games/test_game_names.py.)"""

import re
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.utils import translation

from matches.engine import games
from matches.engine.registry import game_packages
from tests.games import toy
from webapp.game_modules import PHONE_MODULE, phone_module

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games.md"
CATALOG = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "django.po"


def documented_places() -> list[str]:
    text = DOCS.read_text(encoding="utf-8").split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. (.+?)(?=^\d+\. |^\S|\Z)", text, flags=re.M | re.S)


def test_the_docs_list_four_places():
    places = documented_places()
    assert len(places) == 4, places
    for place, says in zip(
        places, ("`GAME`", "`COMPANION_GAMES`", "`docs/rules/<key>.md`", "django.po"), strict=True
    ):
        assert says in place, place


def test_every_game_package_is_installed_by_the_setting_and_carries_its_key():
    assert sorted(settings.COMPANION_GAMES) == sorted(game_packages())
    keys = [import_module(package).GAME.key for package in settings.COMPANION_GAMES]
    assert [game.key for game in games()] == keys


def test_every_shipped_game_has_its_rules_page_and_its_clauses_in_its_package():
    for package, game in zip(settings.COMPANION_GAMES, games(), strict=True):
        assert (ROOT / "docs" / "rules" / f"{game.key}.md").is_file(), game.key
        clauses = game.data_file("clauses.yaml")
        assert clauses is not None, game.key
        folder = Path(import_module(package).__file__).parent
        assert Path(str(clauses)).is_relative_to(folder), clauses


def test_a_game_s_phone_module_is_an_optional_file_in_its_package():
    # in its data (place 1), not a place of its own: the app's generic module plays a game
    # without one, and the toy's is in its package too
    assert "`phone.js`" in documented_places()[0]
    for package, game in zip(settings.COMPANION_GAMES, games(), strict=True):
        module = phone_module(game)
        assert module is not None, game.key
        assert Path(str(module)).is_relative_to(Path(import_module(package).__file__).parent)
    toy_module = Path(toy.__file__).parent / "data" / PHONE_MODULE
    assert toy_module.is_file()


def test_every_shipped_game_s_title_is_in_the_german_catalog():
    catalog = CATALOG.read_text(encoding="utf-8")
    for game in games():
        english = game.title()
        assert f'msgctxt "game"\nmsgid "{english}"' in catalog, english
        with translation.override("de"):
            assert game.title(), game.key


def test_no_data_is_read_from_the_docs_folder():
    for top in ("companion", "matches", "teams", "stats", "webapp"):
        for path in (ROOT / top).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            # a path into docs/ (``BASE_DIR / "docs"``, ``"docs/rules"``), not a word of docs
            assert not re.search(r"""/\s*["']docs["']|["']docs/\w""", source), path
    assert re.search(r"""/\s*["']docs["']""", 'ROOT / "docs" / "rules"')
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY docs" not in dockerfile
