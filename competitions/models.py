"""Competitions: a season of fixtures among members who accepted, and its stored table.

A ``Competition`` is one season of one game in one format; ``previous`` links it to the
season before ("next season"). A ``Member`` is a user asked to play in it: they are in only
once they accept (``status`` accepted), with their own team (or the team a build makes). A
``Fixture`` is one game of the draw; "Play now" opens its ``match`` (one at most: the unique
column is the guard against two taps at once). The table, the bracket, the awards and the
champion are stored on the competition (``standings``), rebuilt from the fixtures' matches by
``competitions.jobs`` (a pure function of them: a rebuild writes the same bytes).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from companion.model_parts import Choices, visibility_field
from companion.model_parts import Visibility as Visibility  # the choices of `visibility`
from teams.models import team_link


class Format(Choices):
    LEAGUE = "league"
    CUP = "cup"
    GROUPS_CUP = "groups_cup", "groups, then a cup"
    SWISS = "swiss", "Swiss"
    SERIES = "series", "series of match days"


class CompetitionStatus(Choices):
    OPEN = "open"  # members are invited and answer
    RUNNING = "running"  # drawn: fixtures are played
    FINISHED = "finished"  # the last fixture is played


class Competition(models.Model):
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=12, choices=Format.choices)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="competitions_organised"
    )
    visibility = visibility_field()
    status = models.CharField(
        max_length=10, choices=CompetitionStatus.choices, default=CompetitionStatus.OPEN
    )
    options = models.JSONField(default=dict, blank=True, help_text="The matches' options.")
    settings = models.JSONField(
        default=dict,
        blank=True,
        help_text="The format's settings: double, third_place, seeding, groups, qualifiers, "
        "rounds, days.",
    )
    points = models.CharField(max_length=8, default="3-1-0")
    tie_break = models.CharField(max_length=16, default="difference")
    discipline = models.BooleanField(default=False)
    seed = models.BigIntegerField(help_text="The seed of the draw's and the table's lots.")
    season = models.PositiveIntegerField(default=1)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_season"
    )
    standings = models.JSONField(
        default=dict, blank=True, help_text="The table, bracket, awards and champion as stored."
    )
    standings_tag = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [models.Index(fields=["visibility", "-created_at"], name="competition_public")]

    def __str__(self) -> str:
        return f"{self.name} ({self.season})"


class MemberStatus(Choices):
    INVITED = "invited"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    LEFT = "left"


class Member(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="competition_members"
    )
    team = team_link()
    status = models.CharField(
        max_length=8, choices=MemberStatus.choices, default=MemberStatus.INVITED
    )
    rating = models.FloatField(null=True, blank=True, help_text="The rating seeded by.")
    invited_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("competition_id", "id")
        constraints = [
            models.UniqueConstraint(fields=("competition", "user"), name="member_unique_user")
        ]
        indexes = [models.Index(fields=["user", "status"], name="member_user_status")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.competition_id} ({self.status})"


class FixtureStatus(Choices):
    SCHEDULED = "scheduled"
    PLAYING = "playing"
    PLAYED = "played"
    WALKOVER = "walkover"
    POSTPONED = "postponed"


class Stage(Choices):
    LEAGUE = "league"
    GROUP = "group"
    CUP = "cup"
    SWISS = "swiss", "Swiss"
    DAY = "day", "match day"


class Fixture(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="fixtures")
    stage = models.CharField(max_length=8, choices=Stage.choices)
    round = models.PositiveIntegerField()
    leg = models.PositiveSmallIntegerField(default=1)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    tie = models.PositiveIntegerField(null=True, blank=True, help_text="A cup's tie number.")
    home = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    away = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    seats = models.JSONField(
        default=list, blank=True, help_text="A match day's members, in their seats' order."
    )
    status = models.CharField(
        max_length=10, choices=FixtureStatus.choices, default=FixtureStatus.SCHEDULED
    )
    date = models.DateField(null=True, blank=True)
    match = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="fixture",
    )
    result = models.JSONField(
        null=True,
        blank=True,
        help_text="What the table reads of the match (or the walkover): scores, winner, "
        "discipline, scorers, places.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("competition_id", "round", "id")
        indexes = [models.Index(fields=["competition", "round"], name="fixture_round")]

    def __str__(self) -> str:
        return f"{self.competition_id} r{self.round}: {self.home_id} v {self.away_id}"
