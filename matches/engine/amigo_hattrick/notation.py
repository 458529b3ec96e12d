"""The one-line notation of each action.

==================  =====================================================
``R10``             play the red 10 where its colour belongs
``R10>1``           play the red 10 on trick 1 (the trick opened first)
``B14>2``           play the blue 14 on trick 2 (opening or following it)
``P:G7``            pass, showing the green 7 and laying it face down
``D``               deal without logging the hands
``D:R1,R4,…/B2,…``  deal and log the hands, side 0 first, separated by ``/``
==================  =====================================================

Letters are case-insensitive when read; spaces around separators are ignored::

    >>> format_action(parse_notation(" p : g7 "))
    'P:G7'
"""

from __future__ import annotations

from matches.engine.amigo_hattrick.errors import unreadable

from .actions import Action, Deal, Pass, Play
from .cards import parse_card


def format_action(action: Action) -> str:
    if isinstance(action, Play):
        return action.card.text + (f">{action.trick}" if action.trick is not None else "")
    if isinstance(action, Pass):
        return f"P:{action.card.text}"
    if isinstance(action, Deal):
        if action.hands is None:
            return "D"
        return "D:" + "/".join(",".join(card.text for card in hand) for hand in action.hands)
    raise unreadable("invalid_action", None, "not_a_move")


def parse_notation(text: str) -> Action:
    """An action from its notation. Raises InvalidActionError."""
    if not isinstance(text, str) or not text.strip():
        raise unreadable("invalid_notation", None)
    line = text.strip()
    head = line[0].upper()
    if head == "D" and (len(line) == 1 or line[1:].lstrip().startswith(":")):
        body = line[1:].strip()
        if not body:
            return Deal(None)
        hands_text = body[1:].split("/")
        return Deal(
            tuple(
                tuple(parse_card(card) for card in hand.split(",") if card.strip())
                for hand in hands_text
            )
        )
    if head == "P" and line[1:].lstrip().startswith(":"):
        return Pass(parse_card(line[1:].lstrip()[1:]))
    card_text, sep, trick_text = line.partition(">")
    card = parse_card(card_text)
    if not sep:
        return Play(card)
    trick_text = trick_text.strip()
    if trick_text not in ("1", "2"):
        raise unreadable("invalid_trick", None, notation=text)
    return Play(card, 1 if trick_text == "1" else 2)


__all__ = ["format_action", "parse_notation"]
