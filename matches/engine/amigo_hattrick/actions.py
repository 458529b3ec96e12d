"""The three actions, the one declaration of their JSON form and schema shapes.

``{"type": "deal", "hands": [[card, …], …] | null}``
    The dealer deals all cards (AH-2.1). ``hands`` lists each person's hand in seat order
    (side 0 first) when the table logs them, or is left out / ``null`` when hands stay unknown.
``{"type": "play", "card": card, "trick": 1 | 2 | null}``
    The person on turn lays a card on a trick (AH-3.2 to AH-3.5). ``trick`` may be left out:
    the card's colour decides where it goes; when given, it must be that trick.
``{"type": "pass", "card": card}``
    The person on turn shows a card of the third colour and lays it face down (AH-3.6).

A card is ``{"colour": "red", "number": 10}`` or the text ``"R10"``. Each action is a frozen
dataclass whose typed fields give ``parse_action``, ``action_to_json`` and the schema's shapes
(:mod:`matches.engine.action_codec`)::

    >>> parse_action({"type": "play", "card": "B14", "trick": 2})
    Play(card=Card(colour='blue', number=14), trick=2)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from matches.engine.action_codec import ActionCodec, Custom, Refusal, Refusals, action, optional
from matches.engine.base import JSON, Bounds, EngineError, shape

from .cards import HIGHEST, LOWEST, Card, card_from_json
from .errors import SENTENCES

Colour = Literal["red", "blue", "green"]
CardShape = shape(
    "Card", colour=Colour, number=Annotated[int, Bounds(minimum=LOWEST, maximum=HIGHEST)]
)
CardShape.__doc__ = "A card (the text form `R10` is accepted in actions too)."
Trick = Literal[1, 2]
#: a card: ``{"colour": "red", "number": 10}`` or its text, ``"R10"``
CardValue = Annotated[Card, Custom(card_from_json, Card.to_json, CardShape)]


@action("deal")
class Deal:
    """The dealer deals (AH-2.1); ``hands``: each person's hand in seat order, or null when
    hands are not logged."""

    hands: (
        Annotated[
            tuple[tuple[CardValue, ...], ...],
            Refusal(None, code="invalid_hands"),
        ]
        | None
    ) = optional(null="written")


@action("play")
class Play:
    """The person on turn lays a card on trick 1 or 2 (AH-3.2 to AH-3.5); without ``trick``
    the card's colour decides."""

    card: CardValue
    trick: Annotated[Trick, Refusal(None, code="invalid_trick")] | None = optional(null="shown")


@action("pass")
class Pass:
    """The person on turn shows a card of the third colour and lays it face down (AH-3.6)."""

    card: CardValue


Action = Union[Deal, Play, Pass]  # noqa: UP007 - a runtime alias


class _Refusals(Refusals):
    """Amigo Hattrick names the fault in the error's code (``missing_field``...)."""

    def _invalid(self, code: str, **details: JSON) -> EngineError:
        return self.sentences.unreadable(code, None, **details)

    def unknown_type(self, data: dict[str, Any], tags: Any) -> EngineError:
        if "type" not in data:
            return self._invalid("missing_field", fields=["type"])
        return self._invalid("unknown_action_type", type=str(data["type"]))

    def unknown_keys(self, tag: str, keys: list[str]) -> EngineError:
        return self._invalid("unknown_field", fields=keys)

    def missing_keys(self, tag: str, keys: list[str]) -> EngineError:
        return self._invalid("missing_field", fields=keys)


CODEC = ActionCodec((Deal, Play, Pass), _Refusals("Hattrick", SENTENCES))
parse_action = CODEC.parse
action_to_json = CODEC.to_json
