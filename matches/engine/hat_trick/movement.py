"""Step 2 (moving) and the ball holder's forced sideways pass (HT-2.x), also used at goal kicks
(HT-7.1), free kicks (HT-4.4) and in scoring opportunities (HT-5.2)."""

from __future__ import annotations

from typing import NamedTuple

from matches.engine.base import GameEvent
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.pitch import (
    EMPTY,
    FIELD_NAMES,
    N_COLS,
    N_FIELDS,
    N_LINES,
    SIDE_CODES,
    code,
    col_of,
    field_name,
    forward,
    line_of,
    number_of,
    side_of,
)
from matches.engine.hat_trick.state import State


class MoveRules(NamedTuple):
    """What restricts a move in the current step."""

    side: int  # the moving manager
    edge: str | None  # side rule: the edge of his action card, None = any side (goal/free kick)
    may_displace_holder: bool  # defender in a scoring opportunity
    holder_rule: str  # clause for the ball-holder restriction
    frozen: int  # field of a player who may not be repositioned (-1 = none)
    frozen_rule: str = "HT-7.1"


def target_field(field: int, side: int, direction: str) -> int:
    """The field one step ``forward``/``backward`` for ``side``; -1 if off the pitch."""
    step = forward(side) if direction == "forward" else -forward(side)
    line = line_of(field) + step
    if not 0 <= line < N_LINES:
        return -1
    return line * N_COLS + col_of(field)


_TARGETS = {
    (side, direction): tuple(target_field(f, side, direction) for f in range(N_FIELDS))
    for side in (0, 1)
    for direction in ("forward", "backward")
}
"""``target_field`` of every field, per side and direction."""


def check_move(state: State, rules: MoveRules, number: int, direction: str) -> tuple[int, int]:
    """(from, to) of a legal move, or raise IllegalActionError."""
    side = rules.side
    player = code(side, number)
    try:
        src = state.grid.index(player)
    except ValueError:
        raise illegal("no_such_player", "HT-2.2", player=number, side=side) from None
    if direction not in ("forward", "backward"):
        raise illegal("sideways_move", "HT-2.2", player=number)
    attacker = side == state.attacker
    if src == state.ball:
        if attacker:
            raise illegal("cannot_move_ball_holder", "HT-2.4", player=number)
        raise illegal("cannot_move_ball_holder", "HT-2.4", player=number)
    if rules.edge is not None:
        card = state.setup.values[player]
        if card.edge != rules.edge:
            raise illegal(
                "wrong_edge", "HT-2.1", player=number, edge=card.edge, card_edge=rules.edge
            )
    dst = _TARGETS[side, direction][src]
    if dst < 0:
        raise illegal("off_pitch", "HT-2.2", player=number)
    if dst == state.ball:
        if attacker:
            raise illegal("cannot_move_ball_holder", "HT-2.4", player=number)
        if not rules.may_displace_holder:
            raise illegal("defender_moves_ball_holder", rules.holder_rule, player=number)
    if rules.frozen >= 0 and (dst == rules.frozen or src == rules.frozen):
        raise illegal("cannot_move_just_moved", rules.frozen_rule, player=number)
    return src, dst


def do_move(
    state: State, src: int, dst: int, events: list[GameEvent]
) -> tuple[tuple[int, ...], int]:
    """Swap the two fields; returns the new grid and the ball's field."""
    grid = list(state.grid)
    mover, other = grid[src], grid[dst]
    grid[src], grid[dst] = other, mover
    ball = state.ball
    if ball == dst:
        ball = src
    swapped = None if other == EMPTY else {"side": side_of(other), "player": number_of(other)}
    data = {
        "player": number_of(mover),
        "from": FIELD_NAMES[src],
        "to": FIELD_NAMES[dst],
        "swapped_with": swapped,
    }
    events.append(GameEvent("player_moved", side_of(mover), data))
    return tuple(grid), ball


def move_options(state: State, rules: MoveRules) -> list[dict[str, object]]:
    """Every legal move for the phone to offer."""
    out: list[dict[str, object]] = []
    side = rules.side
    for f, p in enumerate(state.grid):
        if p == EMPTY or side_of(p) != side:
            continue
        for direction in ("forward", "backward"):
            try:
                _, dst = check_move(state, rules, number_of(p), direction)
            except ValueError:
                continue
            out.append(
                {
                    "player": number_of(p),
                    "direction": direction,
                    "from": field_name(f),
                    "to": field_name(dst),
                }
            )
    return out


def sideways_receivers(grid: tuple[int, ...], ball: int) -> list[int]:
    """Fields of the nearest team-mates of the ball holder in his line (HT-2.5, HT-2.6)."""
    side = side_of(grid[ball])
    first, end = SIDE_CODES[side]
    col = col_of(ball)
    base = ball - col
    best = 9
    out: list[int] = []
    for c, p in enumerate(grid[base : base + N_COLS]):
        if c == col or p == EMPTY or not first <= p < end:
            continue
        d = abs(c - col)
        if d < best:
            best, out = d, [base + c]
        elif d == best:
            out.append(base + c)
    return out
