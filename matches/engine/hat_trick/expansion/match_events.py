"""Optional match events (HX-E, our rules; option ``match_events``): long shot, corners and
counter. Substitutions and the captain have their own modules. Each is off unless named."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import Counter, Shoot
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.expansion.keepers import after_shot, check_keeper_card
from matches.engine.hat_trick.expansion.model import Window
from matches.engine.hat_trick.expansion.numbers import lowest_fields, pause
from matches.engine.hat_trick.flow import shot_event, start_turn
from matches.engine.hat_trick.pitch import (
    EMPTY,
    N_COLS,
    field_name,
    final_line,
    forward,
    in_final_lines,
    line_of,
    number_of,
    shooting_position,
    side_of,
)
from matches.engine.hat_trick.state import Shot, State, played

LONG_SHOT_EXTRA_DRAW = 1


def enabled(s: State, name: str) -> bool:
    return name in s.setup.expansion.events


def refuse_off(name: str) -> Exception:
    return illegal("match_event_off", "HX-E.0", event=name)


# ---------------------------------------------------------------- HX-E.1 long shot


def long_shot_open(s: State) -> bool:
    """The ball holder stands on the third line before the goal, in his own step 2, unmoved."""
    if not enabled(s, "long_shot") or s.phase != P.ATTACKER_MOVE or s.ball < 0:
        return False
    line = line_of(s.ball)
    side = s.attacker
    return in_final_lines(side, line, 3) and not in_final_lines(side, line, 2)


def long_shot(s: State, a: Shoot, events: list[GameEvent]) -> State:
    if not enabled(s, "long_shot"):
        raise refuse_off("long_shot")
    if not long_shot_open(s):
        raise illegal("long_shot_not_possible", "HX-E.1")
    side = s.attacker
    card = played(s, side)
    shooting = s.setup.shooting_card(a.shooting_card)
    if shooting is None or a.card is not None:
        raise illegal("unknown_shooting_card", "HT-6.1")
    if shooting.action != card.kind:
        raise illegal("wrong_shooting_card", "HT-6.1", kind=card.kind)
    keeper = s.setup.keeper_card(1 - side, a.goalkeeper_card)
    if keeper is None:
        raise illegal("wrong_goalkeeper_card", "HT-6.2")
    check_keeper_card(s, 1 - side, keeper.id)
    # drawn as from the second line, one card more (HX-E.1)
    second = s.ball + forward(side) * N_COLS
    position = shooting_position(side, second)
    symbol = shooting.symbol_against(keeper.dive)
    draws = keeper.draws_at(position) + {"+": 1, "-": -1}.get(symbol, 0) + LONG_SHOT_EXTRA_DRAW
    draws = max(draws, 0)
    power = card.footballs + shooting.modifier
    shooter = number_of(s.holder)
    events.append(GameEvent("long_shot", side, {"shooter": shooter, "from": field_name(s.ball)}))
    shot = Shot(side, shooter, power, draws, False, shooting.id, keeper.id, symbol)
    events.append(shot_event(shot, card, shooting.modifier, "long_shot"))
    s = s._replace(phase=P.KEEPER_DRAW, shot=shot)
    return after_shot(s, 1 - side, keeper.id, symbol, events)


# ---------------------------------------------------------------- HX-E.2 corners


def corner(
    before: State, after: State, events: tuple[GameEvent, ...]
) -> tuple[State, list[GameEvent]] | None:
    """A save by exactly one football is a corner: a new scoring opportunity for the shooting
    team from its lowest number in its final line (then the line before). None: no corner."""
    if not enabled(before, "corners") or before.half == 4 or after.phase != P.GK_ATTACKER_MOVE:
        return None
    save = next((e for e in events if e.kind == "save"), None)
    if save is None or save.data["keeper_total"] != save.data["power"] + 1:
        return None
    if before.shot is None:  # (a save follows a shot)
        return None
    side = before.shot.side
    numbers = after.setup.expansion.numbers
    for line in (final_line(side), final_line(side) - forward(side)):
        fields = lowest_fields(after.grid, line, (side,), numbers)
        if fields:
            break
    else:
        return None
    out: list[GameEvent] = []
    x = after.x._replace(armed=tuple(a for a in after.x.armed if a[2] != "chance"))
    s = after._replace(attacker=side, ball=fields[0], x=x)
    if len(fields) > 1:  # HX-N.2: the manager chooses the taker (``tie_decided``)
        out.append(GameEvent("corner", side, {"taker": None, "at": None}))
        return pause(s, "corner", side, fields, None, out), out
    out.append(GameEvent("corner", side, {"taker": number_of(s.holder), "at": field_name(s.ball)}))
    return start_turn(s, out), out


# ---------------------------------------------------------------- HX-E.5 counter


def counter_side(window: Window) -> int:
    """The side that won the ball with the last action (interception or lost dribble), or -1."""
    for kind, side, _ in window:
        if kind == "ball_won" and side is not None:
            return side
    return -1


def counter_target(s: State, side: int) -> int:
    """The field the ball holder runs to on a counter, or -1."""
    if s.x.counter != side or s.phase != P.PLAY_CARDS or s.ball < 0 or side_of(s.holder) != side:
        return -1
    dst = s.ball + forward(side) * N_COLS
    if not 0 <= dst < len(s.grid):
        return -1
    there = s.grid[dst]
    return dst if there == EMPTY or side_of(there) == side else -1


def counter(s: State, a: Counter, events: list[GameEvent]) -> State:
    if not enabled(s, "counter"):
        raise refuse_off("counter")
    dst = counter_target(s, a.side)
    if dst < 0:
        raise illegal("counter_not_possible", "HX-E.5")
    src = s.ball
    grid = list(s.grid)
    grid[src], grid[dst] = grid[dst], grid[src]
    events.append(
        GameEvent(
            "counter",
            a.side,
            {"player": number_of(s.holder), "from": field_name(src), "to": field_name(dst)},
        )
    )
    return s._replace(grid=tuple(grid), ball=dst, x=s.x._replace(counter=-1))
