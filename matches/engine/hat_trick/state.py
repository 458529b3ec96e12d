"""The immutable match state and the set-up it was built from, with their JSON forms."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from matches.engine.hat_trick.cards import ActionCard, card_from_json
from matches.engine.hat_trick.errors import invalid
from matches.engine.hat_trick.pitch import (
    EMPTY,
    N_FIELDS,
    code,
    field_name,
    number_of,
    parse_field,
    side_of,
)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """A player card as it lies on the pitch (the side shown: regular or star)."""

    number: int
    role: str
    edge: str
    attack: int
    defence: int
    star: bool


@dataclass(frozen=True, slots=True)
class KeeperCard:
    id: str
    dive: str
    draws: tuple[tuple[str, int], ...]

    def draws_at(self, position: str) -> int:
        for key, value in self.draws:
            if key == position:
                return value
        return 0


@dataclass(frozen=True, slots=True)
class ShootingCard:
    id: str
    action: str
    modifier: int
    symbols: tuple[tuple[str, str], ...]  # keeper dive -> "+", "-" or ""

    def symbol_against(self, dive: str) -> str:
        for key, value in self.symbols:
            if key == dive:
                return value
        return ""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed for a match: the card values read from its edition, names and options."""

    edition: str
    names: tuple[str, str]
    colours: tuple[str, str]
    players: tuple[tuple[PlayerCard, ...], tuple[PlayerCard, ...]]
    star_keepers: tuple[bool, bool]
    keepers: tuple[tuple[KeeperCard, ...], tuple[KeeperCard, ...]]
    shooting: tuple[ShootingCard, ...]
    card_kinds: tuple[ActionCard, ...]
    composition: tuple[int, ...]
    hand_size: int
    layout: tuple[int, ...]
    ball_number: int
    extra_time: bool
    penalty_shootout: bool
    expansion: Any = None  # expansion.model.XSetup when a side plays an expansion lineup
    # derived lookups (not compared, not serialised)
    card_index: dict[ActionCard, int] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    values: dict[int, PlayerCard] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def __post_init__(self) -> None:
        self.card_index.update({card: i for i, card in enumerate(self.card_kinds)})
        for side in (0, 1):
            for p in self.players[side]:
                self.values[code(side, p.number)] = p

    def keeper_card(self, side: int, card_id: str) -> KeeperCard | None:
        for card in self.keepers[side]:
            if card.id == card_id:
                return card
        return None

    def shooting_card(self, card_id: str) -> ShootingCard | None:
        for card in self.shooting:
            if card.id == card_id:
                return card
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "names": list(self.names),
            "colours": list(self.colours),
            "players": [
                [
                    {
                        "number": p.number,
                        "role": p.role,
                        "edge": p.edge,
                        "attack": p.attack,
                        "defence": p.defence,
                        "star": p.star,
                    }
                    for p in side
                ]
                for side in self.players
            ],
            "star_keepers": list(self.star_keepers),
            "keepers": [
                [{"id": k.id, "dive": k.dive, "draws": dict(k.draws)} for k in side]
                for side in self.keepers
            ],
            "shooting": [
                {"id": s.id, "action": s.action, "modifier": s.modifier, "symbols": dict(s.symbols)}
                for s in self.shooting
            ],
            "cards": [
                dict(c.to_json(), count=n)
                for c, n in zip(self.card_kinds, self.composition, strict=True)
            ],
            "hand_size": self.hand_size,
            "layout": grid_to_json(self.layout),
            "ball_number": self.ball_number,
            "extra_time": self.extra_time,
            "penalty_shootout": self.penalty_shootout,
            **({"expansion": self.expansion.to_json()} if self.expansion is not None else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Setup:
        cards = [card_from_json({k: v for k, v in c.items() if k != "count"}) for c in d["cards"]]
        return cls(
            edition=d["edition"],
            names=tuple(d["names"]),
            colours=tuple(d["colours"]),
            players=tuple(tuple(PlayerCard(**p) for p in side) for side in d["players"]),
            star_keepers=tuple(d["star_keepers"]),
            keepers=tuple(
                tuple(
                    KeeperCard(k["id"], k["dive"], tuple(sorted(k["draws"].items()))) for k in side
                )
                for side in d["keepers"]
            ),
            shooting=tuple(
                ShootingCard(
                    s["id"], s["action"], s["modifier"], tuple(sorted(s["symbols"].items()))
                )
                for s in d["shooting"]
            ),
            card_kinds=tuple(cards),
            composition=tuple(c["count"] for c in d["cards"]),
            hand_size=d["hand_size"],
            layout=grid_from_json(d["layout"]),
            ball_number=d["ball_number"],
            extra_time=d["extra_time"],
            penalty_shootout=d["penalty_shootout"],
            expansion=_xsetup_from_json(d.get("expansion")),
        )


def _xsetup_from_json(d: Any) -> Any:
    if d is None:
        return None
    from matches.engine.hat_trick.expansion.model import XSetup

    return XSetup.from_json(d)


class Deck(NamedTuple):
    """One manager's action cards, counted (the engine never sees a hidden card).

    ``unseen[i]`` counts the copies of card kind ``i`` that are in the hand or the draw pile;
    ``discard[i]`` the copies revealed since the pile was last turned into a deck.
    ``sum(unseen) == hand + pile`` always holds. ``ran_out`` is set when the half's deck is empty.
    """

    pile: int
    hand: int
    unseen: tuple[int, ...]
    discard: tuple[int, ...]
    ran_out: bool = False

    def to_json(self, setup: Setup) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "hand": self.hand,
            "unseen": {c.code: n for c, n in zip(setup.card_kinds, self.unseen, strict=True) if n},
            "discard": {
                c.code: n for c, n in zip(setup.card_kinds, self.discard, strict=True) if n
            },
            "ran_out": self.ran_out,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], setup: Setup) -> Deck:
        codes = [c.code for c in setup.card_kinds]
        return cls(
            pile=d["pile"],
            hand=d["hand"],
            unseen=tuple(d["unseen"].get(c, 0) for c in codes),
            discard=tuple(d["discard"].get(c, 0) for c in codes),
            ran_out=d["ran_out"],
        )


