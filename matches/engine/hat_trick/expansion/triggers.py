"""When an ability may be used (HX-A.3): the owner's own step 2, or an event of the last action
(``XState.window``) that names him, his team, his column or the player in front of him."""

from __future__ import annotations

from typing import Any

from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.expansion.model import Window, WindowEvent
from matches.engine.hat_trick.flow import move_rules
from matches.engine.hat_trick.pitch import N_COLS, col_of, forward, number_of, parse_field, side_of
from matches.engine.hat_trick.state import State

WINDOW_KINDS = frozenset(
    {
        "dribble_won",
        "dribble_lost",
        "pass_completed",
        "long_ball_completed",
        "pass_intercepted",
        "long_ball_intercepted",
        "parry",
        "player_moved",
        "card_revealed",
        "kick_off",
        "ability_interception",
    }
)
ROLE_SIDE = {
    "dribbler": 0,
    "passer": 0,
    "receiver": 0,
    "player": 0,
    "interceptor": 1,
    "defender": 1,
}


def window_of(events: list[Any], phase: str) -> Window:
    """The events of a regular action that abilities may answer, plus ``ball_won``."""
    out = []
    for e in events:
        if e.kind not in WINDOW_KINDS:
            continue
        data = dict(e.data)
        if phase in P.CHANCE_PHASES:
            data["chance"] = True
        out.append((e.kind, e.side, data))
        if e.kind in ("pass_intercepted", "long_ball_intercepted"):
            out.append(("ball_won", 1 - e.side, {"winner": data["interceptor"]}))
        elif e.kind == "dribble_lost":
            out.append(("ball_won", 1 - e.side, {"winner": data["defender"]}))
    return tuple(out)


def _matches_kind(when: str, kind: str, data: dict[str, Any]) -> bool:
    if when == "dribble":
        return kind in ("dribble_won", "dribble_lost") and data.get("defender") is not None
    if when == "dribble_won":
        # FAQ: a dribble is successful when the ball holder moves forward; a foul is not one
        return kind == "dribble_won" and not data.get("foul") and data["to"] != data["from"]
    if when == "cards_revealed":
        return kind == "card_revealed"
    if when in ("pass_intercepted", "long_ball_intercepted"):
        return kind == when or (kind == "ability_interception" and data["pass_type"] == when[:-12])
    return kind == when


def event_matches(s: State, owner: int, effect: dict[str, Any], event: WindowEvent) -> bool:
    """Whether ``event`` of the window opens ``effect`` for player ``owner``."""
    kind, side, data = event
    if not _matches_kind(effect.get("when", "own_move"), kind, data):
        return False
    mine = side_of(owner)
    if effect.get("not_in_chance") and data.get("chance"):
        return False
    pass_type = effect.get("pass_type")
    if pass_type and effect["kind"] != "intercept" and data.get("pass_type") != pass_type:
        return False
    team = effect.get("team")
    if team == "own" and side != mine or team == "opponent" and side == mine:
        return False
    role = effect.get("role")
    if role == "winner":
        if side != mine or data.get("winner") != number_of(owner):
            return False
    elif role in ROLE_SIDE:
        role_side = side if ROLE_SIDE[role] == 0 else 1 - (side or 0)
        if role_side != mine or data.get(role) != number_of(owner):
            return False
    where = s.grid.index(owner)
    if effect.get("column") == "own":
        start = data.get("from")
        if start is None or col_of(parse_field(start)) != col_of(where):
            return False
    if effect.get("relation") == "in_front":
        start = data.get("from")
        if start is None or side != mine or parse_field(start) != where + forward(mine) * N_COLS:
            return False
    return True


def own_move(s: State, side: int) -> bool:
    """The owner's side is the one moving in the current step-2 phase."""
    if s.phase not in P.MOVE_PHASES:
        return False
    return move_rules(s).side == side
