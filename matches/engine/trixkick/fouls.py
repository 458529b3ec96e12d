"""Fouls, cards, free kicks and penalties (TK-12)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.board import PENALTY_AREA
from matches.engine.trixkick.state import other, pieces_on


def commit_foul(
    w: dict, fouler: int, field: str, symbol: str | None, events: list, suspects: list[str]
) -> None:
    """The superior side fouled on ``field``: card (to one of ``suspects``), then free kick or
    penalty."""
    fouled = other(fouler)
    kind = "attacking" if fouler == w["attacker"] else "defending"
    events.append(
        GameEvent(
            "foul",
            fouler,
            {"field": field, "symbol": symbol, "kind": kind, "pieces": suspects},
        )
    )
    w["pending"] = {
        "kind": "card",
        "fouled": fouled,
        "field": field,
        "symbol": symbol,
        "suspects": list(suspects),
    }
    if len(suspects) == 1:
        give_card(w, suspects[0], events)
        award_kick(w, events)
    else:
        w["step"] = "card"
        w["actor"] = fouled


def card_candidates(w: dict) -> list[str]:
    pending = w["pending"]
    if "suspects" in pending:
        return list(pending["suspects"])
    return pieces_on(w, pending["field"], other(pending["fouled"]))  # stored before suspects


def give_card(w: dict, pid: str, events: list) -> None:
    p = w["pieces"][pid]
    if p["yellow"]:
        p["status"] = "sent_off"
        p["field"] = None
        events.append(GameEvent("red_card", p["side"], {"piece": pid}))
    else:
        p["yellow"] = True
        events.append(GameEvent("yellow_card", p["side"], {"piece": pid}))


def award_kick(w: dict, events: list) -> None:
    from matches.engine.trixkick.setup import start_setup

    pending = w["pending"]
    fouled, field, symbol = pending["fouled"], pending["field"], pending["symbol"]
    w["pending"] = None
    if field in PENALTY_AREA[other(fouled)]:
        events.append(GameEvent("penalty", fouled, {"field": field, "symbol": symbol}))
        start_setup(w, "penalty", fouled, fouled, field=field, locked=symbol)
    else:
        events.append(
            GameEvent("free_kick", fouled, {"field": field, "symbol": symbol, "reason": "foul"})
        )
        start_setup(w, "free_kick", fouled, fouled, field=field, locked=symbol)
