"""The stats API: public reads of manager stats, leaderboards, head-to-head, player stats,
team cards (JSON and SVG) and rating charts. Bad query parameters are 400 in the error shape."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.pagination import SortedCursorPagination
from companion.api.query import validated_query
from companion.api.renderers import SvgRenderer
from companion.api.routes import Routes
from matches.engine import game_keys
from matches.fields import GameKeyField
from matches.i18n import game_name
from matches.models import Match, Visibility
from matches.schema import GAME, ref
from stats import selectors
from stats.elo import START
from stats.models import ManagerStats, PlayerStats, RatingEntry, TeamCard
from stats.svg import rating_chart_svg, team_card_svg
from teams.selectors import team_card_drawing

routes = Routes()


class PublicView(APIView):
    permission_classes = [AllowAny]
    query_serializer: type[serializers.Serializer] | None = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        # the path's game and manager: 404 when there is no such game or manager
        if "game" in kwargs:
            _game_or_404(kwargs["game"])
        if "username" in kwargs:
            self.manager = _user_or_404(kwargs["username"])

    def query(self, request) -> dict[str, Any]:
        # text filters (manager, team, player) sent empty mean "not filtered", as documented
        return validated_query(self.query_serializer, request, text_may_be_empty=True)


class PublicListView(PublicView, ListAPIView):
    # A public list in the order ``?sort=`` picks from the query serializer's ``SORTS``
    # (``rows(params)`` is the query; ``ordering`` the fixed order of a list without ``sort``).

    pagination_class = SortedCursorPagination

    def rows(self, params: dict[str, Any]):
        raise NotImplementedError

    def get_queryset(self):
        params = self.query(self.request)
        if "sort" in params:
            self.ordering = self.query_serializer.SORTS[params["sort"]]
        return self.rows(params)


def _game_or_404(game: str) -> str:
    if game not in game_keys():
        raise Http404
    return game


def _user_or_404(username: str):
    user = selectors.user_by_username(username)
    if user is None:
        raise Http404
    return user


class UsernameField(serializers.CharField):
    def to_internal_value(self, data):
        username = super().to_internal_value(data)
        self.run_validators(username)  # e.g. no NUL character, before it reaches the database
        user = selectors.user_by_username(username)
        if user is None:
            raise serializers.ValidationError(
                _("There is no manager called “{username}”.").format(username=username)
            )
        return user


# --- output serializers -----------------------------------------------------------------------
# Each keeps the name its schema component was published with (``...Out``, API 1.0).


@extend_schema_serializer(component_name="ManagerStatsOut")
class ManagerStatsOutput(serializers.Serializer):
    game = serializers.CharField()
    manager = serializers.CharField(source="user.username")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
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


@extend_schema_serializer(component_name="HeadToHeadRecordOut")
class HeadToHeadRecordOutput(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    last_played_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="HeadToHeadOut")
class HeadToHeadOutput(serializers.Serializer):
    game = serializers.CharField()
    manager = serializers.CharField()
    opponent = serializers.CharField()
    record = HeadToHeadRecordOutput(help_text="From the manager's side; zeros if never met.")
    rivals = serializers.BooleanField(help_text="Met at least three times.")


@extend_schema_serializer(component_name="RatingEntryOut")
class RatingEntryOutput(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    finished_at = serializers.DateTimeField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()


@extend_schema_serializer(component_name="PlayerStatsOut")
class PlayerStatsOutput(serializers.Serializer):
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


@extend_schema_serializer(component_name="PlayerMatchOut")
class PlayerMatchOutput(serializers.Serializer):
    position = serializers.IntegerField()
    team_key = serializers.CharField()
    player = serializers.CharField()
    goals = serializers.IntegerField()
    counters = serializers.DictField(child=serializers.IntegerField())
    detail = serializers.DictField(help_text="e.g. Amigo: game_scores, match_total, best_game.")


@extend_schema_field(
    {
        "type": "object",
        "description": "The team's top scorer (most goals, then fewest appearances), if any.",
        "properties": {
            "player": {"type": "string"},
            "goals": {"type": "integer"},
            "appearances": {"type": "integer"},
        },
        "required": ["player", "goals", "appearances"],
    }
)
class TopScorerField(serializers.JSONField):
    pass


@extend_schema_serializer(component_name="TeamCardOut")
class TeamCardOutput(serializers.Serializer):
    key = serializers.CharField()
    game = serializers.CharField()
    team_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    manager = serializers.CharField(source="user.username", allow_null=True, default=None)
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    form = serializers.CharField(help_text="Last five results, oldest first (W/D/L).")
    top_scorer = TopScorerField(allow_null=True)
    lines = serializers.JSONField(help_text="Strength of each formation line.")
    rating = serializers.FloatField()
    style = serializers.CharField()
    last_played_at = serializers.DateTimeField(allow_null=True)
    card_svg = serializers.SerializerMethodField()

    def get_card_svg(self, obj) -> str:
        return f"/api/stats/teams/{obj.key}/card.svg"


# --- query serializers ------------------------------------------------------------------------


class LeaderboardQuery(serializers.Serializer):
    SORTS = {
        "rating": ("-rating", "-id"),
        "win_rate": ("-win_rate", "-id"),
        "played": ("-played", "-id"),
        "won": ("-won", "-id"),
    }
    sort = serializers.ChoiceField(choices=list(SORTS), default="rating")
    min_played = serializers.IntegerField(min_value=0, max_value=100000, default=0)
    cursor = serializers.CharField(required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class GameQuery(serializers.Serializer):
    game = GameKeyField(required=False)


class RequiredGameQuery(serializers.Serializer):
    game = GameKeyField()
    cursor = serializers.CharField(required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class HeadToHeadQuery(serializers.Serializer):
    game = GameKeyField()
    manager = UsernameField()
    opponent = UsernameField()

    def validate(self, attrs):
        if attrs["manager"] == attrs["opponent"]:
            raise serializers.ValidationError({"opponent": _("Pick two different managers.")})
        return attrs


class PlayerQuery(serializers.Serializer):
    SORTS = {"goals": ("-goals", "-id"), "appearances": ("-appearances", "-id")}
    team = serializers.CharField(required=False, max_length=64)
    manager = UsernameField(required=False)
    player = serializers.CharField(required=False, max_length=32)
    sort = serializers.ChoiceField(choices=list(SORTS), default="goals")
    cursor = serializers.CharField(required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)

    def validate(self, attrs):
        if attrs.get("team") and attrs.get("manager"):
            raise serializers.ValidationError(_("Filter by team or by manager, not both."))
        return attrs


class TeamQuery(serializers.Serializer):
    SORTS = {"newest": ("-created_at", "-id"), "rating": ("-rating", "-id")}
    game = GameKeyField(required=False)
    manager = UsernameField(required=False)
    sort = serializers.ChoiceField(choices=list(SORTS), default="newest")
    cursor = serializers.CharField(required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)

    def validate(self, attrs):
        if attrs["sort"] == "rating" and not attrs.get("game"):
            raise serializers.ValidationError({"sort": _("Sorting by rating needs a game.")})
        return attrs


def _params(serializer: type[serializers.Serializer]) -> list[OpenApiParameter]:
    """The query serializer's fields as parameters, with the bounds the server checks."""
    out = []
    for name, fld in serializer().fields.items():
        kind = OpenApiTypes.INT if isinstance(fld, serializers.IntegerField) else OpenApiTypes.STR
        if isinstance(fld, serializers.IntegerField):
            bounds = {"minimum": fld.min_value, "maximum": fld.max_value}
            kind = {"type": "integer", **{k: v for k, v in bounds.items() if v is not None}}
        elif fld.required and not getattr(fld, "allow_blank", True):
            kind = {"type": "string", "minLength": 1}  # required text cannot be empty
        enum = list(fld.choices) if isinstance(fld, serializers.ChoiceField) else None
        if isinstance(fld, GameKeyField):  # the one enum of the games registered when asked
            kind, enum = ref(GAME), None
        out.append(
            OpenApiParameter(name, kind, OpenApiParameter.QUERY, required=fld.required, enum=enum)
        )
    return out


