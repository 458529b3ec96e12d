"""Clauses of section 6 (fouls, offside, substitutions, double pass, castling), match length,
the advanced variants and malformed input."""

from __future__ import annotations

import pytest

from matches.engine import matchfile
from matches.engine.base import GameOverError, InvalidActionError, SetupError
from matches.engine.trixkick import ENGINE

from .helpers import BEGINNER, kinds, new_match, play, position, setup_lines, started
from .test_clauses import after_demo, refused
from .test_demo_game import KICKOFF, MOVES

FOULS = {"fouls": True}


def test_tk_12_1_attacking_foul_in_the_demo():
    # with fouls played, B's RRK running into A7 (4 R against 0) is an attacking foul
    state = after_demo(5, {**BEGINNER, **FOULS})
    state, events = play(state, MOVES[5])
    foul = next(e for e in events if e.kind == "foul")
    assert foul.side == 1 and foul.data["kind"] == "attacking" and foul.data["field"] == "A7"
    w = state.to_json()
    assert w["step"] == "card" and w["actor"] == 0  # A picks who gets the card
    refused(state, "card A-KKL", "not_a_fouler", "TK-12.2")
    state, events = play(state, ["card B-RRK"])
    assert kinds(events) == ["yellow_card", "free_kick"]
    w = state.to_json()
    assert w["pieces"]["B-RRK"]["yellow"] is True
    assert w["setup"]["kind"] == "free_kick" and w["setup"]["field"] == "A7"
    assert w["setup"]["locked"] == "R" and w["actor"] == 0


def test_tk_12_1_defending_foul_and_no_foul_without_moving_in():
    a = {"KKL": "A6", "KL": "C1"}
    b = {"KKR": "A6", "LR": "B1"}
    # ball with B on A6 (received with K); A already stands there: nobody moves in -> no foul
    state = position(a, b, holder="B-KKR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-KL C2"])
    assert "foul" not in kinds(events)
    # A's KL runs in: 3 K against 2 -> A wins, difference 1: no foul
    state = position(a, b, holder="B-KKR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-KL B5"])
    assert "foul" not in kinds(events)
    # B's KR (1 K) against A's KL + KKL running in (3 K): without KKL 1 : 1 (B keeps the
    # ball), so KKL's run decided the comparison: defending foul
    state, events = play(_kkl_runs_in(), ["A-KKL A6"])
    foul = next(e for e in events if e.kind == "foul")
    assert foul.side == 0 and foul.data["kind"] == "defending"
    assert foul.data["pieces"] == ["A-KKL"]


def _kkl_runs_in(yellow=()):
    """B's KR holds the ball on A6 (received with K) next to A's KL; A's KKL waits on A5."""
    a2 = {"KL": "A6", "KKL": "A5"}
    b2 = {"KR": "A6", "LR": "B1"}
    state = position(a2, b2, holder="B-KR", symbol="K", attacker=1, options=FOULS)
    if yellow:
        w = state.to_json()
        for pid in yellow:
            w["pieces"][pid]["yellow"] = True
        state = ENGINE.state_from_json(w)
    state, _ = play(state, ["B-LR B2", "end"])
    return state


def test_tk_12_1_interpretation_a_defender_whose_run_adds_nothing_does_not_foul():
    """B's KKR plays K from B6 to A6 and runs after it (dribble: 2 K less two fields = 0); A's
    KKL already stands on A6 (2 K). A's LR runs in with no K: 2 : 0 is won by two, but the run
    did not decide it, so A wins the ball without a foul."""
    a = {"KKL": "A6", "LR": "A7"}
    b = {"KKR": "B6", "KL": "B1"}
    state = position(a, b, holder="B-KKR", symbol="R", attacker=1, options=FOULS)
    state, events = play(state, ["B-KKR K>A6", "B-KKR A6"])
    assert "dribble" in kinds(events)
    state, events = play(state, ["A-LR A6"])
    duel = next(e for e in events if e.kind == "duel_won")
    assert (duel.data["attacking_strength"], duel.data["defending_strength"]) == (0, 2)
    assert "foul" not in kinds(events) and "ball_won" in kinds(events)
    assert state.to_json()["attacker"] == 0


