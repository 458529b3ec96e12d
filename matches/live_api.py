"""``GET /api/matches/{id}/stream/``: the match's events as Server-Sent Events, live.

Each message is one event exactly as ``GET events/`` gives it to this viewer::

    id: <seq>
    event: event
    data: <the event JSON>

A stream starts after the seq named by the ``Last-Event-ID`` header (what an ``EventSource``
sends when it reconnects) or by ``?after=N`` (default 0: the whole log), so a client that lost
its connection resumes where it was without losing or repeating an event.

Served by the live route of the ASGI application (``matches.live_handler``, wired in
``companion.asgi``) the stream stays open as a small object next to its connection: the
match's station (``matches.live_delivery``), woken through the match's channel
(``matches.live``), reads the new events from the database once for all its streams, on a
small shared pool of threads, and writes them to each; a comment line is the keep-alive. It
ends with one last message::

    event: end
    data: {"reason": "revoked" | "password_changed" | "expired" | "access_lost", "message": ...}

when the viewer's login is revoked or ends with a password change, when their token expires,
or when they may no longer read the match. Anywhere else (WSGI, the test client, a sync
worker) it sends what is logged and ends; the ``retry`` field makes an ``EventSource`` come
back for more, which degrades to polling.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from companion import devices
from companion.api.errors import ApiError
from companion.models import Device
from companion.openapi import error_response
from matches import live, reading
from matches.log import selectors
from matches.log.api import ERRORS

logger = logging.getLogger(__name__)

RETRY_MS = 2000
RETRY_LINE = f"retry: {RETRY_MS}\n\n".encode()
BATCH = 500


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


@dataclass(frozen=True)
class SharedRead:
    """One read of a log, shared by the streams woken for it, with its messages as each
    kind of viewer (the sides whose secrets they see, their language) gets them: written once
    for all the watchers of a match that see it alike, and who may read what worked out once
    per viewer."""

    log: selectors.LogSlice
    rendered: dict = field(default_factory=dict)
    viewers: dict = field(default_factory=dict)


_UNREADABLE = object()


def messages_for(read: SharedRead, user, language: str) -> bytes | None:
    """SSE messages of a slice of the log for ``user``; ``None`` if they may not read it."""
    log = read.log
    viewer = user.pk if user.is_authenticated else None
    visible = read.viewers.get(viewer, read)
    if visible is read:
        if selectors.match_readable_by(log.match, user, log.sides):
            visible = selectors.match_visible_sides(log.match, user, sides=log.sides)
        else:
            visible = _UNREADABLE
        read.viewers[viewer] = visible
    if visible is _UNREADABLE:
        return None
    key = (visible, language)
    messages = read.rendered.get(key)
    if messages is None:
        with translation.override(language):
            items = reading.events_json(
                log.match, log.events, visible=visible, voided=log.voided, sides=log.sides
            )
        messages = read.rendered[key] = "".join(
            f"id: {item['seq']}\nevent: event\ndata: {json.dumps(item, separators=(',', ':'))}\n\n"
            for item in items
        ).encode()
    return messages


# --- who is watching, and until when ----------------------------------------------------------

#: Why a stream ended (the ``reason`` of its final ``end`` event).
END_REVOKED, END_PASSWORD, END_EXPIRED, END_ACCESS = (
    "revoked",
    "password_changed",
    "expired",
    "access_lost",
)


def _end_message(reason: str) -> str:
    if reason == END_PASSWORD:
        return _("The password of this account was changed. Log in again to follow the match.")
    if reason == END_EXPIRED:
        return _("This login has expired after a long time unused. Log in again.")
    if reason == END_ACCESS:
        return _("You can no longer follow this match.")
    return _("This login has ended. Log in again to follow the match.")


@dataclass(frozen=True)
class Credentials:
    """What the stream was opened with: a device's token or a session (none: anonymous), and
    the password it was opened under (its session hash, which changes with the password)."""

    user_id: int | None = None
    password_hash: str = ""
    device_id: int | None = None
    session_key: str | None = None
    expires_at: datetime | None = None


@dataclass(frozen=True)
class Check:
    """A look at the credentials: why they ended (``None``: they hold) and until when."""

    ended: str | None
    expires_at: datetime | None = None


def _credentials_of(request) -> Credentials:
    user = request.user
    if not user.is_authenticated:
        return Credentials()
    opened = {"user_id": user.pk, "password_hash": user.get_session_auth_hash()}
    if isinstance(request.auth, Device):
        device = request.auth
        expires_at = device.last_used_at + devices.idle_timeout()
        return Credentials(**opened, device_id=device.pk, expires_at=expires_at)
    session = getattr(request._request, "session", None)
    return Credentials(**opened, session_key=getattr(session, "session_key", None))


def check_credentials(credentials: Credentials) -> Check:
    """Whether ``credentials`` still hold, and if not, why."""
    from django.contrib.auth import get_user_model

    if credentials.user_id is None:
        return Check(None)
    try:
        user = get_user_model().objects.filter(pk=credentials.user_id, is_active=True).first()
        if user is None:
            return Check(END_REVOKED)
        same_password = constant_time_compare(
            user.get_session_auth_hash(), credentials.password_hash
        )
        ended = END_REVOKED if same_password else END_PASSWORD
        if credentials.device_id is not None:
            used = (
                Device.objects.filter(pk=credentials.device_id)
                .values_list("last_used_at", flat=True)
                .first()
            )
            if used is None:
                return Check(ended)
            expires_at = used + devices.idle_timeout()
            return Check(END_EXPIRED if expires_at <= timezone.now() else None, expires_at)
        return Check(None if _session_holds(credentials, user) else ended)
    finally:
        close_old_connections()


def _session_holds(credentials: Credentials, user) -> bool:
    from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY

    engine = import_module(settings.SESSION_ENGINE)
    data = engine.SessionStore(credentials.session_key).load() if credentials.session_key else {}
    return str(data.get(SESSION_KEY)) == str(user.pk) and constant_time_compare(
        data.get(HASH_SESSION_KEY, ""), user.get_session_auth_hash()
    )


# --- reading the log, off the event loop ----------------------------------------------------


def _read_sync(match_id: int, after: int) -> SharedRead | None:
    try:
        log = selectors.match_log_after(match_id, after=after, limit=BATCH)
        return None if log is None else SharedRead(log)
    finally:
        # like the end of a request: CONN_MAX_AGE=0 closes, a broken connection is dropped
        close_old_connections()


#: Reads of logs done for streams in this process (what a test watches for the re-reads).
reads = 0


async def read_log(match_id: int, after: int) -> SharedRead | None:
    """The events of the match after ``after`` (at most ``BATCH``), read on the live streams'
    pool of threads; ``None`` when the match is gone."""
    global reads
    reads += 1
    return await live.in_pool(_read_sync, match_id, after)


@dataclass(frozen=True)
class Viewer:
    user: Any
    credentials: Credentials
    language: str
    key: str


def end_message(reason: str, language: str) -> str:
    """The last message of a stream that ends for ``reason``."""
    with translation.override(language):
        body = {"reason": reason, "message": _end_message(reason)}
    return f"event: end\ndata: {json.dumps(body, ensure_ascii=False, separators=(',', ':'))}\n\n"


@dataclass(frozen=True)
class LiveStart:
    """What the live route needs to open a stream the view has let through: the match, the
    viewer, the seq it starts after and its count (``matches.live.claim_stream``)."""

    match_id: int
    viewer: Viewer
    after: int
    claim: str


def _snapshot_stream(match_id: int, user, after: int, language: str):
    """Under WSGI: what is logged after ``after``, then the end (the client comes back)."""
    yield RETRY_LINE
    while True:
        log = selectors.match_log_after(match_id, after=after, limit=BATCH)
        if log is None:
            return
        messages = messages_for(SharedRead(log), user, language)
        if messages is None:
            return
        yield messages
        if not log.more:
            return
        after = log.events[-1].seq


class MatchStreamView(APIView):
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
                {"$ref": "#/components/schemas/StreamMessage"},
                description="Server-Sent Events (UTF-8 text): messages separated by a blank "
                "line, each of `id:`, `event:` and `data:` lines; `StreamMessage` is one "
                "message as a client reads it, chosen by `event`. `event: event` carries one "
                "item of `GET events/` (`EventOutput`) as its `data` and the item's seq as "
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
            content = _snapshot_stream(match.pk, user, after, language)
        else:
            viewer, claim = self._viewer(request)
            # the thread that opened the stream is the pool's: let its connection go now
            close_old_connections()
            start = LiveStart(match.pk, viewer, after, claim)
            content = ()  # the live route sends the messages (matches.live_delivery)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response.live_start = start
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response

    def _viewer(self, request) -> tuple[Viewer, str]:
        """Who watches, and their stream counted, once the limits allow one more stream."""
        if live.hub.count() >= settings.LIVE_STREAMS_PER_PROCESS:
            raise StreamsFull
        user = request.user
        key = live.user_key(
            user.pk if user.is_authenticated else None, BaseThrottle().get_ident(request)
        )
        claim = live.claim_stream(key, settings.LIVE_STREAMS_PER_USER)
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


class StreamsFull(ApiError):
    """This process serves as many streams as it may (503, ``Retry-After``)."""

    wait = STREAM_RETRY_AFTER

    def __init__(self) -> None:
        super().__init__(
            "service_unavailable",
            _("This server follows as many live matches as it can. Try again shortly."),
            status_code=503,
            details={"retry_after": STREAM_RETRY_AFTER},
        )
