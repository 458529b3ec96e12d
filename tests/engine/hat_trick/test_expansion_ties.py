"""Lowest-number ties (HX-N.2 - HX-N.4) decided by the manager's ``choose``: the events name
nobody until the choice, and the choice completes the action that paused, with the same
end-of-action updates as a regular action (ability window, counter, captain's protest, style-card
runs, half-time refill).

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.state import State

from .expansion_states import lineup, offered, use, xnew
from .states import arrange, ball_at, event, goal_kick, kinds, play, through_json

# blue 10 (8/10) shares no. 8 with blue 8: both count as no. 8 (HX-N.1)
EIGHTS = {10: "half_space_player-8-10"}
# red 6 (6/7) shares no. 7 with red 7: both count as no. 7
RED_SEVENS = {6: "holding_midfielder-6-7", 7: "ball_winner-7"}


def choose_offered(s: State) -> list[dict]:
    return [a for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "choose"]


def _pass_to_the_eights(**x) -> State:
    """Blue 6 (b4) passes short into line 5, where blue 8 (b5) and blue 10 (8/10, a5) tie; blue
    8 is gold (attacking midfielder: the receiver of a pass may run forward with the ball)."""
    s = xnew(lineup(EIGHTS, gold=(8,), style="tactical"))
    s = s._replace(x=s.x._replace(**x))
    return arrange(s, {"b4": "B6"}, cards=("S3l", "S1l"), phase="defender_move", ball="b4")


def _interception_by_the_sevens(*events: str) -> State:
    """Blue 6's weak short pass from b3 is intercepted in line 3 by red 6 (6/7, a3) or red 7
    (ball winner, d3), tied as no. 7."""
    s = xnew(lineup(), lineup(RED_SEVENS, colour="red"), match_events=list(events))
    return arrange(
        s, {"a3": "R6", "d3": "R7"}, cards=("S1l", "S4l"), phase="defender_move", ball="b3"
    )


# ---------------------------------------------------------------- HX-N.2 pass events


def test_HX_N_2_a_tied_pass_names_no_receiver_until_the_choice():
    s, events = play(_pass_to_the_eights(), "skip")
    done = event(events, "pass_completed").data
    assert (done["passer"], done["receiver"], done["to"], done["foul"]) == (6, None, None, False)
    assert kinds(events)[-1] == "lowest_number_tie"
    assert event(events, "lowest_number_tie").data == {"decides": "receiver", "players": [8, 10]}
    assert choose_offered(s) == [{"type": "choose", "decides": "receiver", "players": [8, 10]}]
    assert through_json(s) == s
    s, events = play(through_json(s), "ch10")
    assert event(events, "tie_decided").data == {"decides": "receiver", "player": 10, "at": "a5"}
    assert ball_at(s) == "a5:B10" and s.phase == P.PLAY_CARDS


def test_HX_N_2_a_pass_without_a_tie_names_its_receiver():
    s = xnew(lineup(gold=(8,)))
    s = arrange(s, {"b4": "B6"}, cards=("S3l", "S1l"), phase="defender_move", ball="b4")
    s, events = play(s, "skip")
    done = event(events, "pass_completed").data
    assert (done["receiver"], done["to"]) == (8, "b5") and "lowest_number_tie" not in kinds(events)
    assert use(0, 8, direction="forward") in offered(s)


def test_HX_N_2_a_tied_interception_names_no_interceptor_until_the_choice():
    s, events = play(_interception_by_the_sevens(), "skip")
    lost = event(events, "pass_intercepted").data
    assert (lost["passer"], lost["interceptor"], lost["to"]) == (6, None, None)
    tie = event(events, "lowest_number_tie")
    assert tie.side == 1 and tie.data == {"decides": "receiver", "players": [6, 7]}
    s, events = play(s, "ch7")
    assert event(events, "tie_decided").data == {"decides": "receiver", "player": 7, "at": "d3"}
    assert ball_at(s) == "d3:R7" and s.attacker == 1


# ---------------------------------------------------------------- the window after the choice


def test_HX_A_3_after_a_tied_pass_only_the_chosen_receiver_answers_it():
    """Blue 8's gold ability answers a pass he received: not when blue 10 was chosen."""
    s, _ = play(_pass_to_the_eights(), "skip")
    assert offered(s) == []  # nothing but the choice while it is pending
    other, _ = play(s, "ch10")
    done = [w for w in other.x.window if w[0] == "pass_completed"]
    assert [(w[2]["receiver"], w[2]["to"]) for w in done] == [(10, "a5")]
    assert [u for u in offered(other) if u["player"] == 8] == []
    chosen, _ = play(s, "ch8")
    assert use(0, 8, direction="forward") in offered(chosen)


