"""HX-A.19: a kick-off (after a goal, at the start of a half; FAQ "Anstoß") sets the cards up
again, and the expansion state that belongs to a position ends with it.

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick.pitch import code

from .expansion_states import lineup, offered, xnew
from .states import arrange, at, decks_ran_out, event, kinds, play

WING_BACK = "wing_back-2"  # gold: to the other wing of his line, back flips him to silver
BOX_TO_BOX = "box_to_box-7-8"  # silver: one field forward or back when his team won the ball


def over(side: int = 0) -> dict:
    return {"type": "ability", "side": side, "player": 2, "direction": "other_wing"}


def _switched_wing_back_scores():
    """Blue's scoring opportunity: the gold wing-back switches from a1 to d1 in blue's move,
    then blue 9 scores from b6 (power 3 + modifier against one keeper card of 1)."""
    s = xnew(lineup({2: WING_BACK}, gold=(2,)))
    s = arrange(s, {"b6": "B9"}, ball="b6", attacker=0, phase="chance_play_cards")
    s, _ = play(s, "D3r/S1l", over())
    assert at(s, "d1") == "B2" and code(0, 2) in s.x.switched
    s, events = play(s, "skip", "skip", "shot D3 R3", "draw S1l")
    assert "goal" in kinds(events) and "kick_off" in kinds(events)
    return s


def test_HX_A_19_a_kick_off_after_a_goal_puts_the_wing_back_back_on_his_own_wing():
    s = _switched_wing_back_scores()
    assert at(s, "a1") == "B2" and at(s, "d1") == "B3"  # the kick-off layout
    assert code(0, 2) not in s.x.switched and code(0, 2) in s.x.gold  # still gold
    # red kicks off; in blue's next move step his use switches wings again: gold, no
    # "return" to silver from a wing he has left
    s, _ = play(s, "S2l/S2r", "skip")
    assert s.phase == "defender_move"
    s, events = play(s, over())
    assert event(events, "ability_used").data["gold"] is True
    assert at(s, "d1") == "B2" and code(0, 2) in s.x.gold and code(0, 2) in s.x.switched


def test_HX_A_19_the_second_half_puts_the_wing_back_back_on_his_own_wing():
    s = xnew(lineup({2: WING_BACK}, gold=(2,)))
    s = arrange(s, {}, cards=("S1l", "S4r"), ball="b3", attacker=0, phase="attacker_move")
    s, _ = play(s, over())
    assert at(s, "d1") == "B2"
    s = decks_ran_out(s)
    s, events = play(s, "skip", "skip")  # red intercepts in the middle: half time
    assert "half_ended" in kinds(events) and s.half == 2
    assert at(s, "a1") == "B2" and code(0, 2) not in s.x.switched and code(0, 2) in s.x.gold


def test_HX_A_19_events_before_a_kick_off_open_no_ability_and_no_counter_after_it():
    """HX-A.3 / HX-E.5: red wins the ball with an interception that ends the half; after the
    set-up for the second half neither the box-to-box ability (silver: a move when his team
    has won the ball, here borrowed by red's central midfielder no. 6) nor a counter may
    answer that interception."""
    red = lineup({7: BOX_TO_BOX}, colour="red")
    s = xnew(lineup(), red, match_events=["counter"])
    s = arrange(s, {"c3": "R7"}, cards=("S1l", "S4r"), ball="b3", attacker=0)
    s = arrange(s, {}, phase="defender_move")
    won = play(s, "skip")[0]  # the same interception with cards still to play
    assert won.half == 1 and won.x.counter == 1
    answer = {"type": "ability", "side": 1, "player": 6, "direction": "backward"}
    assert {**answer, "via": "box_to_box.silver"} in offered(won)
    s = decks_ran_out(s)
    s, events = play(s, "skip")
    assert "pass_intercepted" in kinds(events) and "half_ended" in kinds(events)
    assert s.half == 2 and s.x.counter == -1
    assert not [u for u in offered(s) if u["side"] == 1]
    assert [w[0] for w in s.x.window] == ["kick_off"]
