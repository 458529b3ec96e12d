"""HT-0 (set-up, kick-off), HT-9 (star players, national teams, star goalkeepers), editions."""

import copy
import json

import pytest

from matches.engine import get_engine
from matches.engine.base import GameEngine, SetupError
from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.pitch import code

from .states import at, ball_at, new


def test_engine_is_registered_and_satisfies_the_protocol():
    assert get_engine("hat-trick") is ENGINE
    assert isinstance(ENGINE, GameEngine)
    assert (ENGINE.key, ENGINE.min_sides, ENGINE.max_sides) == ("hat-trick", 2, 2)


def test_no_django_import_in_the_package():
    import pathlib

    root = pathlib.Path(ENGINE.__module__.replace(".", "/")).parent
    for path in (pathlib.Path.cwd() / root).rglob("*.py"):
        assert "django" not in path.read_text().lower(), path


def test_HT_0_2_kickoff_layout_matches_the_notes():
    s = new()
    rows = {
        6: ["R3", "R5", "R4", "R2"],
        5: ["B10", "B8", "B11", "B9"],
        4: ["", "R7", "R6", ""],
        3: ["", "B6", "B7", ""],
        2: ["R9", "R11", "R8", "R10"],
        1: ["B2", "B4", "B5", "B3"],
    }
    for line, row in rows.items():
        assert [at(s, f"{c}{line}") for c in "abcd"] == row


def test_HT_0_2_layout_is_point_symmetric():
    s = new()
    for f, p in enumerate(s.grid):
        if p:
            mirror = 23 - f
            assert s.grid[mirror] == (p + 100 if p < 100 else p - 100)


def test_HT_0_3_ball_on_the_starting_teams_no_6():
    assert ball_at(new()) == "b3:B6"
    s = new(kickoff=1)
    assert ball_at(s) == "c4:R6"
    assert s.attacker == 1


def test_HT_0_4_decks_and_hands():
    s = new()
    for deck in s.decks:
        assert (deck.pile, deck.hand, sum(deck.unseen)) == (29, 3, 32)
    assert s.phase == "play_cards"


def test_default_edition_is_cached_data_marked_as_reconstruction():
    ed = ENGINE.default_edition()
    assert ed is ENGINE.default_edition()
    assert ed["reconstruction"] is True and ed["note"]
    assert len(ed["players"]) == 20
    assert len(ed["shooting_cards"]) == 9
    assert len(ed["national_teams"]["teams"]) == 32
    assert sum(c["count"] for c in ed["action_deck"]["cards"]) == 32
    per_kind = {}
    for c in ed["action_deck"]["cards"]:
        per_kind[c["kind"]] = per_kind.get(c["kind"], 0) + c["count"]
    assert per_kind == {"short_pass": 16, "long_ball": 8, "dribbling": 8}
    for colour in ("blue", "red"):
        assert len(ed["goalkeepers"][colour]["regular"]) == 3
        assert len(ed["goalkeepers"][colour]["star"]) == 3
    json.dumps(ed)


def test_card_values_come_only_from_the_edition_given():
    ed = copy.deepcopy(ENGINE.default_edition())
    for p in ed["players"]:
        if p["colour"] == "blue" and p["number"] == 9:
            p["regular"]["attack"] = 5
    s = ENGINE.initial_state(edition=ed, sides=[{"name": "A"}, {"name": "B"}], options={})
    assert s.setup.values[code(0, 9)].attack == 5
    assert new().setup.values[code(0, 9)].attack == 4


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "x"},
        {"kickoff": 2},
        {"extra_time": "yes"},
        {"star_players": [[99], []]},
        {"star_players": "all"},
        {"national_teams": ["XXX", None]},
        {"national_teams": ["BRA", None], "star_players": [[9], []]},
        {"star_goalkeepers": [1, 0]},
    ],
)
def test_bad_options_raise_setup_error(options):
    with pytest.raises(SetupError):
        new(**options)


@pytest.mark.parametrize("sides", [[{"name": "A"}], [{"name": ""}, {"name": "B"}], ["A", "B"]])
def test_bad_sides_raise_setup_error(sides):
    with pytest.raises(SetupError):
        ENGINE.initial_state(edition=ENGINE.default_edition(), sides=sides, options={})


def test_malformed_edition_raises_setup_error():
    ed = copy.deepcopy(ENGINE.default_edition())
    del ed["players"]
    with pytest.raises(SetupError):
        ENGINE.initial_state(edition=ed, sides=[{"name": "A"}, {"name": "B"}], options={})


def test_HT_9_1_star_players_use_their_star_values():
    s = new(star_players=[[9], [4, 5]])
    ed = ENGINE.default_edition()
    star9 = next(p for p in ed["players"] if p["colour"] == "blue" and p["number"] == 9)["star"]
    assert s.setup.values[code(0, 9)].attack == star9["attack"]
    assert s.setup.values[code(0, 9)].star
    assert s.setup.values[code(1, 4)].star and not s.setup.values[code(1, 6)].star


def test_HT_9_2_star_goalkeepers():
    s = new(star_goalkeepers=[False, True])
    assert not s.setup.star_keepers[0] and s.setup.star_keepers[1]
    assert all(k.id.endswith("*") for k in s.setup.keepers[1])
    assert not any(k.id.endswith("*") for k in s.setup.keepers[0])


def test_HT_9_3_national_teams_flip_their_listed_players():
    ed = ENGINE.default_edition()
    s = new(national_teams=["BRA", "GER"])
    for side, team in ((0, "BRA"), (1, "GER")):
        listed = set(ed["national_teams"]["teams"][team])
        for p in s.setup.players[side]:
            assert p.star == (p.number in listed)
        assert s.setup.star_keepers[side] == (1 in listed)