def test_HX_A_3_a_tie_stored_with_the_first_receiver_named_is_decided_right():
    """A paused state stored while the window still named the first tied player (blue 8)."""
    s, _ = play(_pass_to_the_eights(), "skip")
    kind, side, data = s.x.window[0]
    old = s._replace(x=s.x._replace(window=((kind, side, {**data, "receiver": 8, "to": "b5"}),)))
    s, _ = play(through_json(old), "ch10")
    assert [u for u in offered(s) if u["player"] == 8] == []


def test_HX_A_3_after_a_tied_interception_the_chosen_player_won_the_ball():
    """Red 7 (ball winner, silver: a line mate moves when he wins the ball)."""
    s, _ = play(_interception_by_the_sevens(), "skip")
    seven, _ = play(s, "ch7")
    assert ("ball_won", 1, {"winner": 7}) in seven.x.window
    assert {u["player"] for u in offered(seven) if u["side"] == 1} == {7}
    six, _ = play(s, "ch6")
    assert ("ball_won", 1, {"winner": 6}) in six.x.window
    assert [u for u in offered(six) if u["player"] == 7] == []


# ---------------------------------------------------------------- HX-E.5 counter


def test_HX_E_5_a_counter_after_a_tied_interception():
    s, _ = play(_interception_by_the_sevens("counter"), "skip")
    s, _ = play(s, "ch7")
    assert s.x.counter == 1
    s, events = play(s, "ctr R")
    assert event(events, "counter").data == {"player": 7, "from": "d3", "to": "d2"}


# ---------------------------------------------------------------- HX-E.4 captain


def _fouler_tie() -> State:
    """A foul after a short pass where two defenders tie for the lowest number in the ball's
    line: red 6 (6/7, the captain, a3) and red 7 (d3) both count as no. 7 (HX-N.3). Blue 6
    (b3) with blue 9 beside him (c3): 7 + 1 against 7 + 1."""
    red = lineup({6: "holding_midfielder-6-7"}, colour="red")
    s = xnew(lineup(), red, match_events=["captain"])
    s = arrange(s, {"a3": "R6", "d3": "R7", "c3": "B9"}, cards=("S1l", "S1r"))
    s = arrange(s, {}, phase="defender_move", ball="b3", attacker=0)
    s, events = play(s, "skip")
    assert event(events, "lowest_number_tie").data == {"decides": "fouler", "players": [6, 7]}
    assert "yellow_card" not in kinds(events) and s.x.protest == -1
    return s


def test_HX_E_4_the_captain_may_protest_after_the_fouler_was_chosen():
    for fouler in (6, 7):
        s, events = play(_fouler_tie(), f"ch{fouler}")
        assert event(events, "yellow_card").data == {"player": fouler}
        assert s.phase == P.FK_DEFENDER_MOVE and s.x.protest == 1
        assert [a["side"] for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "protest"]
        s, events = play(s, "pr R D2l")
        assert event(events, "protest_upheld").data == {"captain": 6}
        assert s.yellow == (False, False)


# ---------------------------------------------------------------- HX-S style-card runs


def test_HX_S_2_a_tied_pass_that_completes_a_run_earns_the_card_when_it_is_played():
    """Tactical: three short passes in a row. The third goes to tied players; the pass itself
    counts, with the action that made it, before anyone is chosen."""
    s, events = play(_pass_to_the_eights(streak=(("short_pass", "short_pass"), ())), "skip")
    assert event(events, "style_card_earned").data == {"style": "tactical", "style_found": False}
    assert s.x.style_fresh == (1, 0) and s.x.streak == ((), ())
    s, events = play(s, "ch10")
    assert "style_card_earned" not in kinds(events) and s.x.style_fresh == (1, 0)


def test_HX_S_6_a_chance_after_a_tied_pass_ends_the_runs():
    """A short pass into red's final line, where blue 8 and blue 10 tie: the scoring
    opportunity that follows the choice ends both runs, as it does without a tie."""
    s = xnew(lineup(EIGHTS, style="tactical"))
    s = s._replace(x=s.x._replace(streak=(("short_pass",), ())))
    s = arrange(
        s,
        {"b5": "B6", "a6": "B10", "b6": "B8"},
        cards=("S4l", "S1l"),
        phase="defender_move",
        ball="b5",
    )
    s, events = play(s, "skip")
    assert event(events, "lowest_number_tie").data["players"] == [8, 10]
    assert s.x.streak == (("short_pass", "short_pass"), ())
    s, events = play(s, "ch8")
    assert "scoring_opportunity" in kinds(events) and s.phase == P.SO_PLAY_CARDS
    assert s.x.streak == ((), ())