def test_tk_12_1_interpretation_a_defender_whose_run_did_not_decide_does_not_foul():
    """A's KKL (2 K) already beats B's KR (1 K) on A6; A's KL running in makes it 3 : 1, won by
    two, but the comparison was decided without him: no foul, A wins the ball."""
    a = {"KKL": "A6", "KL": "A5"}
    b = {"KR": "A6", "LR": "B1"}
    state = position(a, b, holder="B-KR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-KL A6"])
    duel = next(e for e in events if e.kind == "duel_won")
    assert (duel.data["attacking_strength"], duel.data["defending_strength"]) == (1, 3)
    assert "foul" not in kinds(events)
    won = next(e for e in events if e.kind == "ball_won")
    assert won.side == 0 and won.data["pieces"] == ["A-KL"]


def test_tk_12_2_only_the_defender_who_ran_in_is_booked():
    """The defending foul above: A's KL stood on A6 before the move and did not foul, so B
    does not choose; A's KKL, who ran in, gets the yellow card at once."""
    state, events = play(_kkl_runs_in(), ["A-KKL A6"])
    assert kinds(events)[-3:] == ["foul", "yellow_card", "free_kick"]
    assert next(e for e in events if e.kind == "yellow_card").data == {"piece": "A-KKL"}
    w = state.to_json()
    assert w["pieces"]["A-KKL"]["yellow"] and not w["pieces"]["A-KL"]["yellow"]
    assert w["setup"]["kind"] == "free_kick" and w["setup"]["field"] == "A6"


def _two_runs_in_one_spielzug():
    """B's KR holds the ball on A6 (K). A's KL runs in from A7 (1 K : 1 K, B keeps the ball, the
    Spielzug goes on); after B's next move A's KKL runs in from A5 (3 K : 1 K)."""
    a = {"KL": "A7", "KKL": "A5", "LR": "C1"}
    b = {"KR": "A6", "LR": "B1"}
    state = position(a, b, holder="B-KR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-KL A6"])
    assert "foul" not in kinds(events) and state.to_json()["attacker"] == 1  # B keeps it
    state, _ = play(state, ["B-LR B1", "end"])
    return play(state, ["A-KKL A6"])


def test_tk_12_2_interpretation_two_defenders_ran_in_during_the_spielzug_the_fouled_side_picks():
    """Both A's KL (earlier in the Spielzug) and KKL (whose run won by two) ran into A6 while B
    kept the ball: both caused the foul, and B, the fouled side, picks who is booked."""
    state, events = _two_runs_in_one_spielzug()
    foul = next(e for e in events if e.kind == "foul")
    assert foul.data["kind"] == "defending" and foul.data["pieces"] == ["A-KKL", "A-KL"]
    assert "yellow_card" not in kinds(events)
    w = state.to_json()
    assert w["step"] == "card" and w["actor"] == 1
    refused(state, "card A-LR", "not_a_fouler", "TK-12.2")
    state, events = play(state, ["card A-KL"])
    assert kinds(events)[:1] == ["yellow_card"]
    assert next(e for e in events if e.kind == "yellow_card").data == {"piece": "A-KL"}
    w = state.to_json()
    assert w["pieces"]["A-KL"]["yellow"] and not w["pieces"]["A-KKL"]["yellow"]
    # the other pick books the last runner instead
    state, _ = _two_runs_in_one_spielzug()
    state, _ = play(state, ["card A-KKL"])
    w = state.to_json()
    assert w["pieces"]["A-KKL"]["yellow"] and not w["pieces"]["A-KL"]["yellow"]


def test_tk_12_2_interpretation_one_who_stood_there_before_the_spielzug_is_never_booked():
    """A's KL stood on A6 before the Spielzug began; B keeps the ball through an exchange
    elsewhere, then A's KKL runs in and wins by two: KKL alone is booked, at once."""
    a = {"KL": "A6", "KKL": "A5", "LR": "C1"}
    b = {"KR": "A6", "LR": "B1"}
    state = position(a, b, holder="B-KR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-LR C2"])  # a run elsewhere: 1 K : 1 K, B keeps the ball
    assert state.to_json()["attacker"] == 1
    state, _ = play(state, ["B-LR B1", "end"])
    state, events = play(state, ["A-KKL A6"])
    foul = next(e for e in events if e.kind == "foul")
    assert foul.data["pieces"] == ["A-KKL"]
    assert kinds(events)[-3:] == ["foul", "yellow_card", "free_kick"]
    w = state.to_json()
    assert w["pieces"]["A-KKL"]["yellow"] and not w["pieces"]["A-KL"]["yellow"]


