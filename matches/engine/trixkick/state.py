"""The match state: an immutable named tuple of typed records, like the other engines' states.

A step never changes a state: the rules build the next one with ``state._replace(...)`` (and
the records' own ``_replace``). ``to_json()`` writes the snapshot (what is stored and sent to the
phones: every object's keys in sorted order), ``state_from_json`` reads it back.

Keys of the snapshot (documented in ``docs/rules/trixkick.md``): ``edition``, ``names``,
``options``, ``pieces`` (id -> side, symbols, field, status, yellow), ``keepers``, ``revealed``,
``score``, ``phase``, ``step``, ``actor``, ``attacker``, ``kickoff_side``, ``period``, ``setup``,
``ball``, ``turn``, ``protect``, ``subs``, ``triples_in``, ``pending``, ``result``, ``moves``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, NoReturn, TypeVar

from matches.engine.base import GameEvent
from matches.engine.named_tuples import fast_replace
from matches.engine.trixkick.board import run_targets
from matches.engine.trixkick.errors import refused_setup
from matches.engine.trixkick.options import DEFAULTS
from matches.engine.trixkick.pieces import count, run_range

_V = TypeVar("_V")
#: a small map kept as (key, value) pairs sorted by key (moved pieces, offside marks, dribbles)
Pairs = tuple[tuple[str, _V], ...]


def set_default(pairs: Pairs[_V], key: str, value: _V) -> Pairs[_V]:
    """``pairs`` with ``key`` added (as ``value``) unless it is there already."""
    if key in dict(pairs):
        return pairs
    return tuple(sorted((*pairs, (key, value))))


def _pairs(data: Any) -> Pairs[Any]:
    return tuple(sorted(dict(data).items()))


@fast_replace
class Piece(NamedTuple):
    """A piece of the snapshot (``pieces``, by id such as ``"A-KKL"``)."""

    side: int
    symbols: str
    field: str | None  # None: not on the board
    status: str  # "squad", "bench", "out" or "sent_off" (or "play" on the board)
    yellow: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "side": self.side,
            "status": self.status,
            "symbols": self.symbols,
            "yellow": self.yellow,
        }


_KEEP: Any = object()  # a field left as it is (``Pieces.moved``)
_new_tuple = tuple.__new__


class Pieces(dict[str, Piece]):
    """Every piece by id (ids sorted), an immutable mapping: ``replaced`` and ``moved`` make a
    new one, the methods that would change it refuse. A plain dict's lookups, which listing
    the legal actions makes by the hundred; the pieces by field are derived once per value
    (``memo``, left out of comparison)."""

    __slots__ = ("memo",)

    def __init__(self, pieces: Mapping[str, Piece] = {}) -> None:  # noqa: B006 (never changed)
        super().__init__(pieces)
        self.memo: dict[Any, Any] = {}

    @classmethod
    def of(cls, pieces: Mapping[str, Piece]) -> Pieces:
        return cls({pid: pieces[pid] for pid in sorted(pieces)})

    def _refused(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("Pieces never change: make new ones with replaced() or moved()")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refused

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))

    def __reduce__(self) -> tuple[type[Pieces], tuple[dict[str, Piece]]]:
        return Pieces, (dict(self),)

    def replaced(self, changes: Mapping[str, Piece]) -> Pieces:
        """These pieces with the pieces of ``changes`` (by id) put in."""
        if not changes:
            return self
        by_field = self.memo.get(_BY_FIELD)
        if by_field is not None:
            by_field = by_field.copy()
            for pid, piece in changes.items():
                _move_in_index(by_field, pid, self[pid].field, piece.field)
        out = _copy(self, by_field)
        _dict_update(out, changes)
        return out

    def moved(
        self, pid: str, *, field: str | None = _KEEP, status: str = _KEEP, yellow: bool = _KEEP
    ) -> Pieces:
        """These pieces with the fields given of ``pid`` changed (``replaced`` for one piece,
        with neither a mapping of changes nor a ``_replace`` made)."""
        before = self[pid]
        side, symbols, was, was_status, was_yellow = before
        piece: Piece = _new_tuple(
            Piece,
            (
                side,
                symbols,
                was if field is _KEEP else field,
                was_status if status is _KEEP else status,
                was_yellow if yellow is _KEEP else yellow,
            ),
        )
        by_field = self.memo.get(_BY_FIELD)
        if by_field is not None:
            by_field = _move_in_index(by_field.copy(), pid, before.field, piece.field)
        out = _copy(self, by_field)
        _dict_set(out, pid, piece)
        return out

    def on(self, place: str) -> tuple[str, ...]:
        """Ids of the pieces on field ``place``, sorted."""
        by_field = self.memo.get(_BY_FIELD)
        if by_field is None:
            by_field = self.memo[_BY_FIELD] = _field_index(self)
        found: tuple[str, ...] = by_field.get(place, ())
        return found

    def selected(self, key: tuple[Any, ...], build: Iterator[str]) -> tuple[str, ...]:
        """The ids ``build`` yields, kept under ``key`` for this value."""
        found: tuple[str, ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(build)
        return found

    def to_json(self) -> dict[str, Any]:
        return {pid: p.to_json() for pid, p in self.items()}


_BY_FIELD = "by field"


def _field_index(pieces: Pieces) -> dict[str, tuple[str, ...]]:
    """The ids of the pieces on each field (sorted), of the fields holding any."""
    lists: dict[str, list[str]] = {}
    for pid, p in pieces.items():
        place = p.field
        if place is not None:
            found = lists.get(place)
            if found is None:
                lists[place] = [pid]
            else:
                found.append(pid)
    return {place: tuple(ids) for place, ids in lists.items()}


def _move_in_index(
    by_field: dict[str, tuple[str, ...]], pid: str, was: str | None, now: str | None
) -> dict[str, tuple[str, ...]]:
    """``by_field`` (an index by field, changed in place) once ``pid`` has gone from ``was`` to
    ``now``; returns it."""
    if was == now:
        return by_field
    if was is not None:
        ids = by_field[was]
        if len(ids) == 1:
            del by_field[was]
        else:
            by_field[was] = tuple(filter(pid.__ne__, ids))
    if now is not None:
        there = by_field.get(now)
        by_field[now] = tuple(sorted((*there, pid))) if there else (pid,)
    return by_field


def _copy(pieces: Pieces, by_field: dict[str, tuple[str, ...]] | None) -> Pieces:
    """A copy of ``pieces`` that the caller changes before it is seen, with ``by_field`` as
    its index by field (None: none yet)."""
    out: Pieces = _new_dict(Pieces)
    _dict_update(out, pieces)
    out.memo = {} if by_field is None else {_BY_FIELD: by_field}
    return out


# a Pieces value is made by these (``__init__`` would copy the items a second time, and its own
# ``update`` and ``__setitem__`` refuse)
_new_dict = dict.__new__
_dict_update = dict.update
_dict_set = dict.__setitem__


class Keepers(NamedTuple):
    """A side's keepers: (slot, symbol) pairs, slots sorted. Left, middle and right, or (two
    keepers, TK-18.1) left and right with the third stone in ``reserve``. A symbol is None in
    a view that does not show it (``hidden.view_state``)."""

    slots: tuple[tuple[str, str | None], ...]

    def has(self, slot: str) -> bool:
        return any(name == slot for name, _ in self.slots)

    def get(self, slot: str) -> str | None:
        for name, symbol in self.slots:
            if name == slot:
                return symbol
        return None

    def to_json(self) -> dict[str, str | None]:
        return dict(self.slots)

    @classmethod
    def from_json(cls, data: Mapping[str, str | None]) -> Keepers:
        if not set(data) <= {"left", "middle", "reserve", "right"}:
            raise ValueError("keeper slot")
        return cls(tuple(sorted(data.items())))

    @classmethod
    def from_order(cls, order: str) -> Keepers:
        """The keepers set up as ``order`` (left to right; two keepers: the third in reserve)."""
        if len(order) == 3:
            return cls.from_json({"left": order[0], "middle": order[1], "right": order[2]})
        reserve = next(x for x in "KLR" if x not in order)
        return cls.from_json({"left": order[0], "right": order[1], "reserve": reserve})


class MatchLength(NamedTuple):
    """First to ``goals`` goals, or ``periods`` timed periods of ``minutes`` (TK-17)."""

    kind: str
    goals: int | None = None
    periods: int | None = None
    minutes: int | None = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "goals":
            return {"goals": self.goals, "kind": self.kind}
        return {"kind": self.kind, "minutes": self.minutes, "periods": self.periods}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchLength:
        if data["kind"] == "goals":
            return cls("goals", goals=data["goals"])
        return cls(data["kind"], periods=data["periods"], minutes=data["minutes"])


class Options(NamedTuple):
    """The agreed options (``options.normalise_options``), fields in the snapshot's order."""

    castling: bool
    double_pass: bool
    far_corner: bool
    fouls: bool
    keeper_support: bool
    kickoff_side: int
    l_shaped_runs: bool
    match_length: MatchLength
    no_second_touch: bool
    offside: bool
    one_triple_substitute: bool
    same_symbol_substitutes: bool
    substitutions: bool
    two_keepers: bool

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self._asdict()
        out["match_length"] = self.match_length.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Options:
        values = {name: data.get(name, DEFAULTS[name]) for name in cls._fields}
        values["match_length"] = MatchLength.from_json(values["match_length"])
        return cls(**values)


