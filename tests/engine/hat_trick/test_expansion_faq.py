"""HX-N (double numbers), HX-A (the basic ability rules) and the rulebook FAQ answers."""

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.actions import UseAbility
from matches.engine.hat_trick.expansion.numbers import lowest_fields, lowest_number
from matches.engine.hat_trick.pitch import code, parse_field

from .expansion_states import lineup, xnew
from .states import arrange, at, ball_at, event, kinds, play, rejects, through_json


def grid_with(line_players: dict[str, int]) -> tuple[int, ...]:
    grid = [0] * 24
    for name, p in line_players.items():
        grid[parse_field(name)] = p
    return tuple(grid)


def test_HX_N_1_shared_number_counts_as_the_same_number():
    # "2, 2/3 und 4/5 in einer Spielerreihe: 2 und 2/3 tragen beide die niedrigste Nummer"
    numbers = {code(0, 2): (2,), code(0, 3): (2, 3), code(0, 5): (4, 5)}
    grid = grid_with({"a1": code(0, 2), "b1": code(0, 3), "c1": code(0, 5)})
    assert lowest_fields(grid, 0, (0,), numbers) == [parse_field("a1"), parse_field("b1")]


def test_HX_N_1_four_five_and_five_count_as_five_below_six_and_six_seven():
    numbers = {code(0, 4): (4, 5), code(0, 5): (5,), code(0, 6): (6,), code(0, 7): (6, 7)}
    grid = grid_with({"a2": code(0, 4), "b2": code(0, 5), "c2": code(0, 6), "d2": code(0, 7)})
    assert lowest_fields(grid, 1, (0,), numbers) == [parse_field("a2"), parse_field("b2")]


def test_HX_N_1_interpretation_shared_numbers_are_read_pairwise_not_as_a_chain():
    """2/3, 3 and 2/4 in a line: 2/3 and 2/4 share no. 2 and tie as the lowest; no. 3 shares
    only 3 with 2/3 and nothing with 2/4, so he is not tied at 2 (read as a chain, 3 - 2/3 - 2/4
    would have been one group)."""
    numbers = {code(0, 2): (2, 3), code(0, 3): (3,), code(0, 4): (2, 4)}
    grid = grid_with({"a1": code(0, 2), "b1": code(0, 3), "c1": code(0, 4)})
    assert lowest_fields(grid, 0, (0,), numbers) == [parse_field("a1"), parse_field("c1")]


def test_HX_N_1_interpretation_a_goal_kick_reaches_the_lowest_and_who_shares_with_him():
    """HX-N.4 with HX-N.1: blue's short-pass goal kick reaches line 2, which holds blue 6,
    blue 7 (a 6/7 card) and red 7. Blue 6 is lowest; blue 6/7 shares no. 6 with him and ties;
    red 7 shares a number with blue 6/7 only, not with blue 6, so red does not get the ball
    (read as a chain, the three were one group and the tie between the teams went to red)."""
    s = xnew(lineup({7: "holding_midfielder-6-7"}))
    s = arrange(s, {"a2": "B6", "b2": "B7", "c2": "R7", "d2": ""}, attacker=0)
    s = arrange(s, {}, phase="goal_kick", cards=(None, None))._replace(ball=-1)
    s, events = play(s, "gk S2l")
    assert event(events, "goal_kick").data["receiver"] is None
    assert event(events, "lowest_number_tie").data == {"decides": "goal_kick", "players": [6, 7]}
    assert event(events, "lowest_number_tie").side == 0
    s, events = play(s, "ch6")
    assert ball_at(s) == "a2:B6" and s.attacker == 0


def test_HX_N_4_goal_kick_tie_between_teams_goes_to_the_defending_player():
    numbers = {code(0, 5): (5,), code(1, 4): (4, 5)}
    grid = grid_with({"a2": code(0, 5), "b2": code(1, 4)})
    assert lowest_fields(grid, 1, (0, 1), numbers, favoured=0) == [parse_field("a2")]
    assert lowest_fields(grid, 1, (0, 1), numbers, favoured=1) == [parse_field("b2")]


def test_HX_N_5_parry_takes_the_lower_of_two_numbers():
    assert lowest_number(code(0, 4), {code(0, 4): (4, 5)}) == 4


