"""Using abilities (HX-A): which uses are open now (``ability_options``) and their effects.

The nine basic rules: voluntary (an action, never automatic); only the visible side's ability;
the card flips when it is used; at most two uses per player per round; a use counts only if its
effect happens (otherwise it is refused and nothing flips); no voluntary flips (there is no
such action); "neighbour" means the four orthogonal fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import ExpansionDirection, UseAbility
from matches.engine.hat_trick.cards import LONG_BALL, SHORT_PASS
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.expansion.model import WindowEvent, XCard
from matches.engine.hat_trick.expansion.triggers import event_matches, own_move
from matches.engine.hat_trick.pitch import (
    EMPTY,
    N_COLS,
    N_LINES,
    code,
    col_of,
    field_name,
    final_line,
    forward,
    line_of,
    number_of,
    side_of,
)
from matches.engine.hat_trick.state import State

MAX_USES = 2
ARMED_KINDS = ("modifier", "foul")
NO_ABILITY_PHASES = frozenset({P.KEEPER_DRAW, P.OVER, P.ET_KICKOFF, P.SHOOTOUT})


def neighbours(field: int) -> list[int]:
    """HX-A.9: the four orthogonal neighbours."""
    out = []
    line, col = line_of(field), col_of(field)
    if line > 0:
        out.append(field - N_COLS)
    if line < N_LINES - 1:
        out.append(field + N_COLS)
    if col > 0:
        out.append(field - 1)
    if col < N_COLS - 1:
        out.append(field + 1)
    return out


def visible_ability(s: State, player: int) -> str | None:
    card: XCard | None = s.setup.expansion.by_code.get(player)
    if card is None:
        return None
    return card.face(player in s.x.gold).ability


def _step(field: int, side: int, direction: str, steps: int) -> int:
    line, col = line_of(field), col_of(field)
    if direction == "other_wing":
        return line * N_COLS + (N_COLS - 1 - col)
    delta = forward(side) * steps * (1 if direction != "backward" else -1)
    line += delta
    if direction == "diagonal_forward":
        return -1  # handled by the caller (two fields)
    return line * N_COLS + col if 0 <= line < N_LINES else -1


def _diagonals(field: int, side: int) -> list[int]:
    line = line_of(field) + forward(side)
    if not 0 <= line < N_LINES:
        return []
    return [line * N_COLS + c for c in (col_of(field) - 1, col_of(field) + 1) if 0 <= c < N_COLS]


def ball_may_go(s: State, side: int, dst: int) -> bool:
    """HX-A.18 (interpretation): during step 2 an ability cannot carry the ball into the final
    line when the round's card is a long ball (there would be no line to play it to)."""
    if s.phase not in P.MOVE_PHASES:
        return True
    card = s.cards[side]
    return not (card is not None and card.kind == LONG_BALL and line_of(dst) == final_line(side))


def _move_targets(
    s: State, mover: int, effect: dict[str, Any]
) -> Iterator[tuple[ExpansionDirection, int]]:
    """(direction, destination field) pairs of a legal ability move for ``mover``."""
    side = side_of(mover)
    src = s.grid.index(mover)
    with_ball = effect.get("with_ball", False)
    if src == s.ball and not with_ball:
        return
    if effect.get("wing_only") and col_of(src) not in (0, N_COLS - 1):
        return
    for direction in effect.get("directions", ["forward"]):
        if direction == "diagonal_forward":
            dests = _diagonals(src, side)
        else:
            dests = [_step(src, side, direction, effect.get("steps", 1))]
        for dst in dests:
            if dst < 0 or dst == src or (dst == s.ball and src != s.ball):
                continue
            if src == s.ball and not ball_may_go(s, side, dst):
                continue
            if effect.get("to_final_line") and (
                line_of(dst) != final_line(side) or line_of(src) == final_line(side)
            ):
                continue
            yield direction, dst


def _movers(s: State, owner: int, effect: dict[str, Any]) -> list[int]:
    who = effect.get("who", "self")
    side = side_of(owner)
    if who == "self":
        return [owner]
    where = s.grid.index(owner)
    if who == "neighbour":
        fields = neighbours(where)
    elif who == "line_mate":
        base = line_of(where) * N_COLS
        fields = [f for f in range(base, base + N_COLS) if f != where]
    else:  # any_own
        fields = list(range(len(s.grid)))
    return [s.grid[f] for f in fields if s.grid[f] and side_of(s.grid[f]) == side]


