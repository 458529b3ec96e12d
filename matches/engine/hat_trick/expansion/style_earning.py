"""Earning style cards (HX-S.2 - HX-S.7, HX-S.13, HX-S.14) and the refill at half time.

After every regular action the engine reads its events: each open-play action of a team either
extends that team's run of successful actions (``XState.streak``) or ends it, and ends the other
team's run. When a run meets the condition of the team's style deck, the manager draws its top
card (face down: the engine counts it as ``style_fresh`` until the next round). A team without a
style (built with a budget card) takes the first deck, in the order tactical, technical,
physical, total, whose condition its run meets, and plays that style from then on.
"""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.expansion.style_data import MAX_RUN, STYLES, satisfied
from matches.engine.hat_trick.expansion.styles import pile
from matches.engine.hat_trick.state import State

RESTARTS = frozenset(
    {"scoring_opportunity", "kick_off", "goal_kick", "free_kick", "penalty", "half_ended"}
)
HELP = frozenset({"ability_used", "style_card_effect"})


def _outcome(e: GameEvent) -> tuple[int, str | None] | None:
    """(acting side, kind of success or None) of an open-play action's event (HX-S.3)."""
    kind, d, side = e.kind, e.data, e.side
    if kind == "foul":
        return d["fouled_side"], None
    if side is None:  # (every open-play action's event names its side)
        return None
    if kind == "dribble_won":  # FAQ: successful when the ball holder moves forward, not a foul
        return side, None if d.get("foul") or d["to"] == d["from"] else "dribble"
    if kind == "pass_completed":
        ok = d["pass_type"] == "short_pass" and not d.get("foul")
        return side, "short_pass" if ok else None
    if kind == "long_ball_completed":
        return side, None if d.get("foul") else "long_ball"
    if kind in ("pass_intercepted", "long_ball_intercepted", "dribble_lost"):
        return side, None
    return None


def _earn(s: State, side: int, run: tuple[str, ...], events: list[GameEvent]) -> State | None:
    """The state after ``side`` earned a card with ``run``, or None when no condition is met."""
    x = s.x
    conditions = dict(s.setup.expansion.style_conditions)
    style = x.style[side]
    candidates = [style] if style is not None else list(STYLES)
    for st in candidates:
        earn = conditions.get(st)
        if earn is None or not satisfied(earn, run):
            continue
        streak = list(x.streak)
        streak[side] = ()
        x = x._replace(streak=(streak[0], streak[1]))
        if pile(s._replace(x=x), st) <= 0:  # HX-S.7: an empty deck gives nothing
            return s._replace(x=x)
        fresh = list(x.style_fresh)
        fresh[side] += 1
        styles = list(x.style)
        styles[side] = st
        events.append(
            GameEvent("style_card_earned", side, {"style": st, "style_found": style is None})
        )
        return s._replace(
            x=x._replace(style_fresh=(fresh[0], fresh[1]), style=(styles[0], styles[1]))
        )
    return None


def _track(s: State, events: tuple[GameEvent, ...], out: list[GameEvent]) -> State:
    helped: set[int | None] = set()
    for e in events:
        if e.kind in HELP:
            helped.add(e.side)
            continue
        if e.kind in RESTARTS:
            s = s._replace(x=s.x._replace(streak=((), ())))
            continue
        found = _outcome(e)
        if found is None:
            continue
        side, success = found
        streak = list(s.x.streak)
        streak[1 - side] = ()
        # HX-S.5: an action helped by the team's own ability or style card does not count
        if success is None or side in helped or not s.setup.expansion.lineups[side]:
            streak[side] = ()
            s = s._replace(x=s.x._replace(streak=(streak[0], streak[1])))
            continue
        run = (*streak[side], success)[-MAX_RUN:]
        streak[side] = run
        s = s._replace(x=s.x._replace(streak=(streak[0], streak[1])))
        s = _earn(s, side, run, out) or s
    return s


def _refill(s: State, out: list[GameEvent]) -> State:
    """HX-S.13: spent cards go back to their decks; each manager draws as many new ones as he
    spent, playable at once; from one deck they draw in turn, the defending manager first."""
    x = s.x
    owed = [len(x.style_spent[0]), len(x.style_spent[1])]
    s = s._replace(x=x._replace(style_spent=((), ())))
    drawn = [0, 0]
    order = (s.defender, s.attacker)
    while any(owed):
        for side in order:
            style = s.x.style[side]
            if not owed[side]:
                continue
            if style is None or pile(s, style) <= 0:
                owed[side] = 0
                continue
            hand = list(s.x.style_hand)
            hand[side] += 1
            s = s._replace(x=s.x._replace(style_hand=(hand[0], hand[1])))
            drawn[side] += 1
            owed[side] -= 1
    for side in order:
        if drawn[side]:
            out.append(GameEvent("style_cards_refilled", side, {"cards": drawn[side]}))
    return s


def after_action(
    before: State, after: State, events: tuple[GameEvent, ...]
) -> tuple[State, tuple[GameEvent, ...]]:
    """Runs, earned cards and the half-time refill after one regular action."""
    out: list[GameEvent] = []
    if before.phase not in P.CHANCE_PHASES:  # HX-S.6: no successful moves in a chance
        after = _track(after, events, out)
    if before.half == 1 and after.half == 2:
        after = _refill(after, out)
    return after, tuple(out)
