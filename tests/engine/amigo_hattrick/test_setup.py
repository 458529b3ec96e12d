"""AH-1: players, deck and options."""

import pytest

from matches.engine import get_engine
from matches.engine.amigo_hattrick import ENGINE
from matches.engine.base import GameEngine, SetupError

from .helpers import new_match


def setup_error(players=5, edition=None, **options) -> SetupError:
    with pytest.raises(SetupError) as info:
        ENGINE.initial_state(
            edition=edition if edition is not None else ENGINE.default_edition(),
            sides=[{"name": f"P{i}"} for i in range(players)],
            options=options,
        )
    return info.value


def test_engine_is_registered_and_satisfies_the_protocol():
    engine = get_engine("amigo-hattrick")
    assert engine is ENGINE
    assert isinstance(engine, GameEngine)
    assert (engine.key, engine.min_sides, engine.max_sides) == ("amigo-hattrick", 4, 6)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_AH_1_1_four_to_six_players(players):
    state = new_match(players)
    assert state.names == tuple("ABCDEF"[:players])
    assert ENGINE.summary(state)["totals"] == [0] * players


@pytest.mark.parametrize("players", [0, 3, 7])
def test_AH_1_1_other_player_counts_refused(players):
    err = setup_error(players)
    assert (err.code, err.rule) == ("wrong_player_count", "AH-1.1")


@pytest.mark.parametrize("sides", [[{"name": ""}] * 4, [{}] * 4, ["A", "B", "C", "D"], "ABCD"])
def test_AH_1_1_sides_need_names(sides):
    with pytest.raises(SetupError) as info:
        ENGINE.initial_state(edition=ENGINE.default_edition(), sides=sides, options={})
    assert info.value.rule == "AH-1.1"


def test_AH_1_2_default_edition_is_the_amigo_deck():
    edition = ENGINE.default_edition()
    assert [c["key"] for c in edition["colours"]] == ["red", "blue", "green"]
    assert [c["letter"] for c in edition["colours"]] == ["R", "B", "G"]
    assert edition["numbers"] == {"low": 1, "high": 20}
    assert edition["hand_sizes"] == {"4": 15, "5": 12, "6": 10}


def test_AH_1_2_state_reads_the_edition():
    edition = ENGINE.default_edition() | {
        "numbers": {"low": 1, "high": 16},
        "hand_sizes": {"4": 12, "6": 8},
    }
    state = ENGINE.initial_state(edition=edition, sides=[{"name": n} for n in "ABCD"], options={})
    assert (state.low, state.high, state.hand_size) == (1, 16, 12)
    err = setup_error(5, edition)
    assert (err.code, err.rule) == ("invalid_edition", "AH-2.1")


@pytest.mark.parametrize(
    "change",
    [
        {"colours": [{"key": "red"}, {"key": "blue"}]},
        {"colours": [{"key": "red"}, {"key": "blue"}, {"key": "yellow"}]},
        {"colours": [{"key": "red", "letter": "X"}, {"key": "blue"}, {"key": "green"}]},
        {"colours": None},
        {"numbers": {"low": 0, "high": 20}},
        {"numbers": {"low": 1, "high": 21}},
        {"numbers": [1, 20]},
        {"hand_sizes": {"5": 11}},
        {"hand_sizes": {"x": 15}},
        {"hand_sizes": {}},
    ],
)
def test_AH_1_2_bad_editions_refused(change):
    err = setup_error(5, ENGINE.default_edition() | change)
    assert err.code == "invalid_edition"


def test_AH_1_3_default_options():
    state = new_match(5)
    assert state.options.games == 10
    assert state.options.target is None
    assert state.options.first_dealer == 0
    assert state.options.hands == "any"


def test_AH_1_3_target_without_games_means_no_game_limit():
    assert new_match(4, target=50).options.games is None
    assert new_match(4, target=50, games=3).options.games == 3


@pytest.mark.parametrize(
    ("options", "code", "rule"),
    [
        ({"colour": "red"}, "unknown_option", "AH-1.3"),
        ({"games": 0}, "invalid_option", "AH-6.1"),
        ({"games": "8"}, "invalid_option", "AH-6.1"),
        ({"games": True}, "invalid_option", "AH-6.1"),
        ({"target": -5}, "invalid_option", "AH-6.2"),
        ({"target": 2.5}, "invalid_option", "AH-6.2"),
        ({"first_dealer": 5}, "invalid_option", "AH-2.3"),
        ({"first_dealer": -1}, "invalid_option", "AH-2.3"),
        ({"hands": "some"}, "invalid_option", "AH-2.2"),
    ],
)
def test_AH_1_3_bad_options_refused(options, code, rule):
    err = setup_error(5, **options)
    assert (err.code, err.rule) == (code, rule)
    assert err.as_dict()["message"]
