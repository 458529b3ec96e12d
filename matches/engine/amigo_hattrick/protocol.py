"""Amigo Hattrick's wire protocol as typed shapes: actions (derived from the action classes),
legal entries, effects, summary, outcome. Rule clauses: docs/rules/amigo-hattrick.md."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.base import Bounds, LegalShape, outcome_shape, shape

from .actions import CODEC, Colour, Trick
from .actions import CardShape as Card

Seat = Annotated[int, "A person's seat (side index), 0 the first.", Bounds(minimum=0)]
CardText = Annotated[str, "A card as text: colour letter and number, e.g. `R10`."]
Step = Literal["deal", "play", "over"]

#: the actions' shapes, from the action classes (the declaration ``parse_action`` reads with)
ACTIONS = CODEC.shapes()


class DealEntry(TypedDict):
    """``hands``: whether the deal lists the hands (``required``, ``optional``, ``omitted``)."""

    type: Literal["deal"]
    hands: Literal["optional", "required", "omitted"]
    players: int
    hand_size: int


class PlayEntry(TypedDict):
    """With the hands logged, a ready play (``card``, ``trick``); without, the ``trick`` and
    the ``colours`` that go on it (``opens``: the card opens that trick)."""

    type: Literal["play"]
    trick: Trick
    card: NotRequired[Card]
    colours: NotRequired[list[Colour]]
    opens: NotRequired[bool]


class PassEntry(TypedDict):
    """With the hands logged, a ready pass (``card``); without, the ``colours`` to pass with."""

    type: Literal["pass"]
    card: NotRequired[Card]
    colours: NotRequired[list[Colour]]


class Legal(LegalShape):
    step: Step  # type: ignore[misc]  # a game narrows the common step to its own steps
    hands: Annotated[Literal["any", "known", "unknown"], "Whether the hands are logged."]
    used: NotRequired[Annotated[list[CardText], "Hands not logged: the cards out this game."]]


Summary = shape(
    "Summary",
    game=int,
    games=int,
    target=int | None,
    round=int,
    step=Step,
    dealer=Seat,
    turn=Seat | None,
    turn_name=str | None,
    totals=list[int],
)
Outcome = outcome_shape("Outcome", ("games_played", "target_reached"))

PLACE = {"game": int, "round": int, "card": CardText, "colour": Colour, "number": int}
ColourCounts = shape(
    "ColourCounts", {colour: NotRequired[int] for colour in ("red", "blue", "green")}
)

EFFECTS: dict[str, type] = {
    "game_dealt": shape("GameDealt", game=int, dealer=Seat, leader=Seat, hands_known=bool),
    "card_played": shape("CardPlayed", PLACE, trick=Trick, opened=bool),
    "card_passed": shape("CardPassed", PLACE),
    "trick_won": shape(
        "TrickWon",
        game=int,
        round=int,
        trick=Trick,
        colour=Colour,
        cards=list[CardText],
        count=int,
        high_card=CardText,
    ),
    "round_ended": shape(
        "RoundEnded",
        game=int,
        round=int,
        next_leader=Seat,
        decided_by=Literal["first_trick", "highest_card", "tie_break"],
    ),
    "game_scored": shape(
        "GameScored",
        game=int,
        scores=list[int],
        totals=list[int],
        colours=list[ColourCounts],
        positive_colour=list[Colour | None],
        passes=list[int],
        last_cards=Annotated[list[CardText] | None, "Null when hands are not logged."],
        unplayed=list[CardText],
    ),
    "match_ended": shape(
        "MatchEnded",
        termination=Literal["games_played", "target_reached"],
        games=int,
        totals=list[int],
        winners=list[Seat],
    ),
}


class Options(TypedDict, total=False):
    """Match options: how many games or the target score ends it (AH-6), the first dealer's
    seat (AH-2.3), whether hands are logged (AH-2.2)."""

    games: Annotated[int | None, Bounds(minimum=1)]
    target: Annotated[int | None, Bounds(minimum=1)]
    first_dealer: Seat
    hands: Literal["any", "known", "unknown"]


class SideConfig(TypedDict, total=False):
    """A person at the table: a name."""

    name: str


LEGAL_ENTRIES = (DealEntry, PlayEntry, PassEntry)
