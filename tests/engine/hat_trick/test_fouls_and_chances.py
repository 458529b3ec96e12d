"""HT-4 (fouls, cards, free kicks, penalties), HT-5 (scoring opportunity), HT-6 (shooting)."""

from matches.engine.hat_trick import ENGINE

from .states import arrange, at, ball_at, event, kinds, new, play, rejects


def _foul_short_pass(state=None):
    s = arrange(
        state or new(),
        {"a3": "B9", "b3": "R4", "c3": "", "d3": ""},
        cards=("S2l", "S2r"),
        ball="a3",
        attacker=0,
        phase="defender_move",
    )
    return play(s, "skip")


def test_HT_4_1_foul_completes_the_action_as_if_the_attacker_won():
    s, ev = _foul_short_pass()
    assert "pass_completed" in kinds(ev) and event(ev, "pass_completed").data["foul"] is True


def test_HT_4_2_yellow_then_red_and_the_yellow_goes_back():
    s, ev = _foul_short_pass()
    assert event(ev, "yellow_card").data == {"player": 4} and s.yellow == (False, True)
    s2, ev2 = _foul_short_pass(s._replace(phase="play_cards"))
    assert event(ev2, "red_card").data["player"] == 4
    assert s2.yellow == (False, False) and s2.sent_off == ((), (4,))
    assert 104 not in s2.grid and s2.grid.count(0) == 5


def test_HT_4_3_fouler_long_ball_is_lowest_defender_in_destination_line():
    # destination line 4: blue 9 (attack 4) against red 7 and 9 (defence 3 + 1): 6 = 6, equal cards
    s = arrange(
        new(),
        {"a2": "B6", "a4": "B9", "b4": "R7", "c4": "R9"},
        cards=("L2l", "L2r"),
        ball="a2",
        attacker=0,
        phase="long_ball_line",
    )
    s, ev = play(s, "lb2")
    assert event(ev, "foul").data["fouler"] == 7


def test_HT_4_3_fouler_dribbling_is_the_defender_involved():
    # blue 8 (attack 3) + 2 against red 3 (defence 3) + 2, equal cards
    s = arrange(
        new(),
        {"b3": "B8", "b4": "R3"},
        cards=("D2l", "D2r"),
        ball="b3",
        attacker=0,
        phase="defender_move",
    )
    s, ev = play(s, "skip")
    assert event(ev, "foul").data["fouler"] == 3
    assert ball_at(s) == "b4:B8" and at(s, "b3") == "R3"


def test_HT_4_4_free_kick_moves_defender_first_any_edge_no_holder_no_just_moved():
    s = new()._replace(phase="free_kick_defender_move")
    rejects(
        s, "7f", "defender_moves_ball_holder", "HT-4.4"
    )  # red 7 on b4 forward = b3, the ball holder
    s, _ = play(s, "7b")  # red 7 (right edge, no card needed) b4 -> b5, blue 8 to b4
    assert s.phase == "free_kick_attacker_move"
    rejects(s, "8f", "cannot_move_just_moved", "HT-4.4")
    s, _ = play(s, "10b")
    assert s.phase == "free_kick_choice"


def test_HT_4_5_free_kick_choice():
    s = new()._replace(phase="free_kick_choice")
    so, ev = play(s, "fk so")
    assert so.phase == "chance_play_cards" and "scoring_opportunity" in kinds(ev)
    on, _ = play(s, "fk play")
    assert on.phase == "play_cards"


def _penalty_state():
    s = arrange(
        new(),
        {"b5": "B8", "b6": "R3"},
        cards=("D2l", "D2r"),
        ball="b5",
        attacker=0,
        phase="defender_move",
    )
    s, ev = play(s, "skip")
    assert "penalty" in kinds(ev) and "free_kick" not in kinds(ev)
    assert s.phase == "penalty" and ball_at(s) == "b6:B8"
    return s


def test_HT_4_6_penalty_when_the_foul_stopped_a_move_onto_the_middle_of_the_final_line():
    s = _penalty_state()
    assert ENGINE.legal_actions(s)["actions"][0]["shooting_cards"] == ["D2", "D3", "D4"]


