"""Building, playing and reading Hat-Trick states for rule tests.

Blue (side 0) attacks toward line 6, its final line; red toward line 1. A new match (``new``,
and ``expansion_states.xnew``) starts from the kick-off layout ``KICK_OFF``, drawn as ``board``
reads a picture: one row per line, "." an empty field.
"""

from __future__ import annotations

import json

import pytest

from matches.engine.base import EngineError
from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.cards import card_from_code
from matches.engine.hat_trick.pitch import (
    EMPTY,
    N_FIELDS,
    code,
    field_name,
    number_of,
    parse_field,
    side_of,
)
from matches.engine.hat_trick.state import State


def new(**options) -> State:
    return ENGINE.initial_state(
        edition=ENGINE.default_edition(), sides=[{"name": "Blue"}, {"name": "Red"}], options=options
    )


def player(name: str) -> int:
    """ "B6" -> grid code of blue no. 6."""
    return code(0 if name[0] == "B" else 1, int(name[1:]))


def arrange(state: State, placement: dict[str, str], **changes) -> State:
    """Swap players so each field named in ``placement`` holds the given player ("" = empty)."""
    grid = list(state.grid)
    fixed = set()
    for field, who in placement.items():
        f = parse_field(field)
        if who:
            src = grid.index(player(who))
        else:
            src = next(i for i, p in enumerate(grid) if p == EMPTY and i not in fixed and i != f)
        grid[f], grid[src] = grid[src], grid[f]
        fixed.add(f)
    cards = changes.pop("cards", None)
    if cards is not None:
        changes["cards"] = tuple(card_from_code(c) if c else None for c in cards)
    ball = changes.pop("ball", None)
    if ball is not None:
        changes["ball"] = parse_field(ball)
    return state._replace(grid=tuple(grid), **changes)


def at(state: State, field: str) -> str:
    p = state.grid[parse_field(field)]
    return "" if p == EMPTY else ("B" if side_of(p) == 0 else "R") + str(number_of(p))


def ball_at(state: State) -> str:
    return f"{field_name(state.ball)}:{at(state, field_name(state.ball))}"


def play(state: State, *actions):
    """Apply JSON or notation actions in order; returns (state, all events)."""
    events = []
    for a in actions:
        action = ENGINE.parse_notation(a) if isinstance(a, str) else ENGINE.parse_action(a)
        t = ENGINE.apply(state, action)
        state = t.state
        events.extend(t.events)
    return state, events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[0]


def rejects(state: State, action, code_: str, rule: str | None = None) -> EngineError:
    with pytest.raises(EngineError) as info:
        play(state, action)
    assert info.value.code == code_, info.value.as_dict()
    if rule is not None:
        assert info.value.rule == rule, info.value.as_dict()
    return info.value


KICK_OFF = """
    6  R3  R5  R4  R2
    5  B10 B8  B11 B9
    4  .   R7  R6  .
    3  .   B6  B7  .
    2  R9  R11 R8  R10
    1  B2  B4  B5  B3
"""


def board(picture: str) -> tuple[int, ...]:
    """A grid drawn like ``KICK_OFF``: one row per line, "." an empty field."""
    grid = [EMPTY] * N_FIELDS
    for row in picture.strip().splitlines():
        line, *fields = row.split()
        assert len(fields) == 4, row
        for column, who in zip("abcd", fields, strict=True):
            if who != ".":
                grid[parse_field(f"{column}{line}")] = player(who)
    return tuple(grid)


def through_json(s: State) -> State:
    """``s`` written as JSON text and read back."""
    return ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(s))))


def decks_ran_out(s: State) -> State:
    """``s`` with both decks of the half run out (the half ends after the action)."""
    return s._replace(decks=tuple(d._replace(ran_out=True) for d in s.decks))


def goal_kick(s: State, side: int = 0) -> State:
    """``side``'s keeper has saved: his manager is about to play the goal-kick card."""
    return s._replace(phase=P.GK_CARD, attacker=side, ball=-1, cards=(None, None), moved=-1)
