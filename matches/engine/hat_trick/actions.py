"""Typed actions and their JSON form. ``parse_action`` turns anything malformed into an
:class:`InvalidActionError`; whether an action is allowed now is for ``apply`` to judge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.engine.hat_trick.cards import ActionCard, card_from_json
from matches.engine.hat_trick.errors import invalid

DIRECTIONS = ("forward", "backward", "left", "right")


@dataclass(frozen=True, slots=True)
class PlayCards:
    """Step 1 (and scoring opportunity step 1): the two revealed cards, side 0's first."""

    cards: tuple[ActionCard, ActionCard]


@dataclass(frozen=True, slots=True)
class Move:
    """Step 2: move one's own player no. ``player`` one field ``forward`` or ``backward``."""

    player: int
    direction: str


@dataclass(frozen=True, slots=True)
class Skip:
    """Step 2: do not move anybody."""


@dataclass(frozen=True, slots=True)
class PassSideways:
    """Step 2: the ball holder's forced pass, when two team-mates are equally near."""

    receiver: int


@dataclass(frozen=True, slots=True)
class LongBall:
    """Step 3: the long ball's destination, 1-3 lines ahead."""

    lines: int


@dataclass(frozen=True, slots=True)
class FreeKick:
    """After a free kick's moves: go to a scoring opportunity (true) or play on (false)."""

    scoring_opportunity: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Scoring opportunity step 3: pass (short: adjacent; long: final three lines) to ``receiver``."""

    receiver: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """Scoring opportunity step 3: decline the action or the shot and look for a better chance."""


@dataclass(frozen=True, slots=True)
class Shoot:
    """The revealed shooting card and goalkeeper card (ids from the edition).

    In the penalty shootout ``card`` is the shooter's top action card.
    """

    shooting_card: str
    goalkeeper_card: str
    card: ActionCard | None = None


@dataclass(frozen=True, slots=True)
class KeeperDraw:
    """The cards the goalkeeper's manager drew, in order (he may stop at any time)."""

    cards: tuple[ActionCard, ...]


@dataclass(frozen=True, slots=True)
class GoalKick:
    """The goal kick's face-up action card."""

    card: ActionCard


@dataclass(frozen=True, slots=True)
class KickOff:
    """Extra time: the side drawn at random to kick off."""

    side: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Lowest-number tie (HX-N): the manager concerned names the player (by slot)."""

    player: int


XDIRECTIONS = ("forward", "backward", "diagonal_forward", "other_wing")


@dataclass(frozen=True, slots=True)
class UseAbility:
    """HX-A: ``side``'s player ``player`` uses the ability his card shows.

    ``target``: the other player concerned (a neighbour, a team-mate, an opponent to block);
    ``direction``: of a move; ``via``: the borrowed ability of a central midfielder.
    """

    side: int
    player: int
    target: int | None = None
    direction: str | None = None
    via: str | None = None


@dataclass(frozen=True, slots=True)
class PlayStyle:
    """HX-S: ``side`` plays the style card ``card`` (optional ``player``/``target``/``direction``)."""

    side: int
    card: str
    player: int | None = None
    target: int | None = None
    direction: str | None = None


@dataclass(frozen=True, slots=True)
class Counter:
    """HX-E.5: the team that has just won the ball counters (its ball holder runs forward)."""

    side: int


@dataclass(frozen=True, slots=True)
class Substitute:
    """HX-E.3: ``side`` brings on the bench card ``card`` for its player on slot ``player``."""

    side: int
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Protest:
    """HX-E.4: ``side``'s captain protests a yellow card; ``card`` is the turned-up top card."""

    side: int
    card: ActionCard


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