def test_tk_12_2_second_yellow_is_red():
    state = _kkl_runs_in(yellow=("A-KL", "A-KKL"))
    state, events = play(state, ["A-KKL A6"])
    assert kinds(events)[-3:] == ["foul", "red_card", "free_kick"]
    w = state.to_json()
    assert w["pieces"]["A-KKL"]["status"] == "sent_off"
    assert w["pieces"]["A-KL"]["status"] != "sent_off"  # he stood there, he did not foul


def test_tk_12_3_free_kick_setup_and_symbol():
    state = after_demo(5, {**BEGINNER, **FOULS})
    state, _ = play(state, MOVES[5] + ["card B-RRK"])
    # A (fouled) sets up first; B may not stand on A7, one A piece must
    refused(state, "B-KL@A7", "not_your_piece")
    state, _ = play(state, ["A-KKL@A7"])
    refused(state, "B-KL@A7", "protected_field", "TK-12.3")


def test_tk_12_4_wall():
    # A's free kick on B6 (B's second row): B's wall on B2 with 3 L stops a 2-L shot
    a = {"LLK": "B6", "KL": "C1"}
    b = {"LLR": "B2", "KL": "B2", "KR": "B1"}
    state = position(a, b, holder="A-LLK", symbol=None, options=FOULS)
    w = state.to_json()
    w["ball"]["kick"] = "free_kick"
    w["ball"]["holders"] = ["A-LLK"]
    state = ENGINE.state_from_json(w)
    state, events = play(state, ["A-LLK L>>left"])
    assert "wall" in kinds(events)
    w = state.to_json()
    assert w["attacker"] == 1 and w["ball"]["field"] == "B2" and w["phase"] == "play"


def test_tk_12_5_penalty():
    # A's KL on A2 (penalty area) with B's KR; A's KKL runs in from A6 and decides it
    a2 = {"KL": "A2", "KKL": "A6"}
    b2 = {"KR": "A2", "LR": "B1"}
    state = position(a2, b2, holder="B-KR", symbol="K", attacker=1, options=FOULS)
    state, _ = play(state, ["B-LR B2", "end"])
    state, events = play(state, ["A-KKL A2"])
    assert "penalty" in kinds(events)
    w = state.to_json()
    assert w["setup"]["kind"] == "penalty" and w["actor"] == 1
    state, _ = play(state, ["B-KR@A3"])
    refused(state, "A-KKL@A2", "protected_field", "TK-12.5")
    state, _ = play(state, ["A-KKL@A5", "B-LR@B1", "A-KL@A6", "B keepers KLR", "A keepers LKR"])
    assert state.to_json()["step"] == "penalty"
    refused(state, "B-KR K>>left", "symbol_must_change", "TK-12.3")
    refused(state, "B-KR R>A7", "not_now")
    state, events = play(state, ["B-KR R>>left"])
    assert "goal" in kinds(events)


def _offside_state(a_first_row):
    a = {"KL": a_first_row, "KR": "A6"}
    b = {"KL": "C1", "LR": "A5", "RRK": "C3"}
    return position(a, b, holder="B-KL", symbol="K", attacker=1, options={"offside": True})


def test_tk_13_offside():
    state = _offside_state("C4")  # no A piece on A's goal row, one per field on the second
    state, events = play(state, ["B-KL L>A5"])
    assert kinds(events)[-2:] == ["offside", "free_kick"]
    w = state.to_json()
    assert w["setup"]["kind"] == "free_kick" and w["setup"]["field"] == "A5"
    assert w["attacker"] == 0 and w["setup"]["locked"] is None
    # an A piece on A's goal row: A5 is not offside
    state = _offside_state("A1")
    state, events = play(state, ["B-KL L>A5"])
    assert "offside" not in kinds(events)


