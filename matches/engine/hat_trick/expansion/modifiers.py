"""Announced modifiers and deliberate fouls take effect when the action is resolved (HX-A.13).

A modifier is announced in its owner's step 2; when the duel (or the shot) is resolved, each
announced modifier whose conditions hold adds its footballs and its card flips (HX-A.5); one
whose conditions do not hold has no effect, does not flip and is dropped (HX-A.7).
"""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick.cards import DRIBBLING, LONG_BALL
from matches.engine.hat_trick.expansion.abilities import flip, neighbours
from matches.engine.hat_trick.pitch import N_COLS, col_of, forward, line_of, side_of
from matches.engine.hat_trick.state import State, played


def _half_ok(half: str | None, side: int, field: int) -> bool:
    if half is None:
        return True
    own = line_of(field) < 3 if side == 0 else line_of(field) >= 3
    return own if half == "own" else not own


def _columns_ok(columns: str | None, field: int) -> bool:
    if columns is None:
        return True
    return (col_of(field) in (1, 2)) == (columns == "middle")


def _duel_parties(s: State, lines: int) -> tuple[int, int, int]:
    """(count line, dribbler field, dribble defender field) of the coming resolution."""
    kind = played(s, s.attacker).kind
    if kind == DRIBBLING:
        front = s.ball + forward(s.attacker) * N_COLS
        return -1, s.ball, front if 0 <= front < len(s.grid) else -1
    line = line_of(s.ball)
    return (line + forward(s.attacker) * lines if kind == LONG_BALL else line), -1, -1


def _role_ok(
    role: str | None, s: State, where: int, count_line: int, dribbler: int, defender: int
) -> bool:
    if role is None:
        return True
    if role == "dribbler":
        return where == dribbler
    if role == "defender":
        return where == defender
    if role == "passer":
        return where == s.ball and dribbler < 0
    if role == "in_line":
        return count_line >= 0 and line_of(where) == count_line
    if role == "neighbour_defender":
        return defender >= 0 and defender in neighbours(where)
    if role == "counted":
        return where in (dribbler, defender) or (count_line >= 0 and line_of(where) == count_line)
    return False


def forced_foul(s: State, events: list[GameEvent]) -> tuple[State, int]:
    """A deliberate foul announced against a neighbouring dribbler (man-marker): (state, fouler)."""
    if not s.x.armed or played(s, s.attacker).kind != DRIBBLING:
        return s, 0
    for player, aid, _ in s.x.armed:
        effect = s.setup.expansion.effects.get(aid, {})
        if effect.get("kind") != "foul" or side_of(player) != s.defender or player not in s.grid:
            continue
        if s.ball in neighbours(s.grid.index(player)):
            s = s._replace(x=s.x._replace(armed=tuple(a for a in s.x.armed if a[0] != player)))
            return flip(s, player, aid, events, foul=True), player
    return s, 0


def duel_bonus(s: State, lines: int, events: list[GameEvent]) -> tuple[State, int, int]:
    """(state with flips, attack bonus, defence bonus) for the coming step-3 resolution."""
    x = s.x
    if not x.armed:
        return s, 0, 0
    count_line, dribbler, defender = _duel_parties(s, lines)
    kind = played(s, s.attacker).kind
    att = dfn = 0
    keep = []
    for player, aid, until in x.armed:
        effect = s.setup.expansion.effects.get(aid, {})
        target = effect.get("target")
        side = side_of(player)
        if effect.get("kind") != "modifier" or target not in ("attack", "defence"):
            keep.append((player, aid, until))
            continue
        ok = (
            player in s.grid
            and (target == "attack") == (side == s.attacker)
            and effect.get("action") in (None, kind)
            and s.x.uses_of(player) < 2
        )
        if ok:
            where = s.grid.index(player)
            ok = (
                _role_ok(effect.get("role"), s, where, count_line, dribbler, defender)
                and _columns_ok(effect.get("columns"), where)
                and _half_ok(effect.get("half"), side, where)
            )
        if ok:
            amount = int(effect.get("amount", 1))
            if target == "attack":
                att += amount
            else:
                dfn += amount
            s = flip(s, player, aid, events, target=target, amount=amount)
    s = s._replace(x=s.x._replace(armed=tuple(keep)))
    return s, att, dfn


def shot_bonus(
    s: State, side: int, shooter_field: int, card_kind: str, events: list[GameEvent]
) -> tuple[State, int, int, bool]:
    """(state, power bonus, draws change, counts as final line) for a shot."""
    x = s.x
    if not x.armed or shooter_field < 0:
        return s, 0, 0, False
    power = draws = 0
    final = False
    keep = []
    for player, aid, until in x.armed:
        effect = s.setup.expansion.effects.get(aid, {})
        target = effect.get("target")
        if effect.get("kind") != "modifier" or target not in (
            "shot_power",
            "keeper_draws",
            "shot_position",
        ):
            keep.append((player, aid, until))
            continue
        where = s.grid.index(player) if player in s.grid else -1
        ok = (
            side_of(player) == side
            and where >= 0
            and s.x.uses_of(player) < 2
            and effect.get("action") in (None, card_kind)
            and (effect.get("role") != "shooter" or where == shooter_field)
            and _columns_ok(effect.get("columns"), where)
        )
        if ok:
            amount = int(effect.get("amount", 1))
            if target == "shot_power":
                power += amount
            elif target == "keeper_draws":
                draws += amount
            else:
                final = True
            s = flip(s, player, aid, events, target=target, amount=amount)
        else:
            keep.append((player, aid, until))
    s = s._replace(x=s.x._replace(armed=tuple(keep)))
    return s, power, draws, final
