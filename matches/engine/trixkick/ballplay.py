"""Playing the ball: matching symbols, distance, receiving, dribbling, double pass (TK-4, TK-15)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import DoublePass, Play
from matches.engine.trixkick.board import (
    KICKOFF_FIELDS,
    PENALTY_AREA,
    ball_targets,
    diagonal_neighbours,
    row_of,
    run_targets,
)
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.offside import award_offside, candidates_at_pass, offside_receiver
from matches.engine.trixkick.pieces import count, run_range
from matches.engine.trixkick.state import (
    Ball,
    Piece,
    TrixKickState,
    field_of,
    holders,
    pieces_on,
    pieces_showing,
    start_defence,
    symbols,
    the_ball,
)

SET_PIECES = ("kickoff", "corner", "goal_kick", "free_kick")


def own_piece(s: TrixKickState, side: int, pid: str, rule: str = "TK-3.1") -> Piece:
    p = s.pieces.get(pid)
    if p is None or p.side != side:
        raise illegal("not_your_piece", rule, piece=pid)
    if p.field is None:
        raise illegal("not_on_board", rule, piece=pid)
    return p


def check_ball_touch(s: TrixKickState, side: int, pid: str, symbol: str) -> int:
    """Checks shared by every ball play; returns how many of ``symbol`` the piece shows."""
    own_piece(s, side, pid)
    if s.turn.played:
        raise illegal("already_played", "TK-3.1")
    ball = the_ball(s)
    if ball.loose:
        raise illegal("ball_loose", "TK-7.3", field=ball.field, symbol=ball.symbol)
    if pid not in holders(s):
        on_field = s.pieces[pid].field == ball.field and ball.owner == side
        if on_field and ball.holders is not None and ball.lock_rule == "TK-7.4":
            raise illegal("not_the_winner", "TK-7.4", piece=pid, pieces=list(ball.holders))
        if on_field and ball.holders is None and ball.symbol is not None:
            raise illegal(
                "holder_lacks_symbol",
                ball.lock_rule or "TK-4.1",
                piece=pid,
                symbol=ball.symbol,
            )
        raise illegal("not_holder", "TK-4.1", piece=pid)
    if ball.no_touch == pid:
        raise illegal("second_touch", "TK-18.5")
    n = count(symbols(s, pid), symbol)
    if n == 0:
        raise illegal("symbol_missing", "TK-4.1", piece=pid, symbol=symbol)
    if ball.symbol is not None and symbol == ball.symbol:
        rule = ball.lock_rule or "TK-4.2"
        raise illegal("symbol_must_change", rule, symbol=symbol)
    return n


def reach_of(s: TrixKickState, n: int) -> int:
    """Corner kicks count the corner flag field (TK-10)."""
    return n - 1 if the_ball(s).kick == "corner" else n


def check_play(s: TrixKickState, side: int, a: Play) -> None:
    n = check_ball_touch(s, side, a.piece, a.symbol)
    reach = reach_of(s, n)
    origin = field_of(s, a.piece)
    targets = ball_targets(origin, reach)
    kick = the_ball(s).kick
    if a.to not in targets:
        raise illegal(
            "out_of_range",
            "TK-10" if kick == "corner" else "TK-4.4" if reach >= 1 else "TK-4.3",
            reach=reach,
            count=n,
            symbol=a.symbol,
            origin=origin,
            to=a.to,
        )
    if kick == "kickoff":
        other_field = [f for f in KICKOFF_FIELDS if f != origin]
        mates = pieces_showing(s, a.to, side, a.symbol)
        if a.to not in other_field or not mates:
            raise illegal("kickoff_pass", "TK-6")
    if kick == "goal_kick" and a.to in PENALTY_AREA[side]:
        raise illegal("goal_kick_in_area", "TK-11")


def send_ball(
    s: TrixKickState,
    side: int,
    pid: str,
    symbol: str,
    to: str,
    distance: int,
    events: list[GameEvent],
) -> TrixKickState:
    """The ball leaves ``pid`` for ``to``; nobody has it until someone receives it."""
    ball = the_ball(s)
    origin = field_of(s, pid)
    kick = ball.kick
    marked = candidates_at_pass(s, side, pid, kick)
    # TK-18.5: the taker of a corner or goal kick waits until another piece has played
    no_touch = pid if s.options.no_second_touch and kick in ("corner", "goal_kick") else None
    events.append(
        GameEvent(
            "ball_played",
            side,
            {
                "piece": pid,
                "symbol": symbol,
                "from": origin,
                "to": to,
                "distance": distance,
                "kick": kick,
            },
        )
    )
    return s._replace(
        ball=Ball(
            field=to,
            symbol=symbol,
            loose=True,
            lock_rule="TK-4.2",
            passer=pid,
            pass_from=origin,
            distance=distance,
            horizontal=row_of(origin) == row_of(to),
            pass_kick=kick,
            offside=tuple(sorted(marked.items())),
            no_touch=no_touch,
        )
    )


def receive(
    s: TrixKickState,
    side: int,
    receivers: list[str],
    events: list[GameEvent],
    dribble: bool = False,
) -> tuple[TrixKickState, bool]:
    """The ball is received on its field; False if that was offside (a free kick follows)."""
    caught = offside_receiver(s, receivers)
    if caught is not None:
        return award_offside(s, caught, events), False
    ball = the_ball(s)._replace(owner=side, loose=False, holders=None)
    if dribble:
        pid = receivers[0]
        ball = ball._replace(dribble=((pid, ball.distance),))
        events.append(
            GameEvent(
                "dribble",
                side,
                {
                    "piece": pid,
                    "symbol": ball.symbol,
                    "field": ball.field,
                    "distance": ball.distance,
                },
            )
        )
    events.append(
        GameEvent(
            "ball_received",
            side,
            {"pieces": list(receivers), "symbol": ball.symbol, "field": ball.field},
        )
    )
    return s._replace(ball=ball), True


def maybe_end_attack(s: TrixKickState) -> TrixKickState:
    if s.step == "attack" and s.turn.played and s.turn.ran:
        return start_defence(s)
    return s


def played(s: TrixKickState) -> TrixKickState:
    """The attack has played the ball this move."""
    return s._replace(turn=s.turn._replace(played=True))


def do_play(s: TrixKickState, side: int, a: Play, events: list[GameEvent]) -> TrixKickState:
    n = count(symbols(s, a.piece), a.symbol)
    origin = field_of(s, a.piece)
    distance = ball_targets(origin, reach_of(s, n))[a.to]
    s = played(send_ball(s, side, a.piece, a.symbol, a.to, distance, events))
    mates = pieces_showing(s, a.to, side, a.symbol)
    if mates:
        s, onside = receive(s, side, mates, events)
        if not onside:
            return s
    else:
        events.append(GameEvent("loose_ball", None, {"field": a.to, "symbol": a.symbol}))
    return maybe_end_attack(s)


def check_double_pass(s: TrixKickState, side: int, a: DoublePass) -> None:
    if not s.options.double_pass:
        raise illegal("double_pass_off", "TK-15")
    check_ball_touch(s, side, a.piece, a.symbol)
    if the_ball(s).kick is not None:
        raise illegal("set_piece_kick", "TK-15")
    start = field_of(s, a.piece)
    partner = own_piece(s, side, a.partner, "TK-15")
    if a.partner == a.piece or partner.field not in diagonal_neighbours(start):
        raise illegal("partner_not_diagonal", "TK-15")
    if count(partner.symbols, a.symbol) == 0:
        raise illegal("partner_cannot_receive", "TK-15", partner=a.partner, symbol=a.symbol)
    if a.return_symbol == a.symbol:
        raise illegal("symbol_must_change", "TK-4.2", symbol=a.symbol)
    if count(partner.symbols, a.return_symbol) == 0:
        raise illegal("partner_symbol_missing", "TK-15", partner=a.partner, symbol=a.return_symbol)
    if a.to not in diagonal_neighbours(partner.field):
        raise illegal("return_not_diagonal", "TK-15")
    if count(symbols(s, a.piece), a.return_symbol) == 0:
        raise illegal("cannot_take_back", "TK-15", piece=a.piece, symbol=a.return_symbol)
    if a.to != start:
        if s.turn.ran:
            raise illegal("already_ran", "TK-3.1")
        reach = run_range(symbols(s, a.piece))
        if a.to not in run_targets(start, reach, s.options.l_shaped_runs):
            raise illegal("out_of_reach", "TK-5.1", piece=a.piece, to=a.to, reach=reach)
        if len(pieces_on(s, a.to, side)) >= 2:
            raise illegal("field_full", "TK-5.2", field=a.to)


def do_double_pass(
    s: TrixKickState, side: int, a: DoublePass, events: list[GameEvent]
) -> TrixKickState:
    start = field_of(s, a.piece)
    middle = field_of(s, a.partner)
    events.append(GameEvent("double_pass", side, {"pieces": [a.piece, a.partner], "to": a.to}))
    s = played(s)
    s = send_ball(s, side, a.piece, a.symbol, middle, 1, events)
    s, onside = receive(s, side, [a.partner], events)
    if not onside:
        return s
    s = send_ball(s, side, a.partner, a.return_symbol, a.to, 1, events)
    if a.to != start:
        s = s._replace(
            pieces=s.pieces.moved(a.piece, field=a.to), turn=s.turn.with_run(a.piece, start)
        )
        events.append(
            GameEvent("run", side, {"piece": a.piece, "from": start, "to": a.to, "distance": 2})
        )
    mates = pieces_showing(s, a.to, side, a.return_symbol)
    s, onside = receive(s, side, mates, events)
    if not onside:
        return s
    return maybe_end_attack(s)
