"""Runs and castling (TK-5, TK-16)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import Castle, Run
from matches.engine.trixkick.ballplay import SET_PIECES, maybe_end_attack, own_piece, receive
from matches.engine.trixkick.board import adjacent, run_targets
from matches.engine.trixkick.duels import resolve_exchange
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import count, run_range
from matches.engine.trixkick.state import holders, pieces_on, symbols


def check_run(w: dict, side: int, a: Run) -> None:
    p = own_piece(w, side, a.piece)
    if w["step"] == "attack":
        if w["turn"]["ran"]:
            raise illegal("already_ran", "TK-3.1")
        if w["ball"]["kick"] in SET_PIECES:
            raise illegal("kick_first", "TK-6" if w["ball"]["kick"] == "kickoff" else "TK-3.1")
    reach = run_range(p["symbols"])
    if a.to not in run_targets(p["field"], reach, w["options"]["l_shaped_runs"]):
        raise illegal("out_of_reach", "TK-5.1", reach=reach, piece=a.piece, to=a.to)
    if len(pieces_on(w, a.to, side)) >= 2:
        raise illegal("field_full", "TK-5.2", field=a.to)


def do_run(w: dict, side: int, a: Run, events: list) -> None:
    p = w["pieces"][a.piece]
    start = p["field"]
    was_holder = a.piece in holders(w)
    p["field"] = a.to
    events.append(
        GameEvent(
            "run",
            side,
            {"piece": a.piece, "from": start, "to": a.to, "distance": _distance(start, a.to)},
        )
    )
    if w["step"] == "defend":
        resolve_exchange(w, events, {a.piece: start})
        return
    w["turn"]["ran"] = True
    w["turn"]["moved"].setdefault(a.piece, start)
    ball = w["ball"]
    if was_holder and not holders(w):
        # the last piece that could play the ball ran off: it lies loose (Interpretation, TK-7.3)
        ball.update(owner=None, loose=True, holders=None)
        events.append(
            GameEvent("loose_ball", None, {"field": ball["field"], "symbol": ball["symbol"]})
        )
    elif ball["loose"] and ball["field"] == a.to:
        need = ball["symbol"]
        n = count(symbols(w, a.piece), need) if need else 1
        self_pass = a.piece == ball["passer"]
        can_dribble = need is not None and n >= 2 and ball.get("no_touch") != a.piece
        if self_pass and can_dribble and not receive(w, side, [a.piece], events, dribble=True):
            return
        if not self_pass and n > 0 and not receive(w, side, [a.piece], events):
            return
    maybe_end_attack(w)


def _distance(a: str, b: str) -> int:
    from matches.engine.trixkick.board import chebyshev, coord

    (ra, ca), (rb, cb) = coord(a), coord(b)
    if abs(ra - rb) and abs(ca - cb) and abs(ra - rb) != abs(ca - cb):
        return 3  # an L
    return chebyshev(a, b)


def check_castle(w: dict, side: int, a: Castle) -> None:
    if w["step"] != "defend":
        raise illegal("castle_defence_only", "TK-16")
    if not w["options"]["castling"]:
        raise illegal("castling_off", "TK-16")
    first = own_piece(w, side, a.piece, "TK-16")
    second = own_piece(w, side, a.with_piece, "TK-16")
    if not adjacent(first["field"], second["field"]):
        raise illegal("not_adjacent", "TK-16")
    if w["ball"]["field"] in (first["field"], second["field"]):
        raise illegal("ball_in_field", "TK-16")


def do_castle(w: dict, side: int, a: Castle, events: list) -> None:
    first, second = w["pieces"][a.piece], w["pieces"][a.with_piece]
    f1, f2 = first["field"], second["field"]
    first["field"], second["field"] = f2, f1
    events.append(
        GameEvent("castling", side, {"pieces": [a.piece, a.with_piece], "fields": [f1, f2]})
    )
    resolve_exchange(w, events, {a.piece: f1, a.with_piece: f2})
