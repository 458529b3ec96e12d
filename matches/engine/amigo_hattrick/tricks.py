"""Who wins a trick and who leads the next round (rules AH-4.1 to AH-4.3).

>>> from .cards import parse_card
>>> red = Trick("red", (Laid(0, parse_card("R10")), Laid(2, parse_card("R12")), Laid(3, parse_card("R3"))))
>>> blue = Trick("blue", (Laid(1, parse_card("B14")), Laid(4, parse_card("B19"))))
>>> red.winner.side, blue.winner.side, next_leader((red, blue))
(2, 4, (4, 'highest_card'))
"""

from __future__ import annotations

from .state import Laid, Trick

__all__ = ["Laid", "Trick", "next_leader"]


def next_leader(tricks: tuple[Trick, ...]) -> tuple[int, str]:
    """The side that leads the next round and why.

    The reason is ``"highest_card"`` (AH-4.2), ``"tie_break"`` when the two tricks' highest
    cards are equal and a lower card decided (AH-4.3), or ``"first_trick"`` when the tricks
    are equal card for card (AH-4.3, interpretation).
    """
    if len(tricks) == 1:
        return tricks[0].winner.side, "highest_card"
    first, second = tricks
    high_first, high_second = first.numbers_high_to_low(), second.numbers_high_to_low()
    if high_first[0] != high_second[0]:
        best = first if high_first[0] > high_second[0] else second
        return best.winner.side, "highest_card"
    # Compared card by card from the top; a trick that runs out of cards loses the comparison
    # (Python compares tuples that way: (10, 5) > (10,)).
    if high_first != high_second:
        best = first if high_first > high_second else second
        return best.winner.side, "tie_break"
    return first.winner.side, "first_trick"
