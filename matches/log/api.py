"""HTTP endpoints of the match log: one class per operation, thin, calling services/selectors."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.exceptions import ParseError
from rest_framework.generics import ListAPIView
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from companion.api.conditional import cached_answer, conditional
from companion.api.idempotency import idempotent
from companion.api.pagination import CursorPagination
from companion.api.parsers import JSONParser, read_body
from companion.api.query import validated_body, validated_query
from companion.api.ratelimit import ScopedRateThrottle
from companion.api.renderers import PlainTextRenderer, SvgRenderer
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.openapi import ETAG, IDEMPOTENCY_KEY, IF_NONE_MATCH, NOT_MODIFIED, error_response
from matches import errors
from matches.engine import games
from matches.engine.base import view_svg
from matches.guests.authentication import GuestWelcome
from matches.http import reading, serializers
from matches.http.filters import MatchHistoryFilter
from matches.http.responses import (
    APPEND_ERRORS,
    COMMAND_ERRORS,
    CREATE_ERRORS,
    IMPORT_ERRORS,
    NOT_FOUND,
    SEQ_QUERY,
)
from matches.log import answers, selectors, services
from matches.models import Match, MatchEvent, MatchStatus
from teams.models import Edition

routes = Routes()


class PlainTextParser(BaseParser):
    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        return {"text": read_body(stream).decode("utf-8", errors="replace")}


def _opening(request, open_match, *, full: bool) -> Response:
    """A write that opens a match (create, import), under the request's Idempotency-Key: the
    answer is the whole new match (and its state, when ``?include=state`` asked)."""
    return idempotent(
        request, lambda: answers.write_response(request, open_match(), full=full, new_match=True)
    )


def _invitees_once(user, sides) -> None:
    """A request that names one manager on two sides contradicts itself: 400 ``already_invited``
    (the code a service answers as a conflict when the manager is invited already)."""
    invitees = [side["user"].pk for side in sides if side.get("user") not in (None, user)]
    if len(set(invitees)) < len(invitees):
        message = _("A manager can be invited to one side of a match only.")
        raise ParseError(message, code="already_invited")


def _etag_parts(name: str, request, match: Match, visible) -> tuple:
    """Everything a read of the match's log depends on: a new event, undo or status, the query,
    what the reader may see and the language of its sentences all make a new ``ETag``."""
    query = sorted(request.query_params.lists())
    visible = sorted(visible) if visible is not None else None
    return (name, match.pk, match.seq, match.status, query, visible, get_language())


def _read_at(request, pk: int) -> tuple[Match, int | None, frozenset[int] | None]:
    """A read of a match now or after move ``?seq=``: the match (404 when the reader may not
    see it), the move asked for and the sides whose hidden information the reader may see."""
    match = reading.readable_match(request, pk)
    seq = validated_query(serializers.StateQuery, request).get("seq")
    return match, seq, selectors.match_visible_sides(match, request.user)


class _MatchFileView(APIView):
    # A text file of a match (its match file, a picture of it) for whoever may read the match,
    # in the media type of its last renderer; an error is answered in JSON.

    permission_classes = [IsAuthenticatedOrReadOnly]

    def file_answer(
        self, match: Match, kind: str, build, content_type: str, *, depends=(), headers=None
    ) -> HttpResponse:
        """The file, cached under its ``kind``, the match's log and status and what else it
        ``depends`` on; kept for good once the match is over."""
        return cached_answer(
            self.request,
            parts=(kind, str(match.uid), match.seq, match.status, *depends),
            build=build,
            content_type=content_type,
            keep=match.status != MatchStatus.IN_PROGRESS,
            headers=headers,
        )


def _file_schema(summary: str, *, parameters: Sequence = (), errors: dict):
    """The schema of a file view's GET: the file in its last renderer's media type, 304 when
    the reader has it already, or one of ``errors``."""

    def decorate(view: type[_MatchFileView]) -> type[_MatchFileView]:
        media_type = view.renderer_classes[-1].media_type
        return extend_schema_view(
            get=extend_schema(
                summary=summary,
                parameters=[*parameters, IF_NONE_MATCH, ETAG],
                responses={(200, media_type): OpenApiTypes.STR, 304: NOT_MODIFIED, **errors},
            )
        )(view)

    return decorate


@routes.at("games/", name="game-list")
class GameListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=serializers.GameOutput(many=True), summary="Games the server referees")
    def get(self, request):
        return Response(serializers.GameOutput(games(), many=True).data)


@routes.at("matches/", name="match-list")
class MatchListCreateView(ListAPIView):
    """History (newest first, cursor-paginated, filtered) and match creation."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_class = MatchHistoryFilter
    serializer_class = serializers.MatchOutput

    def get_queryset(self):
        queryset = selectors.match_visible_to(self.request.user)
        queryset = queryset.select_related("edition", "created_by").defer("edition__data")
        return queryset.prefetch_related("sides__user")

    @extend_schema(summary="Match history", responses=serializers.MatchOutput(many=True))
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Open a match",
        description="Opens a match of `game` with its sides (2, or 4 to 6 for Amigo Hattrick), "
        "each with a name, and optionally a manager (`user`, invited: linked once they accept) "
        "and a team of yours; `options` and each side's `config` are the game's (the variant "
        "chosen by `game`). Answers with the whole match, its events (none yet) and what comes "
        "next (`current.legal.ready`: actions to send to `POST events/`). Honours "
        "`Idempotency-Key`: a double tap opens one match.",
        request=serializers.MatchCreateInput,
        parameters=[IDEMPOTENCY_KEY, serializers.WriteQuery],
        responses={201: serializers.CreatedOutput, **CREATE_ERRORS},
    )
    def post(self, request):
        full = answers.include_state(request)
        values = validated_body(serializers.MatchCreateInput, request)
        edition = None
        if values.get("edition") is not None:
            edition = Edition.objects.filter(pk=values["edition"]).first()
            if edition is None:
                raise DomainError(
                    "edition_missing",
                    _("There is no edition {edition}.").format(edition=values["edition"]),
                )
        _invitees_once(request.user, values["sides"])

        return _opening(
            request,
            lambda: services.match_create(
                user=request.user,
                game=values["game"],
                sides=values["sides"],
                options=values["options"],
                edition=edition,
                visibility=values["visibility"],
            ),
            full=full,
        )


