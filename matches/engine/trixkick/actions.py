"""Typed actions, the one declaration of their JSON form and schema shapes.

Every action is a frozen dataclass with a ``type`` tag; its fields' types say how each value
is read, written and shown in the schema (:mod:`matches.engine.action_codec`). ``parse_action`` reads
the JSON form and raises :class:`~matches.engine.base.InvalidActionError` on anything
malformed; ``action_to_json`` writes it back::

    >>> parse_action({"type": "run", "piece": "A-KKR", "to": "B8"})
    Run(piece='A-KKR', to='B8')
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from matches.engine.action_codec import (
    SIDE_INDEX,
    ActionCodec,
    Check,
    Logged,
    Refusal,
    Refusals,
    action,
    renamed,
)
from matches.engine.trixkick.board import is_field
from matches.engine.trixkick.errors import SENTENCES
from matches.engine.trixkick.pieces import PIECE_ID, SYMBOLS

# --- the values of the actions' fields (the schema's vocabulary too) ---------------------------

Side = Annotated[int, "The side's index: 0 (team A) or 1 (team B).", *SIDE_INDEX]
Piece = Annotated[
    str,
    "A piece: team letter, dash, its symbols, e.g. `A-KKL`.",
    Check(PIECE_ID.match),
    Refusal("piece"),
]
Field = Annotated[
    str,
    "A field of the board, e.g. `A5`, `C2`, `B8`.",
    Check(is_field),
    Refusal("board_field"),
]
Symbol = Annotated[Literal["K", "L", "R"], Refusal("symbol")]
Slot = Annotated[
    Literal["left", "middle", "right"],
    Refusal("goal_target"),
]
Corner = Annotated[Literal["left", "right"], Refusal("corner")]


def _keeper_order(value: str) -> bool:
    return len(value) in (2, 3) and len(set(value)) == len(value) and set(value) <= set(SYMBOLS)


Order = Annotated[
    str,
    "The keepers' symbols, left to right: `LKR` (two keepers: `LR`).",
    Check(_keeper_order),
    Refusal("keeper_order"),
]
#: another side's keepers stay hidden until the match is over (``hidden.view_event``), so a
#: logged ``keepers`` action may show ``order: null``
LoggedOrder = Annotated[
    str | None,
    "The keepers' symbols, left to right: `LKR` (two keepers: `LR`); null in a logged action of "
    "the other side while the match runs (hidden keepers, TK-2.3).",
]

# --- the actions -------------------------------------------------------------------------------


@action("place")
class Place:
    """Put a piece on a field during a set-up (TK-2.1)."""

    piece: Piece
    to: Field


@action("keepers")
class Keepers:
    """Set up the hidden keepers: symbols for left, middle, right (two keepers: left, right)."""

    side: Side
    order: Annotated[Order, Logged(LoggedOrder)]


@action("substitute")
class Substitute:
    """Bring a substitute in for a piece not yet placed in a re-set-up (TK-14)."""

    out: Piece
    into: Piece = renamed("in")


@action("play")
class Play:
    """Play the ball with one symbol to a field (TK-4)."""

    piece: Piece
    symbol: Symbol
    to: Field


@action("shoot")
class Shoot:
    """Shoot at the announced keeper: ``left``, ``middle`` or ``right`` (TK-8)."""

    piece: Piece
    symbol: Symbol
    target: Slot


@action("run")
class Run:
    """Run a piece to a field (TK-5)."""

    piece: Piece
    to: Field


@action("double_pass")
class DoublePass:
    """Play diagonally to a partner and take the ball back one field diagonally on (TK-15)."""

    piece: Piece
    symbol: Symbol
    partner: Piece
    return_symbol: Symbol
    to: Field


@action("castle")
class Castle:
    """Swap two defending pieces on neighbouring fields (TK-16)."""

    piece: Piece
    with_piece: Piece = renamed("with")


@action("end")
class EndTurn:
    """End the attacking move without its ball play or its run (TK-3.1)."""


@action("pass")
class Pass:
    """A defender with no possible run passes (TK-3.2)."""


@action("card")
class Card:
    """The fouled side picks which of the fouling pieces gets the card (TK-12.2)."""

    piece: Piece


@action("corner")
class CornerChoice:
    """After a parry by the middle keeper the shooter picks the corner (TK-8.5)."""

    side: Corner


@action("rebound")
class Rebound:
    """The keeper's side sets the rebounding ball on its second row (TK-9)."""

    to: Field


@action("whistle")
class Whistle:
    """The referee's whistle ends a period of a timed match (TK-17)."""


Action = (
    Place
    | Keepers
    | Substitute
    | Play
    | Shoot
    | Run
    | DoublePass
    | Castle
    | EndTurn
    | Pass
    | Card
    | CornerChoice
    | Rebound
    | Whistle
)


CODEC = ActionCodec(get_args(Action), Refusals("TriXKick", SENTENCES, rule="TK-0"))
ACTION_TYPES = CODEC.tags
#: type -> (class, ((json key, attribute), ...)), read-only for other modules
ACTION_FIELDS = {tag: (CODEC.action_class(tag), CODEC.fields(tag)) for tag in CODEC.tags}
parse_action = CODEC.parse
action_to_json = CODEC.to_json