def _swap_partners(s: State, owner: int, effect: dict[str, Any]) -> list[int]:
    where = s.grid.index(owner)
    side = side_of(owner)
    if effect.get("with") == "in_front":
        f = where + forward(side) * N_COLS
        fields = [f] if 0 <= f < len(s.grid) else []
    else:
        base = line_of(where) * N_COLS
        fields = [f for f in range(base, base + N_COLS) if f != where]
    return [s.grid[f] for f in fields if s.grid[f] and side_of(s.grid[f]) == side]


def _card_kind(s: State, side: int) -> str | None:
    card = s.cards[side]
    return None if card is None else card.kind


def announced(s: State, owner: int, ability: str | None) -> bool:
    """Is ``ability`` (the id it is armed under) announced by ``owner`` and still waiting?"""
    return ability is not None and any(a[0] == owner and a[1] == ability for a in s.x.armed)


def _concrete(
    s: State, owner: int, effect: dict[str, Any], via: str | None, aid: str | None = None
) -> Iterator[UseAbility]:
    """Every concrete use of ``effect`` by ``owner`` that would have an effect now (``aid``: the
    owner's own ability id, used when ``via`` names no borrowed one)."""
    side, slot = side_of(owner), number_of(owner)
    kind = effect["kind"]
    when = effect.get("when", "own_move")
    if kind in ARMED_KINDS:
        # HX-A.13: announced, it is active until resolved; a second announcement changes nothing
        if not own_move(s, side) or announced(s, owner, via or aid):
            return
        if kind == "foul" and not (
            s.phase == P.DEFENDER_MOVE and _card_kind(s, 1 - side) == "dribbling"
        ):
            return
        if kind == "modifier" and effect.get("requires"):
            needed = effect["requires"]
            if not any(p == owner and a == needed for p, a in s.x.uses):
                return
        yield UseAbility(side, slot, via=via)
        return
    if kind == "intercept" and "when" not in effect:
        pass  # HX-A.10: it answers the pass in the window (HX-A.3), checked below
    elif when == "own_move":
        if not own_move(s, side):
            return
    elif when == "after_opponent_move":
        if not (own_move(s, side) and s.x.opponent_moved and side == s.defender):
            return
    elif not any(event_matches(s, owner, effect, e) for e in s.x.window):
        return
    where = s.grid.index(owner)
    if kind == "move":
        if effect.get("needs_card") and _card_kind(s, side) != effect["needs_card"]:
            return
        for mover in _movers(s, owner, effect):
            target = None if mover == owner else number_of(mover)
            for direction, _ in _move_targets(s, mover, effect):
                yield UseAbility(side, slot, target, direction, via)
            if effect.get("optional") and mover == owner:
                yield UseAbility(side, slot, None, None, via)
    elif kind == "swap":
        for mate in _swap_partners(s, owner, effect):
            mate_at = s.grid.index(mate)
            if s.ball == where and not ball_may_go(s, side, mate_at):
                continue
            if s.ball == mate_at and not ball_may_go(s, side, where):
                continue
            yield UseAbility(side, slot, number_of(mate), None, via)
    elif kind == "intercept":
        holder = s.holder
        if holder == EMPTY or side_of(holder) == side or s.ball == where:
            return
        if effect["where"] == "next_to":
            ok = s.ball in neighbours(where)
        else:
            ok = any(_passed_over(e, where, effect["pass_type"]) for e in s.x.window)
        if ok and any(_is_pass(e, effect["pass_type"]) for e in s.x.window):
            yield UseAbility(side, slot, None, None, via)
    elif kind == "take_ball":
        if s.ball < 0 or s.ball == where:
            return
        source = effect.get("from", "event")
        if source == "neighbour" and (s.ball not in neighbours(where) or side_of(s.holder) != side):
            return
        if effect.get("needs_pass_card") and _card_kind(s, side) not in (SHORT_PASS, LONG_BALL):
            return
        if effect.get("final_line") and line_of(where) != final_line(side):
            return
        if effect.get("columns") == "middle" and col_of(where) not in (1, 2):
            return
        if not ball_may_go(s, side, where):
            return
        yield UseAbility(side, slot, None, None, via)
    elif kind == "block":
        for f in neighbours(where):
            other = s.grid[f]
            if (
                other
                and side_of(other) != side
                and other not in s.x.blocked
                and _has_use_now(s, other)
            ):
                yield UseAbility(side, slot, number_of(other), None, via)
    elif kind == "free_kick":
        mine, theirs = s.cards[side], s.cards[1 - side]
        if s.phase != P.ATTACKER_MOVE or side != s.attacker or mine is None or theirs is None:
            return
        if effect.get("own_card") and mine.code[:2] != effect["own_card"]:
            return
        if effect.get("opponent_stronger") and theirs.footballs <= mine.footballs:
            return
        yield UseAbility(side, slot, None, None, via)


