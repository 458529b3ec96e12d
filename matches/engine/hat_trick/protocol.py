"""Hat-Trick's wire protocol as typed shapes: actions, legal entries, effects, summary, outcome.

These ``TypedDict`` classes describe the JSON the engine reads and writes; the API builds its
schema from them (``shapes.SHAPES``). The actions' shapes are derived from the action classes
(:data:`~matches.engine.hat_trick.actions.CODEC`, the declaration ``parse_action`` reads with),
so they cannot drift; the rest are declared here. Rule clauses: docs/rules/hat-trick.md.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.base import Bounds, LegalShape, outcome_shape
from matches.engine.hat_trick.actions import (
    CODEC,
    CardId,
    CardKind,  # noqa: F401 - re-exported for the effect shapes
    Direction,
    Edge,
    Player,
    PlayStyle,
    Side,
    Substitute,
    UseAbility,
)
from matches.engine.hat_trick.actions import ActionCardShape as ActionCard

# --- vocabulary (the actions' values are declared with them, in ``actions``) --------------------

Field = Annotated[str, "A field of the pitch: column a-d and row 1-6 from blue's goal, e.g. `c3`."]
PassType = Literal["short_pass", "long_ball"]
Style = Literal["tactical", "technical", "total"]
Step = Literal[
    "play_cards",
    "attacker_move",
    "sideways_pass",
    "defender_move",
    "long_ball_line",
    "free_kick_defender_move",
    "free_kick_attacker_move",
    "free_kick_choice",
    "chance_play_cards",
    "chance_attacker_move",
    "chance_sideways_pass",
    "chance_defender_move",
    "chance_action",
    "chance_shot",
    "penalty",
    "keeper_draw",
    "goal_kick_attacker_move",
    "goal_kick_defender_move",
    "goal_kick",
    "extra_time_kickoff",
    "shootout",
    "match_over",
]


# --- actions (what POST events/ takes), from the action classes ------------------------------

ACTIONS = CODEC.shapes()
AbilityAction = CODEC.shape(UseAbility)
StyleAction = CODEC.shape(PlayStyle)
SubstituteAction = CODEC.shape(Substitute)

# --- legal entries (legal.actions[]) ---------------------------------------------------------


class PlayCardsEntry(TypedDict):
    """``cards[side]``: the cards that side may reveal; ``draw``: whether managers draw back."""

    type: Literal["play_cards"]
    cards: Annotated[list[list[ActionCard]], Bounds(min_items=2, max_items=2)]
    draw: bool


MoveOption = TypedDict(
    "MoveOption",
    {"player": Player, "direction": Direction, "from": Field, "to": Field},
)


class MoveEntry(TypedDict):
    """The moves open now, each one a ready ``move`` (``player``, ``direction``)."""

    type: Literal["move"]
    moves: list[MoveOption]


class SkipEntry(TypedDict):
    type: Literal["skip"]


class PassSidewaysEntry(TypedDict):
    type: Literal["pass_sideways"]
    receivers: list[Player]


class LongBallEntry(TypedDict):
    type: Literal["long_ball"]
    lines: list[int]


class FreeKickEntry(TypedDict):
    type: Literal["free_kick"]
    scoring_opportunity: list[bool]


class PassEntry(TypedDict):
    type: Literal["pass"]
    pass_type: PassType
    receivers: list[Player]


class RefuseEntry(TypedDict):
    type: Literal["refuse"]


class ShootEntry(TypedDict):
    """The shooting cards of the action's kind and the keeper cards open; in the shootout
    ``cards`` lists the kinds the turned-up card may be."""

    type: Literal["shoot"]
    shooting_cards: list[CardId]
    goalkeeper_cards: list[CardId]
    long_shot: NotRequired[bool]
    cards: NotRequired[list[ActionCard]]
    note: NotRequired[str]


class KeeperCard(ActionCard):  # type: ignore[misc]  # (a shape made at run time)
    available: Annotated[int, "How many of this card are left in the pile."]


class KeeperDrawEntry(TypedDict):
    """Draw up to ``max_cards`` cards to beat ``power``; ``cards``: what the pile holds."""

    type: Literal["keeper_draw"]
    max_cards: int
    power: int
    cards: list[KeeperCard]


class GoalKickEntry(TypedDict):
    type: Literal["goal_kick"]
    cards: list[ActionCard]


class KickOffEntry(TypedDict):
    type: Literal["kick_off"]
    side: list[Side]


class ChooseEntry(TypedDict):
    """``decides`` what the named player does (receives, takes the goal kick, ...)."""

    type: Literal["choose"]
    decides: str
    players: list[Player]


class AbilityEntry(TypedDict):
    """The ready ability uses open to ``side``."""

    type: Literal["ability"]
    side: Side
    uses: list[AbilityAction]


class StyleEntry(TypedDict):
    type: Literal["style"]
    side: Side
    uses: list[StyleAction]


class CounterEntry(TypedDict):
    type: Literal["counter"]
    side: Side


class SubstituteEntry(TypedDict):
    type: Literal["substitute"]
    side: Side
    uses: list[SubstituteAction]


class ProtestEntry(TypedDict):
    type: Literal["protest"]
    side: Side
    cards: list[ActionCard]


LEGAL_ENTRIES = (
    PlayCardsEntry,
    MoveEntry,
    SkipEntry,
    PassSidewaysEntry,
    LongBallEntry,
    FreeKickEntry,
    PassEntry,
    RefuseEntry,
    ShootEntry,
    KeeperDrawEntry,
    GoalKickEntry,
    KickOffEntry,
    ChooseEntry,
    AbilityEntry,
    StyleEntry,
    CounterEntry,
    SubstituteEntry,
    ProtestEntry,
)


class Legal(LegalShape):
    step: Step  # type: ignore[misc]  # a game narrows the common step to its own steps


# --- face-down parts (POST parts/; the rule is ``parts``) ------------------------------------


class PlayCardsPart(TypedDict):
    """A manager's action card of step 1 (or of a chance), played face down (HT-1.1, HT-5.1)."""

    card: ActionCard


