"""``GET /api/matches/{id}/stream/``: the match's events as Server-Sent Events, live.

Each message is one event exactly as ``GET events/`` gives it to this viewer::

    id: <seq>
    event: event
    data: <the event JSON>

A stream starts after the seq named by the ``Last-Event-ID`` header (what an ``EventSource``
sends when it reconnects) or by ``?after=N`` (default 0: the whole log), so a client that lost
its connection resumes where it was without losing or repeating an event.

Served by the live route of the ASGI application (``matches.live_handler``, wired in
``companion.asgi``) the stream stays open as a coroutine: it waits on the match's channel
(``matches.live``) and reads the new events from the database when woken, on a small shared
pool of threads, with a comment line as keep-alive. It ends with one last message::

    event: end
    data: {"reason": "revoked" | "password_changed" | "expired" | "access_lost", "message": ...}

when the viewer's login is revoked or ends with a password change, when their token expires,
or when they may no longer read the match. Anywhere else (WSGI, the test client, a sync
worker) it sends what is logged and ends; the ``retry`` field makes an ``EventSource`` come
back for more, which degrades to polling.
"""

from __future__ import annotations

import asyncio
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
from matches import live, reading, selectors
from matches.api import ERRORS

logger = logging.getLogger(__name__)

RETRY_MS = 2000
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


def _messages(read: SharedRead, user, language: str) -> str | None:
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


def _check_sync(credentials: Credentials) -> Check:
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


_inflight: dict[tuple[int, int, int], asyncio.Future] = {}
#: Reads of logs done for streams in this process (what a test watches for the re-reads).
reads = 0


async def _read(match_id: int, after: int) -> SharedRead | None:
    """One database read per match and position at a time, shared by the streams waiting
    for it (the watchers of a match are woken together, mostly at the same seq)."""
    global reads
    loop = asyncio.get_running_loop()
    key = (id(loop), match_id, after)
    future = _inflight.get(key)
    if future is None:
        reads += 1
        future = _inflight[key] = asyncio.ensure_future(live.in_pool(_read_sync, match_id, after))
        future.add_done_callback(
            lambda done: _inflight.pop(key, None) if _inflight.get(key) is done else None
        )
    return await asyncio.shield(future)


def _forget_reads_of(match_id: int) -> None:
    """A wake-up says something was committed: a read of the match already under way may have
    begun before it, so no stream joins that one any more (those waiting for it are woken and
    read again)."""
    loop = id(asyncio.get_running_loop())
    for key in [key for key in _inflight if key[0] == loop and key[1] == match_id]:
        del _inflight[key]


def _prefetch(match_id: int, waiters: list) -> None:
    """On a wake-up of a match (on the loop): one read per position the waiters are at, each
    handed to its waiters with the wake-up, so a woken stream finds what is new at hand."""
    _forget_reads_of(match_id)
    groups: dict[int, list] = {}
    for waiter in waiters:
        groups.setdefault(waiter.after, []).append(waiter)
    for after, group in groups.items():

        def hand_over(done: asyncio.Future, after=after, group=group) -> None:
            ok = not done.cancelled() and done.exception() is None
            for waiter in group:
                waiter.prefetched = (after, done.result()) if ok else None
                waiter.wake()

        asyncio.ensure_future(_read(match_id, after)).add_done_callback(hand_over)


live.hub.prefetch = _prefetch


@dataclass(frozen=True)
class Viewer:
    user: Any
    credentials: Credentials
    language: str
    key: str


def _end(reason: str, language: str) -> str:
    with translation.override(language):
        body = {"reason": reason, "message": _end_message(reason)}
    return f"event: end\ndata: {json.dumps(body, ensure_ascii=False, separators=(',', ':'))}\n\n"


def _seconds_until(moment: datetime | None) -> float:
    if moment is None:
        return float("inf")
    return (moment - timezone.now()).total_seconds()


