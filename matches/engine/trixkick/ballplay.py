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
from matches.engine.trixkick.state import holders, pieces_on, start_defence, symbols

SET_PIECES = ("kickoff", "corner", "goal_kick", "free_kick")


def own_piece(w: dict, side: int, pid: str, rule: str = "TK-3.1") -> dict:
    p = w["pieces"].get(pid)
    if p is None or p["side"] != side:
        raise illegal("not_your_piece", rule, piece=pid)
    if p["field"] is None:
        raise illegal("not_on_board", rule, piece=pid)
    return p


def check_ball_touch(w: dict, side: int, pid: str, symbol: str) -> int:
    """Checks shared by every ball play; returns how many of ``symbol`` the piece shows."""
    own_piece(w, side, pid)
    if w["turn"]["played"]:
        raise illegal("already_played", "TK-3.1")
    ball = w["ball"]
    if ball["loose"]:
        need = ball["symbol"]
        raise illegal("ball_loose", "TK-7.3", field=ball["field"], symbol=need)
    if pid not in holders(w):
        on_field = w["pieces"][pid]["field"] == ball["field"] and ball["owner"] == side
        if on_field and ball["holders"] is not None and ball["lock_rule"] == "TK-7.4":
            raise illegal("not_the_winner", "TK-7.4", piece=pid, pieces=list(ball["holders"]))
        if on_field and ball["holders"] is None and ball["symbol"] is not None:
            raise illegal(
                "holder_lacks_symbol",
                ball.get("lock_rule") or "TK-4.1",
                piece=pid,
                symbol=ball["symbol"],
            )
        raise illegal("not_holder", "TK-4.1", piece=pid)
    if ball.get("no_touch") == pid:
        raise illegal("second_touch", "TK-18.5")
    n = count(symbols(w, pid), symbol)
    if n == 0:
        raise illegal("symbol_missing", "TK-4.1", piece=pid, symbol=symbol)
    if ball["symbol"] is not None and symbol == ball["symbol"]:
        rule = ball.get("lock_rule") or "TK-4.2"
        raise illegal("symbol_must_change", rule, symbol=symbol)
    return n


def reach_of(w: dict, n: int) -> int:
    """Corner kicks count the corner flag field (TK-10)."""
    return n - 1 if w["ball"]["kick"] == "corner" else n


def check_play(w: dict, side: int, a: Play) -> None:
    n = check_ball_touch(w, side, a.piece, a.symbol)
    reach = reach_of(w, n)
    origin = w["pieces"][a.piece]["field"]
    targets = ball_targets(origin, reach)
    if a.to not in targets:
        raise illegal(
            "out_of_range",
            "TK-10" if w["ball"]["kick"] == "corner" else "TK-4.4" if reach >= 1 else "TK-4.3",
            reach=reach,
            count=n,
            symbol=a.symbol,
            origin=origin,
            to=a.to,
        )
    kick = w["ball"]["kick"]
    if kick == "kickoff":
        other_field = [f for f in KICKOFF_FIELDS if f != origin]
        mates = [pid for pid in pieces_on(w, a.to, side) if count(symbols(w, pid), a.symbol) > 0]
        if a.to not in other_field or not mates:
            raise illegal("kickoff_pass", "TK-6")
    if kick == "goal_kick" and a.to in PENALTY_AREA[side]:
        raise illegal("goal_kick_in_area", "TK-11")


def send_ball(
    w: dict, side: int, pid: str, symbol: str, to: str, distance: int, events: list
) -> None:
    """The ball leaves ``pid`` for ``to``; nobody has it until someone receives it."""
    ball = w["ball"]
    origin = w["pieces"][pid]["field"]
    kick = ball["kick"]
    marked = candidates_at_pass(w, side, pid, kick)
    # TK-18.5: the taker of a corner or goal kick waits until another piece has played
    no_touch = pid if w["options"]["no_second_touch"] and kick in ("corner", "goal_kick") else None
    ball.update(
        field=to,
        owner=None,
        symbol=symbol,
        loose=True,
        holders=None,
        kick=None,
        lock_rule="TK-4.2",
        passer=pid,
        pass_from=origin,
        distance=distance,
        horizontal=row_of(origin) == row_of(to),
        pass_kick=kick,
        offside=marked,
        dribble={},
        no_touch=no_touch,
    )
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