# type name -> (class, required fields, optional fields)
SPECS: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "play_cards": (PlayCards, ("cards",), ()),
    "move": (Move, ("player", "direction"), ()),
    "skip": (Skip, (), ()),
    "pass_sideways": (PassSideways, ("receiver",), ()),
    "long_ball": (LongBall, ("lines",), ()),
    "free_kick": (FreeKick, ("scoring_opportunity",), ()),
    "pass": (Pass, ("receiver",), ()),
    "refuse": (Refuse, (), ()),
    "shoot": (Shoot, ("shooting_card", "goalkeeper_card"), ("card",)),
    "keeper_draw": (KeeperDraw, ("cards",), ()),
    "goal_kick": (GoalKick, ("card",), ()),
    "kick_off": (KickOff, ("side",), ()),
    "choose": (Choose, ("player",), ()),
    "ability": (UseAbility, ("side", "player"), ("target", "direction", "via")),
    "style": (PlayStyle, ("side", "card"), ("player", "target", "direction")),
    "counter": (Counter, ("side",), ()),
    "substitute": (Substitute, ("side", "player", "card"), ()),
    "protest": (Protest, ("side", "card"), ()),
}
TYPE_OF = {cls: name for name, (cls, _, _) in SPECS.items()}


def _int(value: Any, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise invalid(
            f"{name} must be a whole number from {low} to {high}.",
            cause="side" if name == "side" else "not_a_number",
            field=name,
            low=low,
            high=high,
        )
    return value


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 40:
        raise invalid(f"{name} must be a card id (a short text).", cause="card_id", field=name)
    return value


def parse_action(data: Any) -> Action:
    """An action from its JSON form.

    >>> parse_action({"type": "move", "player": 5, "direction": "forward"})
    Move(player=5, direction='forward')
    """
    if not isinstance(data, dict):
        raise invalid("An action must be a JSON object with a type.", cause="not_an_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SPECS:
        raise invalid(
            f"Unknown action type {kind!r}; expected one of {', '.join(SPECS)}.",
            cause="unknown_type",
            field="type",
        )
    _cls, required, optional = SPECS[kind]
    fields = set(data) - {"type"}
    unknown = fields - set(required) - set(optional)
    if unknown:
        raise invalid(
            f"Action {kind} has unknown field(s): {', '.join(sorted(map(str, unknown)))}.",
            cause="unknown_field",
        )
    missing = [f for f in required if f not in data]
    if missing:
        raise invalid(
            f"Action {kind} is missing {', '.join(missing)}.",
            cause="missing_field",
            field=missing[0],
        )
    if kind == "play_cards":
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) != 2:
            raise invalid(
                "cards must be a list of two cards, side 0's first.",
                cause="two_cards",
                field="cards",
            )
        return PlayCards(
            (card_from_json(cards[0], "cards[0]"), card_from_json(cards[1], "cards[1]"))
        )
    if kind == "move":
        direction = data["direction"]
        if direction not in DIRECTIONS:
            raise invalid(
                "direction must be forward or backward.", cause="direction", field="direction"
            )
        return Move(_int(data["player"], "player", 1, 99), direction)
    if kind == "skip":
        return Skip()
    if kind == "pass_sideways":
        return PassSideways(_int(data["receiver"], "receiver", 1, 99))
    if kind == "long_ball":
        return LongBall(_int(data["lines"], "lines", 1, 9))
    if kind == "free_kick":
        if not isinstance(data["scoring_opportunity"], bool):
            raise invalid(
                "scoring_opportunity must be true or false.",
                cause="free_kick_choice",
                field="scoring_opportunity",
            )
        return FreeKick(data["scoring_opportunity"])
    if kind == "pass":
        return Pass(_int(data["receiver"], "receiver", 1, 99))
    if kind == "refuse":
        return Refuse()
    if kind == "shoot":
        card = data.get("card")
        return Shoot(
            _str(data["shooting_card"], "shooting_card"),
            _str(data["goalkeeper_card"], "goalkeeper_card"),
            None if card is None else card_from_json(card, "card"),
        )
    if kind == "keeper_draw":
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) > 20:
            raise invalid(
                "cards must be a list of the drawn cards.", cause="drawn_cards", field="cards"
            )
        return KeeperDraw(tuple(card_from_json(c, f"cards[{i}]") for i, c in enumerate(cards)))
    if kind == "goal_kick":
        return GoalKick(card_from_json(data["card"], "card"))
    if kind == "choose":
        return Choose(_int(data["player"], "player", 1, 99))
    if kind in ("ability", "style"):
        return _parse_x(kind, data)
    if kind == "counter":
        return Counter(_int(data["side"], "side", 0, 1))
    if kind == "substitute":
        card = data["card"]
        if not isinstance(card, str) or not 0 < len(card) <= 80 or " " in card:
            raise invalid("card must be the bench card's id.", cause="bench_card", field="card")
        return Substitute(
            _int(data["side"], "side", 0, 1), _int(data["player"], "player", 2, 11), card
        )
    if kind == "protest":
        return Protest(_int(data["side"], "side", 0, 1), card_from_json(data["card"], "card"))
    return KickOff(_int(data["side"], "side", 0, 1))


