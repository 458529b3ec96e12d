"""HX-E: the five optional match events (our rules), off unless the match names them."""

import pytest

from matches.engine.base import SetupError
from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.pitch import code

from .expansion_states import lineup, with_bench, xnew
from .states import arrange, at, ball_at, event, kinds, play, rejects, through_json

ALL = ["long_shot", "corners", "substitutions", "captain", "counter"]


def offered(s, kind):
    return [a for a in ENGINE.legal_actions(s)["actions"] if a["type"] == kind]


def long_shot_ready(*events):
    """Blue no. 6 holds the ball on b4, the third line before red's goal; short passes revealed."""
    s = xnew(lineup(), match_events=list(events))
    return arrange(s, {"b4": "B6"}, cards=("S3l", "S1l"), phase="attacker_move", ball="b4")


# ---------------------------------------------------------------- HX-E.0 options


def test_HX_E_0_match_events_are_off_by_default_and_named_in_the_options():
    s = long_shot_ready()
    assert s.setup.expansion.events == ()
    assert not offered(s, "shoot")
    rejects(s, "shot S3 R1", "no_scoring_opportunity", "HT-5.6")  # as in every expansion match
    rejects(s, "ctr B", "match_event_off", "HX-E.0")
    rejects(s, "pr R D2l", "match_event_off", "HX-E.0")
    with pytest.raises(SetupError) as info:
        xnew(lineup(), match_events=["offside"])
    assert info.value.rule == "HX-E.0"
    with pytest.raises(SetupError):
        ENGINE.initial_state(
            edition=ENGINE.default_edition(), sides=[{}, {}], options={"match_events": ALL}
        )


# ---------------------------------------------------------------- HX-E.1 long shot


def test_HX_E_1_long_shot_from_the_third_line_draws_as_from_the_second_plus_one():
    s = long_shot_ready("long_shot")
    assert offered(s, "shoot")[0]["long_shot"] is True
    s, events = play(s, "shot S3 R1")
    assert event(events, "long_shot").data == {"shooter": 6, "from": "b4"}
    shot = event(events, "shot").data
    # power 3 + 3; keeper R1 from the second line's centre 3, "+" symbol 1, long shot 1
    assert (shot["power"], shot["draws"], shot["position"]) == (6, 5, "long_shot")
    s, events = play(s, "draw S4l S4r")  # 8 > 6: saved, goal kick
    assert "save" in kinds(events) and s.phase == "goal_kick_attacker_move"


def test_HX_E_1_long_shot_only_from_the_third_line_before_anyone_moves():
    s = long_shot_ready("long_shot")
    rejects(arrange(s, {"b3": "B6"}, ball="b3"), "shot S3 R1", "long_shot_not_possible", "HX-E.1")
    rejects(s._replace(phase="defender_move"), "shot S3 R1", "no_scoring_opportunity", "HT-5.6")
    rejects(s, "shot L3 R1", "wrong_shooting_card", "HT-6.1")


# ---------------------------------------------------------------- HX-E.2 corners


def test_HX_E_2_a_save_by_one_football_is_a_corner():
    s, _ = play(long_shot_ready("long_shot", "corners"), "shot S3 R1")  # power 6
    s, events = play(s, "draw S4l S3l")  # 7 = 6 + 1
    corner = event(events, "corner")
    # no blue player in red's final line: the lowest number in the line before (no. 8 on b5)
    assert corner.data == {"taker": 8, "at": "b5"} and ball_at(s) == "b5:B8"
    assert s.phase == "play_cards" and s.attacker == 0


def test_HX_E_2_a_corner_from_the_final_line_is_a_scoring_opportunity():
    s = arrange(long_shot_ready("long_shot", "corners"), {"a6": "B9"})
    s, _ = play(s, "shot S3 R1")
    s, events = play(s, "draw S4l S3l")
    assert kinds(events)[-2:] == ["corner", "scoring_opportunity"]
    assert ball_at(s) == "a6:B9" and s.phase == "chance_play_cards"


def test_HX_E_2_no_corner_for_a_clear_save_or_without_the_option():
    s, _ = play(long_shot_ready("long_shot", "corners"), "shot S3 R1")
    _, events = play(s, "draw S4l S4r")  # 8: saved by two
    assert "corner" not in kinds(events)
    s, _ = play(long_shot_ready("long_shot"), "shot S3 R1")
    s, events = play(s, "draw S4l S3l")
    assert "corner" not in kinds(events) and s.phase == "goal_kick_attacker_move"


# ---------------------------------------------------------------- HX-E.3 substitutions


def bench_match():
    home = with_bench(lineup(gold=(7,)), {7: "box_to_box-7-8"})
    return xnew(home, match_events=["substitutions"])


def test_HX_E_3_a_bench_card_takes_the_slot_of_the_player_it_replaces():
    s = bench_match()
    assert offered(s, "substitute")[0]["uses"] == [  # a 7/8 card may replace no. 7 or no. 8
        {"type": "substitute", "side": 0, "player": n, "card": "blue:box_to_box-7-8"}
        for n in (7, 8)
    ]
    s, events = play(s, "sub B7 blue:box_to_box-7-8")
    assert event(events, "substitution").data == {
        "player": 7,
        "off": "blue:central_midfielder-7",
        "on": "blue:box_to_box-7-8",
        "count": 1,
    }
    assert s.setup.expansion.by_code[code(0, 7)].role == "box_to_box"
    assert code(0, 7) not in s.x.gold  # comes on silver
    assert s.setup.values[code(0, 7)].attack == s.setup.expansion.by_code[code(0, 7)].silver.attack
    assert not s.setup.expansion.bench and not offered(s, "substitute")
    assert through_json(s) == s


