"""The statements of a match write, as SQL (see ``companion.sql`` for why and how).

A move logged from a phone reads the match (locked) and its sides, inserts the event and
stores the new snapshot. These are those statements; what they read and write is what the
ORM would, and ``tests/matches/test_write_sql.py`` holds them to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection

from companion import sql
from matches.models import Match, MatchEvent, MatchSide
from teams.models import Edition

User = get_user_model()

_MATCH = sql.Columns(Match, "m")
_EDITION = sql.Columns(Edition, "e", ["id", "game", "slug", "version"])
_CREATOR = sql.Columns(User, "c", ["id", "username"])
_SIDE = sql.Columns(MatchSide, "s")
_PLAYER = sql.Columns(User, "u", ["id", "username"])

EVENT_FIELDS = (
    "match",
    "seq",
    "kind",
    "action",
    "notation",
    "effects",
    "target_seq",
    "author",
    "created_at",
)


@cache
def _match_sql(vendor: str) -> str:
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {_MATCH.select()}, {_EDITION.select()}, {_CREATOR.select()}"
        f" FROM {sql.table(Match)} m"
        f" JOIN {sql.table(Edition)} e"
        f" ON e.{sql.column(Edition, 'id')} = m.{sql.column(Match, 'edition')}"
        f" JOIN {sql.table(User)} c"
        f" ON c.{sql.column(User, 'id')} = m.{sql.column(Match, 'created_by')}"
        f" WHERE m.{sql.column(Match, 'id')} = %s{lock}"
    )


@cache
def _sides_sql(vendor: str) -> str:
    return (
        f"SELECT {_SIDE.select()}, {_PLAYER.select()}"
        f" FROM {sql.table(MatchSide)} s"
        f" LEFT JOIN {sql.table(User)} u"
        f" ON u.{sql.column(User, 'id')} = s.{sql.column(MatchSide, 'user')}"
        f" WHERE s.{sql.column(MatchSide, 'match')} = %s"
        f" ORDER BY s.{sql.column(MatchSide, 'position')}"
    )


def match_for_update(match_id: int) -> tuple[Match, list[MatchSide]] | None:
    """The match, locked until the transaction ends, and its sides in order; None: no match.

    The match comes with its edition's identity (``data`` deferred) and its creator's and
    players' usernames, which every answer shows.
    """
    rows = sql.fetch(_match_sql(connection.vendor), [match_id])
    if not rows:
        return None
    row = rows[0]
    split = len(_MATCH) + len(_EDITION)
    match = _MATCH.instance(row[: len(_MATCH)])
    match.edition = _EDITION.instance(row[len(_MATCH) : split])
    match.created_by = _CREATOR.instance(row[split:])
    sides = []
    for side_row in sql.fetch(_sides_sql(connection.vendor), [match_id]):
        side = _SIDE.instance(side_row[: len(_SIDE)])
        side.match = match
        side.user = _PLAYER.instance(side_row[len(_SIDE) :]) if side.user_id else None
        sides.append(side)
    return match, sides


def events_insert(events: Sequence[MatchEvent]) -> bool:
    """Insert the events; False when one's seq was taken (then the caller must roll back)."""
    rows = [
        (
            event.match_id,
            event.seq,
            event.kind,
            event.action,
            event.notation,
            event.effects,
            event.target_seq,
            event.author_id,
            event.created_at,
        )
        for event in events
    ]
    inserted = sql.insert_rows(MatchEvent, EVENT_FIELDS, rows, skip_conflicts_on=("match", "seq"))
    return inserted == len(rows)


def match_update(match: Match, fields: Sequence[str]) -> None:
    """Store these fields of the match (set ``updated_at`` first if it is one of them)."""
    sql.update_row(Match, match.pk, {name: getattr(match, name) for name in fields})
