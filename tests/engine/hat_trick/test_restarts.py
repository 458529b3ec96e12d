"""HT-7 (goal kick), HT-8 (halves, temporary deck, extra time, shootout), game over."""

from matches.engine.hat_trick.pitch import EMPTY, parse_field
from matches.engine.hat_trick.state import Deck

from .states import arrange, at, ball_at, decks_ran_out, event, kinds, new, play, rejects
from .test_fouls_and_chances import _ready, chance


def _goal_kick():
    s, _ = play(_ready(), "shot D2 R1", "draw S4l S2l")
    assert s.phase == "goal_kick_attacker_move"
    return s


def test_HT_7_1_goal_kick_moves_any_edge_and_not_the_player_just_moved():
    s = _goal_kick()
    s, _ = play(s, "7b")  # red 7 (right edge) b4 -> b5 regardless of any card
    rejects(
        s, "8f", "cannot_move_just_moved", "HT-7.1"
    )  # blue 8, now on b4, may not push red 7 back
    s, _ = play(s, "skip")
    assert s.phase == "goal_kick"


def test_HT_7_2_goal_kick_card_sends_the_ball_to_line_1_2_or_3():
    s, _ = play(_goal_kick(), "skip", "skip")
    for card, expected in (("D1l", "d6:R2"), ("S1l", "d5:R5"), ("L1l", "c4:R6")):
        s2, ev = play(s, f"gk {card}")
        assert ball_at(s2) == expected
        assert event(ev, "goal_kick").data["line"] == {"D": 1, "S": 2, "L": 3}[card[0]]
    s2, _ = play(s, "gk S1l")
    assert s2.decks[1].hand == 3


def test_HT_7_3_equal_lowest_numbers_go_to_the_defending_team():
    s = arrange(_goal_kick(), {"a6": "B2"})
    s, _ = play(s, "skip", "skip")
    s, ev = play(s, "gk D1l")  # line 6: B2, B9, R4, R2 -> both no. 2: blue (not kicking) gets it
    assert event(ev, "goal_kick").data["receiver_side"] == 0 and ball_at(s) == "a6:B2"


def test_HT_8_1_half_ends_when_both_decks_have_run_out():
    s = decks_ran_out(arrange(new(), {}, cards=("S1l", "S4r"), phase="defender_move"))
    s, ev = play(s, "skip")
    assert "half_ended" in kinds(ev) and s.half == 2


def test_HT_8_1_temporary_deck_from_the_discard_pile():
    s = new()
    d = s.decks[0]
    discard = tuple(1 if i < 5 else 0 for i in range(len(d.unseen)))
    unseen = tuple(u - x for u, x in zip(d.unseen, discard, strict=True))
    low = Deck(0, 3, tuple(min(u, 1) if i < 3 else 0 for i, u in enumerate(unseen)), discard, True)
    s = s._replace(decks=(low, s.decks[1]))
    s, ev = play(s, "S1l/S1l")
    assert "temporary_deck" in kinds(ev)
    assert s.decks[0].pile == 6 - 1 and s.decks[0].hand == 3


def test_HT_8_2_no_half_end_while_the_ball_is_in_the_final_two_lines():
    s = decks_ran_out(
        arrange(new(), {"b5": "B6"}, cards=("S1l", "S4r"), ball="b5", phase="defender_move")
    )
    s, ev = play(s, "skip")
    assert "half_ended" not in kinds(ev) and s.half == 1


def test_HT_8_3_second_half_kicked_off_by_the_other_team():
    s = decks_ran_out(arrange(new(), {}, cards=("S1l", "S4r"), phase="defender_move"))
    s, ev = play(s, "skip")
    assert event(ev, "kick_off").side == 1 and ball_at(s) == "c4:R6"
    assert s.grid == new().grid and not any(d.ran_out for d in s.decks)


def _end_second_half(**options):
    s = new(**options)
    s = decks_ran_out(arrange(s, {}, cards=("S1l", "S4r"), phase="defender_move", half=2))
    return play(s, "skip")


