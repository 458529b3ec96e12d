"""``GET /api/matches/{id}/report/`` (and ``report.svg``, ``report.png``): a finished match's
report, for whoever may read the match (a private one is 404 to everyone else); its public
page is ``stats.pages``. docs/api.md, "Match reports"."""

from __future__ import annotations

import hashlib
import json

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.conditional import cached_answer
from companion.api.renderers import PngRenderer, SvgRenderer
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.openapi import ETAG, IF_NONE_MATCH, NOT_MODIFIED, error_response
from matches.fields import GameKeyField
from matches.guests.authentication import GuestWelcome
from matches.http import reading
from matches.http.responses import NOT_FOUND
from matches.models import Match, Visibility
from stats import report as reports
from stats.report_svg import report_png, report_svg

routes = Routes()

REFUSALS = {
    **NOT_FOUND,
    409: error_response("The match is not finished: no report yet.", ["match_not_finished"]),
}


def _enum(*values: str, nullable: bool = False):
    schema: dict = {"type": "string", "enum": list(values)}
    if nullable:
        schema = {**schema, "nullable": True, "enum": [*values, None]}
    return extend_schema_field(schema)


@_enum("goal", "yellow_card", "red_card")
class TimelineKind(serializers.CharField):
    pass


@_enum("chance", "save", "comeback")
class MomentKind(serializers.CharField):
    pass


class ReportSide(serializers.Serializer):
    side = serializers.IntegerField()
    name = serializers.CharField()
    user = serializers.CharField(allow_null=True, help_text="The linked manager (null: a guest).")
    score = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True, help_text="`win`, `draw` or `loss`.")


class TimelineEntry(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The event of the log it happened in.")
    kind = TimelineKind()
    side = serializers.IntegerField(allow_null=True)
    player = serializers.CharField(allow_null=True, help_text="Who: the scorer, the booked.")
    text = serializers.CharField(help_text="What happened, in the engine's words.")


class Moment(serializers.Serializer):
    seq = serializers.IntegerField(allow_null=True, help_text="Its event (null: the whole match).")
    kind = MomentKind()
    side = serializers.IntegerField(allow_null=True)
    player = serializers.CharField(allow_null=True)
    text = serializers.CharField()


class RatingChange(serializers.Serializer):
    side = serializers.IntegerField()
    user = serializers.CharField()
    before = serializers.FloatField()
    after = serializers.FloatField()
    change = serializers.FloatField()


class AmigoTable(serializers.Serializer):
    games = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Each game's points, one per side.",
    )
    totals = serializers.ListField(child=serializers.IntegerField())


class ReportOutput(serializers.Serializer):
    match = serializers.IntegerField()
    game = GameKeyField()
    game_name = serializers.CharField()
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    finished_at = serializers.DateTimeField()
    title = serializers.CharField(help_text="The sides' names.")
    score_line = serializers.CharField(
        help_text="The score in words: `2:1`, `2:2 after extra time`, `… 4:3 on penalties`."
    )
    termination = serializers.CharField(
        allow_null=True, help_text="How it ended: the game's outcome `termination`."
    )
    shootout = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The shoot-out's goals per side, where one was played.",
    )
    sides = ReportSide(many=True)
    timeline = TimelineEntry(many=True, help_text="Goals and cards, in order (not the shoot-out).")
    moments = Moment(many=True, help_text="A comeback, the chances a keeper stopped, the saves.")
    ratings = RatingChange(many=True, help_text="Each manager's rating change (public matches).")
    table = AmigoTable(allow_null=True, help_text="Amigo Hattrick: the table of its games.")
    image = serializers.CharField(help_text="The report as a PNG of 1200×630.")
    page = serializers.CharField(
        allow_null=True, help_text="The public report page (null: a private match has none)."
    )


def finished_report(request, pk: int) -> tuple[Match, dict]:
    """The match (readable by the reader) and its report; 409 before it is finished."""
    match = reading.readable_match(request, pk)
    if not reports.report_ready(match):
        raise DomainError(
            "match_not_finished",
            _("The match is not finished: its report comes when it ends."),
        )
    report = reports.match_report(match)
    report["image"] = f"/api/matches/{match.pk}/report.png"
    public = match.visibility == Visibility.PUBLIC
    report["page"] = f"/matches/{match.pk}/report/" if public else None
    return match, report


def _digest(report: dict) -> str:
    return hashlib.sha256(json.dumps(report, sort_keys=True, default=str).encode()).hexdigest()


@routes.at("matches/<int:pk>/report/", name="match-report")
class MatchReportView(GuestWelcome, APIView):
    @extend_schema(summary="A finished match's report", responses={200: ReportOutput, **REFUSALS})
    def get(self, request, pk: int):
        _match, report = finished_report(request, pk)
        return Response(ReportOutput(report).data)


class _ReportPicture(GuestWelcome, APIView):
    # the report as a picture, cached under its contents and language; errors are JSON

    kind = ""
    content_type = ""

    def build(self, report: dict):
        raise NotImplementedError

    def get(self, request, pk: int):
        match, report = finished_report(request, pk)
        return cached_answer(
            request,
            parts=(self.kind, str(match.uid), get_language(), _digest(report)),
            build=lambda: self.build(report),
            content_type=self.content_type,
            keep=True,
        )


def _picture_schema(summary: str, media_type: str, operation_id: str):
    return extend_schema(
        operation_id=operation_id,
        summary=summary,
        parameters=[IF_NONE_MATCH, ETAG],
        responses={(200, media_type): OpenApiTypes.BINARY if "png" in media_type else
                   OpenApiTypes.STR, 304: NOT_MODIFIED, **REFUSALS},
    )  # fmt: skip


@routes.at("matches/<int:pk>/report.svg", name="match-report-svg")
class MatchReportSvgView(_ReportPicture):
    renderer_classes = [JSONRenderer, SvgRenderer]
    kind, content_type = "report-svg", "image/svg+xml; charset=utf-8"

    def build(self, report: dict):
        return report_svg(report)

    @_picture_schema("The report as an SVG card of 1200×630", "image/svg+xml", "matches_report_svg")
    def get(self, request, pk: int):
        return super().get(request, pk)


@routes.at("matches/<int:pk>/report.png", name="match-report-png")
class MatchReportPngView(_ReportPicture):
    renderer_classes = [JSONRenderer, PngRenderer]
    kind, content_type = "report-png", "image/png"

    def build(self, report: dict):
        return report_png(report_svg(report))

    @_picture_schema(
        "The report as a PNG of 1200×630 (rendered from the SVG card): a link's preview",
        "image/png",
        "matches_report_png",
    )
    def get(self, request, pk: int):
        return super().get(request, pk)
