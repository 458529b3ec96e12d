"""The phone's referee (``matches.engine.referee``) on what a phone may see: with the other
side's TriXKick keepers hidden it checks every move it can, exactly as the full engine does,
draws the picture the server draws for that phone, and leaves a shot at the hidden keepers
to the server."""

import random

import pytest

from matches.engine import first_action, get_engine
from matches.engine.referee import Table
from matches.engine.trixkick.hidden import view_state

ENGINE = get_engine("trixkick")


@pytest.mark.slow
def test_a_phone_without_the_other_keepers_checks_all_it_can_and_no_more():
    checked = unchecked = 0
    for seed in range(8):
        rng = random.Random(seed)
        sides = [{"name": "A"}, {"name": "B"}]
        state = ENGINE.initial_state(edition=ENGINE.default_edition(), sides=sides, options={})
        while ENGINE.outcome(state) is None:
            legal = ENGINE.legal_actions(state)
            action = first_action("trixkick", rng.choice(legal["actions"]), legal)
            seen = view_state(ENGINE.state_to_json(state), {0})  # team A's phone
            table = Table("trixkick", seen)
            if len(legal["actions"]) % 5 == 0:  # now and then, the picture
                assert table.view()["svg"] == ENGINE.render_svg_for(state, frozenset({0}))
            answer = table.apply(action, picture=False)
            transition = ENGINE.apply(state, ENGINE.parse_action(action))
            if answer.get("unchecked"):
                assert answer["unchecked"] == "hidden_keepers"
                assert action["type"] == "shoot" and action["piece"].startswith("A-")
                unchecked += 1
            else:
                assert answer["ok"], answer
                assert [(e["kind"], e["side"], e["data"]) for e in answer["effects"]] == [
                    (e.kind, e.side, dict(e.data)) for e in transition.events
                ]
                assert (
                    answer["view"]["legal"]["actions"]
                    == ENGINE.legal_actions(transition.state)["actions"]
                )
                checked += 1
            state = transition.state
    assert unchecked >= 1 and checked > 10 * unchecked