def _pass_onto_the_goal_row(second_a3_piece_on):
    """B's KL on A5 plays L to its LR on A1, A's goal row; A's LR stands on A1 with him, A's
    KKL on A3 and A's KL on ``second_a3_piece_on``."""
    a = {"LR": "A1", "KKL": "A3", "KL": second_a3_piece_on, "KR": "C4"}
    b = {"KL": "A5", "LR": "A1", "RRK": "C3"}
    state = position(a, b, holder="B-KL", symbol="K", attacker=1, options={"offside": True})
    return play(state, ["B-KL L>A1"])


def test_tk_13_interpretation_two_opponents_on_another_field_of_the_row_keep_him_onside():
    """The booklet's "in dieser Reihe pro Feld höchstens je ein gegnerischer Spieler" is a
    condition on the row: A3 holds two A pieces, so the row is not open and B's LR on A1 is onside, though his
    own field holds only one opponent."""
    state, events = _pass_onto_the_goal_row("A3")
    assert "offside" not in kinds(events) and "ball_received" in kinds(events)
    assert state.to_json()["ball"]["field"] == "A1"


def test_tk_13_interpretation_at_most_one_opponent_on_every_field_of_the_row_is_offside():
    """The other side: A's KL moves from A3 to A2, so no field of the goal row holds two A
    pieces: B's LR on A1 is offside."""
    state, events = _pass_onto_the_goal_row("A2")
    assert kinds(events)[-2:] == ["offside", "free_kick"]
    assert state.to_json()["setup"]["field"] == "A1"


def test_tk_13_interpretation_the_second_row_is_judged_as_a_row_too():
    """Second row, A's goal row empty: B's LR on A5 has one opponent beside him, but A7 holds
    two A pieces: onside. With A's KL on A8 instead, every field holds one at most: offside."""
    b = {"KL": "C1", "LR": "A5", "RRK": "C3"}
    for kl, offside in (("A7", False), ("A8", True)):
        a = {"KR": "A5", "KKL": "A7", "KL": kl, "LR": "C4"}
        state = position(a, b, holder="B-KL", symbol="K", attacker=1, options={"offside": True})
        state, events = play(state, ["B-KL L>A5"])
        assert ("offside" in kinds(events)) is offside


def test_tk_13_offside_exceptions():
    # a piece running in after the pass from an onside field is not offside
    a = {"KL": "C4", "KR": "A6"}
    b = {"KL": "C2", "RRK": "C1", "LR": "B1"}
    state = position(a, b, holder="B-KL", symbol="L", attacker=1, options={"offside": True})
    state, events = play(state, ["B-KL K>A5", "B-RRK A5"])
    assert "offside" not in kinds(events) and "ball_received" in kinds(events)
    # a pass along the row is never offside
    a = {"KL": "C4", "KR": "A8"}
    b = {"KL": "A6", "LR": "A5"}
    state = position(a, b, holder="B-KL", symbol="K", attacker=1, options={"offside": True})
    state, events = play(state, ["B-KL L>A5"])
    assert "offside" not in kinds(events)


def _reset_after_goal(options=None):
    opts = {**BEGINNER, "substitutions": True, "match_length": {"kind": "goals", "goals": 5}}
    opts.update(options or {})
    state = ENGINE.initial_state(
        edition=ENGINE.default_edition(), sides=[{"name": "A"}, {"name": "B"}], options=opts
    )
    refused(state, "sub B-KL B-KKLR", "no_substitution_now", "TK-14")
    state, _ = play(state, setup_lines())
    state, _ = play(state, KICKOFF + [x for m in MOVES for x in m] + ["B-KKR R>>left"])
    return state


def test_tk_14_substitutions():
    state = _reset_after_goal()
    assert state.to_json()["actor"] == 1  # B scored and sets up first
    state, events = play(state, ["sub B-KL B-KKLR"])
    assert kinds(events) == ["substitution"]
    refused(state, "sub B-KL B-RRKL", "piece_substituted", "TK-14")
    refused(state, "sub B-LR B-KKLR", "not_on_bench", "TK-14")
    state, _ = play(state, ["sub B-LR B-RRKL", "sub B-KR B-LLKR"])
    refused(state, "sub B-KLR B-LLRR", "no_substitutions_left", "TK-14")
    state, _ = play(state, ["B-KKLR@B1"])