@fast_replace
class SetUp(NamedTuple):
    """A set-up under way (TK-2, TK-10 - TK-12)."""

    field: str | None  # where a corner or free kick is taken
    first: bool  # the match's first set-up (no substitutions yet)
    keepers_done: tuple[bool, bool]
    kicker: int
    kind: str  # "kickoff", "corner", "goal_kick", "free_kick" or "penalty"
    locked: str | None  # the symbol the kick may not be played with
    starter: int  # the side placing first

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self._asdict()
        out["keepers_done"] = list(self.keepers_done)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SetUp:
        done = data.get("keepers_done", (False, False))
        return cls(
            data["field"],
            data["first"],
            (done[0], done[1]),
            data["kicker"],
            data["kind"],
            data["locked"],
            data["starter"],
        )


@fast_replace
class Ball(NamedTuple):
    """Where the ball is and who may play it; after a pass, what the pass was (offside,
    dribble, TK-13, TK-7.2). Fields in the snapshot's order."""

    distance: int = 0
    dribble: Pairs[int] = ()  # the dribbler and the fields it ran with the ball
    field: str | None = None
    holders: tuple[str, ...] | None = None  # the pieces that won it; None: whoever stands there
    horizontal: bool = False
    kick: str | None = None  # the set piece it is to be kicked from
    lock_rule: str | None = None
    loose: bool = False
    no_touch: str | None = None  # TK-18.5: the taker who may not play it next
    offside: Pairs[str] = ()  # pieces offside at the pass, and where they stood
    owner: int | None = None
    pass_from: str | None = None
    pass_kick: str | None = None
    passer: str | None = None
    symbol: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self._asdict()
        out["dribble"] = dict(self.dribble)
        out["offside"] = dict(self.offside)
        if self.holders is not None:
            out["holders"] = list(self.holders)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ball:
        holders = data.get("holders")
        return cls(
            distance=data.get("distance", 0),
            dribble=_pairs(data.get("dribble") or {}),
            field=data.get("field"),
            holders=None if holders is None else tuple(holders),
            horizontal=data.get("horizontal", False),
            kick=data.get("kick"),
            lock_rule=data.get("lock_rule"),
            loose=data["loose"],
            no_touch=data.get("no_touch"),
            offside=_pairs(data.get("offside") or {}),
            owner=data.get("owner"),
            pass_from=data.get("pass_from"),
            pass_kick=data.get("pass_kick"),
            passer=data.get("passer"),
            symbol=data.get("symbol"),
        )


