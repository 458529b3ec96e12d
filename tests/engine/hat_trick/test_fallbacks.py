"""Fallbacks for a player who is not there: the kick-off without no. 6 (HT-0.3), the goal kick
into an empty line (HT-7.2), the long ball intercepted with no defender near (HT-3B.4), and the
end of a winger's scoring-opportunity modifier (HX-A.13).

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.pitch import EMPTY, code, parse_field
from matches.engine.hat_trick.state import State

from .expansion_states import lineup, offered, use, xnew
from .states import (
    arrange,
    at,
    ball_at,
    board,
    decks_ran_out,
    event,
    goal_kick,
    kinds,
    new,
    play,
    player,
)


def without(s: State, *names: str) -> State:
    """``s`` with the named players sent off: off the pitch and listed in ``sent_off``."""
    gone = {player(n) for n in names}
    grid = tuple(EMPTY if p in gone else p for p in s.grid)
    off = tuple(
        tuple(sorted(int(n[1:]) for n in names if (n[0] == "R") == bool(side))) for side in (0, 1)
    )
    return s._replace(grid=grid, sent_off=off)


# ---------------------------------------------------------------- HT-0.3 kick-off


# red no. 9 on b1, his final line, in a scoring opportunity (blue no. 4 took his place on a2)
BEFORE_THE_GOAL = """
    6  R3  R5  R4  R2
    5  B10 B8  B11 B9
    4  .   R7  R6  .
    3  .   B6  B7  .
    2  B4  R11 R8  R10
    1  B2  R9  B5  B3
"""


def _red_scores(*sent_off: str):
    """Red scores with the named blue players sent off; blue, the conceding team, kicks off."""
    s = without(new()._replace(grid=board(BEFORE_THE_GOAL)), *sent_off)
    s = s._replace(ball=parse_field("b1"), attacker=1, phase=P.SO_PLAY_CARDS)
    s, events = play(s, "S1l/D3r", "skip", "skip", "shot D2 B1", "draw")
    assert event(events, "goal").side == 1 and s.score == (0, 1)
    return s, event(events, "kick_off")


def test_HT_0_3_kick_off_after_a_goal_goes_to_no_6():
    """Without a sending-off, blue's no. 6 kicks off after conceding (the baseline)."""
    s, kick_off = _red_scores()
    assert kick_off.side == 0 and kick_off.data["player"] == 6
    assert ball_at(s) == "b3:B6" and s.attacker == 0 and s.phase == P.PLAY_CARDS


def test_HT_0_3_interpretation_after_a_goal_no_6_sent_off_his_kick_off_line_mate_kicks_off():
    """Blue's no. 6 sent off: the kick-off after a goal goes to no. 7, the other player of line 3."""
    s, kick_off = _red_scores("B6")
    assert kick_off.side == 0 and kick_off.data["player"] == 7
    assert ball_at(s) == "c3:B7" and at(s, "b3") == "" and s.attacker == 0
    assert s.sent_off == ((6,), ())


def test_HT_0_3_interpretation_no_team_mate_in_his_line_the_lowest_number_anywhere():
    """Blue's nos. 6 and 7 sent off: the lowest-numbered blue player on the pitch, no. 2."""
    s, kick_off = _red_scores("B6", "B7")
    assert kick_off.data["player"] == 2 and ball_at(s) == "a1:B2"
    assert [at(s, f"{c}3") for c in "abcd"] == ["", "", "", ""]


def test_HT_0_3_interpretation_the_lowest_number_not_the_first_field():
    """With nos. 2, 6 and 7 off, no. 3 (d1) kicks off, not no. 4 on b1, the first field."""
    s, kick_off = _red_scores("B2", "B6", "B7")
    assert kick_off.data["player"] == 3 and ball_at(s) == "d1:B3"
    assert at(s, "b1") == "B4"


