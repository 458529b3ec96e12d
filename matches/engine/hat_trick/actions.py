"""Typed actions, the one declaration of their JSON form and schema shapes.

Every action is a frozen dataclass with a ``type`` tag; its fields' types say how each value
is read, written and shown in the schema (:mod:`matches.engine.action_codec`). ``parse_action`` turns
anything malformed into an :class:`InvalidActionError`; whether an action is allowed now is for
``apply`` to judge. Rule clauses: docs/rules/hat-trick.md.

>>> parse_action({"type": "move", "player": 5, "direction": "forward"})
Move(player=5, direction='forward')
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from matches.engine.action_codec import (
    SIDE_INDEX,
    ActionCodec,
    Check,
    Custom,
    Refusal,
    Refusals,
    action,
    optional,
)
from matches.engine.base import Bounds, shape
from matches.engine.hat_trick.cards import ActionCard, card_from_json
from matches.engine.hat_trick.errors import SENTENCES

# --- the values of the actions' fields (the schema's vocabulary too) ---------------------------

_NUMBER = Refusal("not_a_number")
_CARD_ID = Refusal("card_id")


def _card_id(value: str) -> bool:
    return 0 < len(value) <= 40


def _bench_card_id(value: str) -> bool:
    return 0 < len(value) <= 80 and " " not in value


Side = Annotated[int, "The side's index: 0 (blue, kicks off) or 1 (red).", *SIDE_INDEX]
Player = Annotated[
    int, "A player's shirt number (1 the goalkeeper).", Bounds(minimum=1, maximum=99), _NUMBER
]
CardKind = Literal["short_pass", "long_ball", "dribbling"]
Edge = Literal["left", "right"]
Direction = Annotated[
    Literal["forward", "backward", "left", "right"],
    Refusal("direction"),
]
ExpansionDirection = Annotated[
    Literal["forward", "backward", "diagonal_forward", "other_wing"],
    Refusal("ability_direction"),
]
CardId = Annotated[
    str,
    "A card's id in the edition (shooting card `S2`, goalkeeper `B1*`, ...).",
    Check(_card_id),
    _CARD_ID,
]
ActionCardShape = shape(
    "ActionCard",
    kind=CardKind,
    footballs=Annotated[int, Bounds(minimum=1, maximum=4)],
    edge=Edge,
)
ActionCardShape.__doc__ = (
    "An action card: its kind, its footballs (1-4) and the edge they are on (HT-1.2)."
)
#: an action card: ``{"kind": ..., "footballs": n, "edge": ...}`` (or its code, ``"S2l"``)
Card = Annotated[ActionCard, Custom(card_from_json, ActionCard.to_json, ActionCardShape)]

# --- the actions -------------------------------------------------------------------------------


@action("play_cards")
class PlayCards:
    """Both managers' revealed action cards, side 0's first (HT-2.1)."""

    cards: Annotated[
        tuple[Card, Card],
        Refusal("two_cards"),
    ]


@action("move")
class Move:
    """Move one's own player one field (HT-2.2)."""

    player: Player
    direction: Direction


@action("skip")
class Skip:
    """Move nobody (HT-2.2)."""


@action("pass_sideways")
class PassSideways:
    """The forced pass when two team-mates are equally near (HT-2.3)."""

    receiver: Player


@action("long_ball")
class LongBall:
    """How many lines forward the long ball goes."""

    lines: Annotated[int, Bounds(minimum=1, maximum=9), _NUMBER]


@action("free_kick")
class FreeKick:
    """After a free kick's moves: a scoring opportunity (true) or play on (false)."""

    scoring_opportunity: Annotated[bool, Refusal("free_kick_choice")]


@action("pass")
class Pass:
    """Scoring opportunity: pass to ``receiver``."""

    receiver: Player


@action("refuse")
class Refuse:
    """Scoring opportunity: decline the action or the shot."""


@action("shoot")
class Shoot:
    """The revealed shooting and goalkeeper cards; in the shootout also the turned-up card."""

    shooting_card: CardId
    goalkeeper_card: CardId
    card: Card | None = optional()


@action("keeper_draw")
class KeeperDraw:
    """The cards the goalkeeper's manager drew, in order."""

    cards: Annotated[
        tuple[Card, ...],
        Bounds(max_items=20),
        Refusal("drawn_cards"),
    ]


@action("goal_kick")
class GoalKick:
    """The goal kick's face-up action card."""

    card: Card


@action("kick_off")
class KickOff:
    """Extra time: the side drawn to kick off."""

    side: Side


@action("choose")
class Choose:
    """Lowest-number tie (HX-N): the player the manager names."""

    player: Player


@action("ability")
class UseAbility:
    """HX-A: a player uses the ability his card shows."""

    side: Side
    player: Player
    target: Player | None = optional()
    direction: ExpansionDirection | None = optional()
    via: (
        Annotated[str, "The borrowed ability (`playmaker.gold`).", Check(_card_id), _CARD_ID] | None
    ) = optional()


@action("style")
class PlayStyle:
    """HX-S: a manager plays a style card."""

    side: Side
    card: CardId
    player: Player | None = optional()
    target: Player | None = optional()
    direction: ExpansionDirection | None = optional()


@action("counter")
class Counter:
    """HX-E.5: the team that has just won the ball counters."""

    side: Side


@action("substitute")
class Substitute:
    """HX-E.3: a bench card comes on for the player on slot ``player``."""

    side: Side
    player: Annotated[int, Bounds(minimum=2, maximum=11), _NUMBER]
    card: Annotated[CardId, Check(_bench_card_id), Refusal("bench_card")]


@action("protest")
class Protest:
    """HX-E.4: the captain protests a yellow card; ``card`` is the turned-up top card."""

    side: Side
    card: Card


Action = (
    PlayCards
    | Move
    | Skip
    | PassSideways
    | LongBall
    | FreeKick
    | Pass
    | Refuse
    | Shoot
    | KeeperDraw
    | GoalKick
    | KickOff
    | Choose
    | UseAbility
    | PlayStyle
    | Counter
    | Substitute
    | Protest
)

CODEC = ActionCodec(get_args(Action), Refusals("Hat-Trick", SENTENCES))
parse_action = CODEC.parse
action_to_json = CODEC.to_json
