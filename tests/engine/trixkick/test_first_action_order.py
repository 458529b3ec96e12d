"""The order of the legal entries: a client that always sends the first ready action plays a
whole match, and the order is a player's order (shots first, ``pass`` and ``whistle`` last).

Only the order is the engine's choice here; which actions are legal is tested elsewhere.
"""

from __future__ import annotations

import pytest

from matches.engine import first_action
from matches.engine.trixkick import ENGINE
from matches.engine.trixkick.legal import CHOICES
from matches.engine.trixkick.order import advance
from tests.engine.trixkick.helpers import new_match

LIMIT = 600  # moves, set-ups and keepers included

SETUPS = {
    "reference": ({}, None),
    "B kicks off": ({"kickoff_side": 1}, None),
    "beginners": ({"special_situations": False}, None),
    "two keepers with support": ({"two_keepers": True, "keeper_support": True}, None),
    "variants": (
        {"l_shaped_runs": True, "far_corner": True, "no_second_touch": True, "kickoff_side": 1},
        None,
    ),
    "six pieces against ten": (
        {},
        [
            {"name": "A", "pieces": {"field": ["KL", "LR", "KR", "KLR", "KKL", "RRL"]}},
            {"name": "B"},
        ],
    ),
    "three pieces against ten": (
        {},
        [{"name": "A", "pieces": {"field": ["KL", "KR", "LR"]}}, {"name": "B"}],
    ),
}


def always_first(options, sides=None, limit=LIMIT):
    """Play by always sending the first ready action; (final state, moves, actions sent)."""
    state = new_match(options, sides)
    sent = []
    for moves in range(limit + 1):
        legal = ENGINE.legal_actions(state)
        if not legal["actions"]:
            return state, moves, sent
        action = first_action("trixkick", legal["actions"][0], legal)
        sent.append((legal, action))
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state
    raise AssertionError(f"not over after {limit} moves: {ENGINE.summary(state)}")


@pytest.mark.parametrize("goals", [1, 3])
@pytest.mark.parametrize("name", list(SETUPS))
def test_always_sending_the_first_ready_action_plays_a_whole_match(name, goals):
    options, sides = SETUPS[name]
    state, moves, sent = always_first(
        {**options, "match_length": {"kind": "goals", "goals": goals}}, sides
    )
    outcome = ENGINE.outcome(state)
    assert outcome.termination == "goals"
    assert max(outcome.scores) == goals
    assert moves <= LIMIT
    kinds = {action["type"] for _, action in sent}
    assert {"place", "keepers", "play", "run", "shoot"} <= kinds


def test_the_order_is_stable_and_only_an_order():
    _, _, sent = always_first({"match_length": {"kind": "goals", "goals": 3}})
    state = new_match({"match_length": {"kind": "goals", "goals": 3}})
    for legal, action in sent:
        # the same position lists the same entries in the same order, also read back from JSON
        again = ENGINE.state_from_json(ENGINE.state_to_json(state))
        assert ENGINE.legal_actions(again) == legal == ENGINE.legal_actions(state)
        # every concrete legal action is listed once, nothing else
        listed = []
        for entry in legal["actions"]:
            choice = CHOICES.get(entry["type"])
            values = entry[choice] if choice and isinstance(entry.get(choice), list) else [None]
            for value in values:
                data = dict(entry) if value is None else {**entry, choice: value}
                listed.append(ENGINE.parse_action(data))
        concrete = ENGINE.concrete_legal_actions(state)
        assert sorted(map(repr, listed)) == sorted(map(repr, concrete))
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state


def test_a_shot_in_reach_comes_first_and_castling_after_runs():
    _, _, sent = always_first({"match_length": {"kind": "goals", "goals": 3}})
    shots = 0
    for legal, _action in sent:
        types = [entry["type"] for entry in legal["actions"]]
        if legal["step"] == "attack" and "shoot" in types:
            assert types[0] == "shoot"
            shots += 1
        if legal["step"] == "defend":
            # runs, then castling, then ``pass`` (only listed when nothing else is legal)
            assert types == sorted(types, key=["run", "castle", "pass"].index)
    assert shots >= 3


def test_ball_plays_go_forward():
    _, _, sent = always_first({"match_length": {"kind": "goals", "goals": 3}})
    forward = back = 0
    state = new_match({"match_length": {"kind": "goals", "goals": 3}})
    for legal, action in sent:
        if action["type"] == "play":
            w = ENGINE.state_to_json(state)
            side = legal["actor"]
            origin = w["pieces"][action["piece"]]["field"]
            gain = advance(action["to"], side) - advance(origin, side)
            forward += gain > 0
            back += gain < 0
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state
    assert forward > 3 * back


def test_the_order_does_not_depend_on_hidden_keepers():
    _, _, sent = always_first({"match_length": {"kind": "goals", "goals": 3}})
    state = new_match({"match_length": {"kind": "goals", "goals": 3}})
    checked = 0
    for legal, action in sent:
        w = ENGINE.state_to_json(state)
        if legal["step"] == "attack" and any(e["type"] == "shoot" for e in legal["actions"]):
            opp = 1 - legal["actor"]
            keepers = w["keepers"][opp]
            hidden = [slot for slot in keepers if slot not in w["revealed"][opp]]
            if len(hidden) >= 2:
                a, b = hidden[:2]
                keepers[a], keepers[b] = keepers[b], keepers[a]
                swapped = ENGINE.state_from_json(w)
                assert ENGINE.legal_actions(swapped)["actions"] == legal["actions"]
                checked += 1
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state
    assert checked >= 3


def test_a_match_on_time_lists_its_whistle_last():
    # the documented exception: the engine keeps no clock, so the whistle is never first and
    # a match on time ends only when somebody sends it
    state = new_match({"match_length": {"kind": "time", "periods": 1, "minutes": 10}})
    for _ in range(300):
        legal = ENGINE.legal_actions(state)
        assert legal["actions"][-1] == {"type": "whistle"}
        action = first_action("trixkick", legal["actions"][0], legal)
        assert action["type"] != "whistle"
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state
    assert ENGINE.outcome(state) is None
    assert sum(ENGINE.summary(state)["score"]) > 0  # goals are scored, the match goes on
    state = ENGINE.apply(state, ENGINE.parse_action({"type": "whistle"})).state
    assert ENGINE.outcome(state).termination == "time"
