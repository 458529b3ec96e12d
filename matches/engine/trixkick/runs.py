"""Runs and castling (TK-5, TK-16)."""

from __future__ import annotations

from functools import cache

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import Castle, Run
from matches.engine.trixkick.ballplay import SET_PIECES, maybe_end_attack, own_piece, receive
from matches.engine.trixkick.board import adjacent, run_targets
from matches.engine.trixkick.duels import resolve_exchange
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import count, run_range
from matches.engine.trixkick.state import (
    TrixKickState,
    field_of,
    holders,
    pieces_on,
    symbols,
    the_ball,
)


def check_run(s: TrixKickState, side: int, a: Run) -> None:
    p = own_piece(s, side, a.piece)
    if s.step == "attack":
        if s.turn.ran:
            raise illegal("already_ran", "TK-3.1")
        kick = the_ball(s).kick
        if kick in SET_PIECES:
            raise illegal("kick_first", "TK-6" if kick == "kickoff" else "TK-3.1")
    reach = run_range(p.symbols)
    if a.to not in run_targets(p.field, reach, s.options.l_shaped_runs):
        raise illegal("out_of_reach", "TK-5.1", reach=reach, piece=a.piece, to=a.to)
    if len(pieces_on(s, a.to, side)) >= 2:
        raise illegal("field_full", "TK-5.2", field=a.to)


def do_run(s: TrixKickState, side: int, a: Run, events: list[GameEvent]) -> TrixKickState:
    start = field_of(s, a.piece)
    pieces = s.pieces.moved(a.piece, field=a.to)
    events.append(
        GameEvent(
            "run",
            side,
            {"piece": a.piece, "from": start, "to": a.to, "distance": _distance(start, a.to)},
        )
    )
    if s.step == "defend":
        return resolve_exchange(s._replace(pieces=pieces), events, {a.piece: start})
    was_holder = a.piece in holders(s)
    s = s._replace(pieces=pieces, turn=s.turn.with_run(a.piece, start))
    ball = the_ball(s)
    if was_holder and not holders(s):
        # the last piece that could play the ball ran off: it lies loose (Interpretation, TK-7.3)
        s = s._replace(ball=ball._replace(owner=None, loose=True, holders=None))
        events.append(GameEvent("loose_ball", None, {"field": ball.field, "symbol": ball.symbol}))
    elif ball.loose and ball.field == a.to:
        need = ball.symbol
        n = count(symbols(s, a.piece), need) if need else 1
        self_pass = a.piece == ball.passer
        can_dribble = need is not None and n >= 2 and ball.no_touch != a.piece
        if self_pass and can_dribble:
            s, onside = receive(s, side, [a.piece], events, dribble=True)
            if not onside:
                return s
        if not self_pass and n > 0:
            s, onside = receive(s, side, [a.piece], events)
            if not onside:
                return s
    return maybe_end_attack(s)


@cache
def _distance(a: str, b: str) -> int:
    from matches.engine.trixkick.board import chebyshev, coord

    (ra, ca), (rb, cb) = coord(a), coord(b)
    if abs(ra - rb) and abs(ca - cb) and abs(ra - rb) != abs(ca - cb):
        return 3  # an L
    return chebyshev(a, b)


def check_castle(s: TrixKickState, side: int, a: Castle) -> None:
    if s.step != "defend":
        raise illegal("castle_defence_only", "TK-16")
    if not s.options.castling:
        raise illegal("castling_off", "TK-16")
    first = own_piece(s, side, a.piece, "TK-16")
    second = own_piece(s, side, a.with_piece, "TK-16")
    if not adjacent(field_of(s, a.piece), field_of(s, a.with_piece)):
        raise illegal("not_adjacent", "TK-16")
    if the_ball(s).field in (first.field, second.field):
        raise illegal("ball_in_field", "TK-16")


def do_castle(s: TrixKickState, side: int, a: Castle, events: list[GameEvent]) -> TrixKickState:
    pieces = s.pieces
    first, second = pieces[a.piece], pieces[a.with_piece]
    f1, f2 = first.field, second.field
    assert f1 is not None and f2 is not None
    s = s._replace(
        pieces=pieces.replaced(
            {a.piece: first._replace(field=f2), a.with_piece: second._replace(field=f1)}
        )
    )
    events.append(
        GameEvent("castling", side, {"pieces": [a.piece, a.with_piece], "fields": [f1, f2]})
    )
    return resolve_exchange(s, events, {a.piece: f1, a.with_piece: f2})