def _is_pass(event: WindowEvent, pass_type: str) -> bool:
    kind, _, data = event
    if pass_type == LONG_BALL:
        return kind in ("long_ball_completed", "long_ball_intercepted") or (
            kind == "ability_interception" and data["pass_type"] == LONG_BALL
        )
    return (
        kind in ("pass_completed", "pass_intercepted") and data.get("pass_type") == SHORT_PASS
    ) or (kind == "ability_interception" and data["pass_type"] == SHORT_PASS)


def _passed_over(event: WindowEvent, where: int, pass_type: str) -> bool:
    """HX-A.10 (interpretation): a long ball passes over the lines strictly between the
    passer's line and the line where it ended."""
    if not _is_pass(event, pass_type):
        return False
    data = event[2]
    from matches.engine.hat_trick.pitch import parse_field

    a, b = line_of(parse_field(data["from"])), line_of(parse_field(data["to"]))
    return min(a, b) < line_of(where) < max(a, b)


def _has_use_now(s: State, player: int) -> bool:
    return any(True for _ in uses_of_player(s, player))


def uses_of_player(s: State, player: int) -> Iterator[tuple[UseAbility, str, dict[str, Any]]]:
    """(use, ability id counted, effect) of every use ``player`` could make now."""
    xs, x = s.setup.expansion, s.x
    if player in x.blocked or x.uses_of(player) >= MAX_USES or s.phase in NO_ABILITY_PHASES:
        return
    aid = visible_ability(s, player)
    effect = xs.effects.get(aid) if aid else None
    if effect is None or aid is None:
        return
    if effect["kind"] == "borrow":
        where = s.grid.index(player)
        for f in neighbours(where):
            mate = s.grid[f]
            card = xs.by_code.get(mate) if mate and side_of(mate) == side_of(player) else None
            if card is None:
                continue
            borrowed = card.face(effect["face"] == "gold").ability
            inner = xs.effects.get(borrowed) if borrowed else None
            if inner is None or inner["kind"] == "borrow":
                continue
            for use in _concrete(s, player, inner, borrowed):
                yield use, aid, inner
        return
    for use in _concrete(s, player, effect, None, aid):
        yield use, aid, effect


def ability_options(s: State, side: int) -> list[UseAbility]:
    if (
        not s.setup.expansion.lineups[side]
        or s.x.choice is not None
        or s.x.style_moment  # HX-S.11: abilities come before style cards
    ):
        return []
    out: list[UseAbility] = []
    for p in s.grid:
        if p and side_of(p) == side:
            out.extend(u for u, _, _ in uses_of_player(s, p))
    return out


# ---------------------------------------------------------------- applying a use


def _why_not(s: State, a: UseAbility) -> Exception:
    player = code(a.side, a.player)
    if player not in s.grid:
        return illegal("no_such_player", "HX-A.2", player=a.player, side=a.side)
    if (
        visible_ability(s, player) is None
        or visible_ability(s, player) not in s.setup.expansion.effects
    ):
        return illegal("no_ability", "HX-A.4", player=a.player)
    if player in s.x.blocked:
        return illegal("ability_blocked", "HX-A.11", player=a.player)
    if s.x.uses_of(player) >= MAX_USES:
        return illegal("ability_limit", "HX-A.6", player=a.player)
    used = a.via or visible_ability(s, player)
    if announced(s, player, used):
        return illegal("ability_already_announced", "HX-A.13", player=a.player, ability=used)
    return illegal("ability_not_usable", "HX-A.7", player=a.player)


def _target(a: UseAbility) -> int:
    """The player a use aims at (every use that needs one names one: ``uses_of_player``)."""
    if a.target is None:
        raise RuntimeError("This use of an ability names no target.")
    return a.target


def use_ability(s: State, a: UseAbility, events: list[GameEvent]) -> State:
    player = code(a.side, a.player)
    if player in s.grid:
        for use, aid, effect in uses_of_player(s, player):
            if use == a:
                return perform(s, player, a, aid, effect, events)
    raise _why_not(s, a)


