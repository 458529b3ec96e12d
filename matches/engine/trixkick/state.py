"""The match state: an immutable named tuple holding one canonical JSON snapshot.

``TrixKickState`` never changes once built; ``to_json()`` hands out a fresh copy, which the
rules modules work on (the "work" dict ``w``) before a new state is frozen from it
(``TrixKickState.frozen``). Two states are equal when their snapshots are equal.

Keys of the snapshot (documented in ``docs/rules/trixkick.md``): ``edition``, ``names``,
``options``, ``pieces`` (id -> side, symbols, field, status, yellow), ``keepers``, ``revealed``,
``score``, ``phase``, ``step``, ``actor``, ``attacker``, ``kickoff_side``, ``period``, ``setup``,
``ball``, ``turn``, ``protect``, ``subs``, ``triples_in``, ``pending``, ``result``, ``moves``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, NamedTuple, TypedDict

from matches.engine.trixkick.pieces import count

_DUMP = {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False}


class Piece(TypedDict):
    """A piece of the snapshot (``pieces``, by id such as ``"A-KKL"``)."""

    side: int
    symbols: str
    field: str | None  # None: not on the board
    status: str  # "squad", "bench", "out" or "sent_off"
    yellow: bool


class Snapshot(TypedDict):
    """The keys of a TriXKick snapshot, the work dict ``w`` the rules read and change
    (``docs/rules/trixkick.md``; the nested set-up, ball and turn records stay plain dicts)."""

    edition: str
    names: list[str]
    options: dict[str, Any]
    pieces: dict[str, Piece]
    keepers: list[dict[str, str] | None]  # each side's keepers by slot, hidden from the other
    revealed: list[list[str]]  # the slots a shot has shown, per side
    score: list[int]
    phase: str
    step: str
    actor: int
    attacker: int
    kickoff_side: int
    period: int
    setup: dict[str, Any] | None
    ball: dict[str, Any] | None
    turn: dict[str, Any]
    protect: bool
    subs: list[int]
    triples_in: list[int]
    pending: dict[str, Any] | None
    result: dict[str, Any] | None
    moves: int


#: the keys every snapshot holds
SNAPSHOT_KEYS = frozenset(Snapshot.__required_keys__)


class TrixKickState(NamedTuple):
    """A frozen TriXKick position (and everything needed to go on from it): its canonical
    JSON text, the one field of an immutable named tuple like the other engines' states.

    ``frozen(data)`` builds one from a snapshot; two states are equal when their texts are.
    """

    text: str

    @classmethod
    def frozen(cls, data: Mapping[str, Any]) -> TrixKickState:
        """The state of the snapshot ``data`` (a work dict is copied, never kept)."""
        return cls(json.dumps(data, **_DUMP))

    def to_json(self) -> Snapshot:
        """A fresh copy of the snapshot, free to change (the rules' work dict ``w``)."""
        return json.loads(self.text)

    def read(self) -> Snapshot:
        """The snapshot for reading only: parsed once and shared, so it must never be changed
        (listing legal actions, outcome, summary and the picture only read it)."""
        return _parsed(self.text)

    def __repr__(self) -> str:
        d = self.read()
        return f"<TrixKickState {d['phase']}/{d['step']} score={d['score']} actor={d['actor']}>"

    # small read-only conveniences
    @property
    def step(self) -> str:
        return self.read()["step"]

    @property
    def score(self) -> tuple[int, int]:
        return tuple(self.read()["score"])  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _parsed(text: str) -> Snapshot:
    """The snapshot of the states read lately, parsed once each."""
    return json.loads(text)


# ---- helpers over the work dict -------------------------------------------------------------


def new_ball(**values: Any) -> dict[str, Any]:
    """A ball with no pass, offside or dribble behind it; ``values`` give where it is and who
    may play it (``field``, ``owner``, ``symbol``, ``loose``, ``holders``, ``kick``,
    ``lock_rule``)."""
    return {
        "passer": None,
        "pass_from": None,
        "distance": 0,
        "horizontal": False,
        "pass_kick": None,
        "offside": {},
        "dribble": {},
        "no_touch": None,
        **values,
    }


def ball_won(ball: dict[str, Any], side: int, symbol: str | None, **values: Any) -> None:
    """TK-7.4: ``side`` has won ``ball`` with ``symbol`` (``holders``: the pieces that won it,
    None: whoever stands on its field; ``field``: where, if it moved)."""
    ball.update(
        owner=side,
        loose=False,
        symbol=symbol,
        holders=None,
        kick=None,
        lock_rule="TK-7.4",
        passer=None,
        offside={},
        dribble={},
        no_touch=None,
    )
    ball.update(values)


def other(side: int) -> int:
    return 1 - side


# While a work dict is only read (listing the legal actions checks every candidate against the
# same position), pieces are looked up through an index by field built once for it; the lists
# of pieces on the board and by status are kept there too once asked for.
_FIELD_INDEX: ContextVar[tuple[dict, dict[Any, list[str]]] | None] = ContextVar(
    "trixkick_field_index", default=None
)


@contextmanager
def reading(w: dict) -> Iterator[None]:
    """Index ``w``'s pieces by field for the duration; ``w`` must not change meanwhile."""
    current = _FIELD_INDEX.get()
    if current is not None and current[0] is w:
        yield
        return
    index: dict[Any, list[str]] = {}
    pieces = w["pieces"]
    for pid in sorted(pieces):
        field = pieces[pid]["field"]
        if field is not None:
            index.setdefault(field, []).append(pid)
    token = _FIELD_INDEX.set((w, index))
    try:
        yield
    finally:
        _FIELD_INDEX.reset(token)


def pieces_on(w: dict, field: str | None, side: int | None = None) -> list[str]:
    """Ids of the pieces (of ``side``) on ``field``, sorted."""
    if field is None:
        return []
    current = _FIELD_INDEX.get()
    if current is not None and current[0] is w:
        ids = current[1].get(field, ())
        if side is None:
            return list(ids)
        pieces = w["pieces"]
        return [pid for pid in ids if pieces[pid]["side"] == side]
    if side is None:
        return sorted(pid for pid, p in w["pieces"].items() if p["field"] == field)
    return sorted(
        pid for pid, p in w["pieces"].items() if p["field"] == field and p["side"] == side
    )


def on_board(w: dict, side: int | None = None) -> list[str]:
    current = _FIELD_INDEX.get()
    if current is not None and current[0] is w:
        memo = current[1]
        key = ("\0board", side)
        if key not in memo:
            memo[key] = _on_board(w, side)
        return list(memo[key])
    return _on_board(w, side)


def _on_board(w: dict, side: int | None) -> list[str]:
    return sorted(
        pid
        for pid, p in w["pieces"].items()
        if p["field"] is not None and (side is None or p["side"] == side)
    )


def with_status(w: dict, side: int, status: str) -> list[str]:
    current = _FIELD_INDEX.get()
    if current is not None and current[0] is w:
        memo = current[1]
        key = ("\0status", side, status)
        if key not in memo:
            memo[key] = _with_status(w, side, status)
        return list(memo[key])
    return _with_status(w, side, status)


def _with_status(w: dict, side: int, status: str) -> list[str]:
    return sorted(
        pid for pid, p in w["pieces"].items() if p["side"] == side and p["status"] == status
    )


def symbols(w: dict, pid: str) -> str:
    return w["pieces"][pid]["symbols"]


def strength(w: dict, field: str, side: int, symbol: str | None) -> int:
    """The side's strength on ``field`` for ``symbol``, dribble losses taken off (TK-7.1, TK-7.2)."""
    total = 0
    dribble = (w.get("ball") or {}).get("dribble") or {}
    for pid in pieces_on(w, field, side):
        own = count(symbols(w, pid), symbol) - dribble.get(pid, 0)
        total += max(own, 0)
    return total


def holders(w: dict) -> list[str]:
    """The pieces that may play the ball now."""
    ball = w.get("ball")
    if not ball or ball["loose"] or ball["owner"] is None:
        return []
    if ball["holders"] is not None:
        spread = ball["kick"] in ("kickoff", "goal_kick")
        return [
            pid
            for pid in ball["holders"]
            if w["pieces"][pid]["field"] is not None
            and (spread or w["pieces"][pid]["field"] == ball["field"])
        ]
    return [
        pid
        for pid in pieces_on(w, ball["field"], ball["owner"])
        if ball["symbol"] is None or count(symbols(w, pid), ball["symbol"]) > 0
    ]


def fresh_turn() -> dict[str, Any]:
    return {"played": False, "ran": False, "moved": {}}


def start_attack(w: dict, side: int) -> None:
    """A new attacking move for ``side`` (TK-3.1)."""
    w["phase"] = "play"
    w["attacker"] = side
    w["step"] = "attack"
    w["actor"] = side
    w["turn"] = fresh_turn()
    w["pending"] = None


def start_defence(w: dict) -> None:
    w["step"] = "defend"
    w["actor"] = other(w["attacker"])


def finish_match(w: dict, termination: str, events: list) -> None:
    from matches.engine.base import GameEvent

    w["phase"] = "over"
    w["step"] = "over"
    w["pending"] = None
    a, b = w["score"]
    winners = [] if a == b else [0 if a > b else 1]
    w["result"] = {"termination": termination, "winners": winners}
    events.append(
        GameEvent(
            "match_ended",
            None,
            {"termination": termination, "scores": list(w["score"]), "winners": winners},
        )
    )
