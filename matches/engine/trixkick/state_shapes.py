"""TriXKick's state as the API sends it (``?include=state``, ``GET state/``): the typed shape of
:meth:`~matches.engine.trixkick.state.TrixKickState.to_json` (``State``), keys as documented in
docs/rules/trixkick.md. A side's hidden keepers are null for a reader who may not see them."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.base import Bounds, shape
from matches.engine.trixkick.actions import Field, Piece, Side, Symbol
from matches.engine.trixkick.options import SPECIAL, VARIANTS
from matches.engine.trixkick.protocol import PieceSymbols, Step

SetPiece = Literal["kickoff", "corner", "goal_kick", "free_kick", "penalty"]
Pair = Annotated[list[int], Bounds(min_items=2, max_items=2)]


class PieceState(TypedDict):
    """A piece: its side and symbols, where it stands (null: off the board) and whether it
    has been cautioned."""

    field: Field | None
    side: Side
    status: Literal["squad", "bench", "play", "out", "sent_off"]
    symbols: PieceSymbols
    yellow: bool


class KeepersState(TypedDict):
    """A side's keepers by slot (two keepers, TK-18.1: left and right, the third in
    ``reserve``); a symbol is null where the reader may not see it."""

    left: Symbol | None
    middle: NotRequired[Symbol | None]
    right: Symbol | None
    reserve: NotRequired[Symbol | None]


class MatchLengthState(TypedDict):
    """First to ``goals`` goals, or ``periods`` timed periods of ``minutes`` (TK-17)."""

    kind: Literal["goals", "time"]
    goals: NotRequired[int]
    periods: NotRequired[int]
    minutes: NotRequired[int]


#: every option ``initial_state`` accepts (``protocol.Options``) with its value, in the
#: snapshot's (alphabetical) order
OptionsState = shape(
    "OptionsState",
    dict(
        sorted(
            {
                "kickoff_side": Side,
                "match_length": MatchLengthState,
                **{name: bool for name in (*SPECIAL, *VARIANTS)},
            }.items()
        )
    ),
)
OptionsState.__doc__ = "The agreed options, every one present (TK-17)."


class BallState(TypedDict):
    """Where the ball is and who may play it; after a pass, what the pass was (offside,
    dribble, TK-13, TK-7.2)."""

    distance: int
    dribble: Annotated[dict[str, int], "The dribbler and the fields it ran with the ball."]
    field: Field | None
    holders: Annotated[list[Piece] | None, "The pieces that won it (null: whoever stands there)."]
    horizontal: bool
    kick: SetPiece | None
    lock_rule: str | None
    loose: bool
    no_touch: Annotated[Piece | None, "TK-18.5: the taker who may not play it next."]
    offside: Annotated[dict[str, Field], "The pieces offside at the pass, and where they stood."]
    owner: Side | None
    pass_from: Field | None
    pass_kick: SetPiece | None
    passer: Piece | None
    symbol: Symbol | None


class SetUpState(TypedDict):
    """A set-up under way (TK-2, TK-10 - TK-12)."""

    field: Field | None
    first: bool
    keepers_done: Annotated[list[bool], Bounds(min_items=2, max_items=2)]
    kicker: Side
    kind: SetPiece
    locked: Symbol | None
    starter: Side


class TurnState(TypedDict):
    """The attacking move under way; ``defended``: the defence's runs of the move so far."""

    defended: NotRequired[dict[str, Field]]
    moved: dict[str, Field]
    played: bool
    ran: bool


class PendingDecision(TypedDict):
    """What a decision waits for: a card after a foul, the corner after a parry, the rebound."""

    kind: Literal["card", "corner", "rebound"]
    field: NotRequired[Field | None]
    fouled: NotRequired[Side | None]
    suspects: NotRequired[list[Piece]]
    symbol: NotRequired[Symbol | None]
    shooter: NotRequired[Side | None]


class MatchResult(TypedDict):
    termination: Literal["goals", "time"]
    winners: list[Side]


class State(TypedDict):
    """The whole match state (the snapshot the phones replay from)."""

    actor: Side
    attacker: Side
    ball: BallState | None
    edition: str
    keepers: Annotated[list[KeepersState | None], Bounds(min_items=2, max_items=2)]
    kickoff_side: Side
    moves: int
    names: list[str]
    options: OptionsState  # type: ignore[valid-type]  # (a shape made at run time)
    pending: PendingDecision | None
    period: int
    phase: Literal["setup", "play", "over"]
    pieces: Annotated[dict[str, PieceState], "Every piece, by its id (e.g. `A-KKL`)."]
    protect: Annotated[bool, "TK-6: the defence may not win the ball in its first move."]
    result: MatchResult | None
    revealed: Annotated[list[list[str]], "The keeper slots a shot has shown, per side."]
    score: Pair
    setup: SetUpState | None
    step: Step
    subs: Pair
    triples_in: Pair
    turn: TurnState
