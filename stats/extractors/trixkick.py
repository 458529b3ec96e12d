"""TriXKick: pieces are keyed by piece id; events from matches/engine/trixkick.

A pass is ``ball_played`` followed by ``ball_received``: by the same side it is completed, by
the other side intercepted; a ``loose_ball`` or an ``offside`` ends it otherwise. A foul with
several suspect pieces is credited to the piece that is then carded.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from stats.extractors.base import MatchView, StatsExtractor, number, style_from_shares


def _ball_played(ctx, side, d):
    piece = number(d.get("piece"))
    ctx["pass"] = (side, piece, d.get("kick") or "open_play")
    yield side, piece, "balls_played", 1


def _ball_received(ctx, side, d):
    last = ctx.pop("pass", None)
    if last is None:
        return
    passer_side, passer, kind = last
    outcome = "completed" if passer_side == side else "intercepted"
    yield passer_side, passer, f"passes_{outcome}.{kind}", 1


def _loose_ball(ctx, side, d):
    last = ctx.pop("pass", None)
    if last is not None:
        passer_side, passer, kind = last
        yield passer_side, passer, f"passes_loose.{kind}", 1


def _offside(ctx, side, d):
    ctx.pop("pass", None)
    yield side, number(d.get("piece")), "offsides", 1


def _foul(ctx, side, d):
    pieces = d.get("pieces") or []
    if len(pieces) == 1:
        yield side, number(pieces[0]), "fouls", 1
    else:  # credited to the piece carded next
        ctx["foul"] = side


def _card(counter: str):
    def handler(ctx, side, d):
        piece = number(d.get("piece"))
        if ctx.pop("foul", None) is not None:
            yield side, piece, "fouls", 1
        yield side, piece, counter, 1

    return handler


def _piece_counter(counter: str, key: str = "piece"):
    def handler(ctx, side, d):
        yield side, number(d.get(key) or d.get("scorer") or d.get("shooter")), counter, 1

    return handler


def _dribble(ctx, side, d):
    yield side, number(d.get("piece")), "dribbles_won", 1


def _double_pass(ctx, side, d):
    for piece in d.get("pieces") or []:
        yield side, number(piece), "double_passes", 1


def _substitution(ctx, side, d):
    yield side, number(d.get("out")), "substituted_out", 1
    yield side, number(d.get("in")), "substituted_in", 1


class TrixKickExtractor(StatsExtractor):
    game = "trixkick"
    handlers = {
        "ball_played": _ball_played,
        "ball_received": _ball_received,
        "loose_ball": _loose_ball,
        "offside": _offside,
        "dribble": _dribble,
        "double_pass": _double_pass,
        "run": _piece_counter("runs"),
        "foul": _foul,
        "yellow_card": _card("yellow_cards"),
        "red_card": _card("red_cards"),
        "substitution": _substitution,
        # not emitted by the engine yet; read with the keys the other games use
        "goal": _piece_counter("goals"),
        "shot": _piece_counter("shots"),
    }

    def _pieces(self, match: MatchView, position: int) -> list[tuple[str, dict[str, Any]]]:
        pieces = match.state.get("pieces") if isinstance(match.state, dict) else None
        if not isinstance(pieces, dict):
            return []
        return [
            (str(pid), p)
            for pid, p in pieces.items()
            if isinstance(p, dict) and p.get("side") == position and p.get("field") is not None
        ]

    def squad(self, match: MatchView, position: int) -> list[str]:
        return [pid for pid, _ in self._pieces(match, position)]

    def lines(self, match: MatchView, position: int) -> dict[str, Any]:
        lines: dict[str, dict[str, int]] = {}
        for _pid, p in self._pieces(match, position):
            kind = str(p.get("kind") or p.get("type") or "piece")
            lines.setdefault(kind, {"players": 0})["players"] += 1
        return lines

    def derived_style(self, counters: Counter) -> str:
        return style_from_shares(
            counters,
            {
                "passing": ("passes_",),
                "running": ("runs", "double_passes"),
                "dribbling": ("dribbles_",),
            },
        )