def test_HX_E_3_substitution_rules():
    s = bench_match()
    rejects(s, "sub B6 blue:box_to_box-7-8", "substitution_not_allowed", "HX-E.3")  # no. 6
    rejects(s, "sub B7 blue:stopper-4", "substitution_not_allowed", "HX-E.3")  # not on the bench
    moving = arrange(s, {}, cards=("S2l", "S2l"), phase="attacker_move")
    rejects(moving, "sub B7 blue:box_to_box-7-8", "substitution_not_allowed", "HX-E.3")
    three = s._replace(x=s.x._replace(subs=(3, 0)))
    rejects(three, "sub B7 blue:box_to_box-7-8", "substitution_not_allowed", "HX-E.3")
    gone = arrange(s, {}, sent_off=((7,), ()))
    gone = gone._replace(grid=tuple(0 if p == code(0, 7) else p for p in gone.grid))
    rejects(gone, "sub B7 blue:box_to_box-7-8", "substitution_not_allowed", "HX-E.3")
    rejects(xnew(lineup()), "sub B7 blue:box_to_box-7-8", "match_event_off", "HX-E.0")


# ---------------------------------------------------------------- HX-E.4 captain


def man_marker_foul():
    """Red's man-marker no. 4 fouls blue no. 6 deliberately: red's yellow card."""
    red = lineup({4: "man_marker-4"}, colour="red")
    s = xnew(lineup(), red, match_events=["captain"])
    s = arrange(s, {"a3": "R4"}, cards=("D2l", "D3l"), phase="defender_move", ball="b3")
    s, _ = play(s, {"type": "ability", "side": 1, "player": 4})
    s, events = play(s, "skip")
    assert "yellow_card" in kinds(events) and s.phase == "free_kick_defender_move"
    return s


def test_HX_E_4_the_captain_of_the_booked_team_may_protest_at_once():
    s = man_marker_foul()
    assert s.x.protest == 1 and offered(s, "protest")[0]["side"] == 1
    s, events = play(s, "pr R D2l")  # a dribbling card: the referee takes the yellow back
    assert event(events, "protest_upheld").data == {"captain": 6}
    assert s.yellow == (False, False) and s.x.protest == -1
    rejects(s, "pr R D2l", "protest_not_possible", "HX-E.4")  # once


def test_HX_E_4_a_rejected_protest_sends_the_captain_off():
    s, events = play(man_marker_foul(), "pr R S2l")
    assert "protest_rejected" in kinds(events)
    assert event(events, "red_card").data == {"player": 6, "second_yellow": True, "dissent": True}
    assert code(1, 6) not in s.grid and s.sent_off == ((), (6,)) and s.yellow == (False, False)


def test_HX_E_4_no_protest_for_the_other_team_or_later():
    s = man_marker_foul()
    rejects(s, "pr B D2l", "protest_not_possible", "HX-E.4")
    s, _ = play(s, "skip")  # the free kick goes on: the moment has passed
    rejects(s, "pr R D2l", "protest_not_possible", "HX-E.4")


# ---------------------------------------------------------------- HX-E.5 counter


def test_HX_E_5_the_team_that_wins_the_ball_may_counter_at_once():
    s = xnew(lineup(), lineup(team_card="ITA", colour="red"), match_events=["counter"])
    s, _ = play(s, "D1l/D1l", "skip", "skip")  # blue no. 7's dribble is lost to red no. 6 on c4
    assert s.x.counter == 1 and not offered(s, "counter")  # blue no. 7 stands in front
    s = arrange(s, {"c3": ""})  # room in front of red no. 6
    assert offered(s, "counter") == [{"type": "counter", "side": 1}]
    s, events = play(s, "ctr R")
    assert event(events, "counter").data == {"player": 6, "from": "c4", "to": "c3"}
    assert at(s, "c3") == "R6" and ball_at(s) == "c3:R6"
    rejects(s, "ctr R", "counter_not_possible", "HX-E.5")  # once


def test_HX_E_5_no_counter_into_an_opponent_or_after_the_next_cards():
    s = xnew(lineup(), lineup(team_card="ITA", colour="red"), match_events=["counter"])
    s, _ = play(s, "D1l/D1l", "skip", "skip")
    rejects(s, "ctr R", "counter_not_possible", "HX-E.5")  # blue no. 7 is on c3
    s = arrange(s, {"c3": ""})
    rejects(s, "ctr B", "counter_not_possible", "HX-E.5")
    later, _ = play(s, "S2l/S2l")
    rejects(later, "ctr R", "counter_not_possible", "HX-E.5")


def test_HT_4_5_a_substitution_after_playing_on_from_the_final_line_starts_no_chance():
    """HX-E.3 between rounds: blue chose to play on from a free kick on his final line (HT-4.5);
    bringing a bench card on moves no ball, so the choice stands and no scoring opportunity is
    forced on him."""
    s = arrange(bench_match(), {"a6": "B9"}, ball="a6", attacker=0)
    s = arrange(s, {}, phase="free_kick_attacker_move")
    s, _ = play(s, "skip", "fk play")
    assert s.phase == "play_cards"
    s, events = play(s, "sub B7 blue:box_to_box-7-8")
    assert "substitution" in kinds(events) and "scoring_opportunity" not in kinds(events)
    assert s.phase == "play_cards" and s.attacker == 0 and ball_at(s) == "a6:B9"