def test_HT_4_7_penalty_keeper_draws_one_card_fewer():
    s = _penalty_state()
    s, ev = play(s, "shot D3 R1")  # corner left, keeper R1 dives left: "+"
    shot = event(ev, "shot")
    assert shot.data["penalty"] is True and shot.data["position"] == "final_line_centre"
    assert shot.data["draws"] == 2 - 1 + 1
    s = _penalty_state()
    s, ev = play(s, "shot D2 R1")  # centre shot vs left dive: no symbol
    assert event(ev, "shot").data["draws"] == 1


# ------------------------------------------------------------------ scoring opportunity


def chance(placement=None, **kw):
    placement = {"b6": "B9", **(placement or {})}
    return arrange(
        new(), placement, ball=kw.pop("ball", "b6"), attacker=0, phase="chance_play_cards", **kw
    )


def test_HT_5_1_no_drawing_in_a_scoring_opportunity():
    s, _ = play(chance(), "D3r/S1l")
    assert [d.hand for d in s.decks] == [2, 2] and s.phase == "chance_attacker_move"


def test_HT_5_2_defender_may_displace_the_ball_holder():
    s, _ = play(chance({"b5": "R7"}), "D3r/S1r", "skip")
    s, ev = play(s, "7b")  # red 7 b5 -> b6, blue 9 with the ball pushed back to b5
    assert ball_at(s) == "b5:B9" and at(s, "b6") == "R7"


def test_HT_5_3_short_pass_to_an_adjacent_team_mate_without_counting():
    s, _ = play(chance(), "S1r/S4l", "skip", "skip")
    assert s.phase == "chance_action"
    legal = ENGINE.legal_actions(s)["actions"]
    assert sorted(legal[0]["receivers"]) == [8, 10, 11]  # a5, b5, c5 around b6
    rejects(s, "p2", "wrong_receiver", "HT-5.3")
    s, ev = play(s, "p11")
    assert event(ev, "pass_completed").data["chance"] is True and s.phase == "chance_shot"


def test_HT_5_4_long_ball_to_any_team_mate_in_the_final_three_lines():
    s, _ = play(chance({"b4": "B7"}), "L3r/S4l", "skip", "skip")
    assert sorted(ENGINE.legal_actions(s)["actions"][0]["receivers"]) == [7, 8, 10, 11]
    s, ev = play(s, "p7")  # b4 is the third-last line: no shot from there
    assert "chance_round_ended" in kinds(ev) and s.phase == "chance_play_cards"


def test_HT_5_5_dribbling_allows_an_immediate_shot():
    s, _ = play(chance(), "D3r/S1l", "skip", "skip")
    assert s.phase == "chance_shot"


def test_HT_5_6_shot_not_possible_outside_the_final_two_lines_or_before_the_action():
    s, _ = play(chance(), "L3r/S4l", "skip", "skip")
    rejects(s, "shot L3 R1", "shot_before_action", "HT-5.6")  # the pass has not been played yet
    rejects(new(), "shot S2 R1", "no_scoring_opportunity", "HT-5.6")
    s = arrange(chance(), {"b4": "B9"}, ball="b4", phase="chance_shot", cards=("D3r", "S1l"))
    rejects(s, "shot D3 R1", "shot_out_of_range", "HT-5.6")


def test_HT_5_7_voluntary_refusal():
    s, _ = play(chance(), "D3r/S1l", "skip", "skip")
    s, ev = play(s, "refuse")
    assert "chance_refused" in kinds(ev) and s.phase == "chance_play_cards"


def test_HT_5_8_running_out_of_cards():
    s = chance()
    for b, r in (("D3r", "S1l"), ("D4r", "S2l"), ("D2r", "S3l")):
        s, ev = play(s, f"{b}/{r}", "skip", "skip", "refuse")
    out = event(ev, "chance_ran_out")
    assert out.data == {"receiver": 2, "receiver_side": 1}  # lowest number in line 6: red no. 2
    assert ball_at(s) == "d6:R2" and s.phase == "play_cards"
    assert [d.hand for d in s.decks] == [3, 3]