def test_tk_18_6_and_18_7_substitution_variants():
    state = _reset_after_goal({"one_triple_substitute": True, "same_symbol_substitutes": True})
    refused(state, "sub B-KL B-LLRR", "symbols_differ", "TK-18.7")
    state, _ = play(state, ["sub B-KKL B-KKKL"])
    refused(state, "sub B-RRK B-RRRK", "one_triple_only", "TK-18.6")


def test_tk_15_double_pass():
    a = {"KLR": "C2", "KR": "B7", "KL": "A8"}
    b = {"KL": "B1", "LR": "B2"}
    state = position(a, b, holder="A-KLR", symbol="L", options={"double_pass": True})
    state, events = play(state, ["A-KLR K>A-KR R>C2"])
    assert kinds(events).count("ball_played") == 2
    w = state.to_json()
    assert w["ball"]["field"] == "C2" and w["ball"]["symbol"] == "R" and w["ball"]["dribble"] == {}
    assert w["turn"]["ran"] is False
    state = position(a, b, holder="A-KLR", symbol="L", options={"double_pass": True})
    refused(state, "A-KLR K>A-KL L>C2", "partner_not_diagonal", "TK-15")
    refused(state, "A-KLR K>A-KR K>C2", "symbol_must_change", "TK-4.2")
    refused(state, "A-KLR K>A-KR R>B5", "return_not_diagonal", "TK-15")
    off = position(a, b, holder="A-KLR", symbol="L", options={"double_pass": False})
    refused(off, "A-KLR K>A-KR R>C2", "double_pass_off", "TK-15")


def test_tk_16_castling():
    a = {"KKL": "C2", "KL": "A5"}
    b = {"KL": "B1", "LR": "B2", "KR": "B8"}
    state = position(a, b, holder="A-KKL", symbol="L", options={"castling": True})
    refused(state, "A-KKL<>A-KL", "castle_defence_only", "TK-16")
    state, _ = play(state, ["A-KKL K>C3", "end"])
    refused(state, "B-KL<>B-KR", "not_adjacent", "TK-16")
    state, events = play(state, ["B-KL<>B-LR"])
    assert kinds(events)[0] == "castling"
    w = state.to_json()
    assert w["pieces"]["B-KL"]["field"] == "B2" and w["pieces"]["B-LR"]["field"] == "B1"


def test_tk_17_match_length():
    with pytest.raises(SetupError):
        new_match({"match_length": {"kind": "goals", "goals": 0}})
    with pytest.raises(SetupError):
        new_match({"match_length": {"kind": "forever"}})
    with pytest.raises(SetupError):
        new_match({"keeper_support": True})
    with pytest.raises(SetupError):
        new_match({"fouls": "yes"})
    with pytest.raises(SetupError):
        new_match({"extra_time": True})
    state = started(BEGINNER)
    refused(state, "whistle", "not_timed", "TK-17")
    timed = started({"match_length": {"kind": "time", "periods": 2, "minutes": 15}})
    timed, events = play(timed, ["whistle"])
    w = timed.to_json()
    assert kinds(events) == ["period_ended"] and w["period"] == 2
    assert w["setup"]["kicker"] == 1
    timed, events = play(timed, ["whistle"])
    assert kinds(events) == ["match_ended"]
    assert ENGINE.outcome(timed).termination == "time"
    with pytest.raises(GameOverError):
        play(timed, ["whistle"])
    assert ENGINE.legal_actions(timed)["actions"] == []


def test_tk_18_1_two_keepers_and_18_2_support():
    """TK-18.1 (two keepers) and TK-18.2 (the reserve supports the announced keeper)."""
    opts = {"two_keepers": True, "keeper_support": True}
    a = {"KL": "A1", "LR": "B5"}
    b = {"KLR": "A2", "KL": "B1"}
    state = position(
        a, b, holder="B-KLR", symbol="K", attacker=1, keepers=("LR", "KL"), options=opts
    )
    refused(state, "B-KLR L>>middle", "no_keeper_there", "TK-18.1")
    # the reserve K supports the announced keeper: a K shot would be saved, an R shot too
    state2, events = play(state, ["B-KLR R>>right"])
    assert "catch" in kinds(events)
    state3, events = play(state, ["B-KLR L>>right"])
    assert "goal" in kinds(events)


