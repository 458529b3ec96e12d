"""A manager's ratings: the history after each rated match, and as a chart."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from companion.api.routes import Routes
from matches.fields import GameKeyField
from matches.i18n import game_name
from stats import selectors
from stats.api.public import (
    SVG_RESPONSE,
    PublicListView,
    PublicPictureView,
    PublishedOutput,
    RequiredGameQuery,
    listed,
)
from stats.elo import START
from stats.models import RatingEntry
from stats.svg import rating_chart_svg

routes = Routes()


class RatingEntryOutput(PublishedOutput):
    match = serializers.IntegerField(source="match_id")
    finished_at = serializers.DateTimeField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()


@routes.at("stats/managers/<str:username>/ratings/", name="stats-manager-ratings")
@listed(
    "stats_manager_ratings",
    "A manager's rating after each rated match, newest first.",
    rows_of=RatingEntry,
    query=RequiredGameQuery,
    output=RatingEntryOutput,
)
class RatingHistoryView(PublicListView):
    ordering = ("-finished_at", "-id")

    def rows(self, params):
        return selectors.rating_history(
            game=params["game"], user=self.manager, reader=self.request.user
        )


@routes.at("stats/managers/<str:username>/rating.svg", name="stats-manager-rating-chart")
class RatingChartView(PublicPictureView):
    class Query(serializers.Serializer):
        game = GameKeyField()

    query_serializer = Query

    @extend_schema(
        operation_id="stats_manager_rating_chart",
        responses=SVG_RESPONSE,
        summary="A manager's rating history as an SVG line chart.",
    )
    def get(self, request, username: str):
        user = self.manager
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
        return self.picture(rating_chart_svg(title, ratings, dates))
