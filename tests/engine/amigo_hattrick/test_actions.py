"""Actions from JSON and notation: malformed input, round trips, the match file."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.engine import matchfile
from matches.engine.amigo_hattrick import ENGINE
from matches.engine.amigo_hattrick.actions import Deal, Pass, Play
from matches.engine.amigo_hattrick.cards import Card
from matches.engine.base import EngineError, InvalidActionError

from .helpers import deal_text, hands_with, new_match


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (None, "invalid_action"),
        ([], "invalid_action"),
        ("R10", "invalid_action"),
        ({}, "missing_field"),
        ({"type": "lead"}, "unknown_action_type"),
        ({"type": 3}, "unknown_action_type"),
        ({"type": "play"}, "missing_field"),
        ({"type": "pass"}, "missing_field"),
        ({"type": "play", "card": {"colour": "red"}}, "missing_field"),
        ({"type": "play", "card": {"number": 3}}, "missing_field"),
        ({"type": "play", "card": {"colour": "yellow", "number": 3}}, "unknown_colour"),
        ({"type": "play", "card": {"colour": 1, "number": 3}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": 0}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": 21}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": "7"}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": 7.0}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": True}}, "invalid_card"),
        ({"type": "play", "card": {"colour": "red", "number": 7, "face": "up"}}, "unknown_field"),
        ({"type": "play", "card": "Y7"}, "unknown_colour"),
        ({"type": "play", "card": "R25"}, "invalid_card"),
        ({"type": "play", "card": "seven"}, "invalid_card"),
        ({"type": "play", "card": ["red", 7]}, "invalid_card"),
        ({"type": "play", "card": "R7", "trick": 3}, "invalid_trick"),
        ({"type": "play", "card": "R7", "trick": "2"}, "invalid_trick"),
        ({"type": "play", "card": "R7", "trick": True}, "invalid_trick"),
        ({"type": "play", "card": "R7", "side": 1}, "unknown_field"),
        ({"type": "pass", "card": "R7", "trick": 1}, "unknown_field"),
        ({"type": "deal", "hands": "R1,R2"}, "invalid_hands"),
        ({"type": "deal", "hands": ["R1"]}, "invalid_hands"),
        ({"type": "deal", "hands": [["R1", "Q2"]]}, "unknown_colour"),
        ({"type": "deal", "hands": [[{"colour": "red"}]]}, "missing_field"),
    ],
)
def test_malformed_json_actions(data, code):
    with pytest.raises(InvalidActionError) as info:
        ENGINE.parse_action(data)
    assert info.value.code == code
    assert info.value.message


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "play", "card": {"colour": "red", "number": 10}}, Play(Card("red", 10))),
        ({"type": "play", "card": "b14", "trick": 2}, Play(Card("blue", 14), 2)),
        (
            {"type": "play", "card": {"colour": " Green ", "number": 1}, "trick": None},
            Play(Card("green", 1)),
        ),
        ({"type": "pass", "card": "G7"}, Pass(Card("green", 7))),
        ({"type": "deal"}, Deal(None)),
        ({"type": "deal", "hands": None}, Deal(None)),
        (
            {"type": "deal", "hands": [["R1"], ["B2"]]},
            Deal(((Card("red", 1),), (Card("blue", 2),))),
        ),
    ],
)
def test_json_actions_parse_and_round_trip(data, action):
    assert ENGINE.parse_action(data) == action
    assert ENGINE.parse_action(json.loads(json.dumps(ENGINE.action_to_json(action)))) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("R10", Play(Card("red", 10))),
        ("R10>1", Play(Card("red", 10), 1)),
        ("B14>2", Play(Card("blue", 14), 2)),
        ("P:G7", Pass(Card("green", 7))),
        ("D", Deal(None)),
        ("D:R1,R2/B3", Deal(((Card("red", 1), Card("red", 2)), (Card("blue", 3),)))),
    ],
)
def test_notation_round_trips(text, action):
    assert ENGINE.parse_notation(text) == action
    assert ENGINE.format_action(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"), [(" b14 > 2 ", "B14>2"), ("p : g7", "P:G7"), ("d", "D")]
)
def test_notation_is_lenient_when_read(text, canonical):
    assert ENGINE.format_action(ENGINE.parse_notation(text)) == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "invalid_notation"),
        ("   ", "invalid_notation"),
        ("R", "invalid_card"),
        ("R21", "invalid_card"),
        ("X5", "unknown_colour"),
        ("R5>3", "invalid_trick"),
        ("R5>", "invalid_trick"),
        ("P:", "invalid_card"),
        ("P:Z1", "unknown_colour"),
        ("D:R1,XX", "invalid_card"),
        ("Deal", "invalid_card"),
    ],
)
def test_bad_notation(text, code):
    with pytest.raises(InvalidActionError) as info:
        ENGINE.parse_notation(text)
    assert info.value.code == code


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 30)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["play", "pass", "deal", "red", "R10", "G7", "type", "card"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "card", "trick", "hands", "colour", "number"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_parse_action_raises_only_invalid_action(data):
    try:
        action = ENGINE.parse_action(data)
    except InvalidActionError:
        return
    assert ENGINE.parse_action(ENGINE.action_to_json(action)) == action


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="RBGDPrbgdp:>,/0123456789 x", max_size=14))
def test_parse_notation_raises_only_invalid_action(text):
    try:
        action = ENGINE.parse_notation(text)
    except InvalidActionError:
        return
    assert ENGINE.parse_notation(ENGINE.format_action(action)) == action


def test_match_file_round_trip():
    hands = hands_with(5, {0: ["R10"], 1: ["B14"], 2: ["R12"], 3: ["R3"], 4: ["B19"]})
    texts = [deal_text(hands), "R10", "B14>2", "R12", "R3", "B19"]
    actions = [ENGINE.parse_notation(text) for text in texts]
    headers = {
        "Game": "amigo-hattrick",
        "Edition": ENGINE.default_edition(),
        "Sides": [{"name": n} for n in "ABCDE"],
        "Options": {"first_dealer": 4},
    }
    text = matchfile.write_actions(ENGINE, headers, actions)
    parsed = matchfile.read(text)
    assert parsed.headers == headers
    assert parsed.parse_actions(ENGINE) == actions
    start = ENGINE.initial_state(
        edition=headers["Edition"], sides=headers["Sides"], options=headers["Options"]
    )
    assert matchfile.replay(ENGINE, start, parsed.parse_actions(ENGINE)) == matchfile.replay(
        ENGINE, start, actions
    )


def test_replay_reports_the_illegal_move_number():
    start = new_match(5)
    actions = [ENGINE.parse_notation(text) for text in ["D", "R10", "R10"]]
    with pytest.raises(EngineError) as info:
        matchfile.replay(ENGINE, start, actions)
    assert info.value.details["move_number"] == 3
    assert info.value.code == "card_already_played"
