"""Hat-Trick's state as the API sends it (``?include=state``, ``GET state/``): the typed shape
of :func:`~matches.engine.hat_trick.codec.state_to_json` (``State``), with the set-up it was
built from (the card values read from its edition) and, in an expansion match, the
expansion's part (``x``). Rule clauses: docs/rules/hat-trick.md."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.base import Bounds
from matches.engine.hat_trick.actions import ActionCardShape as ActionCard
from matches.engine.hat_trick.actions import CardId, CardKind, Edge, Player, Side
from matches.engine.hat_trick.edition_shapes import RuleEffect
from matches.engine.hat_trick.effect_shapes import SwappedWith
from matches.engine.hat_trick.protocol import Face, Field, Step

Pair = Annotated[list[int], Bounds(min_items=2, max_items=2)]
Flags = Annotated[list[bool], Bounds(min_items=2, max_items=2)]
PerSide = Annotated[list[list[str]], Bounds(min_items=2, max_items=2)]
Dive = Literal["left", "centre", "right"]
Symbol = Annotated[Literal["", "+", "-"], "Against that dive: `+`, `-` or nothing."]
Style = Literal["tactical", "technical", "physical", "total"]
GridCode = Annotated[str, "A player on the pitch: `B` (blue) or `R` (red) and the number."]
Pitch = Annotated[dict[str, GridCode], "Field (`a1` - `d6`) -> the player standing there."]


class PlayerValues(TypedDict):
    """A player card as it lies on the pitch (the side shown: regular or star, HT-0.2)."""

    number: Player
    role: str
    edge: Edge
    attack: int
    defence: int
    star: bool


class KeeperValues(TypedDict):
    """A goalkeeper card: where it dives and the cards it draws from each shooting position."""

    id: CardId
    dive: Dive
    draws: Annotated[dict[str, int], "Shooting position -> cards the keeper draws (HT-6.3)."]


class ShootingValues(TypedDict):
    """A shooting card: its action, modifier, and symbol against each dive (HT-6.1)."""

    id: CardId
    action: CardKind
    modifier: int
    symbols: Annotated[dict[str, Symbol], "Keeper dive -> `+`, `-` or nothing."]


class CardKindCount(TypedDict):
    """An action card of the deck and how many copies of it each manager has."""

    kind: CardKind
    footballs: int
    edge: Edge
    count: int


class ExpansionCard(TypedDict):
    """An expansion player card of a lineup: its slot (0 on the bench), faces and numbers."""

    side: Side
    slot: int
    card: CardId
    role: str
    numbers: list[int]
    edge: Edge
    silver: Face
    gold: Face


class StyleCard(TypedDict):
    id: str
    style: Style
    effect: RuleEffect


class StyleCondition(TypedDict):
    """How a team earns a style card: ``count`` successful ``actions`` in a row (HX-S.3)."""

    actions: list[str]
    count: int
    distinct: NotRequired[bool]


class ExpansionSetup(TypedDict):
    """What the expansion fixes for a match: lineups, abilities, styles, match events."""

    lineups: Annotated[Flags, "Which side plays an expansion lineup."]
    cards: list[ExpansionCard]
    abilities: Annotated[dict[str, RuleEffect], "Ability id -> what it does."]
    star_keeper_ids: PerSide
    styles: Annotated[list[Style | None], "Each team's style at kick-off (null: earned)."]
    style_cards: list[StyleCard]
    events: list[str]
    start_gold: Annotated[list[int], "Players who start on their gold side."]
    start_star_keeper: Flags
    style_conditions: dict[str, StyleCondition]
    bench: list[ExpansionCard]
    captains: Annotated[Pair, "Each captain's slot (HX-E.4)."]


class Setup(TypedDict):
    """Everything fixed for the match: the card values read from its edition, names, options."""

    edition: str
    names: list[str]
    colours: list[str]
    players: Annotated[list[list[PlayerValues]], Bounds(min_items=2, max_items=2)]
    star_keepers: Flags
    keepers: Annotated[list[list[KeeperValues]], Bounds(min_items=2, max_items=2)]
    shooting: list[ShootingValues]
    cards: list[CardKindCount]
    hand_size: int
    layout: Annotated[Pitch, "The kick-off layout."]
    ball_number: int
    extra_time: bool
    penalty_shootout: bool
    expansion: NotRequired[ExpansionSetup]


class Deck(TypedDict):
    """One manager's action cards, counted (the engine never sees a hidden card): by card
    code (e.g. `S2l`), the copies in hand or pile and those revealed since the last shuffle."""

    pile: int
    hand: int
    unseen: dict[str, int]
    discard: dict[str, int]
    ran_out: bool


class Shot(TypedDict):
    """A shot whose goalkeeper card is revealed; the keeper's draw is pending (HT-6)."""

    side: Side
    shooter: Player
    power: int
    draws: int
    penalty: bool
    shooting_card: CardId
    goalkeeper_card: CardId
    symbol: Symbol


