"""Expansion rules at their edges: a winger's modifier and a run-out opportunity (HX-A.13,
HT-5.8), a modifier announced twice (HX-A.13), and the tie events of a goal kick or a run-out
(HX-N.2, HX-N.4).

Blue (side 0) attacks toward line 6, red toward line 1. The kick-off layout::

    6  R3  R5  R4  R2
    5  B10 B8  B11 B9
    4  .   R7  R6  .
    3  .   B6  B7  .
    2  R9  R11 R8  R10
    1  B2  B4  B5  B3
"""

import json

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.pitch import code, parse_field
from matches.engine.hat_trick.state import State

from .test_expansion_faq_answers import offered, use
from .test_fallbacks import board
from .util import arrange, ball_at, event, kinds, play, rejects
from .xutil import lineup, xnew

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


def test_HX_N_4_goal_kick_tie_event_and_no_receiver_named_before_the_choice():
    """Blue's dribbling goal kick reaches line 1, where blue 2 and blue 3 (2/3) tie."""
    s = xnew(lineup(TWINS))._replace(
        phase=P.GK_CARD, attacker=0, ball=-1, cards=(None, None), moved=-1
    )
    s, events = play(s, "gk D1l")
    kick = event(events, "goal_kick").data
    assert (kick["line"], kick["receiver"], kick["receiver_side"], kick["to"]) == (1, None, 0, None)
    assert kinds(events)[-1] == "lowest_number_tie"
    tie = event(events, "lowest_number_tie")
    assert tie.side == 0 and tie.data == {"decides": "goal_kick", "players": [2, 3]}
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "goal_kick", "players": [2, 3]}
    ]
    stored = ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(s))))
    assert stored == s
    s, events = play(stored, "ch3")
    assert event(events, "tie_decided").data == {"decides": "goal_kick", "player": 3, "at": "d1"}
    assert ball_at(s) == "d1:B3" and s.attacker == 0 and s.phase == P.PLAY_CARDS


def test_HX_N_4_goal_kick_without_a_tie_names_the_receiver():
    s = xnew(lineup())._replace(phase=P.GK_CARD, attacker=0, ball=-1, cards=(None, None), moved=-1)
    s, events = play(s, "gk D1l")
    kick = event(events, "goal_kick").data
    assert (kick["receiver"], kick["receiver_side"], kick["to"]) == (2, 0, "a1")
    assert "lowest_number_tie" not in kinds(events) and s.x.choice is None


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
