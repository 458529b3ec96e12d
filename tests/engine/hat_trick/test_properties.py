"""Random play that only picks from ``legal_actions``."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.pitch import EMPTY
from matches.engine.hat_trick.sampling import random_action

from .states import new, through_json

MAX_PLIES = 5000


def check_consistent(s):
    players = [p for p in s.grid if p != EMPTY]
    assert len(players) == len(set(players))  # each player on one field
    assert s.grid.count(EMPTY) == 4 + len(s.sent_off[0]) + len(s.sent_off[1])
    if s.ball >= 0:
        assert s.grid[s.ball] != EMPTY  # exactly one ball holder
    for d, total in zip(s.decks, (32, 32), strict=True):
        assert sum(d.unseen) == d.pile + d.hand
        assert sum(d.unseen) + sum(d.discard) == total
        assert 0 <= d.hand <= 3


def random_match(seed, **options):
    rng = random.Random(seed)
    s = initial = new(**options)
    actions = []
    while ENGINE.outcome(s) is None and len(actions) < MAX_PLIES:
        action = random_action(ENGINE.legal_actions(s), rng)
        t = ENGINE.apply(s, action)
        json.dumps([e.to_json() for e in t.events])
        actions.append(action)
        s = t.state
        check_consistent(s)
    return initial, actions, s


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    extra=st.booleans(),
    shootout=st.booleans(),
    kickoff=st.integers(0, 1),
)
def test_random_legal_play_reaches_the_end_consistently_and_replays(seed, extra, shootout, kickoff):
    options = {"extra_time": extra, "penalty_shootout": shootout, "kickoff": kickoff}
    initial, actions, final = random_match(seed, **options)
    out = ENGINE.outcome(final)
    assert out is not None
    if extra or shootout:
        assert (
            out.termination == "penalty_shootout"
            or out.scores[0] != out.scores[1]
            or (not shootout and out.termination == "extra_time")
        )
    # deterministic replay, JSON round trips along the way
    s = initial
    for i, action in enumerate(actions):
        assert ENGINE.parse_notation(ENGINE.format_action(action)) == action
        assert ENGINE.parse_action(ENGINE.action_to_json(action)) == action
        s = ENGINE.apply(s, action).state
        if i % 25 == 0:
            assert through_json(s) == s
    assert s == final


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_with_stars_and_national_teams(seed):
    _, _, final = random_match(
        seed,
        national_teams=["BRA", None],
        star_players=[[], [9, 11]],
        star_goalkeepers=[False, True],
    )
    assert ENGINE.outcome(final) is not None