def test_HX_S_13_a_goal_kick_tie_that_ends_the_half_refills_the_style_cards():
    """Both decks have run out; blue's long-ball goal kick reaches line 3, where blue 6 (6/7)
    and blue 7 tie: the half ends with the choice, and the spent card comes back."""
    s = xnew(lineup({6: "central_midfielder-6-7"}, style="technical"))
    s = s._replace(
        phase=P.GK_CARD,
        attacker=0,
        ball=-1,
        cards=(None, None),
        moved=-1,
        decks=tuple(d._replace(ran_out=True) for d in s.decks),
    )
    s = s._replace(x=s.x._replace(style_spent=(("technical-1",), ())))
    s, events = play(s, "gk L1l")
    assert event(events, "lowest_number_tie").data == {"decides": "goal_kick", "players": [6, 7]}
    assert s.half == 1
    s, events = play(s, "ch7")
    assert "half_ended" in kinds(events) and s.half == 2
    assert event(events, "style_cards_refilled").data == {"cards": 1}
    assert s.x.style_spent == ((), ()) and s.x.style_hand == (1, 0)
    # the kick-off of the new half is in the window, as after a goal kick without a tie
    assert any(w[0] == "kick_off" for w in s.x.window)


# ---------------------------------------------------------------- HX-E.2 corners


def _corner_to_a_tie() -> tuple[State, list]:
    """Blue 6's long shot (power 6) is saved by one football; blue 2 (a6) and blue 3 (2/3, b6)
    tie for the lowest number on red's final line."""
    s = xnew(lineup({3: "overlapping_full_back-2-3"}), match_events=["long_shot", "corners"])
    s = arrange(
        s,
        {"b4": "B6", "a6": "B2", "b6": "B3"},
        cards=("S3l", "S1l"),
        phase="attacker_move",
        ball="b4",
    )
    s, _ = play(s, "shot S3 R1")
    return play(s, "draw S4l S3l")  # 7 = 6 + 1


def test_HX_E_2_a_corner_to_tied_players_names_no_taker_until_the_choice():
    s, events = _corner_to_a_tie()
    assert event(events, "corner").data == {"taker": None, "at": None}
    assert kinds(events)[-2:] == ["corner", "lowest_number_tie"]
    tie = event(events, "lowest_number_tie")
    assert tie.side == 0 and tie.data == {"decides": "corner", "players": [2, 3]}
    assert choose_offered(s) == [{"type": "choose", "decides": "corner", "players": [2, 3]}]
    assert through_json(s) == s
    s, events = play(through_json(s), "ch3")
    assert kinds(events) == ["tie_decided", "scoring_opportunity"]
    assert event(events, "tie_decided").data == {"decides": "corner", "player": 3, "at": "b6"}
    assert ball_at(s) == "b6:B3" and s.phase == P.SO_PLAY_CARDS and s.attacker == 0


# ---------------------------------------------------------------- HX-N.4 goal kick tie events


def test_HX_N_4_goal_kick_tie_event_and_no_receiver_named_before_the_choice():
    """Blue's dribbling goal kick reaches line 1, where blue 2 and blue 3 (2/3) tie."""
    s = goal_kick(xnew(lineup({3: "overlapping_full_back-2-3"})))
    s, events = play(s, "gk D1l")
    kick = event(events, "goal_kick").data
    assert (kick["line"], kick["receiver"], kick["receiver_side"], kick["to"]) == (1, None, 0, None)
    assert kinds(events)[-1] == "lowest_number_tie"
    tie = event(events, "lowest_number_tie")
    assert tie.side == 0 and tie.data == {"decides": "goal_kick", "players": [2, 3]}
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "goal_kick", "players": [2, 3]}
    ]
    assert through_json(s) == s
    s, events = play(through_json(s), "ch3")
    assert event(events, "tie_decided").data == {"decides": "goal_kick", "player": 3, "at": "d1"}
    assert ball_at(s) == "d1:B3" and s.attacker == 0 and s.phase == P.PLAY_CARDS


def test_HX_N_4_goal_kick_without_a_tie_names_the_receiver():
    s = goal_kick(xnew(lineup()))
    s, events = play(s, "gk D1l")
    kick = event(events, "goal_kick").data
    assert (kick["receiver"], kick["receiver_side"], kick["to"]) == (2, 0, "a1")
    assert "lowest_number_tie" not in kinds(events) and s.x.choice is None