def flip(s: State, player: int, aid: str, events: list[GameEvent], **data: Any) -> State:
    """HX-A.5/6: the card flips and the use is counted."""
    x = s.x
    gold = x.gold - {player} if player in x.gold else x.gold | {player}
    events.append(
        GameEvent(
            "ability_used",
            side_of(player),
            {"player": number_of(player), "ability": aid, "gold": player in gold, **data},
        )
    )
    return s._replace(x=x._replace(gold=gold, uses=(*x.uses, (player, aid))))


def _move_to(s: State, mover: int, dst: int) -> tuple[tuple[int, ...], int]:
    grid = list(s.grid)
    src = grid.index(mover)
    grid[src], grid[dst] = grid[dst], grid[src]
    ball = s.ball
    if ball == src:
        ball = dst
    elif ball == dst:
        ball = src
    return tuple(grid), ball


def perform(
    s: State,
    player: int,
    a: UseAbility,
    aid: str,
    effect: dict[str, Any],
    events: list[GameEvent],
    mark: Callable[..., State] = flip,
) -> State:
    """Carry out one use; ``mark`` records it (an ability's card flips; a style card does not)."""
    kind = effect["kind"]
    used = a.via or aid
    if kind in ARMED_KINDS:
        until = effect.get("until", "round")
        events.append(GameEvent("ability_announced", a.side, {"player": a.player, "ability": used}))
        return s._replace(x=s.x._replace(armed=(*s.x.armed, (player, used, until))))
    data: dict[str, Any] = {"via": a.via} if a.via else {}
    if kind == "move":
        if a.direction is None:  # FAQ: the optional move left out still counts (HX-A.12)
            return mark(s, player, aid, events, moved=False, **data)
        mover = player if a.target is None else code(a.side, a.target)
        dst = dict(_move_targets(s, mover, effect))[a.direction]
        src = s.grid.index(mover)
        grid, ball = _move_to(s, mover, dst)
        s = s._replace(grid=grid, ball=ball)
        data.update(mover=number_of(mover), **{"from": field_name(src), "to": field_name(dst)})
        if effect.get("flip_on_return"):
            x = s.x
            if player not in x.switched:
                s = s._replace(
                    x=x._replace(switched=x.switched | {player}, uses=(*x.uses, (player, aid)))
                )
                events.append(
                    GameEvent(
                        "ability_used",
                        a.side,
                        {"player": a.player, "ability": aid, "gold": True, **data},
                    )
                )
                return s
            s = s._replace(x=x._replace(switched=x.switched - {player}))
        return mark(s, player, aid, events, **data)
    if kind == "swap":
        mate = code(a.side, _target(a))
        src = s.grid.index(player)
        grid, ball = _move_to(s, player, s.grid.index(mate))
        s = s._replace(grid=grid, ball=ball)
        return mark(
            s, player, aid, events, swapped_with=a.target, **{"from": field_name(src)}, **data
        )
    if kind in ("intercept", "take_ball"):
        before = s.holder
        s = s._replace(ball=s.grid.index(player))
        data.update(previous_holder=number_of(before), previous_side=side_of(before))
        s = mark(s, player, aid, events, **data)
        if kind == "intercept":
            last = next(e for e in reversed(s.x.window) if _is_pass(e, effect["pass_type"]))
            window = (
                *s.x.window,
                (
                    "ability_interception",
                    1 - a.side,
                    {
                        "pass_type": effect["pass_type"],
                        "from": last[2]["from"],
                        "to": field_name(s.ball),
                        "interceptor": a.player,
                    },
                ),
            )
            s = s._replace(x=s.x._replace(window=window))
        return s
    if kind == "block":
        other = code(1 - a.side, _target(a))
        s = s._replace(
            x=s.x._replace(
                blocked=s.x.blocked | {other}, armed=tuple(t for t in s.x.armed if t[0] != other)
            )
        )
        return mark(s, player, aid, events, blocked=a.target, **data)
    if kind == "free_kick":
        s = mark(s, player, aid, events, **data)
        events.append(
            GameEvent(
                "free_kick",
                a.side,
                {"taker": number_of(s.holder), "at": field_name(s.ball), "provoked": True},
            )
        )
        return s._replace(phase=P.FK_DEFENDER_MOVE, moved=-1)
    raise illegal("ability_without_effect", "HX-A.7")
