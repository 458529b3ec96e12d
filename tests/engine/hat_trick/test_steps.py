"""HT-1 (play a card), HT-2 (moving), HT-3 (short pass, long ball, dribbling) and the walkthrough."""

from matches.engine.hat_trick.cards import card_from_code

from .states import arrange, at, ball_at, event, kinds, new, play, rejects


def test_HT_1_1_both_play_a_card_and_it_is_revealed():
    s, ev = play(new(), "S2l/L3r")
    assert [e.kind for e in ev if e.kind == "card_revealed"] == ["card_revealed"] * 2
    assert s.cards == (card_from_code("S2l"), card_from_code("L3r"))
    assert s.phase == "attacker_move"


def test_HT_1_2_both_draw_back_to_three():
    s, _ = play(new(), "S2l/L3r")
    assert [(d.hand, d.pile) for d in s.decks] == [(3, 28), (3, 28)]


def test_HT_1_4_a_ninth_long_ball_in_one_deck_cycle_is_rejected():
    s = new()
    blue = ["L1l", "L1r", "L2l", "L2r", "L3l", "L3r", "L4l", "L4r"]
    red = ["S1l", "S1r", "S2l", "S2r", "S3l", "S3r", "S4l", "S4r"]
    for b, r in zip(blue, red, strict=True):
        s, _ = play(s, f"{b}/{r}")
        s = s._replace(phase="play_cards", cards=(None, None))
    err = rejects(s, "L4r/S1l", "card_not_available", "HT-1.4")
    assert err.details["side"] == 0
    play(s, "S1l/S1l")  # a short pass is still possible


def test_HT_1_4_card_not_in_the_edition_is_rejected():
    rejects(new(), "S9l/S1l", "card_not_in_edition", "HT-1.4")


def test_HT_E_1_wrong_step():
    rejects(new(), "5f", "wrong_step", "HT-E.1")


# ------------------------------------------------------------------ walkthrough


def test_HT_2_publishers_walkthrough_replays_on_the_reference_layout():
    s = new(kickoff=1)
    # blue (side 0) plays a left card for its no. 6, red a right card for its no. 5
    s, _ = play(s, "S2l/S3r")
    s, ev = play(s, "5f")  # red no. 5 forward, swaps with blue no. 8
    moved = event(ev, "player_moved")
    assert moved.side == 1 and moved.data["player"] == 5
    assert moved.data["swapped_with"] == {"side": 0, "player": 8}
    assert at(s, "b5") == "R5" and at(s, "b6") == "B8"
    sideways = event(ev, "ball_passed_sideways")
    assert sideways.data["passer"] == 6 and sideways.data["receiver"] == 7
    assert ball_at(s) == "b4:R7"
    rejects(s, "6f", "defender_moves_ball_holder", "HT-2.8")  # R7 holds the ball
    s, ev = play(s, "6b")  # blue no. 6 backward, swapping with red no. 11
    assert at(s, "b2") == "B6" and at(s, "b3") == "R11"


# ------------------------------------------------------------------ step 2


def _moving(**kw):
    return play(new(), "S2l/S3r")[0]


def test_HT_2_1_wrong_edge():
    s = _moving()  # blue played a left card; no. 7 has his footballs on the right
    rejects(s, "7f", "wrong_edge", "HT-2.1")


def test_HT_2_2_sideways_move():
    rejects(_moving(), "2r", "sideways_move", "HT-2.2")


def test_HT_2_2_cannot_leave_the_pitch():
    rejects(_moving(), "2b", "off_pitch", "HT-2.2")


def test_HT_2_3_moving_onto_an_empty_field_and_swapping():
    s, ev = play(new(), "S2r/S3r", "10b")  # a5 -> a4, an empty field
    assert at(s, "a4") == "B10" and at(s, "a5") == ""
    assert event(ev, "player_moved").data["swapped_with"] is None


def test_HT_2_4_cannot_move_ball_holder():
    rejects(_moving(), "6f", "cannot_move_ball_holder", "HT-2.4")


def test_HT_2_4_cannot_push_own_ball_holder():
    s = arrange(_moving(), {"b2": "B2"})  # blue 2 (left edge) right behind the holder on b3
    rejects(s, "2f", "cannot_move_ball_holder", "HT-2.4")


