"""Ratings (Elo) of managers and teams, recomputed in match order from a given match on."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q

from companion.sql import insert_rows
from stats import elo
from stats.models import (
    RatingEntry,
)
from stats.rows import RESULT_RANK, counted, manager_subject

RATING_FIELDS = (
    "game",
    "subject",
    "user_id",
    "match_id",
    "finished_at",
    "rating_before",
    "rating_after",
)


def ratings_refresh(game: str, since: tuple[datetime, int] | None) -> tuple[set[int], set[str]]:
    """Recompute ratings of ``game`` from match order ``since`` on (None: from the start).

    Returns the managers and teams whose ratings were rewritten.
    """
    after = Q()
    if since is not None:
        at, match_id = since
        after = Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=match_id)
    entries = RatingEntry.objects.filter(game=game)
    ratings: dict[str, float] = {}
    if since is not None:
        before = entries.exclude(after).order_by("finished_at", "match_id")
        for subject, rating in before.values_list("subject", "rating_after").iterator(2000):
            ratings[subject] = rating
    entries.filter(after).delete()
    rows = (
        counted(game)
        .filter(after)
        .order_by("finished_at", "match_id", "position")
        .values_list("match_id", "finished_at", "user_id", "team_key", "result", "score")
    )
    new: list[tuple] = []  # RATING_FIELDS
    users: set[int] = set()
    teams: set[str] = set()

    def rate(match_id, finished_at, group):
        for subjects in (_manager_subjects(group), _team_subjects(group)):
            after_ratings = elo.match_update(ratings, subjects)
            if len(subjects) < 2:
                continue
            for subject, _rank in subjects:
                new.append(
                    (
                        game,
                        subject,
                        int(subject[1:]) if subject.startswith("m") else None,
                        match_id,
                        finished_at,
                        ratings.get(subject, elo.START),
                        after_ratings[subject],
                    )
                )
            ratings.update(after_ratings)

    current, group, current_at = None, [], None
    for match_id, finished_at, user_id, key, result, score in rows.iterator(2000):
        if match_id != current:
            if group:
                rate(current, current_at, group)
            current, group, current_at = match_id, [], finished_at
        group.append((user_id, key, (RESULT_RANK.get(result, 1), score)))
        if user_id:
            users.add(user_id)
        teams.add(key)
    if group:
        rate(current, current_at, group)
    insert_rows(RatingEntry, RATING_FIELDS, new)
    return users, teams


def _manager_subjects(group) -> list[tuple[str, tuple]]:
    seen: dict[int, tuple] = {}
    for user_id, _key, rank in group:
        if user_id is None:
            continue
        if user_id in seen:  # one manager on several sides: not rated in this match
            seen[user_id] = None
        else:
            seen[user_id] = rank
    return [(manager_subject(u), r) for u, r in seen.items() if r is not None]


def _team_subjects(group) -> list[tuple[str, tuple]]:
    keys = [key for _u, key, _r in group]
    return [(key, rank) for _u, key, rank in group if keys.count(key) == 1]
