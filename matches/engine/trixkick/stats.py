"""TriXKick: counters per piece from the game events of matches/engine/trixkick.

The event kinds and their data are listed in docs/rules/trixkick.md ("Events"); the counters
in the section "Stats" there. A piece is keyed by its symbols (``KKL``), without the team
letter of the match (``A-``/``B-``), so a team's piece adds up over matches whichever side
the team played.

- A pass is a ``ball_played``; it is *completed* when its side receives it next
  (``ball_received``, possibly after it lay loose and a team-mate ran in), *intercepted* when
  the other side wins it (``ball_won`` after a loose ball, or an opponent's
  ``ball_received``), and *loose* when it is still unclaimed at the next kick, shot, set-up or
  the end. An ``offside`` ends it as an offside, not a pass. A self-pass that the passer runs
  after is a dribble, not a pass.
- A ``dribble`` is *won* unless the duel that follows the defending run (the next event other
  than that run or a castling) is lost by the dribbler's side.
- A foul with several suspect pieces is credited to the piece that is then carded.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from matches.engine.i18n import gettext
from matches.engine.stats import (
    Extracted,
    Handler,
    Increment,
    MatchView,
    StatsExtractor,
    style_from_shares,
)

_PIECE_ID = re.compile(r"^[AB]-([KLR]{2,4})$")
_KEEP_DRIBBLE_OPEN = ("run", "castling", "ball_received")
Ctx = dict[str, Any]  # what a match's handlers keep between events
Data = Mapping[str, Any]  # an event's data
Increments = Iterator[Increment]


def piece_key(value: Any) -> str | None:
    """The stats key of a piece: its symbols (``A-KKL`` -> ``KKL``)."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    text = str(value)
    m = _PIECE_ID.match(text)
    return m.group(1) if m else text


def _settle_pass(ctx: Ctx, outcome: str | None) -> Increments:
    """The pending pass ends as ``outcome`` (completed / intercepted / loose; None: no count)."""
    last = ctx.pop("pass", None)
    if last is None or outcome is None:
        return
    side, piece, kind = last
    yield side, piece, f"passes_{outcome}.{kind}", 1


def _settle_dribble(ctx: Ctx, lost: bool = False) -> Increments:
    last = ctx.pop("dribble", None)
    if last is not None:
        side, piece = last
        yield side, piece, "dribbles_lost" if lost else "dribbles_won", 1


def _ball_played(ctx: Ctx, side: Any, d: Data) -> Increments:
    yield from _settle_pass(ctx, "loose")
    piece = piece_key(d.get("piece"))
    ctx["pass"] = (side, piece, d.get("kick") or "open_play")
    yield side, piece, "balls_played", 1


def _ball_received(ctx: Ctx, side: Any, d: Data) -> Increments:
    last = ctx.get("pass")
    if last is None:
        return
    yield from _settle_pass(ctx, "completed" if last[0] == side else "intercepted")


def _ball_won(ctx: Ctx, side: Any, d: Data) -> Increments:
    last = ctx.get("pass")
    if last is not None and last[0] != side:
        yield from _settle_pass(ctx, "intercepted")
    for piece in d.get("pieces") or []:
        yield side, piece_key(piece), "balls_won", 1


def _dribble(ctx: Ctx, side: Any, d: Data) -> Increments:
    piece = piece_key(d.get("piece"))
    last = ctx.get("pass")
    # the self-pass the dribbler runs after is not a pass
    yield from _settle_pass(ctx, None if last and last[1] == piece else "loose")
    ctx["dribble"] = (side, piece)


def _duel(outcome: str) -> Handler:
    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        winner = d.get("winner")
        attacker = d.get("attacker")
        if outcome == "lost" and "dribble" in ctx and ctx["dribble"][0] == side:
            yield from _settle_dribble(ctx, lost=True)
        # the pieces of this event's side on the duel field
        own = "attacking_pieces" if side == attacker else "defending_pieces"
        if winner is None or attacker is None:
            return
        for piece in d.get(own) or []:
            yield side, piece_key(piece), f"duels_{outcome}", 1

    return handler


def _offside(ctx: Ctx, side: Any, d: Data) -> Increments:
    yield from _settle_pass(ctx, None)
    yield side, piece_key(d.get("piece")), "offsides", 1


def _foul(ctx: Ctx, side: Any, d: Data) -> Increments:
    pieces = d.get("pieces") or []
    if len(pieces) == 1:
        yield side, piece_key(pieces[0]), "fouls", 1
    else:  # credited to the piece carded next
        ctx["foul"] = side


def _card(counter: str) -> Handler:
    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        piece = piece_key(d.get("piece"))
        if ctx.pop("foul", None) is not None:
            yield side, piece, "fouls", 1
        yield side, piece, counter, 1

    return handler


def _piece_counter(counter: str) -> Handler:
    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        yield side, piece_key(d.get("piece")), counter, 1

    return handler


def _pieces_counter(counter: str) -> Handler:
    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        for piece in d.get("pieces") or []:
            yield side, piece_key(piece), counter, 1

    return handler


def _side_counter(counter: str) -> Handler:
    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        yield side, None, counter, 1

    return handler


def _shot(ctx: Ctx, side: Any, d: Data) -> Increments:
    yield from _settle_pass(ctx, "loose")
    piece = piece_key(d.get("piece"))
    ctx["penalty"] = bool(d.get("penalty"))
    yield side, piece, "shots", 1
    if d.get("penalty"):
        yield side, piece, "penalties_taken", 1


