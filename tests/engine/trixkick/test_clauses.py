"""One test per rule clause, named after its id (docs/rules/trixkick.md)."""

from __future__ import annotations

import pytest

from matches.engine.base import IllegalActionError, InvalidActionError, SetupError
from matches.engine.trixkick import ENGINE

from .helpers import (
    B_SETUP,
    BEGINNER,
    kinds,
    new_match,
    play,
    position,
    setup_lines,
    started,
)
from .test_demo_game import KICKOFF, MOVES


def refused(state, line, code, rule=None):
    with pytest.raises(IllegalActionError) as err:
        play(state, [line])
    assert err.value.code == code, err.value.as_dict()
    if rule:
        assert err.value.rule == rule, err.value.as_dict()
    assert err.value.message.endswith(".")
    return err.value


def after_demo(n_moves, options=BEGINNER):
    state = started(options)
    lines = KICKOFF + [x for m in MOVES[:n_moves] for x in m]
    return play(state, lines)[0]


def test_tk_1_pieces_and_edition():
    edition = ENGINE.default_edition()
    assert edition["keepers"] == ["K", "L", "R"]
    assert len(edition["field_pieces"]) == 10 and len(edition["substitutes"]) == 6
    w = new_match().to_json()
    assert len([p for p in w["pieces"].values() if p["side"] == 0]) == 16
    custom = new_match(
        sides=[
            {"name": "A", "pieces": {"field": ["KL", "LR", "KKR"], "substitutes": ["KKKR"]}},
            {"name": "B", "pieces": {"substitutes": edition["substitutes_alternative"]}},
        ]
    ).to_json()
    assert sorted(p for p in custom["pieces"] if p.startswith("A-")) == [
        "A-KKKR",
        "A-KKR",
        "A-KL",
        "A-LR",
    ]
    assert "B-LLLK" in custom["pieces"]
    for bad in (
        {"field": ["KL", "KL"]},
        {"field": ["KX", "KL"]},
        {"field": "KL"},
        {"wrong": []},
        {"field": ["KL", "LR"], "substitutes": ["LK"]},
    ):
        with pytest.raises(SetupError):
            new_match(sides=[{"name": "A", "pieces": bad}, {"name": "B"}])
    with pytest.raises(SetupError):
        ENGINE.initial_state(edition={}, sides=[{"name": "A"}], options={})


def test_tk_2_1_alternating_setup_in_own_half():
    state = new_match()
    w = state.to_json()
    assert w["step"] == "place" and w["actor"] == 1  # the coin-toss loser sets up first
    refused(state, "B-KL@A5", "not_own_half", "TK-2.1")
    refused(state, "A-KL@A5", "not_your_piece", "TK-3")
    state, _ = play(state, ["B-KL@B5", "A-KL@A5", "B-LR@B5"])
    refused(state, "A-LR@C1", "not_own_half")
    state, _ = play(state, ["A-LR@A5"])
    refused(state, "B-KR@B5", "field_full", "TK-5.2")
    refused(state, "B-KL@B6", "piece_not_in_hand", "TK-2.1")


def test_tk_2_2_kickoff_pieces_on_c2_c3():
    a = ["KL@A1", "LR@A1", "KR@A2", "KLR@A2", "LLK@A3", "LLR@A3", "RRK@A4", "RRL@A4"]
    b = [f"B-{p}@{f}" for p, f in B_SETUP.items()]
    state = new_match()
    state, _ = play(
        state, [x for pair in zip(b[:8], ["A-" + p for p in a], strict=True) for x in pair]
    )
    state, _ = play(state, [b[8]])
    refused(state, "A-KKL@A5", "kickoff_piece_missing", "TK-2.2")
    state, _ = play(state, ["A-KKL@C2", b[9]])
    refused(state, "A-KKR@C2", "kickoff_field_taken", "TK-2.2")
    state, _ = play(state, ["A-KKR@C3"])
    assert state.to_json()["step"] == "keepers"


def test_tk_2_3_hidden_keepers():
    state = new_match()
    lines = setup_lines()
    state, _ = play(state, lines[:-2])
    assert state.to_json()["step"] == "keepers"
    refused(state, "A keepers KLR", "not_your_turn", "TK-2.3")
    refused(state, "B keepers KL", "keeper_count", "TK-2.3")
    state, _ = play(state, lines[-2:])
    w = state.to_json()
    assert w["keepers"][0] == {"left": "K", "middle": "L", "right": "R"}
    assert w["revealed"] == [[], []]
    # the full picture shows the keepers; a viewer of side 1 sees ? for side 0's
    assert ">?<" not in ENGINE.render_svg(state)
    assert ">?<" in ENGINE.render_svg_for(state, frozenset({1}))


