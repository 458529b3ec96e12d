"""Amigo Hattrick's edition as the API sends and takes it (``GET``/``PATCH
/api/editions/{id}/``): the typed shape of an edition's ``data`` (``Edition``: the deck's
colours and numbers and the hand sizes, AH-1). Every key is optional at the top: the engine
refuses an edition that lacks what it needs (``invalid_edition``)."""

from __future__ import annotations

from typing import Annotated, TypedDict

from .actions import Colour


class DeckColour(TypedDict):
    """A colour of the deck: its key, the letter a card's text starts with, its name."""

    key: Colour
    letter: str
    name: str


class Numbers(TypedDict):
    """The lowest and the highest number of each colour."""

    low: int
    high: int


class Edition(TypedDict, total=False):
    name: str
    colours: list[DeckColour]
    numbers: Numbers
    hand_sizes: Annotated[dict[str, int], "Players at the table -> the cards each is dealt."]
