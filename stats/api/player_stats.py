"""Player stats endpoints: footballers' (pieces', persons') totals, and one match's lines."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from companion.api.routes import Routes
from stats import selectors
from stats.api.public import (
    PublicListView,
    PublicView,
    PublishedOutput,
    UsernameField,
    listed,
    page_fields,
)
from stats.models import PlayerStats

routes = Routes()


class PlayerStatsOutput(PublishedOutput):
    game = serializers.CharField()
    scope = serializers.CharField(help_text="team or manager")
    scope_key = serializers.CharField(help_text="Team key, or the manager's user id.")
    player = serializers.CharField(help_text="Shirt number, piece id, or 'person' (Amigo).")
    appearances = serializers.IntegerField()
    goals = serializers.IntegerField()
    shots = serializers.SerializerMethodField()
    conversion = serializers.SerializerMethodField()
    counters = serializers.DictField(child=serializers.IntegerField())

    def get_shots(self, obj) -> int:
        return int(obj.counters.get("shots", 0))

    def get_conversion(self, obj) -> float | None:
        shots = obj.counters.get("shots", 0)
        return round(obj.goals / shots, 4) if shots else None


@extend_schema_field(
    {
        "type": "object",
        "description": "A game's own facts of the player in the match (only Amigo Hattrick "
        "has any so far; empty for the others).",
        "properties": {
            "game_scores": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Amigo Hattrick: the points of each game of the match.",
            },
            "match_total": {"type": "integer", "description": "Amigo Hattrick: the total."},
            "best_game": {
                "type": "integer",
                "nullable": True,
                "description": "Amigo Hattrick: the best game's points (null: no game).",
            },
        },
    }
)
class PlayerDetailField(serializers.DictField):
    """The game's own facts of a player in a match (``stats.rows``: the engines' stats)."""


class PlayerMatchOutput(PublishedOutput):
    position = serializers.IntegerField()
    team_key = serializers.CharField()
    player = serializers.CharField()
    goals = serializers.IntegerField()
    counters = serializers.DictField(child=serializers.IntegerField())
    detail = PlayerDetailField()


class PlayerQuery(serializers.Serializer):
    SORTS = {"goals": ("-goals", "-id"), "appearances": ("-appearances", "-id")}
    team = serializers.CharField(required=False, max_length=64)
    manager = UsernameField(required=False)
    player = serializers.CharField(required=False, max_length=32)
    sort = serializers.ChoiceField(choices=list(SORTS), default="goals")
    cursor, page_size = page_fields()

    def validate(self, attrs):
        if attrs.get("team") and attrs.get("manager"):
            raise serializers.ValidationError(_("Filter by team or by manager, not both."))
        return attrs


@routes.at("stats/games/<str:game>/players/", name="stats-players")
@listed(
    "stats_players",
    "Footballers' (pieces', persons') totals per team or per manager.",
    rows_of=PlayerStats,
    query=PlayerQuery,
    output=PlayerStatsOutput,
)
class PlayerStatsView(PublicListView):
    def rows(self, params):
        return selectors.player_stats_list(
            game=self.kwargs["game"],
            team=params.get("team"),
            user=params.get("manager"),
            player=params.get("player"),
        )


@routes.at("stats/matches/<int:match_id>/players/", name="stats-match-players")
class MatchPlayersView(PublicView):
    @extend_schema(
        operation_id="stats_match_players",
        responses=PlayerMatchOutput(many=True),
        summary="Per-player lines of one finished match (Amigo: each person's game scores).",
    )
    def get(self, request, match_id: int):
        match = selectors.match_seen_by(match_id, request.user)
        if match is None:
            raise Http404
        rows = selectors.match_player_lines(match=match)
        return Response(PlayerMatchOutput(rows, many=True).data)
