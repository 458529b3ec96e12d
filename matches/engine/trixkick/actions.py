"""Typed actions and their JSON form.

Every action is a frozen dataclass with a ``type`` tag. ``parse_action`` reads the JSON form and
raises :class:`~matches.engine.base.InvalidActionError` on anything malformed; ``to_json`` writes
it back::

    >>> parse_action({"type": "run", "piece": "A-KKR", "to": "B8"})
    Run(piece='A-KKR', to='B8')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from matches.engine.trixkick.board import SLOTS, is_field
from matches.engine.trixkick.errors import invalid
from matches.engine.trixkick.pieces import PIECE_ID, SYMBOLS


@dataclass(frozen=True, slots=True)
class Place:
    """Put a piece on a field during a set-up (TK-2.1)."""

    type: ClassVar[str] = "place"
    piece: str
    to: str


@dataclass(frozen=True, slots=True)
class Keepers:
    """Set up the hidden keepers: symbols for left, middle, right (two keepers: left, right)."""

    type: ClassVar[str] = "keepers"
    side: int
    order: str


@dataclass(frozen=True, slots=True)
class Substitute:
    """Bring a substitute in for a piece not yet placed in a re-set-up (TK-14)."""

    type: ClassVar[str] = "substitute"
    out: str
    into: str


@dataclass(frozen=True, slots=True)
class Play:
    """Play the ball with one symbol to a field (TK-4)."""

    type: ClassVar[str] = "play"
    piece: str
    symbol: str
    to: str


@dataclass(frozen=True, slots=True)
class Shoot:
    """Shoot at the announced keeper: ``left``, ``middle`` or ``right`` (TK-8)."""

    type: ClassVar[str] = "shoot"
    piece: str
    symbol: str
    target: str


@dataclass(frozen=True, slots=True)
class Run:
    """Run a piece to a field (TK-5)."""

    type: ClassVar[str] = "run"
    piece: str
    to: str


@dataclass(frozen=True, slots=True)
class DoublePass:
    """Play diagonally to a partner and take the ball back one field diagonally on (TK-15)."""

    type: ClassVar[str] = "double_pass"
    piece: str
    symbol: str
    partner: str
    return_symbol: str
    to: str


@dataclass(frozen=True, slots=True)
class Castle:
    """Swap two defending pieces on neighbouring fields (TK-16)."""

    type: ClassVar[str] = "castle"
    piece: str
    with_piece: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the attacking move without its ball play or its run (TK-3.1)."""

    type: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Pass:
    """A defender with no possible run passes (TK-3.2)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Card:
    """The fouled side picks which of the fouling pieces gets the card (TK-12.2)."""

    type: ClassVar[str] = "card"
    piece: str


@dataclass(frozen=True, slots=True)
class CornerChoice:
    """After a parry by the middle keeper the shooter picks the corner (TK-8.5)."""

    type: ClassVar[str] = "corner"
    side: str


@dataclass(frozen=True, slots=True)
class Rebound:
    """The keeper's side sets the rebounding ball on its second row (TK-9)."""

    type: ClassVar[str] = "rebound"
    to: str


@dataclass(frozen=True, slots=True)
class Whistle:
    """The referee's whistle ends a period of a timed match (TK-17)."""

    type: ClassVar[str] = "whistle"


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

