"""HX-E.4 the captain (our rules): he may protest a yellow card, and it is a gamble.

Right after a foul has cost his team its yellow card (not a red), the captain of the fouling
team may protest, before anyone moves for the free kick (or before the penalty). His manager
turns up the top card of his action pile: a dribbling card and the referee takes the yellow card
back; any other card and the captain is booked for dissent, which, as the team now holds the
yellow card, sends him off.
"""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import Protest
from matches.engine.hat_trick.cards import DRIBBLING
from matches.engine.hat_trick.decks import reveal_from_pile
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.expansion.match_events import enabled, refuse_off
from matches.engine.hat_trick.pitch import EMPTY, code
from matches.engine.hat_trick.state import State


def protest_side(s: State, events: tuple[GameEvent, ...]) -> int:
    """The side whose captain may protest after these events, or -1."""
    if not enabled(s, "captain") or s.phase not in (P.FK_DEFENDER_MOVE, P.PENALTY):
        return -1
    booked = next((e for e in events if e.kind == "yellow_card"), None)
    side = None if booked is None else booked.side
    if side is None:  # (a yellow card names its side)
        return -1
    captain = code(side, s.setup.expansion.captains[side])
    return side if captain in s.grid and s.setup.expansion.lineups[side] else -1


def protest(s: State, a: Protest, events: list[GameEvent]) -> State:
    if not enabled(s, "captain"):
        raise refuse_off("captain")
    if s.x.protest != a.side:
        raise illegal("protest_not_possible", "HX-E.4")
    decks = list(s.decks)
    decks[a.side] = reveal_from_pile(s.setup, decks[a.side], a.card, a.side, events)
    events.append(GameEvent("card_revealed", a.side, {"card": a.card.to_json(), "from": "pile"}))
    s = s._replace(decks=(decks[0], decks[1]), x=s.x._replace(protest=-1))
    number = s.setup.expansion.captains[a.side]
    yellow = list(s.yellow)
    yellow[a.side] = False
    if a.card.kind == DRIBBLING:
        events.append(GameEvent("protest_upheld", a.side, {"captain": number}))
        return s._replace(yellow=(yellow[0], yellow[1]))
    events.append(GameEvent("protest_rejected", a.side, {"captain": number}))
    events.append(
        GameEvent("red_card", a.side, {"player": number, "second_yellow": True, "dissent": True})
    )
    grid = list(s.grid)
    grid[grid.index(code(a.side, number))] = EMPTY
    off = list(s.sent_off)
    off[a.side] = (*off[a.side], number)
    return s._replace(grid=tuple(grid), yellow=(yellow[0], yellow[1]), sent_off=(off[0], off[1]))
