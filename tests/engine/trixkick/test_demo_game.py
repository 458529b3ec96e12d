"""The demo game at the end of the rules, replayed move by move (TK-6, TK-7, TK-8)."""

from __future__ import annotations

import pytest

from matches.engine.trixkick import ENGINE

from .helpers import BEGINNER, new_match, play, setup_lines

# The demo's moves in their logical order (the printed two-column pages are interleaved).
KICKOFF = ["A-KKL L>C3", "end", "B-RRL A7"]
MOVES = [
    # A: LLK plays K to B8, KKR runs in to take it with K; B: KKL runs in -> duel in B8
    ["A-LLK K>B8", "A-KKR B8", "B-KKL B8"],
    # B has won the ball and must go on with KKL's free symbol L
    ["B-KKL L>B7", "B-LLK B7", "A-LLR B6"],
    ["B-LLK K>C4", "B-KKR C4", "A-RRK A6"],
    ["B-KKR R>A8", "B-RRK A8", "A-KKL A7"],
    ["B-RRK K>A4", "B-KKR A4", "A-RRL A3"],
    ["B-KKR R>A7", "B-RRK A7", "A-KLR A2"],
    ["B-RRK K>A2", "B-KKR A2", "A-KKR A8"],
]
# expected strength comparison after each exchange: (field, symbol, attacking, defending, winner)
DUELS = [
    ("B8", "K", 2, 3, 1),  # "A hat 2 x K, B hat 3 x K" -> B wins
    None,
    None,
    None,
    ("A4", "K", 2, 1, 1),  # B keeps the ball (the demo prints R: 1 vs 1, same result)
    ("A7", "R", 4, 0, 1),  # "B behält den Ball (4R)"
    ("A2", "K", 2, 2, 1),  # "K entscheidet; B behält den Ball, da Gleichstand"
]


def demo_start():
    state, _ = play(new_match(BEGINNER), setup_lines(a_keepers="KLR"))
    return state


def test_demo_kickoff():
    state = demo_start()
    assert state.to_json()["step"] == "attack"
    state, events = play(state, KICKOFF[:1])
    assert [e.kind for e in events] == ["ball_played", "ball_received"]
    state, events = play(state, KICKOFF[1:])
    w = state.to_json()
    # the defence may not win the ball right after the kick-off
    assert w["attacker"] == 0 and w["step"] == "attack"


def test_demo_replay_move_by_move():
    state, _ = play(demo_start(), KICKOFF)
    for lines, duel in zip(MOVES, DUELS, strict=True):
        state, events = play(state, lines)
        won = [e for e in events if e.kind == "duel_won"]
        if duel is None:
            assert won == []
            continue
        field, symbol, att, dfd, winner = duel
        assert len(won) == 1
        data = won[0].data
        assert (data["field"], data["symbol"]) == (field, symbol)
        assert (data["attacking_strength"], data["defending_strength"]) == (att, dfd)
        assert won[0].side == winner
    w = state.to_json()
    assert w["attacker"] == 1 and w["step"] == "attack"
    assert w["ball"]["field"] == "A2" and w["ball"]["symbol"] == "K"


def test_demo_new_attacker_must_use_free_symbol():
    state, _ = play(demo_start(), KICKOFF + MOVES[0])
    with pytest.raises(Exception) as err:
        play(state, ["B-KKL K>B7"])
    assert err.value.code == "symbol_must_change" and err.value.rule == "TK-7.4"
    with pytest.raises(Exception) as err:
        play(state, ["B-RRK R>B7"])
    assert err.value.code == "not_the_winner" and err.value.rule == "TK-7.4"


def test_demo_a_cannot_enter_full_field():
    state, _ = play(demo_start(), KICKOFF + [x for m in MOVES[:-1] for x in m])
    state, _ = play(state, MOVES[-1][:2])
    with pytest.raises(Exception) as err:
        play(state, ["A-KL A2"])  # KL already stands on A2 with KLR
    assert err.value.code in ("out_of_reach", "field_full")
    with pytest.raises(Exception) as err:
        play(state, ["A-RRL A2"])
    assert err.value.code == "field_full" and err.value.rule == "TK-5.2"


@pytest.mark.parametrize(
    ("target", "kind"), [("right", "catch"), ("left", "goal"), ("middle", "goal")]
)
def test_demo_final_shot(target, kind):
    state, _ = play(demo_start(), KICKOFF + [x for m in MOVES for x in m])
    state, events = play(state, [f"B-KKR R>>{target}"])
    kinds = [e.kind for e in events]
    assert kind in kinds
    shot = next(e for e in events if e.kind == "shot")
    assert shot.data["from"] == "A2" and shot.data["needed"] == 1 and shot.data["strength"] == 1
    w = state.to_json()
    if kind == "catch":
        # one R from the penalty area is exactly enough: caught, goal kick for A
        assert w["phase"] == "setup" and w["setup"]["kind"] == "goal_kick"
        assert w["attacker"] == 0
    else:
        assert w["score"] == [0, 1]
        assert ENGINE.outcome(state).winners == (1,)
