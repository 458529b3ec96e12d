"""Fouls, cards, free kicks and penalties (TK-12)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.board import PENALTY_AREA
from matches.engine.trixkick.state import Pending, TrixKickState, other, pieces_on, the_pending


def commit_foul(
    s: TrixKickState,
    fouler: int,
    field: str,
    symbol: str | None,
    events: list[GameEvent],
    suspects: list[str],
) -> TrixKickState:
    """The superior side fouled on ``field``: card (to one of ``suspects``), then free kick or
    penalty."""
    fouled = other(fouler)
    kind = "attacking" if fouler == s.attacker else "defending"
    events.append(
        GameEvent(
            "foul",
            fouler,
            {"field": field, "symbol": symbol, "kind": kind, "pieces": suspects},
        )
    )
    s = s._replace(pending=Pending("card", fouled, field, symbol, tuple(suspects)))
    if len(suspects) == 1:
        return award_kick(give_card(s, suspects[0], events), events)
    return s._replace(step="card", actor=fouled)


def card_candidates(s: TrixKickState) -> list[str]:
    pending = the_pending(s)
    if pending.suspects is not None:
        return list(pending.suspects)
    # a snapshot stored before suspects: the fouler's pieces on the field
    return pieces_on(s, pending.field, other(pending.fouled or 0))


def give_card(s: TrixKickState, pid: str, events: list[GameEvent]) -> TrixKickState:
    p = s.pieces[pid]
    if p.yellow:
        events.append(GameEvent("red_card", p.side, {"piece": pid}))
        return s._replace(pieces=s.pieces.moved(pid, status="sent_off", field=None))
    events.append(GameEvent("yellow_card", p.side, {"piece": pid}))
    return s._replace(pieces=s.pieces.moved(pid, yellow=True))


def award_kick(s: TrixKickState, events: list[GameEvent]) -> TrixKickState:
    from matches.engine.trixkick.setup import start_setup

    pending = the_pending(s)
    fouled, field, symbol = pending.fouled or 0, pending.field, pending.symbol
    s = s._replace(pending=None)
    if field in PENALTY_AREA[other(fouled)]:
        events.append(GameEvent("penalty", fouled, {"field": field, "symbol": symbol}))
        return start_setup(s, "penalty", fouled, fouled, field=field, locked=symbol)
    events.append(
        GameEvent("free_kick", fouled, {"field": field, "symbol": symbol, "reason": "foul"})
    )
    return start_setup(s, "free_kick", fouled, fouled, field=field, locked=symbol)