Entry = Annotated[list[int | str], "A tuple: a player or side, then an ability or card id."]


WindowData = TypedDict(
    "WindowData",
    {
        "attack": int,
        "attack_card": int,
        "card": ActionCard,  # type: ignore[valid-type]  # (a shape made at run time)
        "chance": bool,
        "defence": int,
        "defence_card": int,
        "defender": Player | None,
        "dribbler": Player,
        "foul": bool,
        "from": Annotated[str, "A field, or `hand`."],
        "half": int,
        "interceptor": Player | None,
        "lines": int,
        "pass_type": CardKind,
        "passer": Player,
        "player": Player,
        "receiver": Player | None,
        "swapped_with": SwappedWith | None,  # type: ignore[valid-type]  # (made at run time)
        "to": Field | None,
        "winner": Player | None,
    },
    total=False,
)
WindowData.__doc__ = "What an event of the last action said (its effect's data, as it counted)."


class WindowEvent(TypedDict):
    """An event of the last action, which abilities and style cards answer to (HX-A)."""

    kind: str
    side: Side | None
    data: WindowData


class ExpansionState(TypedDict):
    """The expansion's part of the state: faces shown, abilities used and announced, styles
    earned and played, substitutions, the pending choices (HX)."""

    gold: Annotated[list[int], "Players showing their gold side."]
    round: int
    uses: Annotated[list[Entry], "Abilities used this round: (player, ability)."]
    armed: Annotated[list[Entry], "Announced modifiers: (player, ability, until)."]
    blocked: list[int]
    window: Annotated[list[WindowEvent], "The last action's events."]
    star_keeper: Flags
    switched: list[int]
    must_pass: int
    choice: Annotated[
        list[str | int | list[int] | None] | None,
        "A pending lowest-number choice: (what it decides, side, fields, what it completes).",
    ]
    opponent_moved: bool
    style: list[Style | None]
    style_hand: Pair
    style_fresh: Pair
    style_spent: PerSide
    style_played: Flags
    streak: PerSide
    style_moment: Annotated[list[Entry], "(side, card) played since the last action."]
    style_armed: Annotated[list[Entry], "(side, card): modifiers for this round."]
    subs: Pair
    counter: Annotated[int, "The side that may counter now (HX-E.5), -1: none."]
    protest: Annotated[int, "The side whose captain may protest now (HX-E.4), -1: none."]


class State(TypedDict):
    """The whole match state: set-up, step, score, pitch, ball, cards and decks."""

    setup: Setup
    phase: Step
    half: Annotated[int, "1, 2; 3 extra time; 4 the penalty shootout."]
    kickoff: Side
    first_kickoff: Side
    score: Pair
    pitch: Pitch
    ball: Annotated[Field | None, "Where the ball holder stands; null while a keeper has it."]
    attacker: Side
    #: the action card each side revealed this turn (a shape made at run time)
    cards: Annotated[list[ActionCard | None], "Each side's action card revealed this turn."]  # type: ignore[valid-type]
    moved: Field | None
    yellow: Flags
    sent_off: Annotated[list[list[int]], Bounds(min_items=2, max_items=2)]
    decks: Annotated[list[Deck], Bounds(min_items=2, max_items=2)]
    shot: Shot | None
    shootout: Annotated[
        list[int], "The shoot-out: kicks taken by each side, then the goals of each."
    ]
    x: NotRequired[ExpansionState]
