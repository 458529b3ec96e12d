"""``GET /api/matches/{id}/stream/``: the match's events as Server-Sent Events, live.

Each message is one event exactly as ``GET events/`` gives it to this viewer, its ``data``
naming its ``event`` too (a client that reads only ``data`` tells an event from the end)::

    id: <seq>
    event: event
    data: <the event JSON, and "event": "event">

A stream starts after the seq named by the ``Last-Event-ID`` header (what an ``EventSource``
sends when it reconnects) or by ``?after=N`` (default 0: the whole log), so a client that lost
its connection resumes where it was without losing or repeating an event.

Served by the live route of the ASGI application (``matches.live.handler``, wired in
``companion.asgi``) the stream stays open as a small object next to its connection: the
match's station (``matches.live.delivery``), woken through the match's channel
(``matches.live.wakeups``), reads the new events from the database once for all its streams, on a
small shared pool of threads, and writes them to each; a comment line is the keep-alive. It
ends with one last message::

    event: end
    data: {"event": "end", "reason": "revoked" | "password_changed" | "expired" | "access_lost",
           "message": ...}

when the viewer's login is revoked or ends with a password change, when their token expires,
or when they may no longer read the match. Anywhere else (WSGI, the test client, a sync
worker) it sends what is logged and ends; the ``retry`` field makes an ``EventSource`` come
back for more, which degrades to polling.
"""

from __future__ import annotations

from django.conf import settings
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from companion.api.routes import Routes
from matches.guests.authentication import GuestWelcome
from matches.http import reading
from matches.http.responses import ERRORS
from matches.live import opening
from matches.live.feed import MATCH, RETRY_MS, LiveStart, snapshot_stream

routes = Routes()


class StreamQuery(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        required=False,
        help_text="Send the events after this seq (default 0); Last-Event-ID wins.",
    )


def _start_after(request) -> int:
    header = request.headers.get("Last-Event-ID")
    data = {"after": header} if header not in (None, "") else request.query_params
    query = StreamQuery(data=data)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("after", 0)


@routes.at("matches/<int:pk>/stream/", name="match-stream")
class MatchStreamView(GuestWelcome, APIView):
    """The stream answers ``text/event-stream``; its errors are JSON whatever was accepted."""

    renderer_classes = [JSONRenderer]

    def perform_content_negotiation(self, request, force=False):
        return JSONRenderer(), JSONRenderer.media_type

    @extend_schema(
        summary="Live events of a match (Server-Sent Events), from a seq",
        parameters=[
            StreamQuery,
            OpenApiParameter(
                "Last-Event-ID",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                description="Resume after this seq (sent by an EventSource on reconnect).",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                {"$ref": "#/components/schemas/StreamData"},
                description="Server-Sent Events (UTF-8 text): messages separated by a blank "
                "line, each of `id:`, `event:` and `data:` lines; the schema is the `data` of "
                "one message, parsed as JSON (`StreamData`, chosen by its `event`, which is "
                "the message's `event:` line; `StreamMessage` is a whole message). "
                "`event: event` carries one item of `GET events/` (`EventOutput`) and "
                '`"event": "event"` as its `data` (a `StreamEvent`), the item\'s seq as '
                "its `id`; the last message, when the viewer may no longer follow, is "
                "`event: end` with `data` a `StreamEnd`. The first message is "
                f"`retry: {RETRY_MS}` (milliseconds before an EventSource reconnects); a "
                "comment line (`: keep-alive`) comes after each quiet interval. Resume with "
                "`Last-Event-ID` (or `?after=`) set to the last `id` read: nothing is lost or "
                "repeated.",
            ),
            400: ERRORS[400],
            404: ERRORS[404],
            **opening.LIMIT_ERRORS,
        },
    )
    def get(self, request, pk: int):
        after = _start_after(request)
        match = reading.readable_match(request, pk)
        user = request.user
        start = None
        if not getattr(request._request, "live_stream", False):
            language = translation.get_language() or settings.LANGUAGE_CODE
            content = snapshot_stream(match.pk, user, after, language)
        else:
            viewer, claim = opening.counted_viewer(request)
            # the thread that opened the stream is the pool's: let its connection go now
            close_old_connections()
            start = LiveStart(MATCH.kind, match.pk, viewer, after, claim)
            content = ()  # the live route sends the messages (matches.live.delivery)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response.live_start = start
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response