@fast_replace
class Turn(NamedTuple):
    """The attacking move under way: played the ball, ran, who ran from where; ``defended``:
    the defence's runs of the whole Spielzug so far (None: none)."""

    defended: Pairs[str] | None = None
    moved: Pairs[str] = ()
    played: bool = False
    ran: bool = False

    def with_run(self, pid: str, start: str) -> Turn:
        """This move once the attack's ``pid`` has run from ``start`` (its first start kept)."""
        return Turn(self.defended, set_default(self.moved, pid, start), self.played, True)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.defended is not None:
            out["defended"] = dict(self.defended)
        out.update(moved=dict(self.moved), played=self.played, ran=self.ran)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turn:
        defended = data.get("defended")
        return cls(
            None if defended is None else _pairs(defended),
            _pairs(data["moved"]),
            data["played"],
            data["ran"],
        )


class Pending(NamedTuple):
    """What a decision waits for: a card after a foul (``fouled``, ``field``, ``symbol``,
    ``suspects``), the corner after a parry (``shooter``), the rebound."""

    kind: str
    fouled: int | None = None
    field: str | None = None
    symbol: str | None = None
    suspects: tuple[str, ...] | None = None  # None: a snapshot stored before suspects
    shooter: int | None = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "card":
            out: dict[str, Any] = {"field": self.field, "fouled": self.fouled, "kind": self.kind}
            if self.suspects is not None:
                out["suspects"] = list(self.suspects)
            out["symbol"] = self.symbol
            return out
        if self.kind == "corner":
            return {"kind": self.kind, "shooter": self.shooter}
        return {"kind": self.kind}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pending:
        suspects = data.get("suspects")
        return cls(
            data["kind"],
            data.get("fouled"),
            data.get("field"),
            data.get("symbol"),
            None if suspects is None else tuple(suspects),
            data.get("shooter"),
        )


