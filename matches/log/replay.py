"""Which logged actions are in effect, and the engine state they lead to.

The event log holds actions, undos and redos. Walking it in order with a stack gives the
effective actions (an undo voids the last effective action, a redo restores the last voided
one, a new action forgets what could be redone). The state at any point is the replay of the
effective actions from the initial state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from matches.engine import GameEngine, matchfile
from matches.engine.i18n import refusals_of


class LoggedEvent(Protocol):
    seq: int
    kind: str
    action: Any


@dataclass(frozen=True)
class LogStacks:
    applied: tuple[Any, ...]  # effective action events, oldest first
    redoable: tuple[Any, ...]  # voided action events that redo would restore, next last


def log_stacks(events: Iterable[LoggedEvent]) -> LogStacks:
    applied: list[Any] = []
    redoable: list[Any] = []
    for event in events:
        if event.kind == "action":
            applied.append(event)
            redoable.clear()
        elif event.kind == "undo":
            redoable.append(applied.pop())
        elif event.kind == "redo":
            applied.append(redoable.pop())
    return LogStacks(tuple(applied), tuple(redoable))


def initial_state(
    engine: GameEngine, *, edition: dict, sides: Sequence[dict], options: dict
) -> Any:
    with refusals_of(engine.key):
        return engine.initial_state(edition=edition, sides=sides, options=options)


def replay_actions(engine: GameEngine, state: Any, action_data: Iterable[dict]) -> Any:
    """Apply stored (JSON) actions in order; they were legal when stored, so this succeeds."""
    return matchfile.replay(engine, state, (engine.parse_action(data) for data in action_data))