def test_HT_0_3_interpretation_second_half_kick_off_by_blue_without_no_6():
    """Red kicked off the match, so blue kicks off the second half: no. 7 stands in for no. 6."""
    s = arrange(without(new(kickoff=1), "B6"), {}, cards=("S1l", "S4r"), phase=P.DEFENDER_MOVE)
    s = decks_ran_out(s)
    s, events = play(s, "skip")
    assert "half_ended" in kinds(events) and s.half == 2
    assert event(events, "kick_off").side == 0 and event(events, "kick_off").data["player"] == 7
    assert ball_at(s) == "c3:B7" and s.attacker == 0 and at(s, "b3") == ""


# ---------------------------------------------------------------- HT-7.2 goal kick


def _goal_kick(s: State | None = None, picture: str | None = None, side: int = 0) -> State:
    s = s or new()
    if picture is not None:
        s = s._replace(grid=board(picture))
    return goal_kick(s, side)


def test_HT_7_2_interpretation_a_line_of_opponents_only_is_not_empty():
    """Line 2 holds red players only: blue's short-pass goal kick goes to red no. 8 there."""
    s, events = play(_goal_kick(), "gk S2l")
    kick = event(events, "goal_kick")
    assert kick.data["line"] == 2 and kick.data["receiver_side"] == 1
    assert ball_at(s) == "c2:R8" and kick.data["to"] == "c2" and s.attacker == 1


def test_HT_7_2_interpretation_short_pass_into_an_empty_line_2_goes_on_to_line_3():
    """Line 2 from blue's goal is empty: the ball goes to the lowest number of line 3."""
    s = _goal_kick(
        picture="""
        6  R3  R5  R4  R2
        5  B10 B8  B11 B9
        4  R9  R11 R6  R10
        3  R7  B6  B7  R8
        2  .   .   .   .
        1  B2  B4  B5  B3
        """
    )
    s, events = play(s, "gk S2l")
    kick = event(events, "goal_kick")
    assert kick.data["line"] == 2 and kick.data["to"] == "b3"
    assert (kick.data["receiver"], kick.data["receiver_side"]) == (6, 0)
    assert ball_at(s) == "b3:B6" and s.attacker == 0 and s.phase == P.PLAY_CARDS


def test_HT_7_2_interpretation_long_ball_into_an_empty_line_3_goes_on_to_line_4_and_HT_7_3():
    """Line 3 is empty: in line 4 blue 6 and red 6 tie, so red, the team not kicking, gets it."""
    s = _goal_kick(
        picture="""
        6  R3  R5  R4  R2
        5  B10 B8  B11 B9
        4  B6  R7  R6  B7
        3  .   .   .   .
        2  R9  R11 R8  R10
        1  B2  B4  B5  B3
        """
    )
    s, events = play(s, "gk L1r")
    kick = event(events, "goal_kick")
    assert kick.data["line"] == 3 and kick.data["to"] == "c4"
    assert (kick.data["receiver"], kick.data["receiver_side"]) == (6, 1)
    assert ball_at(s) == "c4:R6" and s.attacker == 1


def test_HT_7_2_interpretation_two_empty_lines_are_both_passed_over():
    """Lines 1 and 2 are empty (four players sent off): the dribbling goal kick reaches line 3."""
    s = _goal_kick(
        picture="""
        6  R3  R5  R4  R2
        5  B10 B8  B11 B9
        4  R11 R7  R6  R8
        3  B4  B6  B7  B5
        2  .   .   .   .
        1  .   .   .   .
        """
    )
    s = s._replace(sent_off=((2, 3), (9, 10)))
    s, events = play(s, "gk D1l")
    kick = event(events, "goal_kick")
    assert kick.data["line"] == 1 and kick.data["to"] == "a3" and kick.data["receiver"] == 4
    assert ball_at(s) == "a3:B4" and s.attacker == 0