def test_HT_8_draw_ends_the_match_without_options():
    s, ev = _end_second_half()
    assert s.phase == "match_over" and event(ev, "match_ended").data["winners"] == []
    rejects(s, "S1l/S1l", "game_over")


def test_HT_8_4_extra_time_kick_off_drawn_at_random():
    s, _ = _end_second_half(extra_time=True)
    assert s.phase == "extra_time_kickoff"
    s, ev = play(s, "ko 1")
    assert s.half == 3 and ball_at(s) == "c4:R6"


def test_HT_8_5_penalty_shootout_five_each_then_sudden_death():
    s, ev = _end_second_half(penalty_shootout=True)
    assert s.phase == "shootout" and s.half == 4 and s.attacker == 0
    rejects(s, "shot S2 R1", "card_missing", "HT-8.5")
    for card in ("S4l", "S4r", "S3l", "S3r", "S2l"):
        s, _ = play(s, f"shot S2 R1 {card}", "draw")  # blue scores (keeper stops at once)
        s, _ = play(s, f"shot S2 B1 {card}", "draw")  # red scores too
    assert s.phase == "shootout" and s.shootout == (5, 5, 5, 5)
    s, _ = play(s, "shot S2 R1 S2r", "draw")
    s, ev = play(s, "shot S2 B2 S2r", "draw D4l D4r")  # centre vs centre: 2 cards
    assert s.phase == "match_over"
    assert event(ev, "match_ended").data["winners"] == [0]
    assert event(ev, "match_ended").data["termination"] == "penalty_shootout"


def test_chance_in_half_cannot_end_the_half():
    s = decks_ran_out(chance())
    s, _ = play(s, "D3r/S1l", "skip", "skip", "refuse")
    assert s.half == 1


def test_HT_0_5_after_the_end_every_action_is_refused_with_game_over():
    s, _ = _end_second_half()
    for action in ("S1l/S1l", "skip", "gk D1l", "5f"):
        rejects(s, action, "game_over", "HT-0.5")
    playing, _ = play(new(), "S1l/S1l")  # the same first action is fine while the match runs
    assert playing.phase == "attacker_move"


def test_HT_0_3_interpretation_a_sent_off_no_6_kick_off_goes_to_his_line_then_the_team():
    first = decks_ran_out(arrange(new(), {}, cards=("S1l", "S4r"), phase="defender_move"))
    s, ev = play(first, "skip")  # red kicks off the second half with no. 6 on c4
    assert event(ev, "kick_off").data["player"] == 6 and ball_at(s) == "c4:R6"
    # red no. 6 was sent off: the lowest-numbered team-mate in his kick-off line (4: R7, R6)
    s, ev = play(first._replace(sent_off=((), (6,))), "skip")
    assert event(ev, "kick_off").data["player"] == 7 and ball_at(s) == "b4:R7"
    assert at(s, "c4") == ""
    # no team-mate left in that line either: the lowest-numbered team-mate anywhere
    s, ev = play(first._replace(sent_off=((), (6, 7))), "skip")
    assert event(ev, "kick_off").data["player"] == 2 and ball_at(s) == "d6:R2"


def test_HT_7_2_interpretation_an_empty_line_passes_the_goal_kick_on_to_the_next_line():
    s, _ = play(_goal_kick(), "skip", "skip")
    short, _ = play(s, "gk S1l")  # line 2 from red's goal
    # the dribbling card's line 1 (line 6 of the pitch) is empty: the ball goes on to line 2
    grid = list(s.grid)
    for f in ("a6", "b6", "c6", "d6"):
        grid[parse_field(f)] = EMPTY
    s = s._replace(grid=tuple(grid))
    s2, ev = play(s, "gk D1l")
    kick = event(ev, "goal_kick")
    assert kick.data["line"] == 1 and ball_at(s2) == ball_at(short)
    assert kick.data["to"][1] == "5"
