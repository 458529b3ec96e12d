"""TriXKick's edition as the API sends and takes it (``GET``/``PATCH /api/editions/{id}/``):
the typed shape of an edition's ``data`` (``Edition``: the board and the pieces, TK-1), each
piece as ``GET /api/editions/{id}/cards/`` lists it (``CARDS``), and a team's lineup
(``TeamLineup``: its pieces, docs/teams.md).

An edition is data a staff member may edit: every key is optional at the top (a match or a
team refuses an edition that lacks what it needs, with its own error); the piece sets may
also stand in a ``team_pieces`` block (the reference catalog's form)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from matches.engine.trixkick.protocol import PieceSymbols

Symbols = list[PieceSymbols]


class Board(TypedDict):
    columns: int
    rows: int
    goals: int


class PieceCatalog(TypedDict, total=False):
    """The piece sets of a catalog: keepers, field pieces, substitutes (and a variant list)."""

    key: str
    reconstruction: bool
    note: str
    keepers: Symbols
    field: Symbols
    substitutes: Symbols
    substitutes_variant: Symbols


class Edition(TypedDict, total=False):
    """A TriXKick edition: the board, the keepers' stones and the pieces (TK-1)."""

    key: str
    name: str
    notes: str
    board: Board
    keepers: Symbols
    field_pieces: Symbols
    substitutes: Symbols
    substitutes_alternative: Symbols
    team_pieces: PieceCatalog


class PieceCard(TypedDict):
    """A piece of the edition: the set it belongs to and its symbols."""

    set: Literal["keepers", "field", "substitutes"]
    symbols: PieceSymbols


#: a catalog card's ``data`` by its kind
CARDS: dict[str, type] = {"piece": PieceCard}


class TeamLineup(TypedDict, total=False):
    """A team's pieces: ten on the field, the substitutes and the keepers' stones. Empty
    (`{}`) while the team's pieces are refused (its ``violations`` say why)."""

    game: Literal["trixkick"]
    source: Literal["pieces"]
    field: Annotated[Symbols, "The ten field pieces."]
    substitutes: Symbols
    keepers: Symbols