def test_HT_7_2_interpretation_red_goal_kick_short_pass_goes_on_from_line_5_to_line_4():
    """Red kicks from line 6: its line 2 (pitch line 5) is empty, so line 4's lowest, red 6."""
    s = _goal_kick(
        picture="""
        6  R3  R5  R4  R2
        5  .   .   .   .
        4  B10 R7  R6  B8
        3  B11 B6  B7  B9
        2  R9  R11 R8  R10
        1  B2  B4  B5  B3
        """,
        side=1,
    )
    s, events = play(s, "gk S3r")
    kick = event(events, "goal_kick")
    assert kick.data["line"] == 2 and kick.data["to"] == "c4" and kick.side == 1
    assert ball_at(s) == "c4:R6" and s.attacker == 1


def test_HX_N_4_goal_kick_tie_is_looked_up_in_the_line_the_ball_went_on_to():
    """Expansion: line 2 empty, blue 6 (6/7) and 7 tie in line 3; blue's manager chooses."""
    blue = lineup({6: "holding_midfielder-6-7"})  # 6/7 and 7 both count as no. 7 (HX-N.1)
    s = _goal_kick(
        xnew(blue),
        picture="""
        6  R3  R5  R4  R2
        5  B10 B8  B11 B9
        4  R11 R7  R6  R8
        3  R9  B6  B7  R10
        2  .   .   .   .
        1  B2  B4  B5  B3
        """,
    )
    s, events = play(s, "gk S2l")
    kick = event(events, "goal_kick").data
    assert (kick["line"], kick["receiver"], kick["receiver_side"], kick["to"]) == (2, None, 0, None)
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "goal_kick", "players": [6, 7]}
    ]
    s, events = play(s, "ch7")
    assert event(events, "tie_decided").data == {"decides": "goal_kick", "player": 7, "at": "c3"}
    assert ball_at(s) == "c3:B7" and s.attacker == 0 and s.phase == P.PLAY_CARDS


# ---------------------------------------------------------------- HT-3B.4 interception


def test_HT_3B_4_interpretation_no_defender_in_destination_or_ball_line_nearest_line():
    """Long ball intercepted, no red player in line 4 nor line 3: the lowest red of line 5."""
    s = new()._replace(
        grid=board(
            """
            6  R3  R5  R4  R2
            5  R7  R6  R8  R9
            4  B4  B5  .   .
            3  B10 B6  B7  B8
            2  B11 B9  .   .
            1  B2  R11 R10 B3
            """
        ),
    )
    s = arrange(s, {}, cards=("L1l", "L4r"), ball="b3", attacker=0, phase=P.LONG_BALL_LINE)
    assert ENGINE.legal_actions(s)["actions"] == [{"type": "long_ball", "lines": [1]}]
    # line 5 is the nearest line holding red players both from the destination (one line) and,
    # toward red's goal first, from the ball's line (two lines, as line 1)
    s, events = play(s, "lb1")  # blue 1 + 1 + 1 = 3 against red 0 + 4 in line 4
    e = event(events, "long_ball_intercepted")
    assert (e.data["attack"], e.data["defence"]) == (3, 4)
    assert e.data["interceptor"] == 6 and e.data["to"] == "b5"
    assert ball_at(s) == "b5:R6" and s.attacker == 1 and s.phase == P.PLAY_CARDS


# ---------------------------------------------------------------- HX-A.13 winger


WINGER = code(0, 9)


def _winger_announced(placement: str, cards: tuple[str, str], ball: str) -> State:
    """Blue's winger (no. 9, silver: the keeper draws one card fewer at his shot from a wing)
    has announced his modifier in blue's step 2; the defending team moves next."""
    s = xnew(lineup({9: "winger-9-11"}))._replace(grid=board(placement))
    s = arrange(s, {}, cards=cards, ball=ball, attacker=0, phase=P.ATTACKER_MOVE)
    assert use(0, 9) in offered(s)
    s, events = play(s, use(0, 9), "skip")
    assert "ability_announced" in kinds(events)
    assert s.x.armed == ((WINGER, "winger.silver", "chance"),)
    return s


