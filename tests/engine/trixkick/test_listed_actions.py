"""``apply`` skips the rule checks of an action just listed as legal for the very same state
(``legal.listed``): the same transitions and the same refusals as a state it has not listed."""

from __future__ import annotations

import random

from matches.engine.base import EngineError
from matches.engine.trixkick import ENGINE
from matches.engine.trixkick.candidates import candidates
from matches.engine.trixkick.legal import listed
from matches.engine.trixkick.moves import concrete_actions

from .helpers import new_match

OPTIONS = {"match_length": {"kind": "time", "periods": 1, "minutes": 10}}


def outcome(state, action):
    """What ``apply`` makes of ``action``: the next snapshot and the events, or the refusal."""
    try:
        transition = ENGINE.apply(state, action)
    except EngineError as exc:
        return ("refused", type(exc).__name__, exc.code, exc.rule, exc.details)
    return (ENGINE.state_to_json(transition.state), transition.events)


def test_listed_actions_apply_as_checked_ones():
    rng = random.Random(35)
    state = new_match(OPTIONS)
    skipped = 0
    for _ in range(120):
        if ENGINE.outcome(state) is not None:
            break
        copy = ENGINE.state_from_json(ENGINE.state_to_json(state))
        legal = concrete_actions(state)
        ENGINE.legal_actions(state)
        assert all(listed(state, action) for action in legal)
        assert not any(listed(copy, action) for action in legal)  # another state object
        # the candidates hold actions the checks refuse, beside the legal ones
        tried = rng.sample(candidates(state), min(12, len(candidates(state))))
        for action in tried:
            skipped += listed(state, action)
            assert listed(state, action) == (action in legal)
            assert outcome(state, action) == outcome(copy, action), action
            ENGINE.legal_actions(state)  # listed again: a refusal leaves the list alone
        state = ENGINE.apply(state, rng.choice(legal)).state
    assert skipped > 100  # the listed path was taken
