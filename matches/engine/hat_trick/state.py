"""The immutable match state and the set-up it was built from (their JSON forms: ``codec``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar, cast

from matches.engine.hat_trick.cards import ActionCard
from matches.engine.hat_trick.pitch import (
    EMPTY,
    code,
)
from matches.engine.named_tuples import fast_replace


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
    # the expansion's part (``hooks.ExpansionSetup``) when a side plays an expansion lineup;
    # it writes and reads its JSON and its part of the state's (``State.x``)
    expansion: Any = None
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


@fast_replace
class State(NamedTuple):
    """The match state: an immutable named tuple (a step copies it with ``_replace``)."""

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
    x: Any = None  # the expansion's part of the state in an expansion match, else None

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    @property
    def holder(self) -> int:
        return self.grid[self.ball] if self.ball >= 0 else EMPTY


_T = TypeVar("_T")


def per_side(values: Iterable[_T]) -> tuple[_T, _T]:
    """One value per side, as the JSON of a state holds them (a match of two sides)."""
    return cast("tuple[_T, _T]", tuple(values))


def played(s: State, side: int) -> ActionCard:
    """The action card ``side`` has revealed this turn (HT-1.3): a step that reads it comes
    after both are down."""
    card = s.cards[side]
    if card is None:
        raise RuntimeError(f"Side {side} has no action card down.")
    return card


def faces(s: State) -> dict[int, PlayerCard]:
    """The values of every player's visible side (expansion cards flip during play)."""
    x = s.x
    if x is None or not x.gold:
        return s.setup.values
    gold = s.setup.expansion.gold_values
    return {**s.setup.values, **{p: gold[p] for p in x.gold}}
