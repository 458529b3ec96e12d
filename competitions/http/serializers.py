"""The shapes of the competitions API: what a phone sends and reads, and the words it reads
beside the table (what decided a place, the awards' titles)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from companion.api.query import MAX_ID
from competitions import tables
from competitions.models import (
    CompetitionStatus,
    FixtureStatus,
    Format,
    MemberStatus,
    Stage,
    Visibility,
)
from matches.engine import game_keys
from matches.fields import GameKeyField
from matches.http.serializers import OptionsField
from teams.models import Build, Team

User = get_user_model()


# --- words ----------------------------------------------------------------------------------

#: what decided a place in the table, in the reader's language
DECIDED_BY = {
    tables.GOAL_DIFFERENCE: gettext_lazy("decided by goal difference"),
    tables.GOALS_SCORED: gettext_lazy("decided by goals scored"),
    tables.H2H_POINTS: gettext_lazy("decided by the points between them"),
    tables.H2H_DIFFERENCE: gettext_lazy("decided by the goal difference between them"),
    tables.H2H_GOALS: gettext_lazy("decided by the goals between them"),
    tables.DISCIPLINE: gettext_lazy("decided by disciplinary points"),
    tables.LOT: gettext_lazy("decided by lot"),
    tables.SERIES_PLACES: gettext_lazy("decided by places"),
}
AWARD_NAMES = {
    "top_scorer": gettext_lazy("Top scorer"),
    "best_defence": gettext_lazy("Best defence"),
    "clean_sheets": gettext_lazy("Most clean sheets"),
    "unbeaten_run": gettext_lazy("Longest unbeaten run"),
    "best_score": gettext_lazy("Best score of a match day"),
    "fewest_passes": gettext_lazy("Fewest cards passed"),
}


# --- shapes ---------------------------------------------------------------------------------


class CompetitionSettings(serializers.Serializer):
    double = serializers.BooleanField(
        required=False, default=False, help_text="League, groups: a second leg, reversed."
    )
    third_place = serializers.BooleanField(
        required=False, default=False, help_text="Cup: a match for third place."
    )
    seeding = serializers.ChoiceField(
        choices=["random", "rating"],
        required=False,
        default="random",
        help_text="Cup, groups, Swiss: seeds by rating (the game's), or at random.",
    )
    groups = serializers.IntegerField(
        required=False, min_value=1, max_value=16, help_text="Groups, then a cup: how many."
    )
    qualifiers = serializers.IntegerField(
        required=False, min_value=1, max_value=4, help_text="Groups: how many of each go through."
    )
    rounds = serializers.IntegerField(
        required=False, min_value=1, max_value=30, help_text="Swiss: rounds (default log2)."
    )
    days = serializers.IntegerField(
        required=False, min_value=1, max_value=40, help_text="Series: match days."
    )


class CompetitionInput(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=[], help_text="The game's key (`GET /api/games/`).")
    format = serializers.ChoiceField(choices=Format.choices)
    options = OptionsField(
        required=False,
        default=dict,
        help_text="The matches' options (the game's `Options`); a cup's deciders are added.",
    )
    settings = CompetitionSettings(required=False)
    points = serializers.ChoiceField(
        choices=list(tables.POINTS_RULES), required=False, default="3-1-0"
    )
    tie_break = serializers.ChoiceField(
        choices=list(tables.ORDERS), required=False, default=tables.DIFFERENCE
    )
    discipline = serializers.BooleanField(
        required=False, default=False, help_text="Disciplinary points (cards) before lots."
    )
    visibility = serializers.ChoiceField(
        choices=Visibility.choices, required=False, default=Visibility.PUBLIC
    )
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"), required=False, allow_null=True
    )
    build = serializers.PrimaryKeyRelatedField(
        queryset=Build.objects.all(), required=False, allow_null=True
    )
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=2**62,
        help_text="The seed of the draw and of the table's lots (default: drawn at random); "
        "give one to draw as agreed beforehand.",
    )
    invite = serializers.SlugRelatedField(
        slug_field="username",
        queryset=User.objects.filter(is_active=True),
        many=True,
        required=False,
        default=list,
        help_text="Usernames asked to join.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, serializers.ChoiceField)
        game.choices = list(game_keys())

    def validate(self, attrs):
        if attrs.get("team") is not None and attrs.get("build") is not None:
            raise serializers.ValidationError(_("Bring a team or a build, only one."))
        return attrs


class MemberOutput(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.CharField(source="user.username")
    team = serializers.IntegerField(source="team_id", allow_null=True)
    team_name = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=MemberStatus.choices)

    def get_team_name(self, member) -> str | None:
        return member.team.name if member.team is not None else None


class CompetitionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Format.choices)
    status = serializers.ChoiceField(choices=CompetitionStatus.choices)
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    organiser = serializers.CharField(source="organiser.username")
    season = serializers.IntegerField()
    previous = serializers.IntegerField(source="previous_id", allow_null=True)
    next = serializers.SerializerMethodField()
    options = OptionsField()
    settings = CompetitionSettings()
    points = serializers.CharField()
    tie_break = serializers.CharField()
    discipline = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    drawn_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_next(self, competition) -> int | None:
        following = getattr(competition, "next_season", None)
        return following.pk if following is not None else None


class CompetitionDetailOutput(CompetitionOutput):
    members = MemberOutput(many=True, source="member_rows")


class CompetitionInvitationOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The membership to accept or decline.")
    competition = serializers.IntegerField(source="competition_id")
    name = serializers.CharField(source="competition.name")
    game = serializers.CharField(source="competition.game")
    format = serializers.ChoiceField(source="competition.format", choices=Format.choices)
    organiser = serializers.CharField(source="competition.organiser.username")
    status = serializers.ChoiceField(choices=MemberStatus.choices)


class InviteInput(serializers.Serializer):
    user = serializers.SlugRelatedField(
        slug_field="username", queryset=User.objects.filter(is_active=True)
    )


class JoinInput(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"), required=False, allow_null=True
    )
    build = serializers.PrimaryKeyRelatedField(
        queryset=Build.objects.all(), required=False, allow_null=True
    )

    def validate(self, attrs):
        if attrs.get("team") is not None and attrs.get("build") is not None:
            raise serializers.ValidationError(_("Bring a team or a build, only one."))
        return attrs


class DrawInput(serializers.Serializer):
    first_date = serializers.DateField(
        required=False, allow_null=True, help_text="The first round's date (rounds are dated)."
    )
    days_between = serializers.IntegerField(
        required=False, default=7, min_value=1, max_value=60, help_text="Days between rounds."
    )


class FixtureOutput(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    leg = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=Stage.choices)
    group = serializers.IntegerField(allow_null=True)
    tie = serializers.IntegerField(allow_null=True)
    home = serializers.IntegerField(source="home_id", allow_null=True)
    away = serializers.IntegerField(source="away_id", allow_null=True)
    seats = serializers.ListField(child=serializers.IntegerField())
    status = serializers.ChoiceField(choices=FixtureStatus.choices)
    date = serializers.DateField(allow_null=True)
    match = serializers.IntegerField(source="match_id", allow_null=True)
    scores = serializers.SerializerMethodField()
    walkover = serializers.SerializerMethodField()

    def get_scores(self, fixture) -> list[int] | None:
        return list(fixture.result["scores"]) if fixture.result else None

    def get_walkover(self, fixture) -> bool:
        return bool(fixture.result and fixture.result.get("walkover"))


class RoundOutput(serializers.Serializer):
    round = serializers.IntegerField()
    fixtures = FixtureOutput(many=True)


class FixturesOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    rounds = RoundOutput(many=True)


class FixturesQuery(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1, max_value=10_000)


class PlayInput(serializers.Serializer):
    present = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        allow_null=True,
        max_length=8,
        help_text="A match day: the members at the table, in seat order (default: all).",
    )


class PlayedMatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()


class PlayOutput(serializers.Serializer):
    fixture = FixtureOutput()
    match = PlayedMatchOutput()
    new = serializers.BooleanField(help_text="False: the fixture's match was open already.")


class WalkoverInput(serializers.Serializer):
    winner = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="A member's id.")


class PostponeInput(serializers.Serializer):
    date = serializers.DateField(required=False, allow_null=True, help_text="The new date.")


class TableRowOutput(serializers.Serializer):
    member = serializers.IntegerField()
    user = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    position = serializers.IntegerField()
    positions = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        help_text="The position after each round with results (a series: after each match "
        "day), the first round first and the last the `position` now, each by the table's "
        "own order: the chart of positions. Empty before the first result.",
    )
    played = serializers.IntegerField(required=False)
    won = serializers.IntegerField(required=False)
    drawn = serializers.IntegerField(required=False)
    lost = serializers.IntegerField(required=False)
    goals_for = serializers.IntegerField(required=False)
    goals_against = serializers.IntegerField(required=False)
    difference = serializers.IntegerField(required=False)
    points = serializers.IntegerField(required=False)
    form = serializers.ListField(child=serializers.ChoiceField(["W", "D", "L"]), required=False)
    discipline = serializers.IntegerField(required=False)
    days = serializers.IntegerField(required=False, help_text="A series: match days played.")
    score = serializers.IntegerField(required=False, help_text="A series: the scores summed.")
    places = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="A series: firsts, seconds…"
    )
    best = serializers.IntegerField(required=False, allow_null=True)
    previous_position = serializers.IntegerField(allow_null=True)
    change = serializers.IntegerField()
    decided_by = serializers.CharField(allow_null=True)
    decided_by_text = serializers.CharField(allow_null=True)


class GroupTableOutput(serializers.Serializer):
    group = serializers.IntegerField(allow_null=True)
    rows = TableRowOutput(many=True)


class AwardOutput(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    members = serializers.ListField(child=serializers.IntegerField())
    value = serializers.FloatField()
    player = serializers.CharField(allow_null=True)


class TableOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    format = serializers.ChoiceField(choices=Format.choices)
    tie_break = serializers.CharField()
    points = serializers.CharField()
    tables = GroupTableOutput(many=True)
    rounds = serializers.ListField(child=serializers.IntegerField())
    rounds_played = serializers.ListField(child=serializers.IntegerField())
    champion = serializers.IntegerField(allow_null=True)
    over = serializers.BooleanField()
    awards = AwardOutput(many=True)


class TieOutput(serializers.Serializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    third_place = serializers.BooleanField()
    bye = serializers.BooleanField()
    home = serializers.IntegerField(allow_null=True)
    away = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    fixtures = serializers.ListField(child=serializers.IntegerField())


class BracketMemberOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The member's id.")
    user = serializers.CharField()
    team = serializers.CharField(allow_null=True)


class BracketOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    members = BracketMemberOutput(many=True)
    ties = TieOutput(many=True)
    champion = serializers.IntegerField(allow_null=True)
    runner_up = serializers.IntegerField(allow_null=True)
    third = serializers.IntegerField(allow_null=True)


class ListQuery(serializers.Serializer):
    mine = serializers.BooleanField(
        required=False, default=False, help_text="Only those I organise, play in or am asked to."
    )
    game = GameKeyField(
        required=False,
        help_text="Only those of this game (a client that knows some games only reads those).",
    )


# --- views ----------------------------------------------------------------------------------
