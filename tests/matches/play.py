"""Random legal play for the match-log tests, driven only by the engines' legal_actions."""

from __future__ import annotations

import random
from typing import Any

from matches.engine import get_engine

AMIGO_COLOURS = ("red", "blue", "green")


def amigo_deal(rng: random.Random, players: int) -> dict:
    cards = [{"colour": c, "number": n} for c in AMIGO_COLOURS for n in range(1, 21)]
    rng.shuffle(cards)
    size = len(cards) // players
    return {"type": "deal", "hands": [cards[i * size : (i + 1) * size] for i in range(players)]}


def next_action(game: str, state: Any, rng: random.Random, players: int) -> dict | None:
    """A legal action chosen at random, or None when the match is over."""
    engine = get_engine(game)
    if engine.outcome(state) is not None:
        return None
    legal = engine.legal_actions(state)
    if game == "amigo-hattrick" and legal["step"] == "deal":
        return amigo_deal(rng, players)
    return rng.choice(legal["actions"])


def random_actions(game: str, state: Any, *, seed: int, players: int, limit: int = 10_000):
    """Yield (action_json, state_after) of one random legal playthrough."""
    engine = get_engine(game)
    rng = random.Random(seed)
    for _ in range(limit):
        action = next_action(game, state, rng, players)
        if action is None:
            return
        state = engine.apply(state, engine.parse_action(action)).state
        yield action, state
