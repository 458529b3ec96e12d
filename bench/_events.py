"""Generated finished Hat-Trick matches for the benchmarks that rebuild from them (the stats and
the competitions' standings): their events' effects (passes, dribbles, shots and goals, fouls
and cards, moves) drawn at the odds each benchmark sets. Imported once Django is set up."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from matches.models import Match, MatchEvent
from teams.models import Edition


@dataclass(frozen=True)
class Odds:
    # the cumulative thresholds of one roll (below ``passes`` a pass, below ``dribbles`` a
    # dribble...; a move above ``fouls``), a shot's chance of a goal, and the kinds of pass
    passes: float
    dribbles: float
    shots: float
    fouls: float
    goal: float
    pass_types: tuple[str, ...] = ("short_pass",)


def effects(rng: random.Random, side: int, odds: Odds) -> list[dict]:
    """One action's effects by ``side``, drawn from ``rng``."""
    player = rng.randint(2, 11)
    roll = rng.random()
    if roll < odds.passes:
        # one kind of pass draws nothing (the benchmark's numbers stay those of its seed)
        pass_type = rng.choice(odds.pass_types) if len(odds.pass_types) > 1 else odds.pass_types[0]
        kind = "pass_completed" if rng.random() < 0.7 else "pass_intercepted"
        return [{"kind": kind, "side": side, "data": {"passer": player, "pass_type": pass_type}}]
    if roll < odds.dribbles:
        kind = "dribble_won" if rng.random() < 0.6 else "dribble_lost"
        return [{"kind": kind, "side": side, "data": {"dribbler": player}}]
    if roll < odds.shots:
        shot = {"kind": "shot", "side": side, "data": {"shooter": player, "penalty": False}}
        if rng.random() < odds.goal:
            return [shot, {"kind": "goal", "side": side, "data": {"scorer": player}}]
        return [shot, {"kind": "save", "side": 1 - side, "data": {}}]
    if roll < odds.fouls:
        return [
            {"kind": "foul", "side": side, "data": {"fouler": player}},
            {"kind": "yellow_card", "side": side, "data": {"player": player}},
        ]
    return [{"kind": "player_moved", "side": side, "data": {"player": player}}]


def finished_matches(
    numbers: Iterable[int],
    *,
    edition: Edition,
    creator,
    moves: int,
    state: dict,
    start: datetime,
    result: dict | None = None,
) -> list[Match]:
    """Finished Hat-Trick matches of ``moves`` events each, the ``n``-th of ``numbers`` finished
    ``n`` minutes after ``start`` (saved; their events and sides are the caller's)."""
    return Match.objects.bulk_create(
        Match(
            game="hat-trick",
            edition=edition,
            created_by=creator,
            status="finished",
            seq=moves,
            state=state,
            result=result,
            finished_at=start + timedelta(minutes=n),
        )
        for n in numbers
    )


def played(
    rng: random.Random, match: Match, odds: Odds, moves: int
) -> tuple[list[MatchEvent], list[int]]:
    """``match``'s ``moves`` events (not saved), each by a side drawn from ``rng``, and the
    score they make."""
    scores = [0, 0]
    events = []
    for seq in range(1, moves + 1):
        side = rng.randint(0, 1)
        effect = effects(rng, side, odds)
        scores[side] += sum(e["kind"] == "goal" for e in effect)
        events.append(MatchEvent(match=match, seq=seq, kind="action", effects=effect))
    return events, scores