SVG_RESPONSE = {(200, "image/svg+xml"): OpenApiTypes.STR}


def _listed(operation_id: str, summary: str):
    """The schema of a public list's GET: its query serializer's fields as its parameters."""

    def decorate(view: type[PublicListView]) -> type[PublicListView]:
        return extend_schema_view(
            get=extend_schema(
                operation_id=operation_id,
                parameters=_params(view.query_serializer),
                summary=summary,
            )
        )(view)

    return decorate


# --- views ------------------------------------------------------------------------------------


@routes.at("stats/games/<str:game>/leaderboard/", name="stats-leaderboard")
@_listed("stats_leaderboard", "Managers of a game, best first (rating, win_rate, played or won).")
class LeaderboardView(PublicListView):
    queryset = ManagerStats.objects.none()  # the rows' model, for the schema
    query_serializer = LeaderboardQuery
    serializer_class = ManagerStatsOutput

    def rows(self, params):
        return selectors.leaderboard(game=self.kwargs["game"], min_played=params["min_played"])


@routes.at("stats/managers/<str:username>/", name="stats-manager")
class ManagerStatsView(PublicView):
    query_serializer = GameQuery

    @extend_schema(
        operation_id="stats_manager",
        parameters=_params(GameQuery),
        responses=ManagerStatsOutput(many=True),
        summary="A manager's stats, one entry per game played.",
    )
    def get(self, request, username: str):
        user = self.manager
        params = self.query(request)
        rows = selectors.manager_stats_list(user=user, game=params.get("game")).order_by("game")
        return Response(ManagerStatsOutput(rows, many=True).data)


