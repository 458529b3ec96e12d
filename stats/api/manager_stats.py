"""Managers' stats endpoints: a game's leaderboard, a manager's stats, two managers'
head-to-head."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from companion.api.routes import Routes
from matches.fields import GameKeyField
from stats import selectors
from stats.api.public import (
    GameQuery,
    PublicListView,
    PublicView,
    PublishedOutput,
    UsernameField,
    listed,
    page_fields,
    record_fields,
)
from stats.models import ManagerStats

routes = Routes()


class ManagerStatsOutput(PublishedOutput):
    game = serializers.CharField()
    manager = serializers.CharField(source="user.username")
    played, won, drawn, lost, goals_for, goals_against = record_fields()
    win_rate = serializers.FloatField()
    current_streak = serializers.CharField()
    best_win_streak = serializers.IntegerField()
    best_unbeaten_streak = serializers.IntegerField()
    rating = serializers.FloatField()
    best_rating = serializers.FloatField()
    rated_matches = serializers.IntegerField()
    rival = serializers.CharField(source="rival.username", allow_null=True, default=None)
    nemesis = serializers.CharField(source="nemesis.username", allow_null=True, default=None)
    last_played_at = serializers.DateTimeField(allow_null=True)


class HeadToHeadRecordOutput(PublishedOutput):
    played, won, drawn, lost, goals_for, goals_against = record_fields()
    last_played_at = serializers.DateTimeField(allow_null=True)


class HeadToHeadOutput(PublishedOutput):
    game = serializers.CharField()
    manager = serializers.CharField()
    opponent = serializers.CharField()
    record = HeadToHeadRecordOutput(help_text="From the manager's side; zeros if never met.")
    rivals = serializers.BooleanField(help_text="Met at least three times.")


class LeaderboardQuery(serializers.Serializer):
    SORTS = {
        "rating": ("-rating", "-id"),
        "win_rate": ("-win_rate", "-id"),
        "played": ("-played", "-id"),
        "won": ("-won", "-id"),
    }
    sort = serializers.ChoiceField(choices=list(SORTS), default="rating")
    min_played = serializers.IntegerField(min_value=0, max_value=100000, default=0)
    cursor, page_size = page_fields()


class HeadToHeadQuery(serializers.Serializer):
    game = GameKeyField()
    manager = UsernameField()
    opponent = UsernameField()

    def validate(self, attrs):
        if attrs["manager"] == attrs["opponent"]:
            raise serializers.ValidationError({"opponent": _("Pick two different managers.")})
        return attrs


@routes.at("stats/games/<str:game>/leaderboard/", name="stats-leaderboard")
@listed(
    "stats_leaderboard",
    "Managers of a game, best first (rating, win_rate, played or won).",
    rows_of=ManagerStats,
    query=LeaderboardQuery,
    output=ManagerStatsOutput,
)
class LeaderboardView(PublicListView):
    def rows(self, params):
        return selectors.leaderboard(game=self.kwargs["game"], min_played=params["min_played"])


@routes.at("stats/managers/<str:username>/", name="stats-manager")
class ManagerStatsView(PublicView):
    query_serializer = GameQuery

    @extend_schema(
        operation_id="stats_manager",
        responses=ManagerStatsOutput(many=True),
        summary="A manager's stats, one entry per game played.",
    )
    def get(self, request, username: str):
        user = self.manager
        params = self.query(request)
        rows = selectors.manager_stats_list(user=user, game=params.get("game")).order_by("game")
        return Response(ManagerStatsOutput(rows, many=True).data)


@routes.at("stats/head-to-head/", name="stats-head-to-head")
class HeadToHeadView(PublicView):
    query_serializer = HeadToHeadQuery

    @extend_schema(
        operation_id="stats_head_to_head",
        responses=HeadToHeadOutput,
        summary="Two managers' record against each other in one game.",
    )
    def get(self, request):
        params = self.query(request)
        record = selectors.head_to_head(
            game=params["game"], user=params["manager"], opponent=params["opponent"]
        )
        empty = {**dict.fromkeys(HeadToHeadRecordOutput().fields, 0), "last_played_at": None}
        body = {
            "game": params["game"],
            "manager": params["manager"].username,
            "opponent": params["opponent"].username,
            "record": record or empty,
            "rivals": bool(record and record.played >= 3),
        }
        return Response(HeadToHeadOutput(body).data)
