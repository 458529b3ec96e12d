"""Team card endpoints: the list, one card, and the card as a picture."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from companion.api.routes import Routes
from matches.fields import GameKeyField
from stats import selectors
from stats.api.public import (
    SVG_RESPONSE,
    PublicListView,
    PublicPictureView,
    PublicView,
    PublishedOutput,
    UsernameField,
    listed,
    page_fields,
    record_fields,
)
from stats.models import TeamCard
from stats.svg import team_card_svg
from teams.selectors import team_card_drawing

routes = Routes()


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


_COUNT = {"type": "integer", "minimum": 0}


@extend_schema_field(
    {
        "type": "object",
        "description": "Strength of each formation line, by the line's name (Hat-Trick: a "
        "role; TriXKick: a kind of piece or a region of the board).",
        "additionalProperties": {
            "type": "object",
            "properties": {
                "players": {**_COUNT, "description": "Players or pieces in the line."},
                "attack": {**_COUNT, "description": "Hat-Trick: their attack values."},
                "defence": {**_COUNT, "description": "Hat-Trick: their defence values."},
                "symbols": {**_COUNT, "description": "TriXKick: their symbols."},
            },
            "required": ["players"],
        },
    }
)
class LinesField(serializers.JSONField):
    """A team card's lines, as the engines' stats give them (``lines`` of their extractors)."""


class TeamCardOutput(PublishedOutput):
    key = serializers.CharField()
    game = serializers.CharField()
    team_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    manager = serializers.CharField(source="user.username", allow_null=True, default=None)
    played, won, drawn, lost, goals_for, goals_against = record_fields()
    form = serializers.CharField(help_text="Last five results, oldest first (W/D/L).")
    top_scorer = TopScorerField(allow_null=True)
    lines = LinesField()
    rating = serializers.FloatField()
    style = serializers.CharField()
    last_played_at = serializers.DateTimeField(allow_null=True)
    card_svg = serializers.SerializerMethodField()

    def get_card_svg(self, obj) -> str:
        return f"/api/stats/teams/{obj.key}/card.svg"


class TeamQuery(serializers.Serializer):
    SORTS = {"newest": ("-created_at", "-id"), "rating": ("-rating", "-id")}
    game = GameKeyField(required=False)
    manager = UsernameField(required=False)
    sort = serializers.ChoiceField(choices=list(SORTS), default="newest")
    cursor, page_size = page_fields()

    def validate(self, attrs):
        if attrs["sort"] == "rating" and not attrs.get("game"):
            raise serializers.ValidationError({"sort": _("Sorting by rating needs a game.")})
        return attrs


@routes.at("stats/teams/", name="stats-team-cards")
@listed(
    "stats_team_cards",
    "Team cards, newest first or by rating.",
    rows_of=TeamCard,
    query=TeamQuery,
    output=TeamCardOutput,
)
class TeamCardListView(PublicListView):
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
class TeamCardSvgView(PublicPictureView):
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
        return self.picture(team_card_svg(card, lineup=lineup, line_words=line_words))
