"""The three actions and their JSON form.

``{"type": "deal", "hands": [[card, …], …] | null}``
    The dealer deals all cards (AH-2.1). ``hands`` lists each person's hand in seat order
    (side 0 first) when the table logs them, or is left out / ``null`` when hands stay unknown.
``{"type": "play", "card": card, "trick": 1 | 2 | null}``
    The person on turn lays a card on a trick (AH-3.2 to AH-3.5). ``trick`` may be left out:
    the card's colour decides where it goes; when given, it must be that trick.
``{"type": "pass", "card": card}``
    The person on turn shows a card of the third colour and lays it face down (AH-3.6).

A card is ``{"colour": "red", "number": 10}`` or the text ``"R10"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from matches.engine.base import JSON, InvalidActionError

from .cards import Card, card_from_json


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal of one game; ``hands`` is ``None`` when the hands are not logged."""

    hands: tuple[tuple[Card, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """A card laid on trick 1 or 2; ``trick=None`` lets the colour decide."""

    card: Card
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """A card of the third colour shown and laid face down."""

    card: Card


Action = Union[Deal, Play, Pass]  # noqa: UP007 - a runtime alias

_FIELDS = {"deal": {"type", "hands"}, "play": {"type", "card", "trick"}, "pass": {"type", "card"}}


def _invalid(code: str, message: str, **details: JSON) -> InvalidActionError:
    return InvalidActionError(code, None, message, details)


def parse_action(data: JSON) -> Action:
    """A typed action from JSON. Raises InvalidActionError on anything malformed.

    >>> parse_action({"type": "play", "card": "B14", "trick": 2})
    Play(card=Card(colour='blue', number=14), trick=2)
    """
    if not isinstance(data, dict):
        raise _invalid(
            "invalid_action",
            "An action must be a JSON object with a 'type'.",
            cause="not_an_object",
        )
    kind = data.get("type")
    if "type" not in data:
        raise _invalid(
            "missing_field", "The action lacks its 'type' (deal, play or pass).", fields=["type"]
        )
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _invalid(
            "unknown_action_type",
            f"{kind!r} is not an action: use deal, play or pass.",
            type=str(kind),
        )
    extra = sorted(str(key) for key in set(data) - _FIELDS[kind])
    if extra:
        raise _invalid("unknown_field", f"A {kind} has no field {', '.join(extra)}.", fields=extra)
    if kind == "deal":
        return _parse_deal(data.get("hands"))
    if "card" not in data:
        raise _invalid("missing_field", f"A {kind} must name its 'card'.", fields=["card"])
    card = card_from_json(data["card"], "The card")
    if kind == "pass":
        return Pass(card)
    trick = data.get("trick")
    if trick is not None and (isinstance(trick, bool) or trick not in (1, 2)):
        raise _invalid("invalid_trick", f"The trick must be 1 or 2, not {trick!r}.")
    return Play(card, trick)


def _parse_deal(hands: JSON) -> Deal:
    if hands is None:
        return Deal(None)
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise _invalid(
            "invalid_hands", "The hands must be a list with one list of cards per person."
        )
    return Deal(
        tuple(
            tuple(
                card_from_json(card, f"Card {number} of hand {seat}")
                for number, card in enumerate(hand, 1)
            )
            for seat, hand in enumerate(hands)
        )
    )


def action_to_json(action: Action) -> dict[str, JSON]:
    """The JSON form; ``parse_action`` reads it back to an equal action."""
    if isinstance(action, Deal):
        if action.hands is None:
            return {"type": "deal", "hands": None}
        return {
            "type": "deal",
            "hands": [[card.to_json() for card in hand] for hand in action.hands],
        }
    if isinstance(action, Play):
        data: dict[str, JSON] = {"type": "play", "card": action.card.to_json()}
        if action.trick is not None:
            data["trick"] = action.trick
        return data
    if isinstance(action, Pass):
        return {"type": "pass", "card": action.card.to_json()}
    raise _invalid("invalid_action", f"{action!r} is not a Hattrick action.", cause="not_a_move")
