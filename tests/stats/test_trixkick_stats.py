"""TriXKick player stats from the game events the engine really emits, against hand counts.

The events are not written by hand: each match below is played with the engine (the demo game
of the rulebook, and short positions for the special situations), and its events are stored
as a finished match; the stats job then runs over it. The expected figures are counted by hand
from the moves (see the comments).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from matches.engine.trixkick import ENGINE
from matches.engine.trixkick.stats import piece_key
from stats import jobs
from stats.models import MatchParticipation, PlayerStats, Scope, TeamCard
from stats.svg import team_card_svg
from tests.engine.trixkick.helpers import BEGINNER, new_match, position, setup_lines
from tests.engine.trixkick.test_demo_game import KICKOFF, MOVES
from tests.stats.factories import make_match

pytestmark = pytest.mark.django_db
FOULS = {"fouls": True, "match_length": {"kind": "goals", "goals": 5}}


def played(state, lines):
    """Apply notation lines with the engine; the effects of each action, and the last state."""
    per_action = []
    for line in lines:
        transition = ENGINE.apply(state, ENGINE.parse_notation(line))
        state = transition.state
        per_action.append([e.to_json() for e in transition.events])
    return state, per_action


def store(ann, ben, events, state, scores):
    return make_match(
        game="trixkick",
        sides=[
            {"name": "Blue", "user": ann, "score": scores[0]},
            {"name": "Red", "user": ben, "score": scores[1]},
        ],
        events=events,
        state=ENGINE.state_to_json(state),
    )


def lines_of(position_: int) -> dict[str, dict]:
    row = MatchParticipation.objects.get(position=position_)
    return {
        player: {k: v for k, v in counters.items() if k != "appearances"}
        for player, counters in row.players.items()
    }


def test_piece_keys_drop_the_team_letter():
    assert (piece_key("A-KKL"), piece_key("B-RRRK"), piece_key("x9"), piece_key(None)) == (
        "KKL",
        "RRRK",
        "x9",
        None,
    )


def test_demo_game_stats_equal_hand_counts(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    moves = setup_lines(a_keepers="KLR") + KICKOFF + [x for m in MOVES for x in m]
    state, events = played(new_match(BEGINNER), [*moves, "B-KKR R>>left"])
    assert ENGINE.outcome(state).scores == (0, 1)
    match = store(ann, ben, events, state, (0, 1))
    jobs.match_stats_refresh(match_id=match.pk)

    # A (side 0). Kick-off KKL L>C3 to LLK; LLK K>B8 lies loose until KKR runs in (completed);
    # B8 duel lost by KKR; A's defending runs; duels lost: KR (A4), KKL (A7), KL+KLR (A2).
    assert lines_of(0) == {
        "KKL": {"balls_played": 1, "passes_completed.kickoff": 1, "runs": 1, "duels_lost": 1},
        "LLK": {"balls_played": 1, "passes_completed.open_play": 1},
        "KKR": {"runs": 2, "duels_lost": 1},
        "LLR": {"runs": 1},
        "RRK": {"runs": 1},
        "RRL": {"runs": 1},
        "KLR": {"runs": 1, "duels_lost": 1},
        "KL": {"duels_lost": 1},
        "KR": {"duels_lost": 1},
        "LR": {},
    }
    # B (side 1). KKL runs into B8 and wins the duel there with RRK (ball won by KKL); then
    # five passes, each to an empty field where a team-mate runs in: KKL L>B7 (LLK in),
    # LLK K>C4 (KKR), KKR R>A8 (RRK), RRK K>A4 (KKR), KKR R>A7 (to RRL standing there),
    # RRK K>A2 (KKR); duels won A4 (KKR), A7 (RRL+RRK), A2 (KKR); KKR shoots and scores.
    assert lines_of(1) == {
        "KKL": {
            "runs": 1,
            "duels_won": 1,
            "balls_won": 1,
            "balls_played": 1,
            "passes_completed.open_play": 1,
        },
        "RRK": {
            "duels_won": 2,
            "runs": 2,
            "balls_played": 2,
            "passes_completed.open_play": 2,
        },
        "RRL": {"runs": 1, "duels_won": 1},
        "LLK": {"runs": 1, "balls_played": 1, "passes_completed.open_play": 1},
        "KKR": {
            "runs": 3,
            "balls_played": 2,
            "passes_completed.open_play": 2,
            "duels_won": 2,
            "shots": 1,
            "goals": 1,
        },
        "KL": {},
        "LR": {},
        "LLR": {},
        "KLR": {},
        "KR": {},
    }
    b = MatchParticipation.objects.get(position=1)
    assert b.counters["goals"] == 1 and b.counters["shots"] == 1
    assert b.counters["passes_completed.open_play"] == 6
    assert b.counters["runs"] == 8
    assert b.style == "running"  # 8 runs against 6 passes
    scorer = PlayerStats.objects.get(scope=Scope.MANAGER, scope_key=str(ben.pk), player="KKR")
    assert (scorer.goals, scorer.appearances, scorer.counters["shots"]) == (1, 1, 1)
    card = TeamCard.objects.get(key=b.team_key)
    assert card.top_scorer["player"] == "KKR"
    shown = "".join(ET.fromstring(team_card_svg(card)).itertext())
    assert "Top scorer: Piece KKR (1 goal)" in shown


def special_situations():
    """Short positions played with the engine, one after another (A = side 0, B = side 1)."""
    events = []

    def take(state, lines):
        state, effects = played(state, lines)
        events.extend(effects)
        return state

    # 1. KKL dribbles K>B6 and runs after it (two K); B runs LR elsewhere; the duel on B6 is a
    #    tie (1 K after the dribble against KL's 1): A keeps the ball, the dribble is won.
    take(
        position({"KKL": "C2", "KL": "A5"}, {"KL": "B6", "LR": "B1"}, holder="A-KKL", symbol="L"),
        ["A-KKL K>B6", "A-KKL B6", "B-LR B2"],
    )
    # 2. the same dribble against B's KKL (2 K): B wins the duel and the ball: dribble lost.
    take(
        position({"KKL": "C2", "KL": "A5"}, {"KKL": "B6", "LR": "B1"}, holder="A-KKL", symbol="L"),
        ["A-KKL K>B6", "A-KKL B6", "B-LR B2"],
    )
    # 3. LLK K>B8 lies loose; B's RRK stands there with K and takes it: intercepted.
    take(
        position({"LLK": "C3", "KL": "A5"}, {"RRK": "B8", "LR": "B1"}, holder="A-LLK", symbol="L"),
        ["A-LLK K>B8", "end", "B-LR B2"],
    )
    # 4. B's KR holds the ball on A2 next to A's KL; A's KKL runs in: 3 K against 1, decided
    #    by his run, a defending foul by A in its penalty area; KKL is booked; penalty, scored
    #    by KR with R at the left keeper L.
    take(
        position(
            {"KL": "A2", "KKL": "A6"},
            {"KR": "A2", "LR": "B1"},
            holder="B-KR",
            symbol="K",
            attacker=1,
            options=FOULS,
        ),
        [
            "B-LR B2",
            "end",
            "A-KKL A2",
            "B-KR@A3",
            "A-KKL@A5",
            "B-LR@B1",
            "A-KL@A6",
            "B keepers KLR",
            "A keepers LKR",
            "B-KR R>>left",
        ],
    )
    # 5. B's KL plays L to A5, where B's LR stands offside: free kick for A.
    take(
        position(
            {"KL": "C4", "KR": "A6"},
            {"KL": "C1", "LR": "A5", "RRK": "C3"},
            holder="B-KL",
            symbol="K",
            attacker=1,
            options={"offside": True},
        ),
        ["B-KL L>A5"],
    )
    # 6. double pass KLR K> KR, KR R> back to KLR on C2: two completed passes.
    take(
        position(
            {"KLR": "C2", "KR": "B7", "KL": "A8"},
            {"KL": "B1", "LR": "B2"},
            holder="A-KLR",
            symbol="L",
            options={"double_pass": True},
        ),
        ["A-KLR K>A-KR R>C2"],
    )
    # 7. B's LLLK shoots three L from A6 at the left keeper L: one too many, parried to the
    #    corner: a save for A, a corner for B.
    take(
        position(
            {"KL": "A1", "LR": "B5"},
            {"LLLK": "A6", "KL": "B1"},
            holder="B-LLLK",
            symbol="K",
            attacker=1,
            keepers=("LKR", "KLR"),
        ),
        ["B-LLLK L>>left"],
    )
    # 8. second yellow: A's KL and KKL are on a yellow; KKL runs in to KL and fouls (3 K
    #    against 1): red; free kick for B.
    state = position(
        {"KL": "A6", "KKL": "A5"},
        {"KR": "A6", "LR": "B1"},
        holder="B-KR",
        symbol="K",
        attacker=1,
        options=FOULS,
    )
    w = state.to_json()
    w["pieces"]["A-KL"]["yellow"] = w["pieces"]["A-KKL"]["yellow"] = True
    take(ENGINE.state_from_json(w), ["B-LR B2", "end", "A-KKL A6"])
    # 9. KKL K>C3 lies loose; B castles KL and LR; the log stops with the pass unclaimed.
    last = take(
        position(
            {"KKL": "C2", "KL": "A5"},
            {"KL": "B1", "LR": "B2", "KR": "B8"},
            holder="A-KKL",
            symbol="L",
            options={"castling": True},
        ),
        ["A-KKL K>C3", "end", "B-KL<>B-LR"],
    )
    return events, last


def test_special_situations_equal_hand_counts(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    events, last = special_situations()
    kinds = {e["kind"] for action in events for e in action}
    assert {
        "dribble",
        "ball_won",
        "foul",
        "yellow_card",
        "red_card",
        "penalty",
        "goal",
        "offside",
        "double_pass",
        "parry",
        "corner",
        "castling",
    } <= kinds
    match = store(ann, ben, events, last, (0, 1))
    jobs.match_stats_refresh(match_id=match.pk)

    assert lines_of(0) == {
        # 1: played, ran, dribble won, duel won; 2: the same but lost; 4: ran in, duel won,
        # foul and yellow; 8: ran in, duel won, foul, red; 9: played, the pass never claimed
        "KKL": {
            "balls_played": 3,
            "runs": 4,
            "dribbles_won": 1,
            "dribbles_lost": 1,
            "duels_won": 3,
            "duels_lost": 1,
            "fouls": 2,
            "yellow_cards": 1,
            "red_cards": 1,
            "passes_loose.open_play": 1,
        },
        # 4 and 8: stood on the field, duel won
        "KL": {"duels_won": 2},
        "LLK": {"balls_played": 1, "passes_intercepted.open_play": 1},
        "KLR": {"double_passes": 1, "balls_played": 1, "passes_completed.open_play": 1},
        "KR": {"double_passes": 1, "balls_played": 1, "passes_completed.open_play": 1},
    }
    assert lines_of(1) == {
        "KL": {"duels_lost": 1, "balls_played": 1, "castlings": 1},
        "LR": {"runs": 5, "offsides": 1, "castlings": 1},
        "KKL": {"duels_won": 1, "balls_won": 1},
        "RRK": {"balls_won": 1},
        "KR": {
            "duels_lost": 2,
            "shots": 1,
            "penalties_taken": 1,
            "goals": 1,
            "penalty_goals": 1,
        },
        "LLLK": {"shots": 1},
    }
    a, b = (MatchParticipation.objects.get(position=p) for p in (0, 1))
    # side-only counters: A saved the parried shot and got the offside free kick; B won the
    # penalty, the corner and the free kick after the red card
    assert (a.counters["saves"], a.counters["free_kicks"]) == (1, 1)
    assert "corners" not in a.counters and "penalties_won" not in a.counters
    assert (b.counters["penalties_won"], b.counters["corners"], b.counters["free_kicks"]) == (
        1,
        1,
        1,
    )
    assert (b.counters["goals"], b.counters["shots"]) == (1, 2)
    assert "saves" not in b.counters
    # the lines at the end: A's KKL (C2) and KL (A5); B's KL, LR (own goal row), KR (B8)
    assert a.lines == {
        "midfield": {"players": 1, "symbols": 3},
        "defence": {"players": 1, "symbols": 2},
    }
    assert b.lines == {"defence": {"players": 3, "symbols": 6}}


def test_rerunning_the_job_changes_nothing(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    events, last = special_situations()
    match = store(ann, ben, events, last, (0, 1))
    jobs.match_stats_refresh(match_id=match.pk)
    before = sorted(
        (p.scope, p.scope_key, p.player, p.goals, p.appearances, p.counters)
        for p in PlayerStats.objects.all()
    )
    jobs.match_stats_refresh(match_id=match.pk)
    after = sorted(
        (p.scope, p.scope_key, p.player, p.goals, p.appearances, p.counters)
        for p in PlayerStats.objects.all()
    )
    assert before == after and before