def test_HT_2_5_forced_sideways_pass_to_nearest_team_mate():
    s, ev = play(_moving(), "skip")
    assert event(ev, "ball_passed_sideways").data == {
        "passer": 6,
        "receiver": 7,
        "from": "b3",
        "to": "c3",
    }
    assert s.phase == "defender_move"


def test_HT_2_6_equal_distance_the_manager_chooses():
    s = arrange(_moving(), {"a3": "B2"})  # team-mates on a3 and c3, both one field from b3
    s, _ = play(s, "skip")
    assert s.phase == "sideways_pass"
    rejects(s, "sw9", "wrong_receiver", "HT-2.6")
    s, ev = play(s, "sw2")
    assert ball_at(s) == "a3:B2" and s.phase == "defender_move"


def test_HT_2_7_no_team_mate_in_the_line_ball_stays():
    s = arrange(_moving(), {"a4": "B7"})
    assert [at(s, f"{c}3") for c in "abcd"] == ["", "B6", "", ""]
    s, ev = play(s, "skip")
    assert "ball_passed_sideways" not in kinds(ev)
    assert ball_at(s) == "b3:B6"


def test_HT_2_8_defender_moves_with_his_card_edge_and_not_the_holder():
    s, _ = play(new(), "S2l/S3l", "skip")  # ball now with B7 on c3; red played a left card
    rejects(s, "6f", "defender_moves_ball_holder", "HT-2.8")  # red 6 on c4 forward = c3
    rejects(s, "7f", "wrong_edge", "HT-2.1")  # red 7 has his footballs on the right
    s, ev = play(s, "6b")
    assert at(s, "c5") == "R6" and at(s, "c4") == "B11"


def test_HT_2_9_moving_is_optional():
    s, ev = play(_moving(), "skip", "skip")
    assert "move_skipped" in kinds(ev)


# ------------------------------------------------------------------ step 3


def _duel(placement, cards, ball, attacker=0):
    s = arrange(new(), placement, cards=cards, ball=ball, attacker=attacker, phase="defender_move")
    return s


def test_HT_3A_1_short_pass_worked_numbers_9_vs_5():
    s = _duel({"a3": "B9", "b3": "B8", "c3": "R9", "d3": ""}, ("S2l", "S4r"), "a3")
    s, ev = play(s, "skip")
    e = event(ev, "pass_completed")
    assert (e.data["attack"], e.data["defence"]) == (9, 5)
    assert e.side == 0 and e.data["passer"] == 9 and e.data["pass_type"] == "short_pass"


def test_HT_3A_2_completed_pass_goes_to_lowest_number_in_the_next_line():
    s = _duel({"a3": "B9", "b3": "B8", "c3": "R9", "d3": ""}, ("S2l", "S4r"), "a3")
    s, ev = play(s, "skip")
    # line 4 holds R7, R6 and no blue player? a4 C, d4 D empty -> see HT-3A.3 ; put one there
    s2 = _duel(
        {"a3": "B9", "b3": "B8", "c3": "R9", "d3": "", "a4": "B11", "d4": "B10"},
        ("S2l", "S4r"),
        "a3",
    )
    s2, ev2 = play(s2, "skip")
    assert event(ev2, "pass_completed").data["receiver"] == 10
    assert ball_at(s2) == "d4:B10"


def test_HT_3A_3_no_receiver_in_the_next_line_stays_in_line():
    s = _duel({"a3": "B9", "b3": "B8", "c3": "R9", "d3": ""}, ("S2l", "S4r"), "a3")
    s, ev = play(s, "skip")
    assert event(ev, "pass_completed").data["receiver"] == 8  # lowest blue in line 3
    assert ball_at(s) == "b3:B8"


def test_HT_3A_4_intercepted_pass_goes_to_lowest_defender_in_line():
    s = _duel({"a3": "B9", "b3": "R9", "c3": "R4", "d3": ""}, ("S1l", "S4r"), "a3")
    s, ev = play(s, "skip")
    e = event(ev, "pass_intercepted")
    assert e.data["interceptor"] == 4 and ball_at(s) == "c3:R4"
    assert s.attacker == 1


