"""Reads of the stats (querysets for the API; no writes)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from matches.log.selectors import match_visible_to
from matches.models import Match
from stats.models import (
    HeadToHead,
    ManagerStats,
    MatchParticipation,
    PlayerStats,
    RatingEntry,
    Scope,
    TeamCard,
)
from stats.rows import manager_subject

User = get_user_model()


def user_by_username(username: str):
    return User.objects.filter(username=username).first()


def manager_stats_list(*, user=None, game: str | None = None) -> QuerySet[ManagerStats]:
    query = ManagerStats.objects.select_related("user", "rival", "nemesis")
    if user is not None:
        query = query.filter(user=user)
    if game:
        query = query.filter(game=game)
    return query


def leaderboard(*, game: str, min_played: int = 0) -> QuerySet[ManagerStats]:
    query = manager_stats_list(game=game)
    if min_played:
        query = query.filter(played__gte=min_played)
    return query


def head_to_head(*, game: str, user, opponent) -> HeadToHead | None:
    return HeadToHead.objects.filter(game=game, user=user, opponent=opponent).first()


def rating_history(*, game: str, user, reader) -> QuerySet[RatingEntry]:
    """``user``'s rating after each rated match that ``reader`` may read (a private match is
    listed only to its creator and its managers); the ratings themselves count every match."""
    entries = RatingEntry.objects.filter(game=game, subject=manager_subject(user.pk))
    return entries.filter(match__in=match_visible_to(reader)).select_related("match")


def player_stats_list(
    *, game: str, team: str | None = None, user=None, player: str | None = None
) -> QuerySet[PlayerStats]:
    if user is not None:
        query = PlayerStats.objects.filter(game=game, scope=Scope.MANAGER, scope_key=str(user.pk))
    else:
        query = PlayerStats.objects.filter(game=game, scope=Scope.TEAM)
        if team:
            query = query.filter(scope_key=team)
    if player:
        query = query.filter(player=player)
    return query


def match_seen_by(match_id: int, reader) -> Match | None:
    """The match ``match_id`` if ``reader`` may see it, else ``None``, by the match log's one
    rule of who sees a match (``match_visible_to``)."""
    return match_visible_to(reader).filter(pk=match_id).first()


def match_player_lines(*, match) -> list[dict]:
    """One line per player of a finished match, by side position then player key."""
    lines = []
    for side in MatchParticipation.objects.filter(match=match).order_by("position"):
        for player in sorted(side.players, key=lambda p: (len(p), p)):
            counters = side.players[player]
            lines.append(
                {
                    "position": side.position,
                    "team_key": side.team_key,
                    "player": player,
                    "goals": counters.get("goals", 0),
                    "counters": counters,
                    "detail": side.player_detail.get(player, {}),
                }
            )
    return lines


def team_card_list(*, game: str | None = None, user=None) -> QuerySet[TeamCard]:
    query = TeamCard.objects.select_related("user")
    if game:
        query = query.filter(game=game)
    if user is not None:
        query = query.filter(user=user)
    return query


def team_card_get(*, key: str) -> TeamCard | None:
    return TeamCard.objects.select_related("user").filter(key=key).first()
