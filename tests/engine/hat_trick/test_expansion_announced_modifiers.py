"""Modifiers announced for a scoring opportunity (HX-A.13): a winger's modifier and an
opportunity that runs out into a lowest-number tie (HT-5.8, HX-N.2, HX-N.4), a modifier
announced twice or borrowed.

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.pitch import code, parse_field
from matches.engine.hat_trick.state import State

from .expansion_states import lineup, offered, use, xnew
from .states import arrange, ball_at, board, event, kinds, play, rejects

WINGER = code(0, 9)
WINGER_SILVER = (WINGER, "winger.silver", "chance")
# blue 3 (2/3) shares no. 2 with blue 2: both count as no. 2 (HX-N.1)
TWINS = {3: "overlapping_full_back-2-3"}


def _winger_chance(designs: dict[int, str], line_6: str = "B9  B2  R4  R3") -> State:
    """A scoring opportunity of blue's winger (no. 9, silver: the keeper draws one card fewer at
    his shot from a wing) on a6; blue 2 stands beside him on the final line."""
    s = xnew(lineup({9: "winger-9-11", **designs}))._replace(
        grid=board(
            f"""
            6  {line_6}
            5  B10 B8  B11 R2
            4  .   R7  R6  .
            3  .   B6  B7  .
            2  R9  R11 R8  R10
            1  R5  B4  B5  {"R3" if "B3" in line_6 else "B3"}
            """
        ),
    )
    return s._replace(ball=parse_field("a6"), attacker=0, phase=P.SO_PLAY_CARDS)


def _run_out_to_a_tie() -> tuple[State, list]:
    """The winger announces his modifier, then the opportunity runs out (HT-5.8) toward blue 2
    (b6) and blue 3 (2/3, d6), tied for the lowest number on blue's final line."""
    s = _winger_chance(TWINS, line_6="B9  B2  R4  B3")
    s, _ = play(s, "D3r/S1l", use(0, 9), "skip", "skip", "refuse")
    assert s.x.armed == (WINGER_SILVER,)
    s, _ = play(s, "D4r/S2l", "skip", "skip", "refuse")
    return play(s, "D2r/S3l", "skip", "skip", "refuse")


# ---------------------------------------------------------------- HX-A.13 run-out


def test_HX_A_13_winger_modifier_ends_when_the_run_out_waits_for_a_tie():
    """The opportunity is over when it runs out, even while blue's manager still has to choose
    who gets the ball; the new opportunity after the choice starts without the modifier."""
    s, events = _run_out_to_a_tie()
    assert "chance_ran_out" in kinds(events) and s.x.choice is not None
    assert s.x.armed == ()
    s, events = play(s, "ch3")
    assert "scoring_opportunity" in kinds(events) and s.phase == P.SO_PLAY_CARDS
    assert ball_at(s) == "d6:B3" and s.x.armed == ()
    s, _ = play(s, "D1r/S4l")
    assert s.x.armed == ()


# ---------------------------------------------------------------- HX-A.13 announced once


def _announced() -> State:
    s, events = play(_winger_chance({}), "D3r/S1l", use(0, 9))
    assert s.phase == P.SO_ATTACKER_MOVE and "ability_announced" in kinds(events)
    assert s.x.armed == (WINGER_SILVER,)
    return s


def test_HX_A_13_an_announced_modifier_is_not_offered_again():
    s = _announced()
    assert use(0, 9) not in offered(s)
    # nor in the next round of the same opportunity, where it is still active
    s, _ = play(s, "skip", "skip", "refuse", "D4r/S2l")
    assert s.phase == P.SO_ATTACKER_MOVE and s.x.armed == (WINGER_SILVER,)
    assert use(0, 9) not in offered(s)


def test_HX_A_13_a_second_announcement_is_refused():
    s = _announced()
    err = rejects(s, use(0, 9), "ability_already_announced", "HX-A.13")
    assert err.details == {"player": 9, "ability": "winger.silver"}
    s, _ = play(s, "skip", "skip", "refuse", "D4r/S2l")
    rejects(s, use(0, 9), "ability_already_announced", "HX-A.13")


def test_HX_A_13_an_announced_modifier_applies_once():
    """Announced in the first round and still active in the second: one card fewer, one use,
    one flip to gold."""
    s, _ = play(_announced(), "skip", "skip", "refuse", "D4r/S2l")
    assert use(0, 9) not in offered(s)
    s, events = play(s, "skip", "skip", "shot D2 R1")
    shot = event(events, "shot").data
    assert (shot["shooter"], shot["position"], shot["symbol"]) == (9, "final_line_wing", "")
    assert shot["draws"] == 3 - 1
    assert kinds(events).count("ability_used") == 1
    assert s.x.uses_of(WINGER) == 1 and WINGER in s.x.gold and s.x.armed == ()


def test_HX_A_13_a_borrowed_modifier_is_announced_once():
    """Blue 6 (central midfielder, silver: a neighbour's silver ability) borrows the playmaker's
    pass modifier from blue 10 beside him; the same borrowed modifier cannot be announced again."""
    s = xnew(lineup({10: "playmaker-10"}))
    s = arrange(s, {"a3": "B10"}, cards=("S2l", "S1r"), ball="b3", attacker=0)
    s = arrange(s, {}, phase=P.ATTACKER_MOVE)
    borrowed = use(0, 6, via="playmaker.silver")
    assert borrowed in offered(s)
    s, events = play(s, borrowed)
    assert event(events, "ability_announced").data == {"player": 6, "ability": "playmaker.silver"}
    assert borrowed not in offered(s)
    err = rejects(s, borrowed, "ability_already_announced", "HX-A.13")
    assert err.details == {"player": 6, "ability": "playmaker.silver"}


# ---------------------------------------------------------------- HX-N.4 tie events


def test_HX_N_4_run_out_tie_event_and_no_receiver_named_before_the_choice():
    s, events = _run_out_to_a_tie()
    assert event(events, "chance_ran_out").data == {"receiver": None, "receiver_side": 0}
    assert kinds(events)[-1] == "lowest_number_tie"
    tie = event(events, "lowest_number_tie")
    assert tie.side == 0 and tie.data == {"decides": "ran_out", "players": [2, 3]}
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "ran_out", "players": [2, 3]}
    ]
    s, events = play(s, "ch2")
    assert event(events, "tie_decided").data == {"decides": "ran_out", "player": 2, "at": "b6"}
    assert ball_at(s) == "b6:B2" and s.phase == P.SO_PLAY_CARDS
