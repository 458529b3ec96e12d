"""Match length: first to N goals, or timed periods ended by the whistle (TK-17)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.setup import start_setup
from matches.engine.trixkick.state import finish_match, other


def check_whistle(w: dict) -> None:
    if w["options"]["match_length"]["kind"] != "time":
        raise illegal("not_timed", "TK-17")


def do_whistle(w: dict, events: list) -> None:
    periods = w["options"]["match_length"]["periods"]
    if w["period"] < periods:
        events.append(GameEvent("period_ended", None, {"period": w["period"]}))
        w["period"] += 1
        first = w["options"]["kickoff_side"]
        kicker = first if w["period"] % 2 == 1 else other(first)
        start_setup(w, "kickoff", kicker, other(kicker))
        return
    finish_match(w, "time", events)
