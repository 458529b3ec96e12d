"""Amigo Hattrick's state as the API sends it (``?include=state``, ``GET state/``): the typed
shape of :func:`~matches.engine.amigo_hattrick.state.state_to_json` (``State``)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from .actions import Colour
from .edition_shapes import Numbers
from .protocol import CardText, Seat, Step

Hand = Annotated[list[CardText], "Cards, in the order the engine keeps them."]


class StateOptions(TypedDict):
    """The match options as agreed (every key present; ``games`` or ``target`` null when the
    other ends the match)."""

    games: int | None
    target: int | None
    first_dealer: Seat
    hands: Literal["any", "known", "unknown"]


class Laid(TypedDict):
    """A card laid by a seat (on a trick, or passed)."""

    side: Seat
    card: CardText


class TrickPile(TypedDict):
    """A trick on the table: its one colour and the cards in the order they were laid."""

    colour: Colour
    cards: list[Laid]


class State(TypedDict):
    """The whole match state: the deal, the round under way, the games played (AH-2 - AH-6)."""

    names: list[str]
    colours: list[Colour]
    numbers: Numbers
    hand_size: int
    options: StateOptions
    step: Step
    game: Annotated[int, "The game under way (0 before the first deal)."]
    dealer: Seat
    round: int
    leader: Seat
    turn: Seat | None
    hands: Annotated[list[Hand] | None, "Each seat's hand; null when hands are not logged."]
    hand_counts: list[int]
    used: Annotated[list[CardText], "The cards out this game."]
    tricks: list[TrickPile]
    passes: list[Laid]
    won: Annotated[list[Hand], "The cards each seat has won this game."]
    face_down: Annotated[list[Hand], "The cards each seat has laid face down this game."]
    last_cards: Annotated[
        list[CardText | None] | None, "Each seat's last card of the last game; null when unknown."
    ]
    scores: Annotated[list[list[int]], "Each game's scores, one per seat."]
    termination: Literal["games_played", "target_reached"] | None