def test_HT_3A_4_interpretation_no_defender_in_the_line_nearest_line_toward_their_goal():
    # blue no. 6 alone in line 3 (no. 7 moved up to a4): no red player in the ball's line
    placement = {"a4": "B7"}
    completed = _duel(placement, ("S4l", "S1r"), "b3")
    s, ev = play(completed, "skip")
    assert event(ev, "pass_completed").data["receiver"] == 7 and ball_at(s) == "a4:B7"
    # intercepted: lines 2 (R8, ...) and 4 (R6, R7) are equally near; line 4 lies toward red's goal
    s, ev = play(_duel(placement, ("S1l", "S4r"), "b3"), "skip")
    e = event(ev, "pass_intercepted")
    assert e.data["defence"] == 4 and e.data["interceptor"] == 6 and ball_at(s) == "c4:R6"
    assert s.attacker == 1
    # with line 4 cleared of red players the nearest line holding one is line 2
    s, ev = play(_duel({**placement, "b4": "B10", "c4": "B11"}, ("S1l", "S4r"), "b3"), "skip")
    assert event(ev, "pass_intercepted").data["interceptor"] == 8 and ball_at(s) == "c2:R8"


def test_HT_3_1_tie_won_by_the_stronger_action_card():
    # attack 4 + 1 = 5 vs defence 1 + 4 = 5 -> red's card is stronger: intercepted
    s = _duel({"a3": "B9", "b3": "R9", "c3": "", "d3": ""}, ("S1l", "S4r"), "a3")
    s, ev = play(s, "skip")
    assert "pass_intercepted" in kinds(ev)


def test_HT_3_1_full_tie_is_a_foul():
    # attack 4 + 2 = 6 vs defence 4 + 2 = 6, equal cards: red no. 4 fouls, the pass is completed
    s = _duel({"a3": "B9", "b3": "R4", "c3": "", "d3": ""}, ("S2l", "S2r"), "a3")
    s, ev = play(s, "skip")
    assert kinds(ev)[1:3] == ["pass_completed", "foul"]
    assert event(ev, "foul").data["fouler"] == 4


def test_HT_3B_1_long_ball_lines_must_be_1_to_3_and_on_the_pitch():
    s = _duel({}, ("L4l", "L4r"), "b3")
    s, _ = play(s, "skip")
    assert s.phase == "long_ball_line"
    rejects(s, "lb4", "illegal_long_ball_line", "HT-3B.1")
    s2 = arrange(s, {"b5": "B6"}, ball="b5")
    rejects(s2, "lb2", "illegal_long_ball_line", "HT-3B.1")


def test_HT_3B_2_destination_line_must_hold_a_team_mate():
    s = _duel({}, ("L4l", "L4r"), "b3")
    s, _ = play(s, "skip")  # line 4 holds no blue player, line 5 does
    rejects(s, "lb1", "illegal_long_ball_line", "HT-3B.2")
    from matches.engine.hat_trick import ENGINE

    assert ENGINE.legal_actions(s)["actions"] == [{"type": "long_ball", "lines": [2]}]


def test_HT_3B_2_interpretation_no_team_mate_ahead_any_line_allowed():
    s = _duel(
        {"a5": "R10", "b5": "R11", "c5": "R8", "d5": "R9", "a4": "", "d4": ""}, ("L4l", "L4r"), "b3"
    )
    # blue 10/8/11/9 moved into line 2; lines 4-6 hold no blue player
    s, _ = play(s, "skip")
    from matches.engine.hat_trick import ENGINE

    assert ENGINE.legal_actions(s)["actions"][0]["lines"] == [1, 2, 3]


def test_HT_3B_3_long_ball_worked_numbers_11_vs_7_over_two_lines():
    s = _duel({"a2": "B6", "a4": "B9", "b4": "B8", "d4": ""}, ("L4l", "L4r"), "a2")
    s, _ = play(s, "skip")
    s, ev = play(s, "lb2")
    e = event(ev, "long_ball_completed")
    assert (e.data["attack"], e.data["defence"], e.data["lines"]) == (11, 7, 2)
    assert e.data["receiver"] == 8 and ball_at(s) == "b4:B8"


def test_HT_3B_4_intercepted_long_ball_to_lowest_defender_in_destination_line():
    s = _duel({"a2": "B6", "a4": "B10", "b4": "R4", "d4": ""}, ("L1l", "L4r"), "a2")
    s, _ = play(s, "skip")
    s, ev = play(s, "lb2")
    e = event(ev, "long_ball_intercepted")
    assert e.data["interceptor"] == 4 and s.attacker == 1


