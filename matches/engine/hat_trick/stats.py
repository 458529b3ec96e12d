"""Hat-Trick: footballers are keyed by shirt number; events from matches/engine/hat_trick."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from matches.engine.stats import (
    Handler,
    Increment,
    MatchView,
    StatsExtractor,
    number,
    style_from_shares,
)


def _goal(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
    if d.get("shootout"):
        yield side, None, "shootout_goals", 1
        return
    scorer = number(d.get("scorer"))
    yield side, scorer, "goals", 1
    if d.get("penalty"):
        yield side, scorer, "penalty_goals", 1


def _shot(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
    shooter = number(d.get("shooter"))
    if shooter is None:  # penalty shoot-out kick
        yield side, None, "shootout_kicks", 1
        return
    yield side, shooter, "shots", 1
    if d.get("penalty"):
        yield side, shooter, "penalties_taken", 1


def _pass(outcome: str, default_type: str) -> Handler:
    def handler(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
        kind = d.get("pass_type") or default_type
        yield side, number(d.get("passer")), f"passes_{outcome}.{kind}", 1

    return handler


def _dribble(outcome: str) -> Handler:
    def handler(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
        yield side, number(d.get("dribbler")), f"dribbles_{outcome}", 1

    return handler


def _player_counter(counter: str, key: str) -> Handler:
    def handler(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
        yield side, number(d.get(key)), counter, 1

    return handler


def _save(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
    yield side, None, "saves", 1


class HatTrickExtractor(StatsExtractor):
    handlers = {
        "goal": _goal,
        "shot": _shot,
        "pass_completed": _pass("completed", "short_pass"),
        "long_ball_completed": _pass("completed", "long_ball"),
        "pass_intercepted": _pass("intercepted", "short_pass"),
        "long_ball_intercepted": _pass("intercepted", "long_ball"),
        "dribble_won": _dribble("won"),
        "dribble_lost": _dribble("lost"),
        "foul": _player_counter("fouls", "fouler"),
        "yellow_card": _player_counter("yellow_cards", "player"),
        "red_card": _player_counter("red_cards", "player"),
        "save": _save,
    }

    def _players(self, match: MatchView, position: int) -> list[dict[str, Any]]:
        setup = match.state.get("setup") if isinstance(match.state, dict) else None
        players = (setup or {}).get("players") or []
        return players[position] if position < len(players) else []

    def squad(self, match: MatchView, position: int) -> list[str]:
        return [str(p["number"]) for p in self._players(match, position) if "number" in p]

    def lines(self, match: MatchView, position: int) -> dict[str, Any]:
        lines: dict[str, dict[str, int]] = {}
        for p in self._players(match, position):
            line = lines.setdefault(
                str(p.get("role", "?")), {"players": 0, "attack": 0, "defence": 0}
            )
            line["players"] += 1
            line["attack"] += int(p.get("attack", 0))
            line["defence"] += int(p.get("defence", 0))
        return lines

    def derived_style(self, counters: Counter[str]) -> str:
        return style_from_shares(
            counters,
            {
                "short passing": ("passes_completed.short_pass", "passes_intercepted.short_pass"),
                "long balls": ("passes_completed.long_ball", "passes_intercepted.long_ball"),
                "dribbling": ("dribbles_", "passes_completed.dribbling"),
            },
        )
