"""Offside (TK-13).

A piece of the attacking side stands offside on the opponents' goal row when no field of that
row holds two opponents, and on their second row when no field of that row holds two opponents
and their goal row is empty of opponents. It matters when the ball is played to it: at the
moment of the pass its position counts, so a piece that runs in after the pass from an onside
field is not offside. No offside straight from a corner or goal kick, nor on a pass along a row.
"""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.board import GOAL_ROW, SECOND_ROW
from matches.engine.trixkick.state import TrixKickState, on_board, other, pieces_on, the_ball


def _open_row(s: TrixKickState, row: tuple[str, ...], defender: int) -> bool:
    return all(len(pieces_on(s, f, defender)) <= 1 for f in row)


def offside_position(s: TrixKickState, field: str, attacker: int) -> bool:
    defender = other(attacker)
    if field in GOAL_ROW[defender]:
        return _open_row(s, GOAL_ROW[defender], defender)
    if field in SECOND_ROW[defender]:
        empty_goal_row = not any(pieces_on(s, f, defender) for f in GOAL_ROW[defender])
        return empty_goal_row and _open_row(s, SECOND_ROW[defender], defender)
    return False


def candidates_at_pass(
    s: TrixKickState, attacker: int, passer: str, kick: str | None
) -> dict[str, str]:
    """Attacking pieces in an offside position when the ball is played (id -> field)."""
    if not s.options.offside or kick in ("corner", "goal_kick"):
        return {}
    out = {}
    pieces = s.pieces
    for pid in on_board(s, attacker):
        field = pieces[pid].field
        if pid != passer and field is not None and offside_position(s, field, attacker):
            out[pid] = field
    return out


def offside_receiver(s: TrixKickState, receivers: list[str]) -> str | None:
    """The receiver caught offside, if every possible receiver was offside at the pass."""
    ball = the_ball(s)
    if ball.horizontal or not receivers:
        return None
    marked = dict(ball.offside)
    attacker = s.attacker
    target_rows = GOAL_ROW[other(attacker)] + SECOND_ROW[other(attacker)]
    if ball.field not in target_rows:
        return None
    if all(pid in marked for pid in receivers):
        return receivers[0]
    return None


def award_offside(s: TrixKickState, pid: str, events: list[GameEvent]) -> TrixKickState:
    """Free kick for the opponents where the piece stood offside (no card)."""
    from matches.engine.trixkick.setup import start_setup

    attacker = s.attacker
    field = dict(the_ball(s).offside)[pid]
    events.append(GameEvent("offside", attacker, {"piece": pid, "field": field}))
    fouled = other(attacker)
    events.append(GameEvent("free_kick", fouled, {"field": field, "reason": "offside"}))
    return start_setup(s, "free_kick", fouled, fouled, field=field, locked=None)
