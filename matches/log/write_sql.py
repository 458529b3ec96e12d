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

# the snapshot is read only when the parsed state is not kept in this process (snapshots.py)
_MATCH = sql.Columns(
    Match, "m", [field.name for field in Match._meta.concrete_fields if field.name != "state"]
)
_EDITION = sql.Columns(Edition, "e", ["id", "game", "slug", "version"])
_CREATOR = sql.Columns(User, "c", ["id", "username"])
_SIDE = sql.Columns(MatchSide, "s")
_PLAYER = sql.Columns(User, "u", ["id", "username"])
_SNAPSHOT = sql.Columns(Match, "m", ["id", "state"])

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
def _locked_match_sql(vendor: str) -> str:
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


@cache
def _snapshot_sql(vendor: str) -> str:
    return (
        f"SELECT {_SNAPSHOT.select()} FROM {sql.table(Match)} m"
        f" WHERE m.{sql.column(Match, 'id')} = %s"
    )


def match_for_update(match_id: int) -> tuple[Match, list[MatchSide]] | None:
    """The match, locked until the transaction ends, and its sides in order; None: no match.

    The match comes with its edition's identity (``data`` deferred) and its creator's name;
    the sides with their players' names: every answer shows them. The snapshot (``state``)
    is deferred: ``match_snapshot_load`` reads it when it is needed. Two statements, not one
    joined: a row per side would repeat the match's columns, which costs PostgreSQL more than
    the second round trip.
    """
    if not sql.fits(Match._meta.pk, match_id):  # an id from the URL beyond 64 bits
        return None
    rows = sql.fetch(_locked_match_sql(connection.vendor), [match_id])
    if not rows:
        return None
    match_values, edition_values, creator_values = sql.split(rows[0], _MATCH, _EDITION, _CREATOR)
    match = _MATCH.instance(match_values)
    match.edition = _EDITION.instance(edition_values)
    match.created_by = _CREATOR.instance(creator_values)
    sides = []
    for row in sql.fetch(_sides_sql(connection.vendor), [match_id]):
        side_values, player_values = sql.split(row, _SIDE, _PLAYER)
        side = _SIDE.instance(side_values)
        side.match = match
        side.user = _PLAYER.instance(player_values) if side.user_id else None
        sides.append(side)
    return match, sides


def match_snapshot_load(match: Match) -> dict:
    """Read the match's stored snapshot (``state``) into it, and return it."""
    (row,) = sql.fetch(_snapshot_sql(connection.vendor), [match.pk])
    match.state = _SNAPSHOT.instance(row).state
    return match.state


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
