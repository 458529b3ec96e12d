"""HX-A: the abilities whose reach is our interpretation — the Sechser and the Defensivstürmer
interceptions (HX-A.10), uses inside one window (HX-A.3), the wing-back's gold switch of wings
(HX-A.16) and no ability carrying the ball onto the final line before a long ball (HX-A.18).

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick.pitch import code

from .expansion_states import lineup, offered, use, xnew
from .states import arrange, at, ball_at, event, kinds, play, rejects

SECHSER = "holding_midfielder-6-7"  # gold: intercept a long ball that passes over his field
DEFENSIVE_FORWARD = "defensive_forward-9-11"  # gold: intercept a short pass next to him
WING_BACK = "wing_back-2"  # gold: to the other wing of his line, back flips him to silver
SECOND_STRIKER = "second_striker-10-11"  # silver: take the ball, gold: swap with the one in front


def refused(s, action: dict) -> None:
    """Neither offered nor accepted (HX-A.7)."""
    assert action not in offered(s)
    rejects(s, action, "ability_not_usable", "HX-A.7")


# ---------------------------------------------------------------- HX-A.10 the Sechser


def long_ball(
    placement: dict[str, str], lines: int, passer_at: str = "b3", *, blue_sechser: bool = False
):
    """Blue's winning long ball from ``passer_at`` over ``lines`` lines; red no. 6 is a gold
    Sechser (and blue no. 6 too when ``blue_sechser`` is given)."""
    blue = lineup({6: SECHSER}, gold=(6,)) if blue_sechser else lineup()
    s = xnew(blue, lineup({6: SECHSER}, colour="red", gold=(6,)))
    s = arrange(
        s, placement, cards=("L4l", "L1r"), ball=passer_at, attacker=0, phase="defender_move"
    )
    s, _ = play(s, "skip")
    s, events = play(s, f"lb{lines}")
    assert "long_ball_completed" in kinds(events)
    return s


def test_HX_A_10_sechser_intercepts_a_long_ball_that_passes_over_his_line():
    # b3 -> line 5 passes over line 4, where red no. 6 stands (c4)
    s = long_ball({}, 2)
    assert ball_at(s) == "b5:B8" and s.phase == "play_cards"
    assert use(1, 6) in offered(s)
    s, events = play(s, use(1, 6))
    used = event(events, "ability_used").data
    assert used["ability"] == "holding_midfielder.gold" and used["previous_holder"] == 8
    assert ball_at(s) == "c4:R6" and s.attacker == 1  # the ball is red's now
    assert code(1, 6) not in s.x.gold  # the card flipped (HX-A.5)


def test_HX_A_10_not_in_the_passers_line_nor_in_the_line_where_the_ball_ended():
    # strictly between: red no. 6 in the passer's line (a3) or the destination line (a5) is
    # not passed over
    refused(long_ball({"a3": "R6"}, 2), use(1, 6))
    refused(long_ball({"d5": "R6"}, 2), use(1, 6))
    # a long ball from line 3 over one line to line 4 passes over no line at all
    s = long_ball({"d4": "B10", "d3": "R6"}, 1)
    assert ball_at(s) == "d4:B10"
    refused(s, use(1, 6))


def test_HX_A_10_the_window_closes_with_the_next_regular_action():
    s = long_ball({}, 2)
    s, _ = play(s, "S1l/S1l")
    refused(s, use(1, 6))


def test_HX_A_10_and_HX_A_3_two_sechser_intercept_in_turn_within_one_window():
    """HX-A.3: uses do not close the window; HX-A.10: the second Sechser answers the first
    one's interception, which the window names (from the passer's field to the interceptor)."""
    # blue no. 7 passes from a2 over lines 3 and 4 to line 5; red no. 6 (c4) intercepts it,
    # then blue no. 6 (b3), passed over by the ball on its way from a2 to c4, takes it back
    s = long_ball({"a2": "B7"}, 3, passer_at="a2", blue_sechser=True)
    assert at(s, "b3") == "B6" and at(s, "c4") == "R6"
    s, _ = play(s, use(1, 6))
    assert ball_at(s) == "c4:R6"
    interception = [w for w in s.x.window if w[0] == "ability_interception"]
    assert interception == [
        (
            "ability_interception",
            0,
            {"pass_type": "long_ball", "from": "a2", "to": "c4", "interceptor": 6},
        )
    ]
    assert use(0, 6) in offered(s)
    s, events = play(s, use(0, 6))
    assert event(events, "ability_used").data["previous_holder"] == 6
    assert ball_at(s) == "b3:B6" and s.attacker == 0
    # from a2 to b3 the ball passed over no line: nobody can answer this interception
    assert "long_ball_completed" in [w[0] for w in s.x.window]
    assert offered(s) == []


# ---------------------------------------------------------------- HX-A.10 the Defensivstürmer


def short_pass(placement: dict[str, str], *, blue_forward: bool = False):
    """Blue no. 6 passes from b3 into line 4, where blue no. 10 (a4) receives; red no. 9 is a
    gold Defensivstürmer (and blue no. 9 too when ``blue_forward`` is given)."""
    blue = lineup({9: DEFENSIVE_FORWARD}, gold=(9,)) if blue_forward else lineup()
    s = xnew(blue, lineup({9: DEFENSIVE_FORWARD}, colour="red", gold=(9,)))
    s = arrange(
        s, {"a4": "B10", **placement}, cards=("S4l", "S1r"), ball="b3", phase="defender_move"
    )
    s, events = play(s, "skip")
    assert event(events, "pass_completed").data["receiver"] == 10 and ball_at(s) == "a4:B10"
    return s


def test_HX_A_10_defensive_forward_intercepts_a_short_pass_next_to_him():
    s = short_pass({"a5": "R9"})  # a5 is an orthogonal neighbour of the ball's field a4
    assert use(1, 9) in offered(s)
    s, events = play(s, use(1, 9))
    assert event(events, "ability_used").data["ability"] == "defensive_forward.gold"
    assert ball_at(s) == "a5:R9" and s.attacker == 1


def test_HX_A_10_defensive_forward_not_diagonally_nor_after_a_long_ball():
    refused(short_pass({"b5": "R9"}), use(1, 9))  # b5 touches a4 only at a corner
    # a long ball that ends next to him is not a short pass: b3 -> b5 (B8), red no. 9 on b6
    s = xnew(lineup(), lineup({9: DEFENSIVE_FORWARD}, colour="red", gold=(9,)))
    s = arrange(s, {"b6": "R9"}, cards=("L4l", "L1r"), ball="b3", phase="defender_move")
    s, _ = play(s, "skip", "lb2")
    assert ball_at(s) == "b5:B8"
    refused(s, use(1, 9))


def test_HX_A_10_defensive_forward_answers_an_interception_and_HX_A_3_window_stays_open():
    # red no. 9 takes blue's short pass on a5; blue no. 9 (b5), next to a5, takes it back
    s = short_pass({"a5": "R9", "b5": "B9"}, blue_forward=True)
    assert use(0, 9) not in offered(s)  # blue's own pass: nothing to intercept
    s, _ = play(s, use(1, 9))
    assert use(0, 9) in offered(s)
    s, _ = play(s, use(0, 9))
    assert ball_at(s) == "b5:B9" and s.attacker == 0
    assert code(0, 9) not in s.x.gold and code(1, 9) not in s.x.gold


# ---------------------------------------------------------------- HX-A.16 the wing-back


def wing_back_state(placement=None, **changes):
    s = xnew(lineup({2: WING_BACK}, gold=(2,)))
    changes = {
        "cards": ("S2l", "S1r"),
        "ball": "b3",
        "attacker": 0,
        "phase": "attacker_move",
        **changes,
    }
    return arrange(s, placement or {}, **changes)


def test_HX_A_16_wing_back_gold_to_the_other_wing_without_flipping_and_back_to_silver():
    s = wing_back_state()
    over = use(0, 2, direction="other_wing")
    assert over in offered(s)
    s, events = play(s, over)
    assert at(s, "d1") == "B2" and at(s, "a1") == "B3"  # he and no. 3 change places
    assert event(events, "ability_used").data["gold"] is True
    assert code(0, 2) in s.x.gold and s.phase == "attacker_move"  # gold still, same step
    # moving back flips him to silver
    assert over in offered(s)
    s, events = play(s, over)
    assert at(s, "a1") == "B2" and at(s, "d1") == "B3"
    assert event(events, "ability_used").data["gold"] is False
    assert code(0, 2) not in s.x.gold and code(0, 2) not in s.x.switched


def test_HX_A_16_the_return_may_come_in_a_later_round():
    s = wing_back_state()
    s, _ = play(s, use(0, 2, direction="other_wing"))
    assert code(0, 2) in s.x.gold
    # the round is played out: no moves, blue's pass stays in line 3 (no blue in line 4)
    s, _ = play(s, "skip", "skip", "S2l/S1r")
    assert s.phase == "attacker_move" and s.attacker == 0 and s.x.uses == ()
    assert at(s, "d1") == "B2" and code(0, 2) in s.x.gold  # still over there, still gold
    s, events = play(s, use(0, 2, direction="other_wing"))
    assert at(s, "a1") == "B2" and code(0, 2) not in s.x.gold
    assert event(events, "ability_used").data["gold"] is False


def test_HX_A_16_only_from_a_wing_and_only_in_his_own_move_step():
    refused(wing_back_state({"b1": "B2"}), use(0, 2, direction="other_wing"))  # not on a wing
    refused(
        wing_back_state(phase="play_cards", cards=(None, None)), use(0, 2, direction="other_wing")
    )
    # red attacks and has not moved yet: blue's step 2 has not come
    s = wing_back_state(attacker=1, ball="c4")
    assert s.phase == "attacker_move"
    refused(s, use(0, 2, direction="other_wing"))


# ---------------------------------------------------------------- HX-A.18 no final line


def striker(placement: dict[str, str], card: str, ball: str, gold=()):
    s = xnew(lineup({10: SECOND_STRIKER}, gold=gold))
    return arrange(s, placement, cards=(card, "S1r"), ball=ball, attacker=0, phase="attacker_move")


def test_HX_A_18_no_taking_the_ball_onto_the_final_line_before_a_long_ball():
    take = use(0, 10)
    # the second striker on b6 (blue's final line), blue no. 8 with the ball next to him on b5
    before_long_ball = striker({"b6": "B10"}, "L2l", "b5")
    refused(before_long_ball, take)
    assert ball_at(before_long_ball) == "b5:B8"
    # with a short pass card he may take it (he must pass it on)
    s, events = play(striker({"b6": "B10"}, "S2l", "b5"), take)
    assert event(events, "ability_used").data["ability"] == "second_striker.silver"
    assert ball_at(s) == "b6:B10"
    # before a long ball he may take it anywhere but the final line: a5, next to b5
    s, _ = play(striker({}, "L2l", "b5"), take)
    assert ball_at(s) == "a5:B10"


def test_HX_A_18_no_swapping_the_ball_onto_the_final_line_before_a_long_ball():
    # the gold second striker holds the ball on b5; blue no. 8 stands in front of him on b6
    placement = {"b5": "B10", "b6": "B8"}
    swap = use(0, 10, target=8)
    refused(striker(placement, "L2l", "b5", gold=(10,)), swap)
    s, _ = play(striker(placement, "D2l", "b5", gold=(10,)), swap)
    assert ball_at(s) == "b6:B10" and at(s, "b5") == "B8"
    # the ball going back (no. 8 holds it on b6) is not carried onto the final line
    s, _ = play(striker(placement, "L2l", "b6", gold=(10,)), swap)
    assert ball_at(s) == "b5:B8" and at(s, "b6") == "B10"
