"""Random play from legal_actions: never raises, ends, keeps the invariants, round-trips."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.engine import matchfile
from matches.engine.trixkick import ENGINE

from .helpers import new_match

OPTION_SETS = [
    {"match_length": {"kind": "time", "periods": 2, "minutes": 15}},
    {"match_length": {"kind": "time", "periods": 1, "minutes": 10}, "special_situations": False},
    {
        "match_length": {"kind": "time", "periods": 1, "minutes": 10},
        "two_keepers": True,
        "keeper_support": True,
        "l_shaped_runs": True,
        "far_corner": True,
        "no_second_touch": True,
        "one_triple_substitute": True,
        "same_symbol_substitutes": True,
        "kickoff_side": 1,
    },
]
MAX_STEPS = 160


def expand(entry, pick):
    """One concrete action (JSON) from a grouped legal_actions entry."""
    data = {}
    for key, value in entry.items():
        data[key] = pick(value) if isinstance(value, list) else value
    return data


def invariants(state):
    w = state.to_json()
    per_field = Counter((p["field"], p["side"]) for p in w["pieces"].values() if p["field"])
    assert all(n <= 2 for n in per_field.values()), per_field
    assert w["phase"] in ("setup", "play", "over")
    if w["phase"] == "play":
        assert w["ball"] is not None and w["ball"]["field"] is not None
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    # listing the legal actions and the summary leave the (immutable) state as it was
    snapshot = ENGINE.state_to_json(state)
    ENGINE.legal_actions(state)
    ENGINE.summary(state)
    assert ENGINE.state_to_json(state) == snapshot


# 24 random matches in all, one test per option set so that the suite's workers share them
@pytest.mark.parametrize("option_index", range(len(OPTION_SETS)))
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_play(data, option_index):
    options = OPTION_SETS[option_index]
    start = new_match(options)
    state = start
    played = []
    whistle_at = data.draw(st.integers(60, MAX_STEPS), label="whistle_at")
    for step in range(MAX_STEPS + 10):
        if ENGINE.outcome(state) is not None:
            break
        legal = ENGINE.legal_actions(state)
        assert legal["actions"], legal
        entries = legal["actions"]
        if step >= whistle_at and any(e["type"] == "whistle" for e in entries):
            chosen = {"type": "whistle"}
        else:
            entries = [e for e in entries if e["type"] != "whistle"] or entries
            entry = data.draw(st.sampled_from(entries))
            chosen = expand(entry, lambda xs: data.draw(st.sampled_from(xs)))
        action = ENGINE.parse_action(chosen)
        assert ENGINE.action_to_json(action) == chosen
        assert ENGINE.parse_notation(ENGINE.format_action(action)) == action
        state = ENGINE.apply(state, action).state
        played.append(action)
        invariants(state)
        if step % 20 == 0:
            ENGINE.render_svg(state)
    assert ENGINE.outcome(state) is not None
    # replay is deterministic, and the match file round-trips
    text = matchfile.write_actions(ENGINE, {"Game": "trixkick", "Options": options}, played)
    again = matchfile.read(text).parse_actions(ENGINE)
    assert again == played
    assert matchfile.replay(ENGINE, start, again) == state
