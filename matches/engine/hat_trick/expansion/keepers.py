"""Star-keeper promotion and demotion (HX-K).

An expansion side keeps both goalkeeper sets by the pitch. The regular set is always usable;
the star set only while the side "owns" it (``XState.star_keeper``). A regular card whose hand
points at the shooting card's "+" promotes the keeper; a star card facing the empty symbol
demotes him. Using the star set is voluntary, and a side never owns two star sets.
"""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.state import KeeperCard, State


def is_star_card(s: State, side: int, card_id: str) -> bool:
    xs = s.setup.expansion
    return card_id in xs.star_keeper_ids[side]


def keepers_in_play(s: State, side: int) -> tuple[KeeperCard, ...]:
    """The goalkeeper cards ``side`` may reveal now."""
    cards = s.setup.keepers[side]
    if not s.setup.expansion.lineups[side] or s.x.star_keeper[side]:
        return cards
    stars = s.setup.expansion.star_keeper_ids[side]
    return tuple(k for k in cards if k.id not in stars)


def check_keeper_card(s: State, side: int, card_id: str) -> None:
    if is_star_card(s, side, card_id) and not s.x.star_keeper[side]:
        raise illegal("star_keeper_not_available", "HX-K.3", goalkeeper_card=card_id)


def after_shot(s: State, side: int, card_id: str, symbol: str, events: list[GameEvent]) -> State:
    """HX-K.1 / HX-K.2: promote after '+', demote a star card facing the empty symbol."""
    x = s.x
    if not s.setup.expansion.lineups[side]:
        return s
    star = is_star_card(s, side, card_id)
    owned = list(x.star_keeper)
    if not star and symbol == "+" and not owned[side]:
        owned[side] = True
        events.append(GameEvent("keeper_promoted", side, {"goalkeeper_card": card_id}))
    elif star and symbol == "" and owned[side]:
        owned[side] = False
        events.append(GameEvent("keeper_demoted", side, {"goalkeeper_card": card_id}))
    else:
        return s
    return s._replace(x=x._replace(star_keeper=(owned[0], owned[1])))
