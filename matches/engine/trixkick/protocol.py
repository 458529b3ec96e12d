"""TriXKick's wire protocol as typed shapes; the actions' come from their declaration.

Each action's shape is derived from its dataclass (:data:`~matches.engine.trixkick.actions.CODEC`,
the same declaration ``parse_action`` reads with), and each legal entry is that action with its
choice field (:data:`~matches.engine.trixkick.legal.CHOICES`) turned into the list of values
open now. Rule clauses: docs/rules/trixkick.md.
"""

from __future__ import annotations

from types import GenericAlias
from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.action_codec import TAG, camel
from matches.engine.base import Bounds, LegalShape, outcome_shape, shape
from matches.engine.trixkick.actions import CODEC, Field, Piece, Side, Slot, Symbol
from matches.engine.trixkick.legal import CHOICES
from matches.engine.trixkick.options import SPECIAL, VARIANTS

Keeper = Annotated[str, "A keeper: team letter, dash, its symbol, e.g. `A-R`."]
Step = Literal[
    "place", "keepers", "attack", "defend", "card", "corner_choice", "penalty", "rebound", "over"
]


def _entry(tag: str) -> type:
    fields = CODEC.field_shapes(tag)
    choice = CHOICES.get(tag)
    if choice is not None:
        fields[choice] = GenericAlias(list, (fields[choice],))
    return shape(f"{camel(tag)}Entry", {TAG: Literal[tag], **fields})


ACTIONS = CODEC.shapes()
LEGAL_ENTRIES = tuple(_entry(tag) for tag in CODEC.tags)


class Legal(LegalShape):
    step: Step  # type: ignore[misc]  # the schema narrows the base's str to the steps


# --- face-down parts (POST parts/; the rule is ``parts``) ------------------------------------


class PlacePart(TypedDict):
    piece: Piece
    to: Field


class SetUpPart(TypedDict):
    """A manager's set-up of their side after a foul, a goal or a period (TK-2): the side's
    pieces still in hand where they go, in the order they go down, and its keepers."""

    places: Annotated[list[PlacePart], "Every piece of the side still in hand, once each."]
    keepers: Annotated[
        str | None,
        "The keepers' symbols, left to right (`LKR`; two keepers: `LR`); null: set up "
        "afterwards as a move of their own.",
    ]


#: the parts of each face-down choice, by the type of the action they make
PARTS = {"set_up": (SetUpPart,)}


Summary = shape(
    "Summary",
    names=list[str],
    score=list[int],
    phase=Literal["setup", "play", "over"],
    step=Step,
    period=int,
    actor=Side | None,
    attacker=Side,
    ball=Annotated[Field | None, "The ball's field (none while it is not on the board)."],
    moves=int,
)
Outcome = outcome_shape("Outcome", ("goals", "time"))

DUEL = {
    "field": Field,
    "symbol": Symbol,
    "attacker": Side,
    "attacking_strength": int,
    "defending_strength": int,
    "attacking_pieces": list[Piece],
    "defending_pieces": list[Piece],
    "winner": Side,
}
SHOT = {
    "piece": Piece,
    "symbol": Symbol,
    "from": Field,
    "target": Slot,
    "strength": int,
    "needed": int,
    "penalty": bool,
    "keeper": Symbol | None,
}
Kick = Annotated[str | None, "The set piece the ball was played from (`kickoff`, ...), if one."]

EFFECTS: dict[str, type] = {
    "ball_played": shape(
        "BallPlayed",
        {"piece": Piece, "symbol": Symbol, "from": Field, "to": Field, "distance": int},
        kick=Kick,
    ),
    "ball_received": shape("BallReceived", pieces=list[Piece], symbol=Symbol, field=Field),
    "ball_won": shape("BallWon", field=Field, symbol=Symbol, how=str, pieces=list[Piece]),
    "dribble": shape("Dribble", piece=Piece, symbol=Symbol, field=Field, distance=int),
    "run": shape("Run", {"piece": Piece, "from": Field, "to": Field, "distance": int}),
    "double_pass": shape("DoublePass", pieces=list[Piece], to=Field),
    "castling": shape("Castling", pieces=list[Piece], fields=list[Field]),
    "loose_ball": shape("LooseBall", field=Field, symbol=Symbol),
    "duel_won": shape("DuelWon", DUEL),
    "duel_lost": shape("DuelLost", DUEL),
    "shot": shape("Shot", SHOT),
    "wall": shape("Wall", field=Field, strength=int, pieces=list[Piece]),
    "goal": shape(
        "Goal", piece=Piece, symbol=Symbol, target=Slot, keeper=Symbol | None, score=list[int]
    ),
    "catch": shape("Catch", keeper=Keeper, slot=Slot),
    "parry": shape("Parry", keeper=Keeper, slot=Slot, to=Literal["corner", "rebound"]),
    "corner": shape("Corner", field=Field),
    "counter": shape("Counter", field=Field),
    "goal_kick": shape("GoalKick"),
    "foul": shape(
        "Foul",
        field=Field,
        symbol=Symbol,
        kind=Literal["attacking", "defending"],
        pieces=list[Piece],
    ),
    "yellow_card": shape("YellowCard", piece=Piece),
    "red_card": shape("RedCard", piece=Piece),
    "penalty": shape("Penalty", field=Field, symbol=Symbol),
    "free_kick": shape(
        "FreeKick", field=Field, symbol=NotRequired[Symbol], reason=Literal["foul", "offside"]
    ),
    "offside": shape("Offside", piece=Piece, field=Field),
    "substitution": shape("Substitution", {"out": Piece, "in": Piece, "count": int}),
    "period_ended": shape("PeriodEnded", period=int),
    "match_ended": shape(
        "MatchEnded",
        termination=Literal["goals", "time"],
        scores=list[int],
        winners=list[Side],
    ),
}

GoalsLength = shape(
    "GoalsLength", kind=Literal["goals"], goals=Annotated[int, Bounds(minimum=1, maximum=99)]
)
TimeLength = shape(
    "TimeLength",
    kind=Literal["time"],
    periods=NotRequired[Annotated[int, Bounds(minimum=1, maximum=4)]],
    minutes=NotRequired[Annotated[int, Bounds(minimum=1, maximum=180)]],
)
#: match options (TK-17): the special situations of section 6 (on by default) and the advanced
#: variants (off by default), each true or false
Options = shape(
    "Options",
    kickoff_side=NotRequired[Side],
    match_length=NotRequired[GoalsLength | TimeLength],
    **{name: NotRequired[bool] for name in (*SPECIAL, *VARIANTS)},
)

PieceSymbols = Annotated[str, "A piece's symbols, e.g. `KKL`."]
Pieces = shape("Pieces", field=list[PieceSymbols], substitutes=NotRequired[list[PieceSymbols]])
#: a side's set-up: its name and the pieces it plays with (default: the edition's)
SideConfig = shape("SideConfig", name=NotRequired[str], pieces=NotRequired[Pieces])