def test_HX_A_13_winger_modifier_ends_at_a_free_kick():
    """A free kick ends the winger's modifier: his shot in the chance after it is not helped."""
    # blue 8 (attack 3) + 2 against red 3 (defence 3) + 2 in line 5, equal cards: red 3 fouls,
    # the pass reaches the winger on a6 and the free kick is taken there
    s = _winger_announced(
        """
        6  B9  R9  R5  R4
        5  R3  B8  .   .
        4  .   R7  R6  .
        3  B11 B6  B7  R2
        2  B10 R11 R8  R10
        1  B2  B4  B5  B3
        """,
        ("S2l", "S2r"),
        "b5",
    )
    s, events = play(s, "skip")
    assert event(events, "foul").data["fouler"] == 3
    assert event(events, "free_kick").data == {"taker": 9, "at": "a6"}
    assert s.phase == P.FK_DEFENDER_MOVE and s.x.armed == ()
    s, _ = play(s, "skip", "skip")  # the free kick on the final line: the manager chooses
    assert s.phase == P.FK_CHOICE
    s, events = play(s, "fk so")
    assert "scoring_opportunity" in kinds(events) and s.phase == P.SO_PLAY_CARDS
    s, _ = play(s, "D3r/S1l")
    assert s.x.armed == ()
    shot, events = play(s, "skip", "skip", "shot D2 R1")
    data = event(events, "shot").data
    assert (data["shooter"], data["position"], data["symbol"]) == (9, "final_line_wing", "")
    assert data["draws"] == 3 and "ability_used" not in kinds(events)
    assert WINGER not in shot.x.gold
    # announced anew in this opportunity, the same shot lets the keeper draw one card fewer
    shot, events = play(s, use(0, 9), "skip", "skip", "shot D2 R1")
    assert event(events, "shot").data["draws"] == 2 and WINGER in shot.x.gold


def test_HX_A_13_winger_modifier_ends_at_a_penalty():
    """A penalty ends the winger's modifier: it is no longer armed when the penalty is taken."""
    # blue 8 dribbles from b5 against red 3 on b6: 3 + 2 against 3 + 2, equal cards, a foul that
    # stopped a move onto the middle of the final line
    s = _winger_announced(
        """
        6  R2  R3  R5  R4
        5  R9  B8  .   .
        4  B10 R7  R6  B9
        3  B11 B6  B7  .
        2  .   R11 R8  R10
        1  B2  B4  B5  B3
        """,
        ("D2l", "D2r"),
        "b5",
    )
    s, events = play(s, "skip")
    assert event(events, "foul").data["fouler"] == 3 and "penalty" in kinds(events)
    assert s.phase == P.PENALTY and ball_at(s) == "b6:B8"
    assert s.x.armed == ()
    s, events = play(s, "shot D2 R1")
    assert event(events, "shot").data["penalty"] is True
    assert "ability_used" not in kinds(events) and WINGER not in s.x.gold


def test_HX_A_13_winger_modifier_ends_when_the_opportunity_runs_out():
    """HT-5.8 gives the ball to blue 2 on the final line: the new chance starts without it."""
    s = xnew(lineup({9: "winger-9-11"}))._replace(
        grid=board(
            """
            6  B9  B2  R4  R3
            5  B10 B8  B11 R2
            4  .   R7  R6  .
            3  .   B6  B7  .
            2  R9  R11 R8  R10
            1  R5  B4  B5  B3
            """
        ),
    )
    s = s._replace(ball=parse_field("a6"), attacker=0, phase=P.SO_PLAY_CARDS)
    s, _ = play(s, "D3r/S1l", use(0, 9), "skip", "skip", "refuse")
    assert s.x.armed == ((WINGER, "winger.silver", "chance"),)  # kept for the whole chance
    s, _ = play(s, "D4r/S2l", "skip", "skip", "refuse")
    s, events = play(s, "D2r/S3l", "skip", "skip", "refuse")
    assert event(events, "chance_ran_out").data == {"receiver": 2, "receiver_side": 0}
    assert "scoring_opportunity" in kinds(events) and s.phase == P.SO_PLAY_CARDS
    assert s.x.armed == ()
