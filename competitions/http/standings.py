"""HTTP endpoints of a competition's table and bracket, each with an ``ETag``
(docs/competitions.md, "The API")."""

from __future__ import annotations

from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.views import APIView

from companion.api.routes import Routes
from companion.openapi import ETAG, IF_NONE_MATCH, NOT_MODIFIED
from competitions.http.answers import (
    bracket_answer,
    bracket_parts,
    readable,
    stored_answer,
    table_answer,
    table_parts,
)
from competitions.http.errors import NOT_FOUND
from competitions.http.serializers import BracketOutput, TableOutput

routes = Routes()


@routes.at("competitions/<int:pk>/table/", name="competition-table")
class CompetitionTableView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The table (a table per group), the champion and the awards",
        description="Rebuilt by a job when a match of the competition ends or is undone; "
        "`decided_by` names the tie-break that put a member above the next. Answers with an "
        "`ETag`: send it back in `If-None-Match` for 304 until the table changes. "
        "`GET stream/` sends the table again each time it changes.",
        parameters=[IF_NONE_MATCH, ETAG],
        responses={200: TableOutput, 304: NOT_MODIFIED, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        competition = readable(request, pk)
        parts = table_parts(competition, get_language())
        return stored_answer(request, parts, lambda: table_answer(competition))


@routes.at("competitions/<int:pk>/bracket/", name="competition-bracket")
class CompetitionBracketView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The cup's bracket (no ties before the cup is drawn, or in a league)",
        parameters=[IF_NONE_MATCH, ETAG],
        responses={200: BracketOutput, 304: NOT_MODIFIED, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        competition = readable(request, pk)
        return stored_answer(
            request, bracket_parts(competition), lambda: bracket_answer(competition)
        )
