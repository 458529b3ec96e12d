"""Small builders shared by the Hattrick tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import pytest

from matches.engine.amigo_hattrick import ENGINE
from matches.engine.amigo_hattrick.cards import COLOURS, Card, full_deck, parse_card
from matches.engine.amigo_hattrick.state import State
from matches.engine.base import EngineError, GameEvent

NAMES = "ABCDEF"
DECK = full_deck(COLOURS, 1, 20)


def new_match(players: int = 5, **options) -> State:
    """A match before its first deal; sides named A, B, C…"""
    return ENGINE.initial_state(
        edition=ENGINE.default_edition(),
        sides=[{"name": NAMES[i]} for i in range(players)],
        options=options,
    )


def hands_with(players: int, fixed: Mapping[int, Iterable[str]] | None = None, seed: int = 0):
    """A full deal where the sides in ``fixed`` hold (at least) the cards given."""
    size = 60 // players
    hands: list[list[Card]] = [
        [parse_card(text) for text in (fixed or {}).get(side, ())] for side in range(players)
    ]
    taken = {card for hand in hands for card in hand}
    rest = [card for card in DECK if card not in taken]
    random.Random(seed).shuffle(rest)
    for hand in hands:
        while len(hand) < size:
            hand.append(rest.pop())
    return hands


def deal_text(hands) -> str:
    return "D:" + "/".join(",".join(card.text for card in hand) for hand in hands)


def run(state: State, *texts: str) -> tuple[State, list[GameEvent]]:
    """Apply actions written in notation; returns the state and all events."""
    events: list[GameEvent] = []
    for text in texts:
        transition = ENGINE.apply(state, ENGINE.parse_notation(text))
        state = transition.state
        events.extend(transition.events)
    return state, events


def after(state: State, *texts: str) -> State:
    return run(state, *texts)[0]


def refused(state: State, text: str, code: str, rule: str) -> EngineError:
    with pytest.raises(EngineError) as info:
        ENGINE.apply(state, ENGINE.parse_notation(text))
    assert (info.value.code, info.value.rule) == (code, rule), info.value.as_dict()
    assert info.value.message.endswith(".")
    return info.value


def kinds(events: list[GameEvent]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: list[GameEvent], kind: str) -> list[GameEvent]:
    return [event for event in events if event.kind == kind]


def last_round(players: int = 5, **changes) -> State:
    """A game (hands unknown) moved on to its last round: every hand holds two cards."""
    state = after(new_match(players, first_dealer=players - 1), "D")
    size = 60 // players
    return state._replace(round=size - 1, hand_counts=(2,) * players, **changes)


def random_action(state: State, rng: random.Random, hidden=None, log_hands: bool = True):
    """A legal action picked at random and the real hands (kept aside when not logged).

    The caller removes played cards from ``hidden``; a deal returns fresh hands.
    """
    offer = ENGINE.legal_actions(state)
    if offer["step"] == "deal":
        deck = list(DECK)
        rng.shuffle(deck)
        size = 60 // state.players
        hands = [deck[i * size : (i + 1) * size] for i in range(state.players)]
        logged = [[card.text for card in hand] for hand in hands] if log_hands else None
        return ENGINE.parse_action({"type": "deal", "hands": logged}), hands
    if state.hands is not None:
        return ENGINE.parse_action(rng.choice(offer["actions"])), hidden
    hand = hidden[state.turn]
    shape = rng.choice([s for s in offer["actions"] if any(c.colour in s["colours"] for c in hand)])
    card = rng.choice([c for c in hand if c.colour in shape["colours"]])
    data = {"type": shape["type"], "card": card.text}
    if shape["type"] == "play":
        data["trick"] = shape["trick"]
    return ENGINE.parse_action(data), hidden