def _goal(ctx: Ctx, side: Any, d: Data) -> Increments:
    piece = piece_key(d.get("piece"))
    yield side, piece, "goals", 1
    if ctx.pop("penalty", False):
        yield side, piece, "penalty_goals", 1


def _substitution(ctx: Ctx, side: Any, d: Data) -> Increments:
    yield side, piece_key(d.get("out")), "substituted_out", 1
    yield side, piece_key(d.get("in")), "substituted_in", 1


def _restart(counter: str | None) -> Handler:
    """A set-up or the end: a pass still unclaimed stays loose."""

    def handler(ctx: Ctx, side: Any, d: Data) -> Increments:
        yield from _settle_pass(ctx, "loose")
        if counter and side is not None:
            yield side, None, counter, 1

    return handler


_HANDLERS: dict[str, Handler] = {
    "ball_played": _ball_played,
    "ball_received": _ball_received,
    "ball_won": _ball_won,
    "dribble": _dribble,
    "duel_won": _duel("won"),
    "duel_lost": _duel("lost"),
    "offside": _offside,
    "run": _piece_counter("runs"),
    "double_pass": _pieces_counter("double_passes"),
    "castling": _pieces_counter("castlings"),
    "foul": _foul,
    "yellow_card": _card("yellow_cards"),
    "red_card": _card("red_cards"),
    "substitution": _substitution,
    "shot": _shot,
    "goal": _goal,
    "wall": _pieces_counter("shots_blocked"),
    "catch": _side_counter("saves"),
    "parry": _side_counter("saves"),
    "corner": _restart("corners"),
    "goal_kick": _restart(None),
    "free_kick": _restart("free_kicks"),
    "penalty": _restart("penalties_won"),
    "counter": _restart(None),
    "period_ended": _restart(None),
    "match_ended": _restart(None),
}


def _with_dribble(kind: str, handler: Handler) -> Handler:
    """Settle a pending dribble first: any event but the defending run (or a duel) ends it."""
    if kind in _KEEP_DRIBBLE_OPEN or kind in ("duel_won", "duel_lost"):
        return handler

    def wrapped(ctx: Ctx, side: Any, d: Data) -> Increments:
        yield from _settle_dribble(ctx)
        yield from handler(ctx, side, d)

    return wrapped


def _duel_won_settles(handler: Handler) -> Handler:
    def wrapped(ctx: Ctx, side: Any, d: Data) -> Increments:
        yield from handler(ctx, side, d)
        # a duel the dribbler's side won: the dribble is won (duel_lost of the other side
        # follows and finds nothing pending)
        if "dribble" in ctx and ctx["dribble"][0] == side:
            yield from _settle_dribble(ctx)

    return wrapped


HANDLERS = {kind: _with_dribble(kind, handler) for kind, handler in _HANDLERS.items()}
HANDLERS["duel_won"] = _duel_won_settles(_HANDLERS["duel_won"])

# where a piece stands at the end of the match, seen from its own side
_REGION = {0: {"A": "defence", "C": "midfield", "B": "attack"}}
_REGION[1] = {"B": "defence", "C": "midfield", "A": "attack"}


class TrixKickExtractor(StatsExtractor):
    handlers = HANDLERS

    def player_label(self, player: str) -> str:
        """A piece by its symbols."""
        return gettext("Piece {piece}").format(piece=str(player).split("-", 1)[-1])

    def region_words(self) -> dict[str, str]:
        """Where a piece stood at the end, seen from its own side."""
        return {
            "defence": gettext("Defence"),
            "midfield": gettext("Midfield"),
            "attack": gettext("Attack"),
        }

    def _pieces(self, match: MatchView, position: int) -> list[tuple[str, dict[str, Any]]]:
        pieces = match.state.get("pieces") if isinstance(match.state, dict) else None
        if not isinstance(pieces, dict):
            return []
        return [
            (piece_key(pid) or str(pid), p)
            for pid, p in pieces.items()
            if isinstance(p, dict) and p.get("side") == position and p.get("field") is not None
        ]

    def squad(self, match: MatchView, position: int) -> list[str]:
        return [key for key, _ in self._pieces(match, position)]

    def lines(self, match: MatchView, position: int) -> dict[str, Any]:
        """Pieces on the board at the end per line (own half, middle row, opponents' half)."""
        lines: dict[str, dict[str, int]] = {}
        regions = _REGION.get(position, {})
        for _key, p in self._pieces(match, position):
            kind = p.get("kind") or p.get("type")  # hand-built states may name a line
            if not kind:
                kind = regions.get(str(p.get("field"))[:1], "piece")
            line = lines.setdefault(str(kind), {"players": 0})
            line["players"] += 1
            if isinstance(p.get("symbols"), str):
                line["symbols"] = line.get("symbols", 0) + len(p["symbols"])
        return lines

    def finish(self, match: MatchView, out: Extracted) -> None:
        """A log that stops without ``match_ended`` (abandoned): settle what is pending."""
        ctx = out.context
        for side, player, counter, amount in [*_settle_pass(ctx, "loose"), *_settle_dribble(ctx)]:
            if side is not None:
                out.add(side, player, counter, amount)

    def derived_style(self, counters: Counter[str]) -> str:
        return style_from_shares(
            counters,
            {
                "passing": ("passes_",),
                "running": ("runs", "double_passes"),
                "dribbling": ("dribbles_",),
            },
        )