# type -> (class, [(json key, attribute, kind)])
_FIELDS: dict[str, tuple[type, list[tuple[str, str, str]]]] = {
    "place": (Place, [("piece", "piece", "piece"), ("to", "to", "field")]),
    "keepers": (Keepers, [("side", "side", "side"), ("order", "order", "order")]),
    "substitute": (Substitute, [("out", "out", "piece"), ("in", "into", "piece")]),
    "play": (
        Play,
        [("piece", "piece", "piece"), ("symbol", "symbol", "symbol"), ("to", "to", "field")],
    ),
    "shoot": (
        Shoot,
        [("piece", "piece", "piece"), ("symbol", "symbol", "symbol"), ("target", "target", "slot")],
    ),
    "run": (Run, [("piece", "piece", "piece"), ("to", "to", "field")]),
    "double_pass": (
        DoublePass,
        [
            ("piece", "piece", "piece"),
            ("symbol", "symbol", "symbol"),
            ("partner", "partner", "piece"),
            ("return_symbol", "return_symbol", "symbol"),
            ("to", "to", "field"),
        ],
    ),
    "castle": (Castle, [("piece", "piece", "piece"), ("with", "with_piece", "piece")]),
    "end": (EndTurn, []),
    "pass": (Pass, []),
    "card": (Card, [("piece", "piece", "piece")]),
    "corner": (CornerChoice, [("side", "side", "corner")]),
    "rebound": (Rebound, [("to", "to", "field")]),
    "whistle": (Whistle, []),
}
ACTION_TYPES = tuple(_FIELDS)
#: type -> (class, [(json key, attribute, kind)]), read-only for other modules
ACTION_FIELDS = _FIELDS


def _check(kind: str, key: str, value: Any) -> Any:
    if kind == "piece":
        if not isinstance(value, str) or not PIECE_ID.match(value):
            raise invalid(
                f'"{key}" must be a piece id such as "A-KKL" (team letter, dash, symbols).',
                cause="piece",
                field=key,
            )
    elif kind == "field":
        if not is_field(value):
            raise invalid(
                f'"{key}" must be a field such as "A5", "C2" or "B8".',
                cause="board_field",
                field=key,
            )
    elif kind == "symbol":
        if value not in SYMBOLS:
            raise invalid(
                f'"{key}" must be one of the symbols "K", "L", "R".', cause="symbol", field=key
            )
    elif kind == "slot":
        if value not in SLOTS:
            raise invalid(
                f'"{key}" must be "left", "middle" or "right".', cause="goal_target", field=key
            )
    elif kind == "corner":
        if value not in ("left", "right"):
            raise invalid(f'"{key}" must be "left" or "right".', cause="corner", field=key)
    elif kind == "side":
        if isinstance(value, bool) or value not in (0, 1):
            raise invalid(f'"{key}" must be the side index 0 or 1.', cause="side", field=key)
    elif kind == "order" and (
        not isinstance(value, str)
        or len(value) not in (2, 3)
        or len(set(value)) != len(value)
        or not set(value) <= set(SYMBOLS)
    ):
        raise invalid(
            f'"{key}" must list the keeper symbols left to right, e.g. "LKR" (or "LR").',
            cause="keeper_order",
            field=key,
        )
    return value


def parse_action(data: Any) -> Action:
    """The typed action for its JSON form."""
    if not isinstance(data, dict):
        raise invalid('An action must be a JSON object with a "type".', cause="not_an_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise invalid(
            f"Unknown action type {kind!r}; expected one of: {', '.join(ACTION_TYPES)}.",
            cause="unknown_type",
            type=kind if isinstance(kind, str) else None,
        )
    cls, spec = _FIELDS[kind]
    allowed = {"type"} | {key for key, _, _ in spec}
    extra = sorted(str(k) for k in data if k not in allowed)
    if extra:
        raise invalid(
            f"Unexpected field(s) for a {kind} action: {', '.join(extra)}.", cause="unknown_field"
        )
    values = {}
    for key, attr, check in spec:
        if key not in data:
            raise invalid(f'A {kind} action needs "{key}".', cause="missing_field", field=key)
        values[attr] = _check(check, key, data[key])
    return cls(**values)


def action_to_json(action: Action) -> dict[str, Any]:
    if action.type not in _FIELDS or not isinstance(action, _FIELDS[action.type][0]):
        raise invalid(f"Not a TriXKick action: {action!r}.", cause="not_a_move")
    out: dict[str, Any] = {"type": action.type}
    for key, attr, _ in _FIELDS[action.type][1]:
        out[key] = getattr(action, attr)
    return out
