"""Random expansion matches driven by legal_actions: never raise, keep the ability invariants."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.sampling import random_action

from .test_properties import check_consistent
from .xutil import lineup, xnew

TEAMS = ["ITA", "BRA", "GER", "ENG", "ESP", "NED", "FRA", "ARG", "POR", "CRO"]


def check_abilities(before, after, events):
    x = after.x
    per_player = {}
    for p, _ in x.uses:
        per_player[p] = per_player.get(p, 0) + 1
    assert all(n <= 2 for n in per_player.values())  # HX-A.6
    used = [e for e in events if e.kind == "ability_used"]
    flipped = before.x.gold ^ x.gold
    if before.x.round == x.round:
        # every flip comes from a use (no voluntary flips, HX-A.8)
        assert len(flipped) <= len(used)
    assert x.star_keeper in ((False, False), (False, True), (True, False), (True, True))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), blue=st.sampled_from(TEAMS), red=st.sampled_from(TEAMS))
def test_random_expansion_matches_never_raise_and_keep_the_invariants(seed, blue, red):
    rng = random.Random(seed)
    s = initial = xnew(lineup(team_card=blue), lineup(team_card=red, colour="red"))
    actions = []
    while ENGINE.outcome(s) is None and len(actions) < 6000:
        action = random_action(ENGINE.legal_actions(s), rng)
        t = ENGINE.apply(s, action)
        json.dumps([e.to_json() for e in t.events])
        check_consistent(t.state)
        check_abilities(s, t.state, t.events)
        actions.append(action)
        s = t.state
    assert ENGINE.outcome(s) is not None
    replay = initial
    for i, action in enumerate(actions):
        assert ENGINE.parse_notation(ENGINE.format_action(action)) == action
        replay = ENGINE.apply(replay, action).state
        if i % 50 == 0:
            assert (
                ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(replay))))
                == replay
            )
    assert replay == s
