"""Player totals per team and per manager, and each team's top scorer."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from companion.sql import insert_rows
from stats.models import (
    PlayerStats,
    Scope,
)
from stats.rows import counted


def _add_players(totals: dict[tuple[str, str], list], scope_key: str, players: dict) -> None:
    """Add one participation's ``{player: counters}`` to ``{(scope key, player): [appearances,
    sums]}``."""
    for player, counters in players.items():
        entry = totals.get((scope_key, player))
        if entry is None:
            entry = totals[(scope_key, player)] = [0, {}]
        entry[0] += 1
        sums = entry[1]
        for counter, amount in counters.items():
            sums[counter] = sums.get(counter, 0) + amount


PLAYER_FIELDS = (
    "game",
    "scope",
    "scope_key",
    "player",
    "appearances",
    "goals",
    "counters",
    "updated_at",
)


def player_stats_refresh(
    game: str, users: set[int] | None, teams: set[str] | None
) -> dict[str, dict[str, Any]]:
    """Player totals per team and per manager; returns each team's top scorer."""
    parts = counted(game)
    if teams is not None or users is not None:  # one read for both scopes
        wanted = Q(team_key__in=teams) if teams is not None else Q(pk__isnull=False)
        if users is not None:
            wanted |= Q(user_id__in=users)
        else:
            wanted |= Q(user__isnull=False)
        parts = parts.filter(wanted)
    team_totals: dict[tuple[str, str], list] = {}
    user_totals: dict[tuple[str, str], list] = {}
    for key, user_id, players in parts.values_list("team_key", "user_id", "players").iterator(2000):
        if teams is None or key in teams:
            _add_players(team_totals, key, players)
        if user_id is not None and (users is None or user_id in users):
            _add_players(user_totals, str(user_id), players)
    old = PlayerStats.objects.filter(game=game)
    if teams is not None:
        old.filter(scope=Scope.TEAM, scope_key__in=teams).delete()
    else:
        old.filter(scope=Scope.TEAM).delete()
    if users is not None:
        old.filter(scope=Scope.MANAGER, scope_key__in=[str(u) for u in users]).delete()
    else:
        old.filter(scope=Scope.MANAGER).delete()
    rows = []  # PLAYER_FIELDS
    now = timezone.now()
    top: dict[str, dict[str, Any]] = {}
    for scope, totals in ((Scope.TEAM, team_totals), (Scope.MANAGER, user_totals)):
        for (scope_key, player), (appearances, counters) in totals.items():
            counters.pop("appearances", None)
            goals = counters.get("goals", 0)
            rows.append(
                (
                    game,
                    scope.value,
                    scope_key,
                    player,
                    appearances,
                    goals,
                    dict(sorted(counters.items())),
                    now,
                )
            )
            if scope == Scope.TEAM and goals > 0:
                best = top.get(scope_key)
                if best is None or (goals, -appearances, player) > (
                    best["goals"],
                    -best["appearances"],
                    best["player"],
                ):
                    top[scope_key] = {"player": player, "goals": goals, "appearances": appearances}
    insert_rows(PlayerStats, PLAYER_FIELDS, rows)
    return top