@routes.at("stats/managers/<str:username>/ratings/", name="stats-manager-ratings")
@_listed("stats_manager_ratings", "A manager's rating after each rated match, newest first.")
class RatingHistoryView(PublicListView):
    queryset = RatingEntry.objects.none()  # the rows' model, for the schema
    query_serializer = RequiredGameQuery
    serializer_class = RatingEntryOutput
    ordering = ("-finished_at", "-id")

    def rows(self, params):
        return selectors.rating_history(
            game=params["game"], user=self.manager, reader=self.request.user
        )


@routes.at("stats/managers/<str:username>/rating.svg", name="stats-manager-rating-chart")
class RatingChartView(PublicView):
    query_serializer = GameQuery
    renderer_classes = [JSONRenderer, SvgRenderer]

    class Query(serializers.Serializer):
        game = GameKeyField()

    @extend_schema(
        operation_id="stats_manager_rating_chart",
        parameters=_params(Query),
        responses=SVG_RESPONSE,
        summary="A manager's rating history as an SVG line chart.",
    )
    def get(self, request, username: str):
        user = self.manager
        self.query_serializer = self.Query
        game = self.query(request)["game"]
        history = list(
            selectors.rating_history(game=game, user=user, reader=request.user)
            .order_by("finished_at", "match_id")
            .values_list("rating_after", "finished_at")
        )
        ratings = [rating for rating, _when in history]
        dates = [when for _rating, when in history]
        title = _("{user} — {game} rating (start {start})").format(
            user=user.username, game=game_name(game), start=f"{START:.0f}"
        )
        svg = rating_chart_svg(title, ratings, dates)
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


@routes.at("stats/head-to-head/", name="stats-head-to-head")
class HeadToHeadView(PublicView):
    query_serializer = HeadToHeadQuery

    @extend_schema(
        operation_id="stats_head_to_head",
        parameters=_params(HeadToHeadQuery),
        responses=HeadToHeadOutput,
        summary="Two managers' record against each other in one game.",
    )
    def get(self, request):
        params = self.query(request)
        record = selectors.head_to_head(
            game=params["game"], user=params["manager"], opponent=params["opponent"]
        )
        empty = {
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
            "goals_for": 0,
            "goals_against": 0,
            "last_played_at": None,
        }
        body = {
            "game": params["game"],
            "manager": params["manager"].username,
            "opponent": params["opponent"].username,
            "record": record or empty,
            "rivals": bool(record and record.played >= 3),
        }
        return Response(HeadToHeadOutput(body).data)


@routes.at("stats/games/<str:game>/players/", name="stats-players")
@_listed("stats_players", "Footballers' (pieces', persons') totals per team or per manager.")
class PlayerStatsView(PublicListView):
    queryset = PlayerStats.objects.none()  # the rows' model, for the schema
    query_serializer = PlayerQuery
    serializer_class = PlayerStatsOutput

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
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise Http404
        if match.visibility != Visibility.PUBLIC and not (
            request.user.is_authenticated
            and (
                match.created_by_id == request.user.pk
                or match.sides.filter(user=request.user).exists()
            )
        ):
            raise Http404
        rows = selectors.match_player_lines(match=match)
        return Response(PlayerMatchOutput(rows, many=True).data)


@routes.at("stats/teams/", name="stats-team-cards")
@_listed("stats_team_cards", "Team cards, newest first or by rating.")
class TeamCardListView(PublicListView):
    queryset = TeamCard.objects.none()  # the rows' model, for the schema
    query_serializer = TeamQuery
    serializer_class = TeamCardOutput

    def rows(self, params):
        return selectors.team_card_list(game=params.get("game"), user=params.get("manager"))


@routes.at("stats/teams/<str:key>/", name="stats-team-card")
class TeamCardView(PublicView):
    @extend_schema(operation_id="stats_team_card", responses=TeamCardOutput, summary="A team card.")
    def get(self, request, key: str):
        card = selectors.team_card_get(key=key)
        if card is None:
            raise Http404
        return Response(TeamCardOutput(card).data)


@routes.at("stats/teams/<str:key>/card.svg", name="stats-team-svg")
class TeamCardSvgView(PublicView):
    renderer_classes = [JSONRenderer, SvgRenderer]

    @extend_schema(
        operation_id="stats_team_card_svg",
        responses=SVG_RESPONSE,
        summary="A team card as an SVG image.",
    )
    def get(self, request, key: str):
        card = selectors.team_card_get(key=key)
        if card is None:
            raise Http404
        # its players line by line, as the game's team facet draws them
        lineup, line_words = team_card_drawing(
            game=card.game, team_id=card.team_id, lines=card.lines or {}
        )
        return HttpResponse(
            team_card_svg(card, lineup=lineup, line_words=line_words),
            content_type="image/svg+xml; charset=utf-8",
        )
