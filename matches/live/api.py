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
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from companion import devices
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.models import Device
from companion.openapi import error_response
from matches.guests.authentication import GuestWelcome
from matches.guests.principal import is_guest
from matches.http import reading
from matches.http.responses import ERRORS
from matches.live import wakeups
from matches.live.feed import RETRY_MS, Credentials, LiveStart, Viewer, snapshot_stream

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


def _credentials_of(request) -> Credentials:
    user = request.user
    if not user.is_authenticated:
        return Credentials()
    if is_guest(user):  # looked at every GUEST_CHECK_SECONDS (feed.check_credentials)
        return Credentials(guest_pass_id=user.pass_id, expires_at=timezone.now())
    opened = {"user_id": user.pk, "password_hash": user.get_session_auth_hash()}
    if isinstance(request.auth, Device):
        device = request.auth
        expires_at = device.last_used_at + devices.idle_timeout()
        return Credentials(**opened, device_id=device.pk, expires_at=expires_at)
    session = getattr(request._request, "session", None)
    return Credentials(**opened, session_key=getattr(session, "session_key", None))


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
            429: error_response(
                "Too many live streams of this viewer open (`LIVE_STREAMS_PER_USER`, counted "
                "across the server processes when they share Redis); `Retry-After`.",
                ["throttled"],
            ),
            503: error_response(
                "This server process follows as many streams as it may "
                "(`LIVE_STREAMS_PER_PROCESS`); `Retry-After`.",
                ["service_unavailable"],
            ),
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
            viewer, claim = self._viewer(request)
            # the thread that opened the stream is the pool's: let its connection go now
            close_old_connections()
            start = LiveStart(match.pk, viewer, after, claim)
            content = ()  # the live route sends the messages (matches.live.delivery)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response.live_start = start
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response

    def _viewer(self, request) -> tuple[Viewer, str]:
        """Who watches, and their stream counted, once the limits allow one more stream."""
        if wakeups.hub.count() >= settings.LIVE_STREAMS_PER_PROCESS:
            raise StreamsFull
        user = request.user
        key = wakeups.user_key(
            user.pk if user.is_authenticated else None, BaseThrottle().get_ident(request)
        )
        claim = wakeups.claim_stream(key, settings.LIVE_STREAMS_PER_USER)
        if claim is None:
            raise exceptions.Throttled(
                wait=STREAM_RETRY_AFTER,
                detail=_("You have too many live streams open. Close one and try again."),
            )
        viewer = Viewer(
            user=user,
            credentials=_credentials_of(request),
            language=translation.get_language() or settings.LANGUAGE_CODE,
            key=key,
        )
        return viewer, claim


#: Seconds to wait before opening a stream again when the limits refused it.
STREAM_RETRY_AFTER = 5


class StreamsFull(DomainError):
    """This process serves as many streams as it may (``service_unavailable``, and
    ``Retry-After`` from ``details.retry_after``)."""

    def __init__(self) -> None:
        super().__init__(
            "service_unavailable",
            _("This server follows as many live matches as it can. Try again shortly."),
            details={"retry_after": STREAM_RETRY_AFTER},
        )