def test_tk_3_1_attacking_move_play_and_run_either_order():
    state = after_demo(1)  # B attacks, KKL on B8 holds the ball
    # run first, then play: both orders are fine
    s2, events = play(state, ["B-LLK B7", "B-KKL L>B7"])
    assert kinds(events)[:2] == ["run", "ball_played"]
    assert s2.to_json()["step"] == "defend"
    refused(s2, "B-KKR C4", "not_your_piece")
    s3, _ = play(state, ["B-LLK B7"])
    refused(s3, "B-LR B1", "already_ran", "TK-3.1")
    s4, _ = play(state, ["B-KKL L>B7"])
    refused(s4, "B-KKL L>B7", "already_played", "TK-3.1")
    refused(state, "end", "must_move", "TK-3.1")
    s5, _ = play(state, ["B-KKL L>B7", "end"])
    assert s5.to_json()["step"] == "defend"


def test_tk_3_2_defending_run():
    state = after_demo(1)
    state, _ = play(state, ["B-KKL L>B7", "B-LLK B7"])
    w = state.to_json()
    assert w["step"] == "defend" and w["actor"] == 0
    refused(state, "pass", "must_move", "TK-3.2")
    refused(state, "A-LLR L>B7", "not_now", "TK-3")
    state, events = play(state, ["A-LLR B6"])
    assert state.to_json()["step"] == "attack" and state.to_json()["actor"] == 1


def test_tk_4_1_matching_symbol():
    state = started(BEGINNER)
    refused(state, "A-KKL R>C3", "symbol_missing", "TK-4.1")
    refused(state, "A-KKR K>B8", "not_holder", "TK-4.1")


def test_tk_4_2_receiving_symbol_must_change():
    state, _ = play(started(BEGINNER), KICKOFF)
    e = refused(state, "A-LLK L>B7", "symbol_must_change", "TK-4.2")
    assert "received" in e.message


def test_tk_4_3_distance_by_symbol_count():
    state, _ = play(started(BEGINNER), KICKOFF)
    refused(state, "A-LLK K>B5", "out_of_range", "TK-4.4")  # one K: one field only
    state, events = play(state, ["A-LLK K>B8"])
    assert events[0].data["distance"] == 1


def test_tk_4_5_ball_into_empty_field_is_loose():
    a = {"KKL": "C2", "KKR": "A8"}
    state = position(a, {"KL": "B1", "LR": "B2"}, holder="A-KKL", symbol="L")
    state, events = play(state, ["A-KKL K>C4"])
    assert "loose_ball" in kinds(events) and state.to_json()["ball"]["loose"] is True
    state, _ = play(state, ["end", "B-KL B5"])
    refused(state, "A-KKL R>C3", "ball_loose", "TK-7.3")
    state, events = play(state, ["A-KKR C4"])  # KKR follows later and takes it with K
    assert "ball_received" in kinds(events)
    assert state.to_json()["ball"]["owner"] == 0


def test_tk_4_6_self_pass_dribbling():
    # LLK plays L two fields and runs after it: needs two L
    state, _ = play(started(BEGINNER), ["A-KKL L>C3", "end", "B-LR B1"])
    state, events = play(state, ["A-LLK K>B8", "A-LLK B8"])
    assert "ball_received" not in kinds(events)  # one K cannot pass and receive
    state2, _ = play(started(BEGINNER), ["A-LLK L>C2", "end", "B-LR B1"])
    state2, events = play(state2, ["A-KKL K>A6", "A-KKL A6"])
    assert "dribble" in kinds(events)
    dribble = next(e for e in events if e.kind == "dribble")
    assert dribble.data == {"piece": "A-KKL", "symbol": "K", "field": "A6", "distance": 1}


def test_tk_5_1_runs_by_identical_symbols():
    state, _ = play(started(BEGINNER), KICKOFF[:2])
    refused(state, "B-KL C1", "out_of_reach", "TK-5.1")  # KL from B1: one field
    refused(state, "B-RRL C1", "out_of_reach", "TK-5.1")  # not a straight line
    state, events = play(state, ["B-RRL A7"])  # two fields straight with RR
    assert events[0].data["distance"] == 2


def test_tk_5_2_field_limit():
    state = position(
        {"KL": "A5", "LR": "A5", "KR": "A1", "KKL": "C2"},
        {"KL": "B1", "LR": "B2"},
        holder="A-KKL",
        symbol="L",
    )
    refused(state, "A-KR A5", "field_full", "TK-5.2")