class ShooterPart(TypedDict):
    """The attacking manager's shooting card, played face down (HT-6.1)."""

    shooting_card: CardId


class KeeperPart(TypedDict):
    """The defending manager's goalkeeper card, played face down at the same time (HT-6.2)."""

    goalkeeper_card: CardId


class PenaltyShooterPart(TypedDict):
    """A shoot-out penalty's shooter: the action card he turns up and a shooting card of its
    colour, both hidden until the keeper's card is in (HT-8.5)."""

    card: ActionCard
    shooting_card: CardId


#: the parts of each face-down choice, by the type of the action they make
PARTS = {
    "play_cards": (PlayCardsPart,),
    "shoot": (ShooterPart, KeeperPart, PenaltyShooterPart),
}


# --- summary and outcome ---------------------------------------------------------------------


class Ball(TypedDict):
    field: Field
    player: Player


class Summary(TypedDict):
    score: list[int]
    half: Annotated[int, "1, 2; 3 extra time; 4 the penalty shootout."]
    step: Step
    attacker: Side | None
    ball: Ball | None
    turn: Side | None
    shootout: Annotated[list[int] | None, "In the shootout: the goals of each side."]
    over: bool


Outcome = outcome_shape("Outcome", ("full_time", "extra_time", "penalty_shootout"))


class Options(TypedDict, total=False):
    """Match options (HT-0.2; the expansion's HX-E): per-side values are lists, side 0 first."""

    kickoff: Side
    #: null: none named (as left out; HT-0.2)
    star_players: Annotated[list[list[Player]] | None, Bounds(min_items=2, max_items=2)]
    national_teams: Annotated[list[str | None], Bounds(min_items=2, max_items=2)]
    star_goalkeepers: Annotated[list[bool], Bounds(min_items=2, max_items=2)]
    extra_time: bool
    penalty_shootout: bool
    match_events: list[Literal["long_shot", "corners", "substitutions", "captain", "counter"]]


class Face(TypedDict):
    """One face of an expansion player card: its footballs and ability (HX-0.1)."""

    attack: Annotated[int, Bounds(minimum=0, maximum=9)]
    defence: Annotated[int, Bounds(minimum=0, maximum=9)]
    ability: str | None


class LineupCard(TypedDict):
    """An expansion player card on a slot (or on the bench)."""

    card: CardId
    role: str | None
    numbers: Annotated[list[Annotated[int, Bounds(minimum=2, maximum=11)]], Bounds(min_items=1)]
    edge: Edge
    gold: bool
    silver: Face
    gold_side: Face


class Lineup(TypedDict, total=False):
    """An expansion lineup (HX-0.1, HX-E.3, HX-E.4), as the teams API builds it."""

    slots: Annotated[dict[str, LineupCard], "Slot number (2-11) -> its card."]
    star_keeper: bool
    style: Literal["tactical", "technical", "physical", "total"] | None
    bench: Annotated[list[LineupCard], Bounds(max_items=5)]
    captain: Annotated[int, Bounds(minimum=2, maximum=11)]


class SideConfig(TypedDict, total=False):
    """A side's set-up: its name and, with the expansion, its lineup."""

    name: str
    lineup: Lineup
