"""Random expansion matches driven by legal_actions: never raise, keep the ability and style
invariants (flip count, two uses per player per round, one style card per manager per round)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.sampling import random_action

from .expansion_states import lineup, with_bench, xnew
from .test_properties import check_consistent

TEAMS = ["ITA", "BRA", "GER", "ENG", "ESP", "NED", "FRA", "ARG", "POR", "CRO", None]


def check_abilities(before, after, events):
    x = after.x
    per_player = {}
    for p, _ in x.uses:
        per_player[p] = per_player.get(p, 0) + 1
    assert all(n <= 2 for n in per_player.values())  # HX-A.6
    used = [e for e in events if e.kind == "ability_used"]
    subbed = {e.side * 100 + e.data["player"] for e in events if e.kind == "substitution"}
    flipped = (before.x.gold ^ x.gold) - subbed  # a substitute comes on silver (HX-E.3)
    if before.x.round == x.round:
        # every flip comes from a use (no voluntary flips, HX-A.8)
        assert len(flipped) <= len(used)
    assert x.star_keeper in ((False, False), (False, True), (True, False), (True, True))


def check_styles(before, after, events, played_this_round):
    """HX-S: one style card per manager per round; the decks' cards are all accounted for."""
    x, xs = after.x, after.setup.expansion
    if after.x.round != before.x.round:
        played_this_round.clear()
    for e in events:
        if e.kind == "style_card_played":
            assert e.side not in played_this_round  # HX-S.8
            played_this_round.add(e.side)
            assert xs.style_of[e.data["card"]] == x.style[e.side]  # HX-S.1
    for style in {kind for _, kind, _ in xs.style_cards}:
        cards = [c for c, kind, _ in xs.style_cards if kind == style]
        spent = [c for side in (0, 1) for c in x.style_spent[side] if c in cards]
        held = sum(x.style_hand[i] + x.style_fresh[i] for i in (0, 1) if x.style[i] == style)
        assert len(set(spent)) == len(spent) and held + len(spent) <= len(cards)
    assert min(x.style_hand + x.style_fresh) >= 0


ALL_EVENTS = ["long_shot", "corners", "substitutions", "captain", "counter"]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    blue=st.sampled_from(TEAMS),
    red=st.sampled_from(TEAMS),
    events=st.sampled_from([[], ALL_EVENTS]),
)
def test_random_expansion_matches_never_raise_and_keep_the_invariants(seed, blue, red, events):
    rng = random.Random(seed)
    # None: a budget-built team without a style (it finds one in play, HX-S.14)
    home = with_bench(
        lineup(team_card=blue), {7: "box_to_box-7-8", 9: "winger-9-11", 4: "stopper-4"}
    )
    s = initial = xnew(home, lineup(team_card=red, colour="red"), match_events=events)
    actions = []
    played_this_round: set[int] = set()
    while ENGINE.outcome(s) is None and len(actions) < 6000:
        action = random_action(ENGINE.legal_actions(s), rng)
        t = ENGINE.apply(s, action)
        json.dumps([e.to_json() for e in t.events])
        check_consistent(t.state)
        check_abilities(s, t.state, t.events)
        check_styles(s, t.state, t.events, played_this_round)
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
