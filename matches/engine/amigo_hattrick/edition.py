"""The edition: what the deck holds and how many cards each player gets (rules AH-1.2, AH-2.1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from matches.engine.amigo_hattrick.errors import refused_setup
from matches.engine.base import JSON, SetupError

from .cards import COLOURS, HIGHEST, LETTERS, LOWEST


def default_edition() -> dict[str, JSON]:
    """Amigo 1995: 60 cards, red, blue and green numbered 1–20; 15/12/10 cards for 4/5/6."""
    return {
        "name": "Hattrick (Amigo 1995)",
        "colours": [
            {"key": "red", "letter": "R", "name": "Red"},
            {"key": "blue", "letter": "B", "name": "Blue"},
            {"key": "green", "letter": "G", "name": "Green"},
        ],
        "numbers": {"low": 1, "high": 20},
        "hand_sizes": {"4": 15, "5": 12, "6": 10},
    }


@dataclass(frozen=True, slots=True)
class Deck:
    """The values the engine reads from an edition."""

    colours: tuple[str, ...]
    low: int
    high: int
    hand_sizes: tuple[tuple[int, int], ...]  # (players, cards each)

    @property
    def size(self) -> int:
        return len(self.colours) * (self.high - self.low + 1)

    def hand_size(self, players: int) -> int | None:
        return dict(self.hand_sizes).get(players)


def _fail(cause: str, **details: JSON) -> SetupError:
    """An ``invalid_edition`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_edition", "AH-1.2", cause, **details)


def read_edition(edition: Mapping[str, JSON]) -> Deck:
    """The deck an edition describes; SetupError if it is not a Hattrick deck."""
    if not isinstance(edition, Mapping):
        raise _fail("not_object")
    colours_data = edition.get("colours")
    if not isinstance(colours_data, list) or not colours_data:
        raise _fail("no_colours")
    colours: list[str] = []
    for entry in colours_data:
        key = entry.get("key") if isinstance(entry, Mapping) else entry
        if key not in COLOURS:
            raise _fail("unknown_colour")
        letter = entry.get("letter") if isinstance(entry, Mapping) else None
        if letter is not None and letter != LETTERS[key]:
            raise _fail("colour_letter", colour=key)
        colours.append(key)
    if len(colours) != 3 or len(set(colours)) != 3:
        raise _fail("three_colours")
    numbers = edition.get("numbers")
    if not isinstance(numbers, Mapping):
        raise _fail("numbers")
    low, high = numbers.get("low"), numbers.get("high")
    if (
        not isinstance(low, int)
        or not isinstance(high, int)
        or isinstance(low, bool)
        or isinstance(high, bool)
        or not LOWEST <= low < high <= HIGHEST
    ):
        raise _fail("number_range", low=LOWEST, high=HIGHEST)
    sizes_data = edition.get("hand_sizes")
    if not isinstance(sizes_data, Mapping) or not sizes_data:
        raise _fail("hand_sizes")
    sizes: list[tuple[int, int]] = []
    size = len(colours) * (high - low + 1)
    for players_text, cards in sizes_data.items():
        try:
            players = int(players_text)
        except (TypeError, ValueError):
            raise _fail("players") from None
        if isinstance(cards, bool) or not isinstance(cards, int) or cards < 2:
            raise _fail("hand_size", players=players)
        if players * cards != size:
            raise _fail("hand_size_total", players=players, count=size)
        sizes.append((players, cards))
    return Deck(tuple(colours), low, high, tuple(sorted(sizes)))
