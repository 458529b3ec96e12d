"""Counting each manager's 32 action cards (rule HT-1.4).

The engine never sees a hidden card; it knows how many cards are in the hand and the pile,
and which card kinds can still be among them (``Deck.unseen``). A revealed card must be one of
those, so a 9th long ball in one deck cycle is rejected. When a pile is empty and a card must
be drawn, the discard pile becomes a temporary deck (HT-8.1).
"""

from __future__ import annotations

from functools import partial

from matches.engine.base import GameEvent
from matches.engine.hat_trick.cards import ActionCard
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.state import Deck, Setup

_new_deck = partial(tuple.__new__, Deck)  # ``Deck(*values)`` without the generated ``__new__``


def fresh_deck(setup: Setup, hand: int) -> Deck:
    """A shuffled deck of the whole composition with ``hand`` cards dealt."""
    total = sum(setup.composition)
    return Deck(total - hand, hand, setup.composition, (0,) * len(setup.composition), False)


def _index(setup: Setup, card: ActionCard, side: int) -> int:
    idx = setup.card_index.get(card)
    if idx is None:
        raise illegal("card_not_in_edition", "HT-1.4", side=side, card=card.to_json())
    return idx


def _take(setup: Setup, deck: Deck, card: ActionCard, side: int) -> Deck:
    idx = _index(setup, card, side)
    if deck.unseen[idx] <= 0:
        raise illegal("card_not_available", "HT-1.4", side=side, card=card.to_json())
    unseen = list(deck.unseen)
    unseen[idx] -= 1
    discard = list(deck.discard)
    discard[idx] += 1
    return Deck(deck.pile, deck.hand, tuple(unseen), tuple(discard), deck.ran_out)


def play_from_hand(setup: Setup, deck: Deck, card: ActionCard, side: int) -> Deck:
    pile, hand, unseen, discard, ran_out = deck
    idx = setup.card_index.get(card)
    if hand <= 0 or idx is None or unseen[idx] <= 0:
        if hand <= 0:
            raise illegal("not_in_hand", "HT-1.1", side=side)
        return _take(setup, deck, card, side)  # raises card_not_in_edition or card_not_available
    return _new_deck(
        (
            pile,
            hand - 1,
            (*unseen[:idx], unseen[idx] - 1, *unseen[idx + 1 :]),
            (*discard[:idx], discard[idx] + 1, *discard[idx + 1 :]),
            ran_out,
        )
    )


def _refill(deck: Deck, side: int, events: list[GameEvent]) -> Deck:
    """Turn the discard pile into a temporary deck if the pile is empty."""
    if deck.pile > 0 or not any(deck.discard):
        return deck
    n = sum(deck.discard)
    events.append(GameEvent("temporary_deck", side, {"cards": n}))
    unseen = tuple(a + b for a, b in zip(deck.unseen, deck.discard, strict=True))
    return Deck(n, deck.hand, unseen, (0,) * len(deck.discard), deck.ran_out)


def _after_draw(deck: Deck, side: int, events: list[GameEvent]) -> Deck:
    if deck.pile == 0 and not deck.ran_out:
        events.append(GameEvent("deck_ran_out", side, {}))
        return Deck(0, deck.hand, deck.unseen, deck.discard, True)
    return deck


def reveal_from_pile(
    setup: Setup, deck: Deck, card: ActionCard, side: int, events: list[GameEvent]
) -> Deck:
    """A card turned up from the top of the pile (keeper's draw, shootout card)."""
    deck = _refill(deck, side, events)
    if deck.pile <= 0:
        raise illegal("deck_empty", "HT-8.1", side=side)
    d = _take(setup, deck, card, side)
    return _after_draw(Deck(d.pile - 1, d.hand, d.unseen, d.discard, d.ran_out), side, events)


def draw_up_to(deck: Deck, size: int, side: int, events: list[GameEvent]) -> Deck:
    """Draw hidden cards until the hand holds ``size`` (step 1, after a parry, a goal kick...)."""
    pile, hand, unseen, discard, ran_out = deck
    if hand >= size:
        return deck
    if pile > size - hand:  # the usual draw: the pile neither runs out nor needs refilling
        return _new_deck((pile - size + hand, size, unseen, discard, ran_out))
    while deck.hand < size:
        deck = _refill(deck, side, events)
        if deck.pile <= 0:
            break
        deck = _after_draw(
            Deck(deck.pile - 1, deck.hand + 1, deck.unseen, deck.discard, deck.ran_out),
            side,
            events,
        )
    return deck


def available(setup: Setup, deck: Deck) -> list[ActionCard]:
    """Card kinds that may still be revealed from this deck."""
    return [c for c, n in zip(setup.card_kinds, deck.unseen, strict=True) if n > 0]


def pile_counts(deck: Deck) -> tuple[int, ...]:
    """How many of each kind the next card turned up from the pile could be (HT-1.4, HT-8.1):
    after an empty pile the discard pile becomes the temporary deck."""
    if deck.pile > 0:
        return deck.unseen
    return tuple(a + b for a, b in zip(deck.unseen, deck.discard, strict=True))