def test_tk_4_4_l_shape_at_three():
    a = {"KKKL": "C2", "KL": "A5"}
    state = position(a, {"KL": "B1", "LR": "B2"}, holder="A-KKKL", symbol="L")
    legal = ENGINE.legal_actions(state)
    k = next(e for e in legal["actions"] if e["type"] == "play" and e["symbol"] == "K")
    assert "A3" in k["to"]  # two rows down, one across: an L of three fields
    state2 = position(
        {"KKL": "C2", "KL": "A5"}, {"KL": "B1", "LR": "B2"}, holder="A-KKL", symbol="L"
    )
    refused(state2, "A-KKL K>A3", "out_of_range", "TK-4.4")


def test_tk_6_kickoff():
    state = started(BEGINNER)
    refused(state, "A-KKL L>B6", "kickoff_pass", "TK-6")
    refused(state, "A-KKL R>C3", "symbol_missing", "TK-4.1")
    refused(state, "A-KKR B8", "kick_first", "TK-6")
    refused(state, "end", "kick_first", "TK-6")
    state, _ = play(state, ["A-LLK L>C2", "end"])
    # B's RRK may run next to the ball but cannot win it in this first move
    state, events = play(state, ["B-RRL A7"])
    assert "ball_won" not in kinds(events)
    assert state.to_json()["attacker"] == 0


def test_tk_6_kickoff_protects_against_capture():
    state = position(
        {"KKL": "C2", "LLK": "C3"}, {"KKR": "B7", "KL": "B1"}, holder="A-KKL", symbol=None
    )
    w = state.to_json()
    w["protect"] = True
    state = ENGINE.state_from_json(w)
    state, _ = play(state, ["A-KKL L>C3", "end"])
    state, events = play(state, ["B-KKR C3"])  # B would win 2 K... but not now
    assert "duel_won" not in kinds(events) and state.to_json()["attacker"] == 0


def test_tk_7_1_strength_comparison_ties_to_attacker():
    state = after_demo(6)
    state, events = play(state, MOVES[6])
    duel = next(e for e in events if e.kind == "duel_won")
    assert duel.side == 1 and duel.data["attacking_strength"] == duel.data["defending_strength"]


def test_tk_7_2_dribble_loses_strength():
    a = {"KKL": "C2", "KL": "A5"}
    b = {"KL": "B6", "LR": "B1"}
    state = position(a, b, holder="A-KKL", symbol="L")
    state, events = play(state, ["A-KKL K>B6", "A-KKL B6"])
    assert "dribble" in kinds(events)
    state, events = play(state, ["B-LR B2"])
    duel = next(e for e in events if e.kind == "duel_won")
    # 2 K minus one dribbled field = 1 against KL's 1 K: tie, A keeps the ball
    assert (duel.data["attacking_strength"], duel.data["defending_strength"]) == (1, 1)
    assert duel.side == 0


def test_tk_7_3_loose_ball_taken_by_defence():
    state, _ = play(started(BEGINNER), KICKOFF)
    state, _ = play(state, ["A-LLK K>B8", "end"])
    state, events = play(state, ["B-LR B1"])  # RRK of B already stands on B8 with K
    won = next(e for e in events if e.kind == "ball_won")
    assert won.data["how"] == "loose_ball" and won.data["pieces"] == ["B-RRK"]
    assert state.to_json()["attacker"] == 1
    refused(state, "B-RRK K>B7", "symbol_must_change", "TK-7.4")


def test_tk_7_4_new_attacker_may_not_use_the_deciding_symbol():
    state = after_demo(1)
    refused(state, "B-KKL K>B7", "symbol_must_change", "TK-7.4")
    refused(state, "B-RRK R>B7", "not_the_winner", "TK-7.4")


def test_tk_8_1_shooting_zone_and_strength():
    state = after_demo(5)
    refused(state, "B-KKR R>>left", "not_in_shooting_zone", "TK-8.1")
    state = after_demo(4)
    refused(state, "B-RRK K>>left", "shot_too_weak", "TK-8.1")
    refused(state, "B-RRK R>>left", "symbol_must_change", "TK-4.2")


def test_tk_8_2_announced_keeper():
    state = after_demo(7)
    with pytest.raises(InvalidActionError):
        play(state, ["B-KKR R>>top"])
    state2, events = play(state, ["B-KKR R>>middle"])
    assert next(e for e in events if e.kind == "shot").data["keeper"] == "L"


