"""The state of a match: frozen values that round-trip through JSON.

A match is a series of games; a game is a deal followed by rounds; in a round each person
acts once, laying a card on one of at most two tricks or passing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from matches.engine.amigo_hattrick.errors import unreadable
from matches.engine.base import JSON, InvalidActionError

from .cards import Card, card_from_json


class Step(StrEnum):
    """What the match waits for."""

    DEAL = "deal"  # the dealer deals the next game
    PLAY = "play"  # the person on turn plays or passes
    OVER = "over"  # the match has ended


class Termination(StrEnum):
    GAMES_PLAYED = "games_played"  # AH-6.1: twice as many games as players
    TARGET_REACHED = "target_reached"  # AH-6.2: someone reached the agreed target


@dataclass(frozen=True, slots=True)
class Laid:
    """A card and who laid it."""

    side: int
    card: Card


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick on the table: a single colour, cards in the order they were laid."""

    colour: str
    cards: tuple[Laid, ...]

    @property
    def winner(self) -> Laid:
        """AH-4.1: the highest card wins the trick."""
        return max(self.cards, key=lambda laid: laid.card.number)

    def numbers_high_to_low(self) -> tuple[int, ...]:
        return tuple(sorted((laid.card.number for laid in self.cards), reverse=True))


@dataclass(frozen=True, slots=True)
class Options:
    """The agreed options (AH-1.3)."""

    games: int | None  # number of games, None: until the target is reached
    target: int | None  # agreed target score, None: no target
    first_dealer: int  # side that deals the first game
    hands: str  # "any", "known" or "unknown": whether deals must log the hands


class State(NamedTuple):
    """The match state: an immutable named tuple (a step copies it with ``_replace``)."""

    # set-up
    names: tuple[str, ...]
    colours: tuple[str, ...]
    low: int
    high: int
    hand_size: int
    options: Options
    # progress
    step: Step
    game: int  # number of the current (or last) game, 1-based; 0 before the first deal
    dealer: int
    round: int  # round within the game, 1-based; 0 before the deal
    leader: int  # who led (or leads) the current round
    turn: int | None  # whose turn it is, None while dealing or when over
    # the current game
    hands: tuple[tuple[Card, ...], ...] | None  # None: hands unknown
    hand_counts: tuple[int, ...]
    used: tuple[Card, ...]  # cards played or passed this game, in order
    tricks: tuple[Trick, ...]  # the tricks lying (0, 1 or 2)
    passes: tuple[Laid, ...]  # passes made this round
    won: tuple[tuple[Card, ...], ...]  # cards each person won this game
    face_down: tuple[tuple[Card, ...], ...]  # cards each person passed this game
    last_cards: tuple[Card | None, ...] | None  # after a game: each last card (None: unknown)
    # the match
    scores: tuple[tuple[int, ...], ...]  # per game, per person
    termination: Termination | None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(game[side] for game in self.scores) for side in range(self.players))

    def left_of(self, side: int) -> int:
        """AH-2.3: sides are listed clockwise, so the left neighbour is the next index."""
        return (side + 1) % self.players


# --- JSON -----------------------------------------------------------------------------------


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [card.text for card in cards]


def _laid(laid: Laid) -> dict[str, JSON]:
    return {"side": laid.side, "card": laid.card.text}


def state_to_json(state: State) -> dict[str, JSON]:
    options = state.options
    return {
        "names": list(state.names),
        "colours": list(state.colours),
        "numbers": {"low": state.low, "high": state.high},
        "hand_size": state.hand_size,
        "options": {
            "games": options.games,
            "target": options.target,
            "first_dealer": options.first_dealer,
            "hands": options.hands,
        },
        "step": state.step.value,
        "game": state.game,
        "dealer": state.dealer,
        "round": state.round,
        "leader": state.leader,
        "turn": state.turn,
        "hands": None if state.hands is None else [_cards(hand) for hand in state.hands],
        "hand_counts": list(state.hand_counts),
        "used": _cards(state.used),
        "tricks": [
            {"colour": trick.colour, "cards": [_laid(laid) for laid in trick.cards]}
            for trick in state.tricks
        ],
        "passes": [_laid(laid) for laid in state.passes],
        "won": [_cards(cards) for cards in state.won],
        "face_down": [_cards(cards) for cards in state.face_down],
        "last_cards": None
        if state.last_cards is None
        else [None if card is None else card.text for card in state.last_cards],
        "scores": [list(game) for game in state.scores],
        "termination": None if state.termination is None else state.termination.value,
    }


def state_from_json(data: Mapping[str, JSON]) -> State:
    """A state from ``state_to_json``; InvalidActionError if the data is not one."""
    try:

        def cards(items: Iterable[JSON]) -> tuple[Card, ...]:
            return tuple(card_from_json(item) for item in items)

        def laid(item: Mapping[str, JSON]) -> Laid:
            return Laid(int(item["side"]), card_from_json(item["card"]))

        options = data["options"]
        state = State(
            names=tuple(str(name) for name in data["names"]),
            colours=tuple(str(colour) for colour in data["colours"]),
            low=int(data["numbers"]["low"]),
            high=int(data["numbers"]["high"]),
            hand_size=int(data["hand_size"]),
            options=Options(
                games=options["games"],
                target=options["target"],
                first_dealer=int(options["first_dealer"]),
                hands=str(options["hands"]),
            ),
            step=Step(data["step"]),
            game=int(data["game"]),
            dealer=int(data["dealer"]),
            round=int(data["round"]),
            leader=int(data["leader"]),
            turn=None if data["turn"] is None else int(data["turn"]),
            hands=None if data["hands"] is None else tuple(cards(hand) for hand in data["hands"]),
            hand_counts=tuple(int(count) for count in data["hand_counts"]),
            used=cards(data["used"]),
            tricks=tuple(
                Trick(str(trick["colour"]), tuple(laid(item) for item in trick["cards"]))
                for trick in data["tricks"]
            ),
            passes=tuple(laid(item) for item in data["passes"]),
            won=tuple(cards(items) for items in data["won"]),
            face_down=tuple(cards(items) for items in data["face_down"]),
            last_cards=None
            if data["last_cards"] is None
            else tuple(
                None if item is None else card_from_json(item) for item in data["last_cards"]
            ),
            scores=tuple(tuple(int(score) for score in game) for game in data["scores"]),
            termination=None if data["termination"] is None else Termination(data["termination"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, InvalidActionError):
            raise
        raise unreadable("invalid_state", None) from exc
    return state
