"""Generated Hat-Trick effects for the benchmarks that need finished matches (the stats and the
competitions' rebuilds): passes, dribbles, shots and goals, fouls and cards, moves, drawn at the
odds each benchmark sets."""

from __future__ import annotations

import random
from dataclasses import dataclass


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
