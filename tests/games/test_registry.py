"""The registry is as strict as Django's app registry: built once from the installed packages,
a key given twice refused (at start-up and on ``register``), a game never changed after it is
built, a facet from outside its package given in the one ready step."""

import dataclasses
import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings

from matches.engine import REGISTRY, RegistryError, games, get_game, register
from matches.engine.registry import Registry, game_packages
from matches.engine.teams import TeamRules
from tests.games import toy

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = list(settings.COMPANION_GAMES)


def test_the_setting_is_the_list_of_games():
    assert REGISTRY.ready and not REGISTRY.populated_by_use
    assert [game.key for game in games()] == [import_module(p).GAME.key for p in SHIPPED]
    # the shipped games are every game package of the engines
    assert sorted(game_packages()) == sorted(SHIPPED)


def test_a_key_given_twice_is_refused():
    with pytest.raises(RegistryError, match="two installed games have the key 'trixkick'"):
        Registry().populate([*SHIPPED, SHIPPED[1]])


def test_a_registered_game_with_a_taken_key_is_refused():
    hat_trick = get_game(games()[0].key)
    with pytest.raises(RegistryError, match="is installed already"):
        register(dataclasses.replace(hat_trick))
    assert get_game(hat_trick.key) is hat_trick


def test_an_installed_game_is_not_unregistered():
    with pytest.raises(RegistryError, match="not a game added at run time"):
        REGISTRY.unregister(games()[0].key)


def test_populated_once():
    registry = Registry()
    registry.populate([toy.__name__])
    with pytest.raises(RegistryError, match="installed once"):
        registry.populate([toy.__name__])


def test_a_package_without_a_game_is_refused():
    with pytest.raises(RegistryError, match="exports no GAME"):
        Registry().populate(["matches.engine.base"])
    with pytest.raises(RegistryError, match="cannot be imported"):
        Registry().populate(["matches.engine.no_such_game"])


def test_a_game_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        toy.GAME.teams = object()


def pile_hint(state, legal):
    """A step's hint as a facet given from outside the game's package."""
    return "take", {}


def test_a_facet_is_given_in_the_ready_step():
    registry = Registry()
    registry.populate([toy.__name__], facets={toy.KEY: {"hint": pile_hint}})
    built = registry.get(toy.KEY)
    assert built.hint is pile_hint
    assert toy.GAME.hint is None  # the package's own object is as it was
    assert built.engine is toy.GAME.engine and built.teams is toy.GAME.teams


@pytest.mark.parametrize(
    ("facets", "refusal"),
    [
        ({"chess": {"hint": pile_hint}}, "a game not installed: 'chess'"),
        ({toy.KEY: {"teams": toy.PileTeams()}}, "sets its facet 'teams' itself"),
        ({toy.KEY: {"colour": "red"}}, "a game has no facet 'colour'"),
        ({toy.KEY: {"stats": object()}}, "sets its facet 'stats' itself"),
    ],
)
def test_a_facet_for_no_game_or_no_facet_is_refused(facets, refusal):
    with pytest.raises(RegistryError, match=refusal):
        Registry().populate([toy.__name__], facets=facets)


def test_every_installed_game_s_teams_follow_the_protocol():
    for game in games():
        assert game.teams is None or isinstance(game.teams, TeamRules), game.key


def test_a_key_given_twice_stops_the_start():
    script = (
        "import django\n"
        "from django.conf import settings\n"
        "settings.COMPANION_GAMES = [*settings.COMPANION_GAMES, settings.COMPANION_GAMES[0]]\n"
        "django.setup()\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "companion.settings.test"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "RegistryError: two installed games have the key 'hat-trick'" in done.stderr


def test_a_registry_used_before_it_is_populated_refuses_to_be_populated():
    # without Django (a phone's referee, a script): every game package of the engines
    registry = Registry()
    assert sorted(game.key for game in registry.games()) == sorted(g.key for g in games())
    assert registry.populated_by_use
    with pytest.raises(RegistryError, match="on first use, before it was populated"):
        registry.populate(SHIPPED)
