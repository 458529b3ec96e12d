"""Writes of the stats: per-match rows, then the aggregates they feed, idempotently.

``matches_stats_refresh(match_ids=…)`` is the one write path of the jobs. In one transaction it
replaces the per-match rows of those matches (participations, player lines), records the
sequence number included (``MatchStatsState``) and recomputes the aggregates of everyone the
matches touch: ratings from the earliest of them on (in match order), manager stats,
head-to-head records, player totals and team cards. Everything is a pure function of the
finished matches, so running it twice, or again after a crash, writes the same rows.
``stats_rebuild`` does the same for every finished match, batch by batch, then one aggregate
pass per game. The per-match rows are written by ``stats.rows``, each aggregate by its own
module (``ratings``, ``manager_stats``, ``player_stats``, ``team_cards``). See docs/stats.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import F, Q, Sum
from django.db.models.functions import Coalesce

from matches.models import Match, MatchStatus
from stats import manager_stats, player_stats, ratings, rows, team_cards
from stats.models import (
    GameStatsState,
    ManagerStats,
    MatchParticipation,
    MatchStatsState,
    PlayerStats,
    Scope,
    TeamCard,
)

logger = logging.getLogger(__name__)


BATCH = 200


def _lock_game(game: str) -> None:
    GameStatsState.objects.get_or_create(game=game)
    GameStatsState.objects.select_for_update().filter(game=game).first()


def _aggregates_refresh(
    game: str,
    *,
    users: set[int] | None,
    teams: set[str] | None,
    since: tuple[datetime, int] | None,
) -> None:
    """Everything derived from the per-match rows of ``game`` for these managers and teams
    (None: all of them), ratings from match order ``since`` on."""
    rated_users, rated_teams = ratings.ratings_refresh(game, since)
    if users is not None:
        users = users | rated_users
    if teams is not None:
        teams = teams | rated_teams
    manager_stats.manager_stats_refresh(game, users)
    top = player_stats.player_stats_refresh(game, users, teams)
    team_cards.team_cards_refresh(game, teams, top)
    GameStatsState.objects.filter(game=game).update(
        matches_included=MatchStatsState.objects.filter(match__game=game).count()
    )


@transaction.atomic
def matches_stats_refresh(*, match_ids: Sequence[int]) -> int:
    """Stats of these finished matches and everything they feed, in one transaction.

    Idempotent; returns how many matches were (re)computed.
    """
    match_ids = sorted(set(match_ids))
    games = sorted(
        set(Match.objects.filter(pk__in=match_ids).values_list("game", flat=True))
        | set(
            MatchParticipation.objects.filter(match_id__in=match_ids).values_list("game", flat=True)
        )
    )
    for game in games:
        _lock_game(game)
    touched = rows.match_rows_write(match_ids)
    for game in games:
        if game in touched.since:
            _aggregates_refresh(
                game,
                users=touched.users[game],
                teams=touched.teams[game],
                since=touched.since[game],
            )
    return MatchStatsState.objects.filter(match_id__in=match_ids).count()


def match_stats_refresh(*, match_id: int) -> int:
    return matches_stats_refresh(match_ids=[match_id])


def matches_pending(limit: int | None = None) -> list[int]:
    """Finished matches whose stats do not include their last sequence number, oldest first,
    then matches reopened since their stats were computed (whose rows are to be withdrawn)."""
    query = (
        Match.objects.filter(status=MatchStatus.FINISHED)
        .filter(Q(stats_state__isnull=True) | ~Q(stats_state__seq_included=F("seq")))
        .order_by("finished_at", "id")
        .values_list("id", flat=True)
    )
    pending = list(query[:limit] if limit else query)
    reopened = (
        Match.objects.exclude(status=MatchStatus.FINISHED)
        .filter(stats_state__isnull=False)
        .order_by("id")
        .values_list("id", flat=True)
    )
    if limit is None:
        return pending + list(reopened)
    return pending + list(reopened[: max(limit - len(pending), 0)])


def stats_catch_up(*, limit: int = 500) -> int:
    """Compute what the after-commit hand-off missed (broker down, worker died)."""
    pending = matches_pending(limit)
    if pending:
        matches_stats_refresh(match_ids=pending)
    return len(pending)


@dataclass(frozen=True)
class RebuildSummary:
    """What a rebuild read and wrote, counted once it is done."""

    matches: int
    participations: int
    player_lines: int
    managers: int
    teams: int
    games: list[str]


def stats_rebuild(
    *, batch_size: int = BATCH, progress: Callable[[int], None] | None = None
) -> RebuildSummary:
    """Rebuild every stats row from the finished matches: per-match rows batch by batch
    (one transaction each), then one aggregate pass per game. Safe to interrupt and re-run."""
    ids = list(
        Match.objects.filter(status=MatchStatus.FINISHED)
        .order_by("id")
        .values_list("id", flat=True)
    )
    with transaction.atomic():
        orphans = MatchParticipation.objects.exclude(match__status=MatchStatus.FINISHED)
        orphan_ids = list(orphans.values_list("match_id", flat=True).distinct())
        MatchParticipation.objects.filter(match_id__in=orphan_ids).delete()
        MatchStatsState.objects.exclude(match__status=MatchStatus.FINISHED).delete()
    for start in range(0, len(ids), batch_size):
        chunk = ids[start : start + batch_size]
        with transaction.atomic():
            rows.match_rows_write(chunk)
        if progress:
            progress(len(chunk))
    games = sorted(
        set(MatchParticipation.objects.values_list("game", flat=True).distinct())
        | set(GameStatsState.objects.values_list("game", flat=True))
        | set(ManagerStats.objects.values_list("game", flat=True).distinct())
        | set(TeamCard.objects.values_list("game", flat=True).distinct())
    )
    for game in games:
        with transaction.atomic():
            _lock_game(game)
            _aggregates_refresh(game, users=None, teams=None, since=None)
    return RebuildSummary(
        matches=len(ids),
        participations=MatchParticipation.objects.count(),
        # every player line is one appearance in its team's totals (no JSON to decode again)
        player_lines=PlayerStats.objects.filter(scope=Scope.TEAM).aggregate(
            lines=Coalesce(Sum("appearances"), 0)
        )["lines"],
        managers=ManagerStats.objects.count(),
        teams=TeamCard.objects.count(),
        games=games,
    )