def test_HX_N_2_tied_receivers_wait_for_the_managers_choice():
    # blue 2 (full-back no. 2) and 3 (overlapping full-back 2/3) share no. 2; line 2 holds no
    # blue player, so blue no. 4's completed pass goes to the lowest number of his own line
    s = xnew(lineup({3: "overlapping_full_back-2-3"}))
    s = arrange(s, {"a1": "B2", "b1": "B3", "c1": "B4", "d1": "B5"})
    s = arrange(s, {"a2": "", "b2": "", "c2": "", "d2": ""})
    s = arrange(s, {}, cards=("S2l", "S1l"), phase="defender_move", attacker=0, ball="c1")
    s, events = play(s, "skip")  # no red player in line 1: the pass is completed
    assert event(events, "pass_completed").data["passer"] == 4
    assert event(events, "lowest_number_tie").data == {"decides": "receiver", "players": [2, 3]}
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "receiver", "players": [2, 3]}
    ]
    rejects(s, "skip", "choose_tied_player", "HX-N.2")
    rejects(s, "ch9", "not_a_tied_player", "HX-N.2")
    s, events = play(s, "ch3")
    assert event(events, "tie_decided").data == {"decides": "receiver", "player": 3, "at": "b1"}
    assert ball_at(s) == "b1:B3" and s.phase == "play_cards"
    rejects(xnew(lineup()), "ch2", "no_tie", "HX-N.2")


def _short_pass_foul_between_sevens(red_booked: bool = False):
    """Blue 6 (b3) passes short with blue 9 beside him (c3) against red 6 (6/7, a3) and red 7
    (d3): 7 + 1 against 7 + 1, a full tie, so the defender with the lowest number in the ball's
    line fouls, and red 6/7 and red 7 both count as no. 7."""
    red = lineup({6: "holding_midfielder-6-7"}, colour="red")
    s = arrange(xnew(lineup(), red), {"a3": "R6", "d3": "R7", "c3": "B9"}, cards=("S1l", "S1r"))
    return arrange(s, {}, phase="defender_move", ball="b3", attacker=0, yellow=(False, red_booked))


def test_HX_N_3_a_pending_fouler_choice_survives_a_json_round_trip():
    """A foul after a short pass where two defenders tie for the lowest number: the paused
    state is stored as JSON between requests."""
    s, events = play(_short_pass_foul_between_sevens(), "skip")
    assert event(events, "pass_completed").data["foul"] is True
    assert event(events, "lowest_number_tie").data == {"decides": "fouler", "players": [6, 7]}
    stored = through_json(s)
    assert stored == s
    s, events = play(stored, "ch6")
    assert event(events, "foul").data["fouler"] == 6 and s.x.choice is None


def test_HX_N_3_the_defending_manager_chooses_who_sees_red_after_a_pass():
    s, _ = play(_short_pass_foul_between_sevens(red_booked=True), "skip")
    assert ENGINE.legal_actions(s)["actions"] == [
        {"type": "choose", "decides": "fouler", "players": [6, 7]}
    ]
    s, events = play(s, "ch6")
    assert event(events, "red_card").data == {"player": 6, "second_yellow": True}
    assert 6 in s.sent_off[1] and 7 not in s.sent_off[1]


def test_HX_N_3_after_a_dribble_the_defender_in_the_duel_fouls_without_a_choice():
    """HT-4.3 / HX-N.3: the choice of fouler is given only after a short or long pass. Red 6
    (6/7) at a3 and red 7 at b4 both count as no. 7; blue 6 dribbles from b3 into red 7, the
    cards tie (D2l/D2r) and red is already booked: red 7, who was in the duel, fouls and is
    sent off; red 6 stays on."""
    red = lineup({6: "holding_midfielder-6-7"}, colour="red")
    s = arrange(xnew(lineup(), red), {"a3": "R6", "b4": "R7"}, cards=("D2l", "D2r"))
    s = arrange(s, {}, phase="defender_move", ball="b3", attacker=0, yellow=(False, True))
    s, events = play(s, "skip")
    assert event(events, "dribble_won").data["foul"] is True
    assert "lowest_number_tie" not in kinds(events) and s.x.choice is None
    assert event(events, "foul").data["fouler"] == 7
    assert event(events, "red_card").data == {"player": 7, "second_yellow": True}
    assert s.sent_off[1] == (7,) and at(s, "a3") == "R6"
    assert s.phase == "free_kick_defender_move"
    assert all(a["type"] != "choose" for a in ENGINE.legal_actions(s)["actions"])


