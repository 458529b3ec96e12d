"""Values of the expansion: the set-up read from the lineups (``XSetup``) and the part of the
match state that only expansion matches carry (``XState``), with their JSON forms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from matches.engine.hat_trick.expansion.numbers import DoubleNumbers
from matches.engine.hat_trick.pitch import code
from matches.engine.hat_trick.state import PlayerCard, per_side

#: one game event of the last action as abilities and styles read it: (kind, side, data)
WindowEvent = tuple[str, int | None, dict[str, Any]]
Window = tuple[WindowEvent, ...]


@dataclass(frozen=True, slots=True)
class Face:
    """One printed side of an expansion player card."""

    attack: int
    defence: int
    ability: str | None


@dataclass(frozen=True, slots=True)
class XCard:
    """An expansion player card on its slot (the slot is the player's identity on the pitch)."""

    side: int
    slot: int
    card: str
    role: str
    numbers: tuple[int, ...]
    edge: str
    silver: Face
    gold: Face

    @property
    def code(self) -> int:
        return code(self.side, self.slot)

    def face(self, gold: bool) -> Face:
        return self.gold if gold else self.silver

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "slot": self.slot,
            "card": self.card,
            "role": self.role,
            "numbers": list(self.numbers),
            "edge": self.edge,
            "silver": _face_json(self.silver),
            "gold": _face_json(self.gold),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> XCard:
        return cls(
            d["side"],
            d["slot"],
            d["card"],
            d["role"],
            tuple(d["numbers"]),
            d["edge"],
            Face(**d["silver"]),
            Face(**d["gold"]),
        )


def _face_json(f: Face) -> dict[str, Any]:
    return {"attack": f.attack, "defence": f.defence, "ability": f.ability}


@dataclass(frozen=True)
class XSetup:
    """What the expansion fixes for a match (part of :class:`Setup`, serialised with it)."""

    lineups: tuple[bool, bool]  # which side plays an expansion lineup
    cards: tuple[XCard, ...]
    abilities: tuple[tuple[str, dict[str, Any]], ...]  # ability id -> effect (the edition's data)
    star_keeper_ids: tuple[tuple[str, ...], tuple[str, ...]]  # star set's card ids per side
    styles: tuple[str | None, str | None]  # team style at kick-off (None: earned in play)
    style_cards: tuple[tuple[str, str, dict[str, Any]], ...]  # (id, style, effect)
    events: tuple[str, ...]  # optional match events switched on
    start_gold: tuple[int, ...]  # players who start on their gold side
    start_star_keeper: tuple[bool, bool]
    style_conditions: tuple[tuple[str, dict[str, Any]], ...] = ()  # style -> earning condition
    bench: tuple[XCard, ...] = ()  # substitutes (HX-E.3), ``slot`` 0 until they come on
    captains: tuple[int, int] = (6, 6)  # captain's slot per side (HX-E.4)
    by_code: dict[int, XCard] = field(default_factory=dict, compare=False, repr=False)
    effects: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)
    gold_values: dict[int, PlayerCard] = field(default_factory=dict, compare=False, repr=False)
    numbers: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    shirts: DoubleNumbers = field(init=False, compare=False, repr=False)
    style_of: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    style_effects: dict[str, dict[str, Any]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        for c in self.cards:
            self.by_code[c.code] = c
            self.numbers[c.code] = c.numbers
            self.gold_values[c.code] = PlayerCard(
                c.slot, c.role, c.edge, c.gold.attack, c.gold.defence, True
            )
        object.__setattr__(self, "shirts", DoubleNumbers(self.numbers))
        self.effects.update(dict(self.abilities))
        for sid, style, effect in self.style_cards:
            self.style_of[sid] = style
            self.style_effects[sid] = effect

    def to_json(self) -> dict[str, Any]:
        return {
            "lineups": list(self.lineups),
            "cards": [c.to_json() for c in self.cards],
            "abilities": dict(self.abilities),
            "star_keeper_ids": [list(x) for x in self.star_keeper_ids],
            "styles": list(self.styles),
            "style_cards": [{"id": i, "style": s, "effect": e} for i, s, e in self.style_cards],
            "events": list(self.events),
            "start_gold": list(self.start_gold),
            "start_star_keeper": list(self.start_star_keeper),
            "style_conditions": dict(self.style_conditions),
            "bench": [c.to_json() for c in self.bench],
            "captains": list(self.captains),
        }

    def state_to_json(self, x: XState) -> dict[str, Any]:
        return xstate_to_json(x)

    def state_from_json(self, d: dict[str, Any]) -> XState:
        return xstate_from_json(d)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> XSetup:
        return cls(
            lineups=tuple(d["lineups"]),
            cards=tuple(XCard.from_json(c) for c in d["cards"]),
            abilities=tuple(sorted(d["abilities"].items())),
            star_keeper_ids=per_side(tuple(x) for x in d["star_keeper_ids"]),
            styles=tuple(d["styles"]),
            style_cards=tuple((c["id"], c["style"], c["effect"]) for c in d["style_cards"]),
            events=tuple(d["events"]),
            start_gold=tuple(d["start_gold"]),
            start_star_keeper=tuple(d["start_star_keeper"]),
            style_conditions=tuple(sorted(d.get("style_conditions", {}).items())),
            bench=tuple(XCard.from_json(c) for c in d.get("bench", ())),
            captains=tuple(d.get("captains", (6, 6))),
        )


class XState(NamedTuple):
    """The expansion's part of the match state (``State.x``); immutable like the rest."""

    gold: frozenset[int]  # player codes showing their gold side
    round: int = 0  # counts rounds (a round starts when action cards are revealed)
    uses: tuple[tuple[int, str], ...] = ()  # abilities used this round: (player, ability id)
    armed: tuple[tuple[int, str, str], ...] = ()  # announced modifiers: (player, ability, until)
    blocked: frozenset[int] = frozenset()  # players whose abilities are blocked this round
    window: Window = ()  # last action's events
    star_keeper: tuple[bool, bool] = (False, False)  # owns the star keeper set
    switched: frozenset[int] = frozenset()  # wing-backs playing on the other wing
    must_pass: int = 0  # player who took the ball with "receive and pass on"
    choice: tuple[Any, ...] | None = None  # pending lowest-number choice
    opponent_moved: bool = False  # the attacker moved a player this round
    style: tuple[str | None, str | None] = (None, None)  # team style, found in play if None
    style_hand: tuple[int, int] = (0, 0)  # earned, unplayed style cards (playable)
    style_fresh: tuple[int, int] = (0, 0)  # earned this round (not playable yet, HX-S.4)
    style_spent: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # played (revealed) cards
    style_played: tuple[bool, bool] = (False, False)  # played one this round (HX-S.8)
    streak: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # successful actions in a row
    style_moment: tuple[tuple[int, str], ...] = ()  # (side, card) played since the last action
    style_armed: tuple[tuple[int, str], ...] = ()  # (side, card): modifiers for this round
    subs: tuple[int, int] = (0, 0)  # substitutions made (HX-E.3)
    counter: int = -1  # side that may counter now (HX-E.5), -1: none
    protest: int = -1  # side whose captain may protest now (HX-E.4), -1: none

    def uses_of(self, player: int) -> int:
        return sum(1 for p, _ in self.uses if p == player)


def xstate_to_json(x: XState) -> dict[str, Any]:
    return {
        "gold": sorted(x.gold),
        "round": x.round,
        "uses": [list(u) for u in x.uses],
        "armed": [list(a) for a in x.armed],
        "blocked": sorted(x.blocked),
        "window": [{"kind": k, "side": s, "data": d} for k, s, d in x.window],
        "star_keeper": list(x.star_keeper),
        "switched": sorted(x.switched),
        "must_pass": x.must_pass,
        "choice": None if x.choice is None else list(x.choice),
        "opponent_moved": x.opponent_moved,
        "style": list(x.style),
        "style_hand": list(x.style_hand),
        "style_fresh": list(x.style_fresh),
        "style_spent": [list(s) for s in x.style_spent],
        "style_played": list(x.style_played),
        "streak": [list(s) for s in x.streak],
        "style_moment": [list(m) for m in x.style_moment],
        "style_armed": [list(a) for a in x.style_armed],
        "subs": list(x.subs),
        "counter": x.counter,
        "protest": x.protest,
    }


def _choice(c: Any) -> tuple[Any, ...] | None:
    if c is None:
        return None
    kind, side, fields, extra = c
    # the tied receivers waiting behind a fouler choice are a tuple (JSON gives a list)
    return (kind, side, tuple(fields), tuple(extra) if isinstance(extra, list) else extra)


def xstate_from_json(d: dict[str, Any]) -> XState:
    return XState(
        gold=frozenset(d["gold"]),
        round=d["round"],
        uses=tuple((p, a) for p, a in d["uses"]),
        armed=tuple((p, a, u) for p, a, u in d["armed"]),
        blocked=frozenset(d["blocked"]),
        window=tuple((w["kind"], w["side"], w["data"]) for w in d["window"]),
        star_keeper=tuple(d["star_keeper"]),
        switched=frozenset(d["switched"]),
        must_pass=d["must_pass"],
        choice=_choice(d["choice"]),
        opponent_moved=d["opponent_moved"],
        style=tuple(d["style"]),
        style_hand=tuple(d["style_hand"]),
        style_fresh=tuple(d["style_fresh"]),
        style_spent=per_side(tuple(s) for s in d["style_spent"]),
        style_played=tuple(d["style_played"]),
        streak=per_side(tuple(k for k in s if isinstance(k, str) and k) for s in d["streak"]),
        style_moment=tuple((side, c) for side, c in d.get("style_moment", ())),
        style_armed=tuple((side, c) for side, c in d.get("style_armed", ())),
        subs=tuple(d.get("subs", (0, 0))),
        counter=d.get("counter", -1),
        protest=d.get("protest", -1),
    )