class Result(NamedTuple):
    termination: str  # "goals" or "time"
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination, "winners": list(self.winners)}


def _pair(values: Any) -> tuple[Any, Any]:
    first, second = values
    return first, second


@fast_replace
class TrixKickState(NamedTuple):
    """A TriXKick position (and everything needed to go on from it): an immutable named
    tuple like the other engines' states; a step makes the next one with ``_replace``.
    Fields in the snapshot's (sorted) order."""

    actor: int
    attacker: int
    ball: Ball | None
    edition: str
    keepers: tuple[Keepers | None, Keepers | None]  # hidden from the other side
    kickoff_side: int
    moves: int
    names: tuple[str, ...]
    options: Options
    pending: Pending | None
    period: int
    phase: str  # "setup", "play" or "over"
    pieces: Pieces
    protect: bool  # TK-6: the defence may not win the ball in its first move
    result: Result | None
    revealed: tuple[tuple[str, ...], tuple[str, ...]]  # the slots a shot has shown, per side
    score: tuple[int, int]
    setup: SetUp | None
    step: str
    subs: tuple[int, int]
    triples_in: tuple[int, int]
    turn: Turn

    def to_json(self) -> dict[str, Any]:
        """The snapshot: what is stored and sent to the phones."""
        return {
            "actor": self.actor,
            "attacker": self.attacker,
            "ball": None if self.ball is None else self.ball.to_json(),
            "edition": self.edition,
            "keepers": [None if k is None else k.to_json() for k in self.keepers],
            "kickoff_side": self.kickoff_side,
            "moves": self.moves,
            "names": list(self.names),
            "options": self.options.to_json(),
            "pending": None if self.pending is None else self.pending.to_json(),
            "period": self.period,
            "phase": self.phase,
            "pieces": self.pieces.to_json(),
            "protect": self.protect,
            "result": None if self.result is None else self.result.to_json(),
            "revealed": [list(slots) for slots in self.revealed],
            "score": list(self.score),
            "setup": None if self.setup is None else self.setup.to_json(),
            "step": self.step,
            "subs": list(self.subs),
            "triples_in": list(self.triples_in),
            "turn": self.turn.to_json(),
        }

    def __repr__(self) -> str:
        return (
            f"<TrixKickState {self.phase}/{self.step} score={list(self.score)} actor={self.actor}>"
        )


