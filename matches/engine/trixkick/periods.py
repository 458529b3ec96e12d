"""Match length: first to N goals, or timed periods ended by the whistle (TK-17)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.setup import start_setup
from matches.engine.trixkick.state import TrixKickState, finish_match, other


def check_whistle(s: TrixKickState) -> None:
    if s.options.match_length.kind != "time":
        raise illegal("not_timed", "TK-17")


def do_whistle(s: TrixKickState, events: list[GameEvent]) -> TrixKickState:
    periods = s.options.match_length.periods or 1
    if s.period < periods:
        events.append(GameEvent("period_ended", None, {"period": s.period}))
        period = s.period + 1
        first = s.options.kickoff_side
        kicker = first if period % 2 == 1 else other(first)
        return start_setup(s._replace(period=period), "kickoff", kicker, other(kicker))
    return finish_match(s, "time", events)