def test_tk_8_3_goal_and_kickoff():
    state = after_demo(7, {**BEGINNER, "match_length": {"kind": "goals", "goals": 2}})
    state, events = play(state, ["B-KKR R>>left"])
    assert "goal" in kinds(events)
    w = state.to_json()
    assert w["score"] == [0, 1] and w["setup"]["kind"] == "kickoff"
    assert w["setup"]["kicker"] == 0 and w["actor"] == 1
    assert all(p["field"] is None for p in w["pieces"].values())


def test_tk_8_4_catch_goal_kick():
    state = after_demo(7)
    state, events = play(state, ["B-KKR R>>right"])
    assert kinds(events)[-2:] == ["catch", "goal_kick"]
    w = state.to_json()
    assert w["setup"]["kind"] == "goal_kick" and w["actor"] == 0


def _shooter(field, symbols="LLLK", keepers=("LKR", "KLR"), options=None, symbol="K"):
    a = {"KL": "A1", "LR": "B5"}
    b = {symbols: field, "KL": "B1"}
    return position(
        a, b, holder=f"B-{symbols}", symbol=symbol, attacker=1, keepers=keepers, options=options
    )


def test_tk_8_5_parry_to_corner():
    state = _shooter("A6")  # three L from the second row: one too strong
    state, events = play(state, ["B-LLLK L>>left"])
    assert kinds(events)[-3:] == [
        "parry",
        "corner",
    ] + [] or "corner" in kinds(events)
    w = state.to_json()
    assert w["setup"]["kind"] == "corner" and w["setup"]["field"] == "A1"
    assert w["attacker"] == 1


def test_tk_8_5_parry_middle_attacker_picks_corner():
    state = _shooter("A6", keepers=("KLR", "KLR"))
    state, _ = play(state, ["B-LLLK L>>middle"])
    assert state.to_json()["step"] == "corner_choice" and state.to_json()["actor"] == 1
    refused(state, "rebound A6", "not_now")
    state, events = play(state, ["corner right"])
    assert kinds(events) == ["corner"] and events[0].data["field"] == "A4"


def test_tk_8_6_rebound_and_tk_9_counter():
    state = _shooter("A2")  # three L from the penalty area: two too strong
    state, events = play(state, ["B-LLLK L>>left"])
    assert "parry" in kinds(events)
    assert state.to_json()["step"] == "rebound" and state.to_json()["actor"] == 0
    refused(state, "rebound B6", "rebound_field", "TK-9")
    state, events = play(state, ["rebound A6"])
    w = state.to_json()
    assert kinds(events) == ["counter"] and w["attacker"] == 0 and w["ball"]["field"] == "A6"
    assert w["ball"]["loose"] is True  # no A piece there: the first to reach it takes it


def test_tk_10_corner_setup_and_kick():
    state = _shooter("A6")
    state, _ = play(state, ["B-LLLK L>>left"])
    w = state.to_json()
    assert w["step"] == "place" and w["actor"] == 1  # the kicking side sets up first
    state, _ = play(state, ["B-KL@B1"])
    refused(state, "A-KL@A1", "protected_field", "TK-10")
    state, _ = play(state, ["A-KL@A2", "B-LLLK@A1", "A-LR@A3"])
    state, _ = play(state, ["B keepers KLR", "A keepers KLR"])
    # LLLK plays L: the corner flag field counts, so two fields at most
    refused(state, "B-LLLK L>A4", "out_of_range")
    refused(state, "B-LLLK K>A2", "out_of_range")  # one K: used up by the flag field
    state, events = play(state, ["B-LLLK L>C1"])
    assert events[0].data["distance"] == 2


def test_tk_10_corner_taker_required():
    state = _shooter("A6")
    state, _ = play(state, ["B-LLLK L>>left", "B-KL@B1", "A-KL@A2"])
    refused(state, "B-LLLK@A2", "taker_missing", "TK-10")


def test_tk_11_goal_kick():
    state = _shooter("A2", symbols="LR", keepers=("LKR", "KLR"), symbol="R")
    state, events = play(state, ["B-LR L>>left"])
    assert "catch" in kinds(events)
    w = state.to_json()
    assert w["setup"]["kind"] == "goal_kick" and w["actor"] == 0
    state, _ = play(state, ["A-KL@A5"])
    refused(state, "B-KL@A2", "protected_field", "TK-11")
    state, _ = play(state, ["B-KL@A5"])
    refused(state, "A-LR@A6", "taker_missing", "TK-11")
    state, _ = play(state, ["A-LR@A3", "B-LR@B1", "A keepers KLR", "B keepers KLR"])
    refused(state, "A-LR L>A2", "goal_kick_in_area", "TK-11")
    state, events = play(state, ["A-LR L>A6"])
    assert events[0].data["kick"] == "goal_kick"