#: the keys every snapshot holds
SNAPSHOT_KEYS = frozenset(TrixKickState._fields)


def state_from_json(data: Mapping[str, Any]) -> TrixKickState:
    """The state of a snapshot (``TrixKickState.to_json``); ``SetupError`` if it is not one."""
    if not isinstance(data, Mapping) or set(data) != SNAPSHOT_KEYS:
        raise refused_setup("invalid_state", None)
    try:
        return _read(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        raise refused_setup("invalid_state", None) from None


def _read(data: Mapping[str, Any]) -> TrixKickState:
    ball, setup, pending, result = data["ball"], data["setup"], data["pending"], data["result"]
    pieces = {
        pid: Piece(p["side"], p["symbols"], p["field"], p["status"], p["yellow"])
        for pid, p in data["pieces"].items()
    }
    revealed = _pair(data["revealed"])
    return TrixKickState(
        actor=data["actor"],
        attacker=data["attacker"],
        ball=None if ball is None else Ball.from_json(ball),
        edition=data["edition"],
        keepers=_pair(None if k is None else Keepers.from_json(k) for k in data["keepers"]),
        kickoff_side=data["kickoff_side"],
        moves=data["moves"],
        names=tuple(data["names"]),
        options=Options.from_json(data["options"]),
        pending=None if pending is None else Pending.from_json(pending),
        period=data["period"],
        phase=data["phase"],
        pieces=Pieces.of(pieces),
        protect=data["protect"],
        result=None if result is None else Result(result["termination"], tuple(result["winners"])),
        revealed=(tuple(revealed[0]), tuple(revealed[1])),
        score=_pair(data["score"]),
        setup=None if setup is None else SetUp.from_json(setup),
        step=data["step"],
        subs=_pair(data["subs"]),
        triples_in=_pair(data["triples_in"]),
        turn=Turn.from_json(data["turn"]),
    )


# ---- reading a state -----------------------------------------------------------------------


def other(side: int) -> int:
    return 1 - side


def pieces_on(s: TrixKickState, place: str | None, side: int | None = None) -> list[str]:
    """Ids of the pieces (of ``side``) on ``place``, sorted."""
    if place is None:
        return []
    pieces = s.pieces
    ids = pieces.on(place)
    if side is None:
        return list(ids)
    return [pid for pid in ids if pieces[pid].side == side]


def on_board(s: TrixKickState, side: int | None = None) -> list[str]:
    """Ids of the pieces (of ``side``) on the board, sorted."""
    pieces = s.pieces
    return list(
        pieces.selected(
            ("board", side),
            (
                pid
                for pid, p in pieces.items()
                if p.field is not None and (side is None or p.side == side)
            ),
        )
    )


def with_status(s: TrixKickState, side: int, status: str) -> list[str]:
    """Ids of ``side``'s pieces of ``status``, sorted."""
    pieces = s.pieces
    return list(
        pieces.selected(
            ("status", side, status),
            (pid for pid, p in pieces.items() if p.side == side and p.status == status),
        )
    )


def symbols(s: TrixKickState, pid: str) -> str:
    return s.pieces[pid].symbols


def run_targets_of(p: Piece, l_shaped: bool) -> Mapping[str, int]:
    """Where the piece ``p`` may run from its field, with the distance to each (TK-5.1;
    ``l_shaped``: the variant's L-shaped runs for three-symbol pieces)."""
    return run_targets(p.field, run_range(p.symbols), l_shaped)


def pieces_showing(
    s: TrixKickState, place: str | None, side: int | None, symbol: str | None
) -> list[str]:
    """Ids of the pieces (of ``side``) on ``place`` that show ``symbol`` (``None``: every one),
    sorted: those that may take a ball played there with it."""
    return [
        pid
        for pid in pieces_on(s, place, side)
        if symbol is None or count(symbols(s, pid), symbol) > 0
    ]


def strength(s: TrixKickState, place: str, side: int, symbol: str | None) -> int:
    """The side's strength on ``place`` for ``symbol``, dribble losses taken off (TK-7.1, TK-7.2)."""
    total = 0
    pieces = s.pieces
    dribble = dict(s.ball.dribble) if s.ball is not None and s.ball.dribble else None
    for pid in pieces.on(place):
        p = pieces[pid]
        if p.side == side:
            own = count(p.symbols, symbol) - (dribble.get(pid, 0) if dribble else 0)
            total += max(own, 0)
    return total


def holders(s: TrixKickState) -> list[str]:
    """The pieces that may play the ball now."""
    ball = s.ball
    if ball is None or ball.loose or ball.owner is None:
        return []
    pieces = s.pieces
    if ball.holders is not None:
        spread = ball.kick in ("kickoff", "goal_kick")
        return [
            pid
            for pid in ball.holders
            if pieces[pid].field is not None and (spread or pieces[pid].field == ball.field)
        ]
    return pieces_showing(s, ball.field, ball.owner, ball.symbol)


def field_of(s: TrixKickState, pid: str) -> str:
    """Where ``pid`` stands (a piece on the board)."""
    place = s.pieces[pid].field
    assert place is not None
    return place


def the_ball(s: TrixKickState) -> Ball:
    """The ball, in a step that has one (every step of play)."""
    assert s.ball is not None
    return s.ball


def the_setup(s: TrixKickState) -> SetUp:
    """The set-up, in a step of one."""
    assert s.setup is not None
    return s.setup


def the_pending(s: TrixKickState) -> Pending:
    """The decision waited for, in a step that waits for one."""
    assert s.pending is not None
    return s.pending


# ---- the next state ------------------------------------------------------------------------


def new_ball(**values: Any) -> Ball:
    """A ball with no pass, offside or dribble behind it; ``values`` give where it is and who
    may play it (``field``, ``owner``, ``symbol``, ``loose``, ``holders``, ``kick``,
    ``lock_rule``)."""
    return Ball(**values)


def ball_won(ball: Ball, side: int, symbol: str | None, **values: Any) -> Ball:
    """TK-7.4: ``side`` has won ``ball`` with ``symbol`` (``holders``: the pieces that won it,
    None: whoever stands on its field; ``field``: where, if it moved)."""
    won: dict[str, Any] = {
        "owner": side,
        "loose": False,
        "symbol": symbol,
        "holders": None,
        "kick": None,
        "lock_rule": "TK-7.4",
        "passer": None,
        "offside": (),
        "dribble": (),
        "no_touch": None,
    }
    return ball._replace(**{**won, **values})


def with_side(values: tuple[_V, _V], side: int, value: _V) -> tuple[_V, _V]:
    """The pair ``values`` with ``side``'s value replaced."""
    return (value, values[1]) if side == 0 else (values[0], value)


_NEW_TURN = Turn()


def start_attack(s: TrixKickState, side: int, turn: Turn = _NEW_TURN) -> TrixKickState:
    """A new attacking move for ``side`` (TK-3.1); ``turn``: the Spielzug so far, if it goes
    on."""
    return s._replace(
        phase="play", attacker=side, step="attack", actor=side, turn=turn, pending=None
    )


def start_defence(s: TrixKickState) -> TrixKickState:
    return s._replace(step="defend", actor=other(s.attacker))


def finish_match(s: TrixKickState, termination: str, events: list[GameEvent]) -> TrixKickState:
    a, b = s.score
    winners = () if a == b else (0 if a > b else 1,)
    events.append(
        GameEvent(
            "match_ended",
            None,
            {"termination": termination, "scores": list(s.score), "winners": list(winners)},
        )
    )
    return s._replace(phase="over", step="over", pending=None, result=Result(termination, winners))