def receive(w: dict, side: int, receivers: list[str], events: list, dribble: bool = False) -> bool:
    """The ball is received on its field; False if that was offside (a free kick follows)."""
    ball = w["ball"]
    caught = offside_receiver(w, receivers)
    if caught is not None:
        award_offside(w, caught, events)
        return False
    ball.update(owner=side, loose=False, holders=None)
    if dribble:
        pid = receivers[0]
        ball["dribble"] = {pid: ball["distance"]}
        events.append(
            GameEvent(
                "dribble",
                side,
                {
                    "piece": pid,
                    "symbol": ball["symbol"],
                    "field": ball["field"],
                    "distance": ball["distance"],
                },
            )
        )
    events.append(
        GameEvent(
            "ball_received",
            side,
            {"pieces": list(receivers), "symbol": ball["symbol"], "field": ball["field"]},
        )
    )
    return True


def maybe_end_attack(w: dict) -> None:
    if w["step"] == "attack" and w["turn"]["played"] and w["turn"]["ran"]:
        start_defence(w)


def do_play(w: dict, side: int, a: Play, events: list) -> None:
    n = count(symbols(w, a.piece), a.symbol)
    origin = w["pieces"][a.piece]["field"]
    distance = ball_targets(origin, reach_of(w, n))[a.to]
    send_ball(w, side, a.piece, a.symbol, a.to, distance, events)
    w["turn"]["played"] = True
    mates = [pid for pid in pieces_on(w, a.to, side) if count(symbols(w, pid), a.symbol) > 0]
    if mates:
        if not receive(w, side, mates, events):
            return
    else:
        events.append(GameEvent("loose_ball", None, {"field": a.to, "symbol": a.symbol}))
    maybe_end_attack(w)


def check_double_pass(w: dict, side: int, a: DoublePass) -> None:
    if not w["options"]["double_pass"]:
        raise illegal("double_pass_off", "TK-15")
    check_ball_touch(w, side, a.piece, a.symbol)
    if w["ball"]["kick"] is not None:
        raise illegal("set_piece_kick", "TK-15")
    start = w["pieces"][a.piece]["field"]
    partner = own_piece(w, side, a.partner, "TK-15")
    if a.partner == a.piece or partner["field"] not in diagonal_neighbours(start):
        raise illegal("partner_not_diagonal", "TK-15")
    if count(partner["symbols"], a.symbol) == 0:
        raise illegal("partner_cannot_receive", "TK-15", partner=a.partner, symbol=a.symbol)
    if a.return_symbol == a.symbol:
        raise illegal("symbol_must_change", "TK-4.2", symbol=a.symbol)
    if count(partner["symbols"], a.return_symbol) == 0:
        raise illegal("partner_symbol_missing", "TK-15", partner=a.partner, symbol=a.return_symbol)
    if a.to not in diagonal_neighbours(partner["field"]):
        raise illegal("return_not_diagonal", "TK-15")
    if count(symbols(w, a.piece), a.return_symbol) == 0:
        raise illegal("cannot_take_back", "TK-15", piece=a.piece, symbol=a.return_symbol)
    if a.to != start:
        if w["turn"]["ran"]:
            raise illegal("already_ran", "TK-3.1")
        reach = run_range(symbols(w, a.piece))
        if a.to not in run_targets(start, reach, w["options"]["l_shaped_runs"]):
            raise illegal("out_of_reach", "TK-5.1", piece=a.piece, to=a.to, reach=reach)
        if len(pieces_on(w, a.to, side)) >= 2:
            raise illegal("field_full", "TK-5.2", field=a.to)


def do_double_pass(w: dict, side: int, a: DoublePass, events: list) -> None:
    start = w["pieces"][a.piece]["field"]
    middle = w["pieces"][a.partner]["field"]
    events.append(GameEvent("double_pass", side, {"pieces": [a.piece, a.partner], "to": a.to}))
    w["turn"]["played"] = True
    send_ball(w, side, a.piece, a.symbol, middle, 1, events)
    if not receive(w, side, [a.partner], events):
        return
    send_ball(w, side, a.partner, a.return_symbol, a.to, 1, events)
    if a.to != start:
        w["pieces"][a.piece]["field"] = a.to
        w["turn"]["ran"] = True
        w["turn"]["moved"].setdefault(a.piece, start)
        events.append(
            GameEvent("run", side, {"piece": a.piece, "from": start, "to": a.to, "distance": 2})
        )
    mates = [pid for pid in pieces_on(w, a.to, side) if count(symbols(w, pid), a.return_symbol) > 0]
    if not receive(w, side, mates, events):
        return
    maybe_end_attack(w)
