"""Cards and the deck: three colours numbered 1–20 (rule AH-1.2).

A card is written as its colour letter and its number, ``R10`` for the red 10::

    >>> card = parse_card("b14")
    >>> card, card.text
    (Card(colour='blue', number=14), 'B14')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from matches.engine.amigo_hattrick.errors import unreadable
from matches.engine.base import JSON

# The reference deck. ``parse_action`` has no edition to consult, so these are the colours
# and numbers any action may name; an edition may only use (a subset of) them.
COLOURS: tuple[str, ...] = ("red", "blue", "green")
LETTERS: dict[str, str] = {"red": "R", "blue": "B", "green": "G"}
COLOUR_OF_LETTER: dict[str, str] = {letter: colour for colour, letter in LETTERS.items()}
LOWEST = 1
HIGHEST = 20

_CARD_TEXT = re.compile(r"^\s*([A-Za-z])\s*(\d{1,3})\s*$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a colour key (``"red"``, ``"blue"``, ``"green"``) and a number 1–20."""

    colour: str
    number: int

    @property
    def letter(self) -> str:
        return LETTERS[self.colour]

    @property
    def text(self) -> str:
        """The card in notation: ``R10``."""
        return f"{self.letter}{self.number}"

    def to_json(self) -> dict[str, JSON]:
        return {"colour": self.colour, "number": self.number}

    def __str__(self) -> str:
        return self.text


def _check_number(number: int, where: str) -> int:
    if not LOWEST <= number <= HIGHEST:
        raise unreadable(
            "invalid_card", None, cause="number_range", number=number, low=LOWEST, high=HIGHEST
        )
    return number


def parse_card(text: str) -> Card:
    """A card from its notation (``R10``, case-insensitive). Raises InvalidActionError."""
    if not isinstance(text, str):
        raise unreadable("invalid_card", None, cause="not_text")
    match = _CARD_TEXT.match(text)
    if match is None:
        raise unreadable("invalid_card", None, cause="card_text", card=text)
    letter = match[1].upper()
    colour = COLOUR_OF_LETTER.get(letter)
    if colour is None:
        raise unreadable("unknown_colour", None, card=text)
    return Card(colour, _check_number(int(match[2]), repr(text)))


def card_from_json(data: JSON, where: str = "card") -> Card:
    """A card from JSON: ``{"colour": "red", "number": 10}`` or the text ``"R10"``."""
    if isinstance(data, str):
        return parse_card(data)
    if not isinstance(data, dict):
        raise unreadable("invalid_card", None, cause="card_shape")
    missing = [key for key in ("colour", "number") if key not in data]
    if missing:
        raise unreadable("missing_field", None, fields=missing)
    extra = sorted(set(data) - {"colour", "number"})
    if extra:
        raise unreadable("unknown_field", None, fields=extra)
    colour, number = data["colour"], data["number"]
    if not isinstance(colour, str):
        raise unreadable("invalid_card", None, cause="colour_text")
    colour_key = colour.strip().lower()
    if colour_key not in LETTERS:
        raise unreadable("unknown_colour", None, colour=colour)
    if isinstance(number, bool) or not isinstance(number, int):
        raise unreadable("invalid_card", None, cause="number_whole")
    return Card(colour_key, _check_number(number, where))


def full_deck(colours: tuple[str, ...], low: int, high: int) -> tuple[Card, ...]:
    """Every card of a deck, sorted by colour order then number."""
    return tuple(Card(colour, number) for colour in colours for number in range(low, high + 1))


def sort_hand(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards sorted as players hold them: by colour (red, blue, green), then number."""
    return tuple(sorted(cards, key=lambda card: (COLOURS.index(card.colour), card.number)))