class Shot(NamedTuple):
    """A shot whose goalkeeper cards have been revealed; the keeper's draw is pending."""

    side: int
    shooter: int
    power: int
    draws: int
    penalty: bool
    shooting_card: str
    goalkeeper_card: str
    symbol: str


class State(NamedTuple):
    """The match state: an immutable named tuple (cheap to copy with ``evolve``)."""

    setup: Setup
    phase: str
    half: int  # 1, 2, 3 = extra time, 4 = penalty shootout
    kickoff: int  # side that kicked off the current half
    first_kickoff: int
    score: tuple[int, int]
    grid: tuple[int, ...]
    ball: int  # field of the ball holder; -1 while the keeper has it (goal kick)
    attacker: int  # side in possession
    cards: tuple[ActionCard | None, ActionCard | None]  # cards revealed this turn, per side
    moved: int  # field of the player just moved at a goal kick / free kick, else -1
    yellow: tuple[bool, bool]
    sent_off: tuple[tuple[int, ...], tuple[int, ...]]
    decks: tuple[Deck, Deck]
    shot: Shot | None = None
    shootout: tuple[int, int, int, int] = (0, 0, 0, 0)  # kicks taken 0/1, goals 0/1
    x: Any = None  # expansion.model.XState in an expansion match, else None

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    @property
    def holder(self) -> int:
        return self.grid[self.ball] if self.ball >= 0 else EMPTY


def faces(s: State) -> dict[int, PlayerCard]:
    """The values of every player's visible side (expansion cards flip during play)."""
    x = s.x
    if x is None or not x.gold:
        return s.setup.values
    gold = s.setup.expansion.gold_values
    return {**s.setup.values, **{p: gold[p] for p in x.gold}}


def evolve(value: Any, **changes: Any) -> Any:
    """A copy of a state (or another frozen value) with some fields changed."""
    if isinstance(value, tuple):
        return value._replace(**changes)
    return replace(value, **changes)


def grid_to_json(grid: tuple[int, ...]) -> dict[str, str]:
    return {
        field_name(f): ("B" if side_of(p) == 0 else "R") + str(number_of(p))
        for f, p in enumerate(grid)
        if p
    }


def grid_from_json(d: dict[str, str]) -> tuple[int, ...]:
    grid = [EMPTY] * N_FIELDS
    for name, player in d.items():
        grid[parse_field(name)] = code(0 if player[0] == "B" else 1, int(player[1:]))
    return tuple(grid)


def _card_or_none(c: ActionCard | None) -> Any:
    return None if c is None else c.to_json()


def state_to_json(s: State) -> dict[str, Any]:
    return {
        "setup": s.setup.to_json(),
        "phase": s.phase,
        "half": s.half,
        "kickoff": s.kickoff,
        "first_kickoff": s.first_kickoff,
        "score": list(s.score),
        "pitch": grid_to_json(s.grid),
        "ball": field_name(s.ball) if s.ball >= 0 else None,
        "attacker": s.attacker,
        "cards": [_card_or_none(c) for c in s.cards],
        "moved": field_name(s.moved) if s.moved >= 0 else None,
        "yellow": list(s.yellow),
        "sent_off": [list(x) for x in s.sent_off],
        "decks": [d.to_json(s.setup) for d in s.decks],
        "shot": None
        if s.shot is None
        else {
            "side": s.shot.side,
            "shooter": s.shot.shooter,
            "power": s.shot.power,
            "draws": s.shot.draws,
            "penalty": s.shot.penalty,
            "shooting_card": s.shot.shooting_card,
            "goalkeeper_card": s.shot.goalkeeper_card,
            "symbol": s.shot.symbol,
        },
        "shootout": list(s.shootout),
        **({"x": _xstate_to_json(s.x)} if s.x is not None else {}),
    }


def _xstate_to_json(x: Any) -> dict[str, Any]:
    from matches.engine.hat_trick.expansion.model import xstate_to_json

    return xstate_to_json(x)


def _xstate_from_json(d: Any) -> Any:
    if d is None:
        return None
    from matches.engine.hat_trick.expansion.model import xstate_from_json

    return xstate_from_json(d)


def state_from_json(d: Any) -> State:
    try:
        setup = Setup.from_json(d["setup"])
        return State(
            setup=setup,
            phase=d["phase"],
            half=d["half"],
            kickoff=d["kickoff"],
            first_kickoff=d["first_kickoff"],
            score=tuple(d["score"]),
            grid=grid_from_json(d["pitch"]),
            ball=parse_field(d["ball"]) if d["ball"] else -1,
            attacker=d["attacker"],
            cards=tuple(None if c is None else card_from_json(c) for c in d["cards"]),
            moved=parse_field(d["moved"]) if d["moved"] else -1,
            yellow=tuple(d["yellow"]),
            sent_off=tuple(tuple(x) for x in d["sent_off"]),
            decks=tuple(Deck.from_json(x, setup) for x in d["decks"]),
            shot=None if d["shot"] is None else Shot(**d["shot"]),
            shootout=tuple(d["shootout"]),
            x=_xstate_from_json(d.get("x")),
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise invalid(f"Not a Hat-Trick state: {exc}", cause="not_a_state") from exc