def test_tk_18_3_l_shaped_runs():
    a = {"KKKL": "C2", "KL": "A5"}
    b = {"KL": "B1", "LR": "B2"}
    plain = position(a, b, holder="A-KKKL", symbol="L")
    refused(plain, "A-KKKL A3", "out_of_reach", "TK-5.1")
    variant = position(a, b, holder="A-KKKL", symbol="L", options={"l_shaped_runs": True})
    state, events = play(variant, ["A-KKKL A3"])
    assert events[0].data["distance"] == 3


def test_tk_18_4_far_corner():
    a = {"KL": "A1", "LR": "B5"}
    b = {"LLK": "A5", "KL": "B1"}
    state = position(a, b, holder="B-LLK", symbol="K", attacker=1, options={"far_corner": True})
    refused(state, "B-LLK L>>right", "far_corner_needs_three", "TK-18.4")
    play(state, ["B-LLK L>>left"])


def test_tk_18_5_no_second_touch():
    a = {"KL": "A1", "LR": "B5"}
    b = {"LLK": "A4", "KL": "B1"}
    state = position(
        a, b, holder="B-LLK", symbol=None, attacker=1, options={"no_second_touch": True}
    )
    w = state.to_json()
    w["ball"]["kick"] = "corner"
    w["ball"]["holders"] = ["B-LLK"]
    state = ENGINE.state_from_json(w)
    state, events = play(state, ["B-LLK L>A3", "B-LLK A3"])  # would be a self-pass
    assert "ball_received" not in kinds(events)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "play",
        {},
        {"type": "fly"},
        {"type": 3},
        {"type": "run"},
        {"type": "run", "piece": "A-KKR"},
        {"type": "run", "piece": "A-KKR", "to": "Z9"},
        {"type": "run", "piece": "KKR", "to": "A1"},
        {"type": "run", "piece": ["A-KKR"], "to": "A1"},
        {"type": "play", "piece": "A-KKL", "symbol": "X", "to": "C3"},
        {"type": "shoot", "piece": "A-KKL", "symbol": "K", "target": "top"},
        {"type": "keepers", "side": 2, "order": "KLR"},
        {"type": "keepers", "side": True, "order": "KLR"},
        {"type": "keepers", "side": 0, "order": "KKR"},
        {"type": "end", "extra": 1},
        {"type": "corner", "side": "middle"},
    ],
)
def test_tk_0_malformed_json(data):
    with pytest.raises(InvalidActionError) as err:
        ENGINE.parse_action(data)
    assert err.value.code == "invalid_action" and err.value.message


@pytest.mark.parametrize("text", ["", "A-KKL", "A-KKL L>Z1", "run A-KKL C3", None, "A keepers"])
def test_tk_0_malformed_notation(text):
    with pytest.raises(InvalidActionError):
        ENGINE.parse_notation(text)


def test_match_file_round_trip_of_the_demo():
    start = new_match(BEGINNER)
    lines = setup_lines() + KICKOFF + [x for m in MOVES for x in m] + ["B-KKR R>>left"]
    actions = [ENGINE.parse_notation(x) for x in lines]
    text = matchfile.write_actions(
        ENGINE, {"Game": "trixkick", "Options": BEGINNER, "Sides": [{"name": "Blue"}]}, actions
    )
    parsed = matchfile.read(text)
    again = parsed.parse_actions(ENGINE)
    assert again == actions
    end = matchfile.replay(ENGINE, start, again)
    assert end == matchfile.replay(ENGINE, start, actions)
    assert ENGINE.outcome(end).scores == (0, 1)
    summary = ENGINE.summary(end)
    assert summary["score"] == [0, 1] and summary["phase"] == "over"
    svg = ENGINE.render_svg(end)
    assert svg.startswith("<svg") and "</svg>" in svg
    for action in actions:
        assert ENGINE.parse_action(ENGINE.action_to_json(action)) == action


def test_state_json_round_trip_and_bad_state():
    state = after_demo(3)
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    with pytest.raises(SetupError):
        ENGINE.state_from_json({"phase": "play"})
    with pytest.raises(AttributeError):
        state.x = 1
