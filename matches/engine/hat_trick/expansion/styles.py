"""Style cards (HX-S): placeholder until the style rules are implemented."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick.actions import PlayStyle
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.state import State


def after_action(before: State, after: State, events) -> tuple[State, tuple[GameEvent, ...]]:
    return after, ()


def play_style(s: State, a: PlayStyle, events: list[GameEvent]) -> State:
    raise illegal("no_style_card", "HX-S.5", "You hold no playable style card.", side=a.side)
