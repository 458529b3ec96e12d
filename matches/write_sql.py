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
    columns = (_MATCH, _EDITION, _CREATOR, _SIDE, _PLAYER)
    return (
        f"SELECT {', '.join(part.select() for part in columns)}"
        f" FROM {sql.table(Match)} m"
        f" JOIN {sql.table(Edition)} e"
        f" ON e.{sql.column(Edition, 'id')} = m.{sql.column(Match, 'edition')}"
        f" JOIN {sql.table(User)} c"
        f" ON c.{sql.column(User, 'id')} = m.{sql.column(Match, 'created_by')}"
        f" LEFT JOIN {sql.table(MatchSide)} s"
        f" ON s.{sql.column(MatchSide, 'match')} = m.{sql.column(Match, 'id')}"
        f" LEFT JOIN {sql.table(User)} u"
        f" ON u.{sql.column(User, 'id')} = s.{sql.column(MatchSide, 'user')}"
        f" WHERE m.{sql.column(Match, 'id')} = %s"
        f" ORDER BY s.{sql.column(MatchSide, 'position')}{lock}"
    )


@cache
def _snapshot_sql(vendor: str) -> str:
    return (
        f"SELECT {_SNAPSHOT.select()} FROM {sql.table(Match)} m"
        f" WHERE m.{sql.column(Match, 'id')} = %s"
    )


def match_for_update(match_id: int) -> tuple[Match, list[MatchSide]] | None:
    """The match, locked until the transaction ends, and its sides in order; None: no match.

    One statement: the match with its edition's identity (``data`` deferred), its creator's
    and players' usernames, which every answer shows, and its sides. The snapshot
    (``state``) is deferred: load it with ``match_snapshot_load`` when it is needed.
    """
    rows = sql.fetch(_locked_match_sql(connection.vendor), [match_id])
    if not rows:
        return None
    match_values, edition_values, creator_values, _, _ = sql.split(
        rows[0], _MATCH, _EDITION, _CREATOR, _SIDE, _PLAYER
    )
    match = _MATCH.instance(match_values)
    match.edition = _EDITION.instance(edition_values)
    match.created_by = _CREATOR.instance(creator_values)
    sides = []
    for row in rows:
        *_, side_values, player_values = sql.split(row, _MATCH, _EDITION, _CREATOR, _SIDE, _PLAYER)
        if side_values[0] is None:  # a match with no sides (none is created so)
            continue
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