def _opt_int(data: dict[str, Any], name: str) -> int | None:
    value = data.get(name)
    return None if value is None else _int(value, name, 1, 99)


def _direction(data: dict[str, Any]) -> str | None:
    value = data.get("direction")
    if value is not None and value not in XDIRECTIONS:
        raise invalid(
            f"direction must be one of {', '.join(XDIRECTIONS)}.",
            cause="ability_direction",
            field="direction",
        )
    return value


def _parse_x(kind: str, data: dict[str, Any]) -> UseAbility | PlayStyle:
    side = _int(data["side"], "side", 0, 1)
    if kind == "ability":
        via = data.get("via")
        return UseAbility(
            side,
            _int(data["player"], "player", 1, 99),
            _opt_int(data, "target"),
            _direction(data),
            None if via is None else _str(via, "via"),
        )
    return PlayStyle(
        side,
        _str(data["card"], "card"),
        _opt_int(data, "player"),
        _opt_int(data, "target"),
        _direction(data),
    )


def action_to_json(action: Action) -> dict[str, Any]:
    kind = TYPE_OF.get(type(action))
    if kind is None:
        raise invalid(f"{action!r} is not a Hat-Trick action.", cause="not_a_move")
    out: dict[str, Any] = {"type": kind}
    if isinstance(action, PlayCards):
        out["cards"] = [c.to_json() for c in action.cards]
    elif isinstance(action, Move):
        out.update(player=action.player, direction=action.direction)
    elif isinstance(action, PassSideways | Pass):
        out["receiver"] = action.receiver
    elif isinstance(action, LongBall):
        out["lines"] = action.lines
    elif isinstance(action, FreeKick):
        out["scoring_opportunity"] = action.scoring_opportunity
    elif isinstance(action, Shoot):
        out.update(shooting_card=action.shooting_card, goalkeeper_card=action.goalkeeper_card)
        if action.card is not None:
            out["card"] = action.card.to_json()
    elif isinstance(action, KeeperDraw):
        out["cards"] = [c.to_json() for c in action.cards]
    elif isinstance(action, GoalKick):
        out["card"] = action.card.to_json()
    elif isinstance(action, KickOff):
        out["side"] = action.side
    elif isinstance(action, Choose):
        out["player"] = action.player
    elif isinstance(action, Counter):
        out["side"] = action.side
    elif isinstance(action, Substitute):
        out.update(side=action.side, player=action.player, card=action.card)
    elif isinstance(action, Protest):
        out.update(side=action.side, card=action.card.to_json())
    elif isinstance(action, UseAbility | PlayStyle):
        out["side"] = action.side
        if isinstance(action, PlayStyle):
            out["card"] = action.card
        for name in ("player", "target", "direction", "via"):
            value = getattr(action, name, None)
            if value is not None:
                out[name] = value
    return out
