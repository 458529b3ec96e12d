"""Stats derived from finished matches. Every row here can be rebuilt from the match log.

Per-match rows (``MatchParticipation``, with its players' lines) are written together with the
match's ``MatchStatsState`` in one transaction; the aggregates (``ManagerStats``,
``HeadToHead``, ``RatingEntry``, ``PlayerStats``, ``TeamCard``) are recomputed from the
per-match rows in that same transaction. See docs/stats.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from companion.model_parts import Choices


class MatchStatsState(models.Model):
    """Which sequence number of a match the stats include (catch-up compares it to Match.seq)."""

    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, primary_key=True, related_name="stats_state"
    )
    seq_included = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"match {self.match_id} @ {self.seq_included}"


class GameStatsState(models.Model):
    """One row per game: locked while a job writes that game's aggregates (serialises jobs)."""

    game = models.CharField(max_length=32, primary_key=True)
    matches_included = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.game


class MatchParticipation(models.Model):
    """One side of one finished match, as the stats see it."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=32)
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    team_key = models.CharField(max_length=64)
    team_name = models.CharField(max_length=100)
    score = models.IntegerField(default=0)
    against = models.IntegerField(default=0, help_text="Best opponent's score.")
    result = models.CharField(max_length=4)
    finished_at = models.DateTimeField()
    lines = models.JSONField(default=dict, blank=True)
    style = models.CharField(max_length=32, blank=True)
    counters = models.JSONField(default=dict, blank=True, help_text="Team totals of the match.")
    players = models.JSONField(
        default=dict, blank=True, help_text="Per footballer (piece, person): flat counters."
    )
    player_detail = models.JSONField(
        default=dict, blank=True, help_text="Per player, non-additive facts (Amigo game scores)."
    )
    public = models.BooleanField(
        default=True,
        help_text="The match is public; only public matches count in the public aggregates.",
    )

    class Meta:
        ordering = ("finished_at", "match_id", "position")
        constraints = [
            models.UniqueConstraint(fields=("match", "position"), name="participation_unique")
        ]
        indexes = [
            models.Index(fields=["game", "finished_at", "match"], name="part_game_order"),
            models.Index(fields=["game", "user", "finished_at"], name="part_game_user"),
            models.Index(fields=["game", "team_key", "finished_at"], name="part_game_team"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.position} {self.team_name}"


class Scope(Choices):
    TEAM = "team"
    MANAGER = "manager"


class PlayerStats(models.Model):
    """A footballer's totals, per team (scope team) and per manager (scope manager)."""

    game = models.CharField(max_length=32)
    scope = models.CharField(max_length=8, choices=Scope.choices)
    scope_key = models.CharField(max_length=64, help_text="Team key, or the manager's user id.")
    player = models.CharField(max_length=32)
    appearances = models.PositiveIntegerField(default=0)
    goals = models.IntegerField(default=0)
    counters = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("game", "scope", "scope_key", "player"), name="player_stats_unique"
            )
        ]
        indexes = [
            models.Index(
                fields=["game", "scope", "scope_key", "-goals", "-id"], name="player_stats_goals"
            ),
            models.Index(fields=["game", "-goals", "-id"], name="player_stats_top"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.scope}:{self.scope_key} {self.player}"


class Record(models.Model):
    """Matches of one game played and their results, as a manager's, a pairing's or a team's
    record."""

    game = models.CharField(max_length=32)
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    goals_for = models.IntegerField(default=0)
    goals_against = models.IntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


class ManagerStats(Record):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    win_rate = models.FloatField(default=0.0)
    current_streak = models.CharField(max_length=8, blank=True, help_text='e.g. "W3", "L1".')
    best_win_streak = models.PositiveIntegerField(default=0)
    best_unbeaten_streak = models.PositiveIntegerField(default=0)
    rating = models.FloatField(default=1500.0)
    best_rating = models.FloatField(default=1500.0)
    rated_matches = models.PositiveIntegerField(default=0)
    rival = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    nemesis = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("game", "user"), name="manager_stats_unique")
        ]
        # the game's leaderboards, each by one column
        indexes = [
            models.Index(fields=["game", f"-{column}", "-id"], name=f"manager_{column}")
            for column in ("rating", "win_rate", "played", "won")
        ]
        verbose_name_plural = "manager stats"

    def __str__(self) -> str:
        return f"{self.game} {self.user_id}"


class HeadToHead(Record):
    """``user`` against ``opponent`` in one game (both directions are stored)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("game", "user", "opponent"), name="h2h_unique")
        ]
        verbose_name_plural = "head-to-head records"

    def __str__(self) -> str:
        return f"{self.game} {self.user_id} v {self.opponent_id}"


class RatingEntry(models.Model):
    """A rating after one rated match, in match order: a manager's (``subject`` ``m<id>``,
    ``user`` set) or a team's (``subject`` = the team key)."""

    game = models.CharField(max_length=32)
    subject = models.CharField(max_length=64)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    finished_at = models.DateTimeField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()

    class Meta:
        ordering = ("finished_at", "match_id")
        constraints = [
            models.UniqueConstraint(fields=("match", "subject"), name="rating_entry_unique")
        ]
        indexes = [
            models.Index(fields=["game", "subject", "finished_at", "match"], name="rating_subject"),
            models.Index(fields=["game", "finished_at", "match"], name="rating_game_order"),
        ]
        verbose_name_plural = "rating entries"

    def __str__(self) -> str:
        return f"{self.game} {self.subject} {self.rating_after:.1f}"


class TeamCard(Record):
    """A team's card: record, form, goals, top scorer, line strengths, rating, style."""

    key = models.CharField(max_length=64, unique=True)
    team_id = models.BigIntegerField(null=True, blank=True, help_text="teams.Team id, if any.")
    name = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    form = models.CharField(max_length=5, blank=True, help_text="Last five, oldest first.")
    top_scorer = models.JSONField(null=True, blank=True)
    lines = models.JSONField(default=dict, blank=True)
    rating = models.FloatField(default=1500.0)
    style = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["game", "-rating", "-id"], name="team_card_rating"),
            models.Index(fields=["user", "-created_at", "-id"], name="team_card_user"),
            models.Index(fields=["-created_at", "-id"], name="team_card_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.name}"