def window(s, *events):
    return s._replace(x=s.x._replace(window=tuple(events)))


def dribble_won(dribbler, side=0, foul=False, frm="a2", to="a3"):
    data = {"dribbler": dribbler, "from": frm, "to": to, "defender": 9, "foul": foul}
    return ("dribble_won", side, data)


def test_HX_A_3_interpretation_an_event_window_lasts_until_the_next_regular_action():
    s = window(xnew(lineup(team_card="ITA")), dribble_won(2))  # no. 2: after a won dribble
    use = {"type": "ability", "side": 0, "player": 2}
    offered = [a for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "ability"]
    assert use in offered[0]["uses"]
    play(s, use)  # open until the next regular action ...
    s, _ = play(s, "S1l/S1l")  # ... which closes it
    offered = [a for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "ability"]
    assert use not in [u for a in offered for u in a["uses"]]
    rejects(s, use, "ability_not_usable", "HX-A.7")


def test_FAQ_ball_playing_centre_back_may_flip_without_the_extra_field():
    """HX-A.12: the extra field is optional; the use without a move still flips the card."""
    s = xnew(lineup(team_card="ITA"))  # no. 2 is the ball-playing centre-back (silver)
    s = window(s, dribble_won(2))
    uses = [u for u in ENGINE.legal_actions(s)["actions"] if u["type"] == "ability"]
    assert {"type": "ability", "side": 0, "player": 2} in uses[0]["uses"]
    s, events = play(s, {"type": "ability", "side": 0, "player": 2})
    used = [e for e in events if e.kind == "ability_used"][0]
    assert used.data["moved"] is False and code(0, 2) in s.x.gold


def test_FAQ_a_foul_is_not_a_successful_dribble():
    """HX-A.15: a fouled dribble opens no "successful dribble" ability."""
    s = window(xnew(lineup(team_card="ITA")), dribble_won(2, foul=True))
    rejects(s, {"type": "ability", "side": 0, "player": 2}, "ability_not_usable", "HX-A.7")


def test_HX_A_4_only_the_visible_ability_and_HX_A_6_two_per_round():
    s = window(xnew(lineup(team_card="ITA")), dribble_won(2))
    rejects(
        s, {"type": "ability", "side": 0, "player": 3, "direction": "forward"}, "ability_not_usable"
    )
    s = s._replace(x=s.x._replace(uses=((code(0, 2), "a"), (code(0, 2), "b"))))
    rejects(s, {"type": "ability", "side": 0, "player": 2}, "ability_limit", "HX-A.6")
    blocked = s._replace(x=s.x._replace(uses=(), blocked=frozenset({code(0, 2)})))
    rejects(blocked, {"type": "ability", "side": 0, "player": 2}, "ability_blocked", "HX-A.11")


def test_FAQ_man_marker_is_booked_and_the_free_kick_is_where_the_carrier_stands():
    """HX-A.13 (announced in his own step 2, flips only when the foul is decided), HX-A.14."""
    s = xnew(lineup(), lineup({4: "man_marker-4"}, colour="red"))
    # blue no. 6 holds the ball on b3 and dribbles; red no. 4 (man-marker) stands next to him
    s = arrange(s, {"a3": "R4"}, cards=("D2l", "D3l"), phase="defender_move", ball="b3")
    assert UseAbility(1, 4) in [
        ENGINE.parse_action(u)
        for a in ENGINE.legal_actions(s)["actions"]
        if a["type"] == "ability"
        for u in a["uses"]
    ]
    s, announced = play(s, {"type": "ability", "side": 1, "player": 4})
    assert event(announced, "ability_announced") and code(1, 4) not in s.x.gold
    s, events = play(s, "skip")
    foul = [e for e in events if e.kind == "foul"][0]
    assert foul.data["fouler"] == 4 and code(1, 4) in s.x.gold  # flipped when the foul is decided
    assert [e for e in events if e.kind == "free_kick"][0].data["at"] == "b3"


def test_FAQ_man_marker_not_against_his_own_team_mate():
    s = xnew(lineup({4: "man_marker-4"}))
    s = arrange(s, {"a3": "B4"}, cards=("D2l", "D3l"), phase="defender_move", ball="b3")
    rejects(s, {"type": "ability", "side": 0, "player": 4}, "ability_not_usable")