# ------------------------------------------------------------------ shooting


def _ready(card="D3r"):
    s, _ = play(chance(), f"{card}/S1l", "skip", "skip")
    return s


def test_HT_6_1_shooting_card_colour_must_match_the_action():
    rejects(_ready(), "shot L3 R1", "wrong_shooting_card", "HT-6.1")
    rejects(_ready(), "shot X9 R1", "unknown_shooting_card", "HT-6.1")


def test_HT_6_2_goalkeeper_card_must_be_the_defenders():
    rejects(_ready(), "shot D3 B1", "wrong_goalkeeper_card", "HT-6.2")
    rejects(_ready(), "shot D3 R1*", "wrong_goalkeeper_card", "HT-6.2")


def test_HT_6_3_shot_worked_numbers_3_plus_3_is_6():
    s, _ = play(chance(), "L3r/S4l", "skip", "skip", "p8")
    s, ev = play(s, "shot L3 R2")
    shot = event(ev, "shot")
    assert (shot.data["card_footballs"], shot.data["modifier"], shot.data["power"]) == (3, 3, 6)
    assert shot.data["shooter"] == 8 and s.phase == "keeper_draw"


def test_HT_6_4_draws_depend_on_the_position_and_no_more_may_be_drawn():
    s, ev = play(_ready(), "shot D2 R1")  # final line centre, no symbol
    assert event(ev, "shot").data["draws"] == 2
    rejects(s, "draw S1l S1l S1l", "too_many_cards", "HT-6.4")
    s2 = arrange(chance(), {"a6": "B9"}, ball="a6")
    s2, _ = play(s2, "D3r/S1l", "skip", "skip")
    s2, ev2 = play(s2, "shot D2 R1")
    assert (
        event(ev2, "shot").data["position"] == "final_line_wing"
        and event(ev2, "shot").data["draws"] == 3
    )


def test_HT_6_5_plus_and_minus_symbols():
    _, ev = play(_ready(), "shot D3 R1")  # left corner, keeper dives left: +
    assert (event(ev, "shot").data["symbol"], event(ev, "shot").data["draws"]) == ("+", 3)
    _, ev = play(_ready(), "shot D3 R3")  # left corner, keeper dives right: -
    assert (event(ev, "shot").data["symbol"], event(ev, "shot").data["draws"]) == ("-", 1)


def test_HT_6_6_keeper_may_stop_drawing():
    s, _ = play(_ready(), "shot D2 R2")
    s, ev = play(s, "draw")
    assert "goal" in kinds(ev)


def test_HT_6_7_save_leads_to_a_goal_kick():
    s, _ = play(_ready(), "shot D2 R1")  # power 3 + 2 = 5
    s, ev = play(s, "draw S4l S2l")
    assert event(ev, "save").data["keeper_total"] == 6
    assert s.phase == "goal_kick_attacker_move" and s.attacker == 1 and s.ball == -1


def test_HT_6_8_parry_to_the_number_closest_to_the_power():
    s, _ = play(_ready(), "shot D3 R2")  # power 6; line 6 holds R3 B9 R4 R2
    s, ev = play(s, "draw S4l S2l")
    p = event(ev, "parry")
    assert (p.data["receiver"], p.data["receiver_side"]) == (4, 1)
    assert s.phase == "play_cards" and s.attacker == 1 and [d.hand for d in s.decks] == [3, 3]
    s, _ = play(_ready("D4r"), "shot D4 R2")  # power 8: blue 9 is closest -> chance again
    s, ev = play(s, "draw S4l S4r")
    assert event(ev, "parry").data["receiver"] == 9 and s.phase == "chance_play_cards"


def test_HT_6_8_parry_tie_goes_to_the_defender():
    s = arrange(chance(), {"c6": "R6", "d6": "B8"})
    s, _ = play(s, "D4r/S1l", "skip", "skip", "shot D3 R2")  # power 7: red 6 and blue 8 both 1 away
    s, ev = play(s, "draw S4l S3l")
    assert (
        event(ev, "parry").data["receiver"] == 6 and event(ev, "parry").data["receiver_side"] == 1
    )