def test_HT_3B_4_interpretation_no_defender_in_destination_line():
    # line 4 holds only blue no. 4; red wins with its card; nobody red in line 4
    s = _duel({"a2": "B6", "a4": "B4", "b4": "", "c4": ""}, ("L1l", "L4r"), "a2")
    assert [at(s, f"{c}4") for c in "abcd"] == ["B4", "", "", ""]
    s, _ = play(s, "skip")
    s, ev = play(s, "lb2")
    e = event(ev, "long_ball_intercepted")
    assert e.data["interceptor"] == 8 and ball_at(s) == "c2:R8"  # lowest red in the ball's line


def test_HT_3C_1_dribbling_worked_numbers_4_vs_7():
    s = _duel({"b6": "R3"}, ("D1l", "S4r"), "b5")
    s, ev = play(s, "skip")
    e = event(ev, "dribble_lost")
    assert (e.data["attack"], e.data["defence"]) == (4, 7)
    assert e.data["dribbler"] == 8 and e.data["defender"] == 3
    assert ball_at(s) == "b6:R3" and at(s, "b5") == "B8"


def test_HT_3C_1_won_dribble_swaps_places():
    s = _duel({"b4": "R9"}, ("D4l", "S1r"), "b3")
    s, ev = play(s, "skip")
    e = event(ev, "dribble_won")
    assert (e.data["dribbler"], e.data["defender"], e.data["attack"], e.data["defence"]) == (
        6,
        9,
        6,
        2,
    )
    assert ball_at(s) == "b4:B6" and at(s, "b3") == "R9"


def test_HT_3C_2_team_mate_in_front_gets_the_ball():
    s = _duel({"b4": "B10", "c3": ""}, ("D1l", "S4r"), "b3")
    s, ev = play(s, "skip")
    e = event(ev, "pass_completed")
    assert e.data["pass_type"] == "dribbling" and e.data["receiver"] == 10


def test_HT_3C_3_empty_field_in_front_wins_automatically():
    s = _duel({"b4": "", "c3": ""}, ("D1l", "D4r"), "b3")
    s, ev = play(s, "skip")
    assert event(ev, "dribble_won").data["defender"] is None
    assert ball_at(s) == "b4:B6" and at(s, "b3") == ""


def test_HT_3_2_reaching_the_final_line_starts_a_scoring_opportunity():
    s = _duel(
        {"b6": ""},
        ("D1l", "D4r"),
        "b5",
    )
    s = arrange(s, {"c5": ""})
    s, ev = play(s, "skip")
    assert ball_at(s) == "b6:B8"
    assert "scoring_opportunity" in kinds(ev) and s.phase == "chance_play_cards"


def test_HT_2_8_interpretation_in_open_play_the_player_just_moved_may_be_pushed_back():
    s, _ = play(new(), "S2r/S3l", "7f")  # blue 7 c3 -> c4, red 6 to c3
    assert at(s, "c4") == "B7" and s.phase == "defender_move"
    s, ev = play(s, "6b")  # red 6 c3 -> c4 swaps blue 7 straight back
    assert at(s, "c4") == "R6" and at(s, "c3") == "B7"


def test_HT_4_1_interpretation_no_defender_to_foul_means_no_foul():
    placement = {
        "a5": "",
        "b5": "",
        "c5": "",
        "d5": "",
        "a2": "B9",
        "b2": "B11",
        "c2": "B8",
        "d2": "B10",
        "a3": "R9",
        "c3": "B7",
        "d3": "R11",
        "a4": "R8",
        "d4": "R10",
    }
    s = arrange(
        new(), placement, cards=("L2l", "L2r"), ball="b3", attacker=0, phase="long_ball_line"
    )
    assert [at(s, f"{c}5") for c in "abcd"] == ["", "", "", ""]
    s, ev = play(s, "lb2")  # 0 + 2 against 0 + 2, equal cards, nobody there to foul
    e = event(ev, "long_ball_completed")
    assert e.data["foul"] is False and "foul" not in kinds(ev)
    assert ball_at(s) == "b3:B6"  # no team-mate ahead: lowest blue in the ball's line
