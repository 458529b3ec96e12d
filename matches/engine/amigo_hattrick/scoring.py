"""Scoring one game (rule AH-5.2).

The colour a person won most of counts +1 a card, every other won card -1, each card passed
face down -2. The English rules' three examples::

    >>> from .cards import Card
    >>> def cards(colour, count): return (Card(colour, n) for n in range(1, count + 1))
    >>> game_score((*cards("red", 9), *cards("blue", 2), *cards("green", 4)), (Card("green", 20),))
    1
    >>> game_score(tuple(cards("blue", 12)), ())
    12
    >>> game_score((*cards("red", 5), *cards("green", 5)), (Card("blue", 20),))
    -2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .cards import COLOURS, Card, parse_card

PASS_PENALTY = 2


def colour_counts(won: tuple[Card, ...]) -> dict[str, int]:
    """Cards won per colour, in the deck's colour order, colours with none left out."""
    counts = Counter(card.colour for card in won)
    return {colour: counts[colour] for colour in COLOURS if counts[colour]}


def positive_colour(won: tuple[Card, ...]) -> str | None:
    """The one colour that counts positive: the most cards; on a tie the first in deck order
    (interpretation: only one colour counts, and which one does not change the score)."""
    counts = colour_counts(won)
    if not counts:
        return None
    best = max(counts.values())
    return next(colour for colour, count in counts.items() if count == best)


def game_score(won: tuple[Card, ...], face_down: tuple[Card, ...]) -> int:
    best = max(colour_counts(won).values(), default=0)
    return best - (len(won) - best) - PASS_PENALTY * len(face_down)


def cards_of_spans(spans: Iterable[str]) -> tuple[Card, ...]:
    """Cards written as spans: ``R3-11`` is the red 3 to 11."""
    out: list[Card] = []
    for span in spans:
        letter, rest = span[0], span[1:]
        low, _, high = rest.partition("-")
        out.extend(parse_card(f"{letter}{n}") for n in range(int(low), int(high or low) + 1))
    return tuple(out)


def example_score(example: Mapping[str, Any]) -> int:
    """The points of a tutorial's scoring example (``{"won": [spans], "passed": [spans]}``),
    as the referee scores a game (AH-5.2)."""
    return game_score(cards_of_spans(example["won"]), cards_of_spans(example.get("passed", [])))
