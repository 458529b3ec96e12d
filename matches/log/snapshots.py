"""Engine states parsed from match snapshots, kept per process for the next write.

Parsing a snapshot (``engine.state_from_json``) is the largest piece of engine work in an
append. A phone logs the moves of one match one after another, so the state an append computes
is the one the next append of that match starts from: it is kept here, one state per match,
the newest, for the most recently written matches.

An entry can never be stale: it is keyed by the match's id, its ``created_at`` (so a reused id
in another database is another key), its ``seq`` and its ``updated_at``. The state after event
``seq`` never changes once a move is logged, because the log is append-only (an undo is a new
event, with a new seq); before the first move an accepted invitation may bring a team, which
changes the state at seq 0 and ``updated_at`` with it, so every process misses its old entry. A state is
only remembered once it is committed (or read from the database), so a rolled-back write
leaves nothing behind. Engine states are immutable values, so sharing one between requests is
safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.db import transaction

from matches.engine import GameEngine
from matches.models import Match

CAPACITY = 512

_lock = threading.Lock()
# id: ((created_at, updated_at), seq, state)
_states: OrderedDict[int, tuple[Any, int, Any]] = OrderedDict()


def _put(match_id: int, stamp: Any, seq: int, state: Any) -> None:
    with _lock:
        _states[match_id] = (stamp, seq, state)
        _states.move_to_end(match_id)
        while len(_states) > CAPACITY:
            _states.popitem(last=False)


def snapshot_state(
    match: Match, engine: GameEngine, *, load: Callable[[Match], Any] | None = None
) -> Any:
    """The engine state of the match's stored snapshot (``match.state`` at ``match.seq``).

    ``load``: how to read the snapshot's JSON when it is not kept here and ``match.state``
    was not read with the match (else deferred loading reads it).
    """
    entry = _states.get(match.pk)
    stamp = (match.created_at, match.updated_at)
    if entry is not None and entry[0] == stamp and entry[1] == match.seq:
        return entry[2]
    state = engine.state_from_json(match.state if load is None else load(match))
    _put(match.pk, stamp, match.seq, state)
    return state


def remember_on_commit(match: Match, state: Any) -> None:
    """Keep ``state`` as the match's state at ``match.seq`` once this transaction commits."""
    key = (match.pk, (match.created_at, match.updated_at), match.seq)
    transaction.on_commit(lambda: _put(*key, state))


def forget_on_commit(match_id: int) -> None:
    """Drop this process's entry of the match once the transaction commits."""

    def forget() -> None:
        with _lock:
            _states.pop(match_id, None)

    transaction.on_commit(forget)


def clear() -> None:
    with _lock:
        _states.clear()