@routes.at("matches/<int:pk>/", name="match-detail")
class MatchDetailView(GuestWelcome, APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(summary="A match", responses={200: serializers.MatchOutput, **NOT_FOUND})
    def get(self, request, pk: int):
        return Response(serializers.MatchOutput(reading.readable_match(request, pk)).data)


@routes.at("matches/<int:pk>/state/", name="match-state")
class MatchStateView(GuestWelcome, APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The state now, or after move `seq` (time travel), with legal actions",
        parameters=[serializers.StateQuery, IF_NONE_MATCH, ETAG],
        responses={200: serializers.StateOutput, 304: NOT_MODIFIED, **SEQ_QUERY, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        match, seq, visible = _read_at(request, pk)

        def answer():
            view = (
                selectors.match_state_current(match)
                if seq is None
                else selectors.match_state_at(match, seq=seq)
            )
            return Response(view.to_json(visible=visible))

        return conditional(
            request, parts=_etag_parts("state", request, match, visible), build=answer
        )


class EventPagination(CursorPagination):
    ordering = ("seq",)
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 200  # a page costs no more than a few appends (docs/operations.md)


class _MatchWriteView(APIView):
    # A write to a match's log (moves, undo, redo, abandon): the input read before the write,
    # the write under the request's ``Idempotency-Key``, the answer with the state if asked.

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "append"
    input_class: type = serializers.ExpectedSeqInput

    def write(self, request, pk: int, values: dict):
        raise NotImplementedError

    def post(self, request, pk: int):
        full = answers.include_state(request)
        data = validated_body(self.input_class, request)

        def write():
            result = self.write(request, pk, data)
            return answers.write_response(request, result, full=full)

        return idempotent(request, write, scope=pk)


def _write_schema(summary: str, errors: dict = COMMAND_ERRORS):
    """The schema of a write view's POST: its ``input_class``, the ``Idempotency-Key`` and
    ``?state=``, and 201 with the write's answer or one of ``errors``."""

    def decorate(view: type[_MatchWriteView]) -> type[_MatchWriteView]:
        return extend_schema_view(
            post=extend_schema(
                summary=summary,
                request=view.input_class,
                parameters=[IDEMPOTENCY_KEY, serializers.WriteQuery],
                responses={201: serializers.WriteOutput, **errors},
            )
        )(view)

    return decorate


class _AppendView(_MatchWriteView):
    def actions(self, values: dict) -> list:
        return [values["action"]]

    def write(self, request, pk: int, values: dict):
        return services.match_actions_append(
            match_id=pk,
            user=request.user,
            actions=self.actions(values),
            expected_seq=values["expected_seq"],
        )


@routes.at("matches/<int:pk>/events/", name="match-events")
@_write_schema("Log one move", APPEND_ERRORS)
class MatchEventsView(GuestWelcome, _AppendView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = EventPagination
    input_class = serializers.AppendInput

    def get_throttles(self):
        if self.request.method == "POST":
            return super().get_throttles()
        return [throttle() for throttle in api_settings.DEFAULT_THROTTLE_CLASSES]  # anonymous reads

    @extend_schema(
        summary="The event log, oldest first, with notation",
        description="Poll with `?after=<the last seq you have>` and the `ETag` of the last answer "
        "in `If-None-Match`: 304 until something new is logged. Each item is the event exactly "
        "as the live stream sends it.",
        parameters=[serializers.EventsQuery, IF_NONE_MATCH, ETAG],
        responses={200: serializers.EventOutput(many=True), 304: NOT_MODIFIED, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        match = reading.readable_match(request, pk)
        after = validated_query(serializers.EventsQuery, request).get("after")
        events = MatchEvent.objects.filter(match=match).select_related("author")
        if after is not None:
            events = events.filter(seq__gt=after)
        visible = selectors.match_visible_sides(match, request.user)

        def answer():
            paginator = self.pagination_class()
            page = paginator.paginate_queryset(events, request, view=self)
            return paginator.get_paginated_response(
                reading.events_json(match, page, visible=visible)
            )

        return conditional(
            request, parts=_etag_parts("events", request, match, visible), build=answer
        )


@routes.at("matches/<int:pk>/events/batch/", name="match-batch")
@_write_schema("Log several moves at once, all or nothing (offline sync)", APPEND_ERRORS)
class MatchEventBatchView(GuestWelcome, _AppendView):
    input_class = serializers.BatchAppendInput

    def actions(self, values: dict) -> list:
        return values["actions"]


class _MatchCommandView(_MatchWriteView):
    service = None

    def write(self, request, pk: int, values: dict):
        return type(self).service(
            match_id=pk, user=request.user, expected_seq=values["expected_seq"]
        )


@routes.at("matches/<int:pk>/undo/", name="match-undo")
@_write_schema("Undo the last effective move (logged as an event)")
class MatchUndoView(GuestWelcome, _MatchCommandView):
    service = staticmethod(services.match_undo)


@routes.at("matches/<int:pk>/redo/", name="match-redo")
@_write_schema("Redo the last undone move")
class MatchRedoView(GuestWelcome, _MatchCommandView):
    service = staticmethod(services.match_redo)


@routes.at("matches/<int:pk>/abandon/", name="match-abandon")
@_write_schema("Abandon the match")
class MatchAbandonView(_MatchCommandView):
    service = staticmethod(services.match_abandon)


@routes.at("matches/<int:pk>/export/", name="match-export")
@_file_schema(
    "The match as a match file (the game's notation)",
    errors={
        **NOT_FOUND,
        403: error_response(
            "Another side's hidden set-up is still secret.", ["hidden_information"]
        ),
    },
)
class MatchExportView(GuestWelcome, _MatchFileView):
    renderer_classes = [JSONRenderer, PlainTextRenderer]

    def get(self, request, pk: int):
        match = reading.readable_match(request, pk)
        visible = selectors.match_visible_sides(match, request.user)
        if visible is not None and len(visible) < len(match.sides.all()):
            raise errors.hidden_information()
        return self.file_answer(
            match,
            "export",
            lambda: services.match_export(match=match),
            "text/plain; charset=utf-8",
            headers={"Content-Disposition": f'inline; filename="match-{match.pk}.txt"'},
        )


@routes.at("matches/import/", name="match-import")
class MatchImportView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, PlainTextParser]

    @extend_schema(
        summary="Create a match from a match file, re-validating every move",
        request={
            "application/json": serializers.ImportInput,
            "text/plain": {"type": "string", "minLength": 1, "maxLength": 1_000_000},
        },
        parameters=[IDEMPOTENCY_KEY, serializers.WriteQuery],
        responses={201: serializers.CreatedOutput, **IMPORT_ERRORS},
    )
    def post(self, request):
        full = answers.include_state(request)
        data = validated_body(serializers.ImportInput, request)
        return _opening(
            request,
            lambda: services.match_import(
                user=request.user, text=data["text"], visibility=data["visibility"]
            ),
            full=full,
        )


@routes.at("matches/<int:pk>/svg/", name="match-svg")
@_file_schema(
    "A picture of the pitch or table, now or after move `seq`",
    parameters=[serializers.StateQuery],
    errors={**SEQ_QUERY, **NOT_FOUND},
)
class MatchSvgView(GuestWelcome, _MatchFileView):
    renderer_classes = [JSONRenderer, SvgRenderer]

    def get(self, request, pk: int):
        match, seq, visible = _read_at(request, pk)

        def build() -> str:
            view, before = selectors.match_state_with_last_move(match, seq=seq)
            return view_svg(view.engine, view.state, visible, before)

        if seq is not None and seq > match.seq:
            raise errors.seq_beyond_log(seq=seq, current=match.seq)
        return self.file_answer(
            match,
            "svg",
            build,
            "image/svg+xml",
            depends=(seq, visible and sorted(visible)),
        )
