"""Action JSON, notation, match files, state JSON, summary and SVG."""

import json
import re

import pytest

from matches.engine import matchfile
from matches.engine.base import InvalidActionError
from matches.engine.hat_trick import ENGINE

from .states import new

EXAMPLES = [
    {
        "type": "play_cards",
        "cards": [
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
            {"kind": "long_ball", "footballs": 4, "edge": "right"},
        ],
    },
    {"type": "move", "player": 5, "direction": "forward"},
    {"type": "move", "player": 11, "direction": "backward"},
    {"type": "skip"},
    {"type": "pass_sideways", "receiver": 7},
    {"type": "long_ball", "lines": 2},
    {"type": "free_kick", "scoring_opportunity": True},
    {"type": "free_kick", "scoring_opportunity": False},
    {"type": "pass", "receiver": 8},
    {"type": "refuse"},
    {"type": "shoot", "shooting_card": "L3", "goalkeeper_card": "R2"},
    {
        "type": "shoot",
        "shooting_card": "S2",
        "goalkeeper_card": "B1*",
        "card": {"kind": "short_pass", "footballs": 4, "edge": "left"},
    },
    {"type": "keeper_draw", "cards": []},
    {"type": "keeper_draw", "cards": [{"kind": "dribbling", "footballs": 2, "edge": "right"}]},
    {"type": "goal_kick", "card": {"kind": "dribbling", "footballs": 1, "edge": "left"}},
    {"type": "kick_off", "side": 1},
]


@pytest.mark.parametrize("data", EXAMPLES)
def test_action_json_and_notation_round_trip(data):
    action = ENGINE.parse_action(data)
    assert ENGINE.action_to_json(action) == data
    text = ENGINE.format_action(action)
    assert "\n" not in text
    assert ENGINE.parse_notation(text) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "move",
        5,
        {},
        {"type": "fly"},
        {"type": 3},
        {"type": "move", "player": 5},
        {"type": "move", "player": "5", "direction": "forward"},
        {"type": "move", "player": 5, "direction": "up"},
        {"type": "move", "player": True, "direction": "forward"},
        {"type": "move", "player": 5, "direction": "forward", "extra": 1},
        {"type": "play_cards", "cards": [{"kind": "short_pass", "footballs": 2, "edge": "left"}]},
        {"type": "play_cards", "cards": "S2l/S3l"},
        {
            "type": "play_cards",
            "cards": [{"kind": "corner", "footballs": 2, "edge": "left"}, "S1l"],
        },
        {
            "type": "play_cards",
            "cards": [{"kind": "short_pass", "footballs": 0, "edge": "left"}, "S1l"],
        },
        {"type": "play_cards", "cards": [{"kind": "short_pass", "footballs": 2}, "S1l"]},
        {
            "type": "play_cards",
            "cards": [{"kind": "short_pass", "footballs": 2, "edge": "top"}, "S1l"],
        },
        {"type": "play_cards", "cards": [[1, 2], "S1l"]},
        {"type": "long_ball", "lines": 2.5},
        {"type": "free_kick", "scoring_opportunity": "yes"},
        {"type": "shoot", "shooting_card": 3, "goalkeeper_card": "R1"},
        {"type": "keeper_draw", "cards": {"a": 1}},
        {"type": "kick_off", "side": 2},
        {"type": "goal_kick"},
    ],
)
def test_malformed_json_actions_raise_invalid_action_error(data):
    with pytest.raises(InvalidActionError):
        ENGINE.parse_action(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ",
        "fly",
        "S2l",
        "S2x/S1l",
        "Q2l/S1l",
        "5x",
        "sw",
        "lbX",
        "p",
        "ko 3",
        "shot",
        "fk maybe",
        "draw S9",
        12,
    ],
)
def test_bad_notation_raises_invalid_action_error(text):
    with pytest.raises(InvalidActionError):
        ENGINE.parse_notation(text)


def test_apply_accepts_json_and_rejects_garbage():
    s = new()
    t = ENGINE.apply(s, EXAMPLES[0])
    assert t.state.phase == "attacker_move"
    with pytest.raises(InvalidActionError):
        ENGINE.apply(s, "S2l/L4r")


def test_state_json_round_trip_and_is_json():
    s = new(star_players=[[9], []], star_goalkeepers=[False, True])
    t = ENGINE.apply(s, EXAMPLES[0])
    for state in (s, t.state):
        data = ENGINE.state_to_json(state)
        again = ENGINE.state_from_json(json.loads(json.dumps(data)))
        assert again == state
    with pytest.raises(InvalidActionError):
        ENGINE.state_from_json({"phase": "x"})


def test_summary_outcome_svg():
    s = new()
    summary = ENGINE.summary(s)
    assert summary["score"] == [0, 0] and summary["half"] == 1 and summary["step"] == "play_cards"
    assert summary["ball"] == {"field": "b3", "player": 6}
    assert ENGINE.outcome(s) is None
    svg = ENGINE.render_svg(s)
    assert svg.startswith("<svg") and svg.count("<circle") == 21 and "1st half" in svg


@pytest.mark.parametrize(
    ("language", "first_half"),
    [
        ("en", ["yellow card", "red card, no. 7"]),
        ("de", ["Gelbe Karte", "7"]),  # "Rote Karte, Nr. 7" would run into "1. Halbzeit"
    ],
)
def test_the_cards_words_stand_beside_them_only_where_they_fit_beside_the_half(
    language, first_half
):
    """A team's cards under its name, beside the half line: their words stand beside them where
    they fit; the long line of a shoot-out leaves the cards alone (a red card with its number),
    and every card's words are in its title."""
    from django.utils import translation

    def words_and_titles(s):
        svg = ENGINE.render_svg(s)
        words = re.findall(r'font-size="11">([^<]*)</text>', svg)
        return words, re.findall(r"<title>([^<]*)</title></rect>", svg)

    booked = new()._replace(yellow=(True, False), sent_off=((), (7,)))
    with translation.override(language):
        titles = [
            translation.gettext("yellow card"),
            translation.gettext("red card, no. {number}").format(number=7),
        ]
        assert words_and_titles(booked) == (first_half, titles)
        shootout = booked._replace(half=4, shootout=(0, 0, 3, 2))
        assert words_and_titles(shootout) == (["7"], titles)


def test_legal_actions_shape():
    legal = ENGINE.legal_actions(new())
    assert set(legal) == {"hint", "actor", "step", "actions"}
    assert legal["actor"] is None and legal["step"] == "play_cards"
    legal = ENGINE.legal_actions(ENGINE.apply(new(), EXAMPLES[0]).state)
    assert legal["actor"] == 0
    moves = legal["actions"][0]["moves"]
    assert {"player": 2, "direction": "forward", "from": "a1", "to": "a2"} in moves
    assert legal["actions"][-1] == {"type": "skip"}


def test_match_file_round_trip():
    from .test_properties import random_match

    initial, actions, final = random_match(7)
    headers = {
        "Game": "hat-trick",
        "Edition": "reference",
        "Sides": [{"name": "Blue"}, {"name": "Red"}],
        "Options": {},
    }
    text = matchfile.write_actions(ENGINE, headers, actions)
    mf = matchfile.read(text)
    assert mf.headers == headers
    parsed = mf.parse_actions(ENGINE)
    assert parsed == actions
    assert matchfile.replay(ENGINE, initial, parsed) == final