async def _live_stream(match_id: int, viewer: Viewer, after: int):
    """The stream on the event loop: sends what is new when woken, checks the viewer's
    credentials when their channel says so or when their token is due to expire, and ends
    with an ``end`` event saying why. No thread is held while it waits."""
    keepalive = settings.LIVE_KEEPALIVE_SECONDS
    loop = asyncio.get_running_loop()
    waiter = live.Waiter(match_id, viewer.key)
    waiter.after = after
    live.hub.add(waiter)  # before the first read: nothing committed after it is missed
    expires_at = viewer.credentials.expires_at
    reasons: set[str] = set()
    try:
        yield f"retry: {RETRY_MS}\n\n"
        await live.ensure_listening()
        quiet_since = loop.time()
        while True:
            if reasons or _seconds_until(expires_at) <= 0:
                check = await live.in_pool(_check_sync, viewer.credentials)
                reasons.clear()
                if check.ended:
                    yield _end(check.ended, viewer.language)
                    return
                expires_at = check.expires_at or expires_at
            prefetched, waiter.prefetched = waiter.prefetched, None
            try:
                if prefetched is not None and prefetched[0] == after:
                    read = prefetched[1]  # read for it at the wake-up
                else:
                    read = await _read(match_id, after)
            except Exception as exc:  # the database is away: keep the stream, try again later
                logger.warning("live: reading match %s failed: %s", match_id, exc)
                read = False
            if read is None:
                yield _end(END_ACCESS, viewer.language)  # the match is gone
                return
            if read:
                messages = _messages(read, viewer.user, viewer.language)
                if messages is None:
                    yield _end(END_ACCESS, viewer.language)
                    return
                if messages:
                    yield messages
                    quiet_since = loop.time()
                if read.log.events:
                    after = waiter.after = read.log.events[-1].seq
                if read.log.more:
                    continue
            while True:
                until_keepalive = quiet_since + keepalive - loop.time()
                timeout = min(until_keepalive, max(_seconds_until(expires_at), 0.05))
                if live.degraded():  # no pushed wake-ups: re-read the database meanwhile
                    timeout = min(timeout, settings.LIVE_DEGRADED_SECONDS)
                woken = await waiter.wait(max(timeout, 0.0))
                reasons |= waiter.take_reasons()
                if woken or live.degraded() or _seconds_until(expires_at) <= 0:
                    break
                if loop.time() - quiet_since >= keepalive:
                    yield ": keep-alive\n\n"
                    quiet_since = loop.time()
                    break  # and read once (a lost wake-up is found here at the latest)
    finally:
        live.hub.remove(waiter)


def _snapshot_stream(match_id: int, user, after: int, language: str):
    """Under WSGI: what is logged after ``after``, then the end (the client comes back)."""
    yield f"retry: {RETRY_MS}\n\n"
    while True:
        log = selectors.match_log_after(match_id, after=after, limit=BATCH)
        if log is None:
            return
        messages = _messages(SharedRead(log), user, language)
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
                "Too many live streams of this viewer open in this server process "
                "(`LIVE_STREAMS_PER_USER`); `Retry-After`.",
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
        if not getattr(request._request, "live_stream", False):
            language = translation.get_language() or settings.LANGUAGE_CODE
            content = _snapshot_stream(match.pk, user, after, language)
        else:
            viewer = self._viewer(request)
            # the thread that opened the stream is the pool's: let its connection go now
            close_old_connections()
            content = _live_stream(match.pk, viewer, after)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response

    def _viewer(self, request) -> Viewer:
        """Who watches, once the limits allow one more stream in this process."""
        if live.hub.count() >= settings.LIVE_STREAMS_PER_PROCESS:
            raise StreamsFull
        user = request.user
        key = live.user_key(
            user.pk if user.is_authenticated else None, BaseThrottle().get_ident(request)
        )
        if live.hub.count_of(key) >= settings.LIVE_STREAMS_PER_USER:
            raise exceptions.Throttled(
                wait=STREAM_RETRY_AFTER,
                detail=_("You have too many live streams open. Close one and try again."),
            )
        return Viewer(
            user=user,
            credentials=_credentials_of(request),
            language=translation.get_language() or settings.LANGUAGE_CODE,
            key=key,
        )


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
