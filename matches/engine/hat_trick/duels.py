"""Step 3 in open play: short pass (HT-3A), long ball (HT-3B) and dribbling (HT-3C),
with ties decided by the stronger action card and then a foul (HT-3.1)."""

from __future__ import annotations

from typing import NamedTuple

from matches.engine.base import GameEvent
from matches.engine.hat_trick.cards import DRIBBLING, LONG_BALL, SHORT_PASS
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.lines import line_sum, lowest, nearest_lowest
from matches.engine.hat_trick.pitch import (
    EMPTY,
    FIELD_NAMES,
    N_COLS,
    N_LINES,
    field_name,
    forward,
    line_of,
    number_of,
    side_of,
)
from matches.engine.hat_trick.state import State, faces, played


class Result(NamedTuple):
    grid: tuple[int, ...]
    ball: int
    fouler: int  # player code of the defender who fouled, 0 = no foul


def winner(att: int, dfn: int, card_a: int, card_d: int) -> str:
    """'attack', 'defence' or 'foul' (HT-3.1)."""
    if att != dfn:
        return "attack" if att > dfn else "defence"
    if card_a != card_d:
        return "attack" if card_a > card_d else "defence"
    return "foul"


def long_ball_lines(state: State) -> list[int]:
    """The destination choices 1-3 allowed by HT-3B.1 and HT-3B.2."""
    side = state.attacker
    line = line_of(state.ball)
    step = forward(side)
    inside: list[int] = []
    with_mate: list[int] = []
    for n in (1, 2, 3):
        target = line + step * n
        if 0 <= target < N_LINES:
            inside.append(n)
            if lowest(state.grid, target, side) >= 0:
                with_mate.append(n)
    return with_mate or inside


def check_long_ball(state: State, lines: int) -> None:
    allowed = long_ball_lines(state)
    if lines not in allowed:
        if 1 <= lines <= 3 and 0 <= line_of(state.ball) + forward(state.attacker) * lines < N_LINES:
            raise illegal("illegal_long_ball_line", "HT-3B.2", lines=lines, allowed=allowed)
        raise illegal("illegal_long_ball_line", "HT-3B.1", lines=lines, allowed=allowed)


def _counts(state: State, line: int) -> tuple[int, int, int, int]:
    a = state.attacker
    d = 1 - a
    values = faces(state)
    card_a = played(state, a).footballs
    card_d = played(state, d).footballs
    att = line_sum(state.grid, line, a, values, True) + card_a
    dfn = line_sum(state.grid, line, d, values, False) + card_d
    return att, dfn, card_a, card_d


def resolve(
    state: State, lines: int, events: list[GameEvent], bonus: tuple[int, int] = (0, 0)
) -> Result:
    """Perform the attacker's action; the caller handles fouls, chances and the next turn.

    ``bonus``: footballs added to attack and defence by expansion modifiers (HX-A.13).
    """
    kind = played(state, state.attacker).kind
    if kind == DRIBBLING:
        return _dribble(state, events, bonus)
    return _pass(state, kind, lines, events, bonus)


def _pass(
    state: State, kind: str, lines: int, events: list[GameEvent], bonus: tuple[int, int]
) -> Result:
    grid, ball = state.grid, state.ball
    a = state.attacker
    d = 1 - a
    nums = None if state.setup.expansion is None else state.setup.expansion.shirts
    step = forward(a)
    line = line_of(ball)
    dest = line + step * (lines if kind == LONG_BALL else 1)
    count_line = dest if kind == LONG_BALL else line
    att, dfn, card_a, card_d = _counts(state, count_line)
    att, dfn = att + bonus[0], dfn + bonus[1]
    result = winner(att, dfn, card_a, card_d)
    fouler = 0
    if result == "foul":
        ff = lowest(grid, count_line, d, nums)
        if ff >= 0:
            fouler = grid[ff]
        result = "attack"  # HT-4.1: completed as if the attacker had won
    passer = number_of(grid[ball])
    data = {
        "passer": passer,
        "pass_type": kind,
        "attack": att,
        "defence": dfn,
        "attack_card": card_a,
        "defence_card": card_d,
        "from": FIELD_NAMES[ball],
    }
    if kind == LONG_BALL:
        data["lines"] = lines
    if result == "attack":
        target = -1
        if 0 <= dest < N_LINES:
            target = lowest(grid, dest, a, nums)
        if target < 0 and kind == LONG_BALL:
            for back in range(lines - 1, 0, -1):  # nearest line back toward the ball
                target = lowest(grid, line + step * back, a, nums)
                if target >= 0:
                    break
        if target < 0:
            target = lowest(grid, line, a, nums)
        # the passer's own line holds the passer: ``target`` is a field
        data.update(receiver=number_of(grid[target]), to=FIELD_NAMES[target], foul=bool(fouler))
        events.append(
            GameEvent("long_ball_completed" if kind == LONG_BALL else "pass_completed", a, data)
        )
        return Result(grid, target, fouler)
    start = dest if kind == LONG_BALL else line
    target = lowest(grid, start, d, nums)
    if target < 0 and kind == LONG_BALL:
        target = lowest(grid, line, d, nums)
    if target < 0:
        target = nearest_lowest(grid, start, d, step, nums)
    data.update(interceptor=number_of(grid[target]), to=field_name(target))
    events.append(
        GameEvent("long_ball_intercepted" if kind == LONG_BALL else "pass_intercepted", a, data)
    )
    return Result(grid, target, 0)


def _dribble(state: State, events: list[GameEvent], bonus: tuple[int, int]) -> Result:
    grid, ball = state.grid, state.ball
    a = state.attacker
    d = 1 - a
    front = ball + forward(a) * N_COLS
    holder = grid[ball]
    data: dict[str, object] = {"dribbler": number_of(holder), "from": field_name(ball)}
    if not 0 <= front < len(grid):
        events.append(GameEvent("dribble_won", a, dict(data, defender=None, to=field_name(ball))))
        return Result(grid, ball, 0)
    other = grid[front]
    if other == EMPTY:  # HT-3C.3
        g = list(grid)
        g[front], g[ball] = holder, EMPTY
        events.append(GameEvent("dribble_won", a, dict(data, defender=None, to=field_name(front))))
        return Result(tuple(g), front, 0)
    if side_of(other) == a:  # HT-3C.2
        events.append(
            GameEvent(
                "pass_completed",
                a,
                {
                    "passer": number_of(holder),
                    "receiver": number_of(other),
                    "pass_type": DRIBBLING,
                    "from": field_name(ball),
                    "to": field_name(front),
                },
            )
        )
        return Result(grid, front, 0)
    values = faces(state)
    card_a = played(state, a).footballs
    card_d = played(state, d).footballs
    att = values[holder].attack + card_a + bonus[0]
    dfn = values[other].defence + card_d + bonus[1]
    result = winner(att, dfn, card_a, card_d)
    data.update(
        defender=number_of(other), attack=att, defence=dfn, attack_card=card_a, defence_card=card_d
    )
    if result == "defence":
        events.append(GameEvent("dribble_lost", a, dict(data, to=field_name(front))))
        return Result(grid, front, 0)
    g = list(grid)
    g[front], g[ball] = holder, other
    events.append(
        GameEvent("dribble_won", a, dict(data, to=field_name(front), foul=result == "foul"))
    )
    return Result(tuple(g), front, other if result == "foul" else 0)


__all__ = ["SHORT_PASS", "Result", "check_long_ball", "long_ball_lines", "resolve", "winner"]