def test_HT_6_9_goal_and_restart_by_the_conceding_team():
    s, _ = play(_ready(), "shot D3 R3")
    s, ev = play(s, "draw S1l")
    goal = event(ev, "goal")
    assert goal.side == 0 and goal.data["scorer"] == 9 and goal.data["score"] == [1, 0]
    assert s.score == (1, 0) and ball_at(s) == "c4:R6" and s.phase == "play_cards"
    assert s.grid == new().grid and [d.hand for d in s.decks] == [3, 3]


def test_HT_6_designers_match_report_4_plus_4_keeper_guessed_the_corner():
    # right corner, keeper dives right (guessed the corner): one card more
    s0, ev = play(_ready("D4r"), "shot D4 R3")
    shot = event(ev, "shot")
    assert (shot.data["power"], shot.data["symbol"], shot.data["draws"]) == (8, "+", 3)
    s1, ev = play(s0, "draw S2l S1l D2r")
    assert event(ev, "goal").data["keeper_total"] == 5


def _free_kick_on_the_final_line():
    """Blue 9 takes a free kick on a6, blue's final line (red 5, 4 and 2 beside him); both
    managers have moved (or not): the attacking manager chooses."""
    s = arrange(new(), {"a6": "B9"}, ball="a6", attacker=0, phase="free_kick_attacker_move")
    s, _ = play(s, "skip")
    return s


def test_HT_4_5_free_kick_on_the_final_line_offers_the_choice():
    """ "regardless of the position on the pitch, the attacking manager can go to SCORING
    OPPORTUNITY 1. If he chooses not to, he can progress with the normal play." """
    s = _free_kick_on_the_final_line()
    legal = ENGINE.legal_actions(s)
    assert (legal["step"], legal["actor"]) == ("free_kick_choice", 0)
    assert legal["actions"] == [{"type": "free_kick", "scoring_opportunity": [True, False]}]
    assert "scoring opportunity" in legal["hint"] and "play on" in legal["hint"]
    so, ev = play(s, "fk so")
    assert so.phase == "chance_play_cards" and "scoring_opportunity" in kinds(ev)
    on, ev = play(s, "fk play")
    assert on.phase == "play_cards" and on.attacker == 0 and ball_at(on) == "a6:B9"
    assert "scoring_opportunity" not in kinds(ev)
    assert ENGINE.legal_actions(on)["actions"][0]["draw"] is True  # a normal turn: both draw


def test_HT_4_5_playing_on_from_the_final_line_the_action_then_leads_to_the_chance():
    """HT-3.2: after the normal turn's action the ball holder still stands on his final line
    (a dribble toward the goal line keeps him there), so the scoring opportunity follows."""
    s, ev = play(_free_kick_on_the_final_line(), "fk play", "D2l/S1r", "skip", "skip")
    assert s.phase == "chance_play_cards" and ball_at(s) == "a6:B9"
    assert kinds(ev)[-1] == "scoring_opportunity"


def test_HT_3B_1_interpretation_a_long_ball_on_the_final_line_stays_in_the_balls_line():
    """Normal play on the final line (after a free kick, HT-4.5): no line lies ahead, so the
    long ball is counted in the ball's own line and goes to the lowest number there; no
    destination step is asked for."""
    s, _ = play(_free_kick_on_the_final_line(), "fk play", "L4l/S1r", "skip")
    assert s.phase == "defender_move"
    s, ev = play(s, "skip")  # no "long_ball_line" step follows
    won = [e for e in ev if e.kind.startswith("long_ball_")]
    assert len(won) == 1 and won[0].data["lines"] == 0
    # blue 9 alone on line 6 (attack + 4) against red 5, 4 and 2 (defence + 1)
    assert won[0].data["attack"] < won[0].data["defence"]
    assert won[0].kind == "long_ball_intercepted" and won[0].data["to"] == "d6"
    assert ball_at(s) == "d6:R2" and s.phase == "play_cards" and s.attacker == 1
