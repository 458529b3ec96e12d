"""``GET /api/matches/{id}/stream/``: the match's events as Server-Sent Events, live.

Each message is one event exactly as ``GET events/`` gives it to this viewer::

    id: <seq>
    event: event
    data: <the event JSON>

A stream starts after the seq named by the ``Last-Event-ID`` header (what an ``EventSource``
sends when it reconnects) or by ``?after=N`` (default 0: the whole log), so a client that lost
its connection resumes where it was without losing or repeating an event.

On an ASGI server the stream stays open: it waits on the match's channel (``matches.live``)
and reads the new events from the database when woken, with a comment line as keep-alive.
Under WSGI (the test client, a sync worker) it sends what is logged and ends; the ``retry``
field makes an ``EventSource`` come back for more, which degrades to polling.
"""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connection
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

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


def _messages(read: selectors.LogSlice, user) -> list[str] | None:
    """SSE messages of a slice of the log for ``user``; ``None`` if they may not read it."""
    if not selectors.match_readable_by(read.match, user, read.sides):
        return None
    visible = selectors.match_visible_sides(read.match, user, sides=read.sides)
    items = reading.events_json(
        read.match, read.events, visible=visible, voided=read.voided, sides=read.sides
    )
    return [
        f"id: {item['seq']}\nevent: event\ndata: {json.dumps(item, separators=(',', ':'))}\n\n"
        for item in items
    ]


# --- reading the log, off the event loop ----------------------------------------------------

_executor: ThreadPoolExecutor | None = None


def _read_sync(match_id: int, after: int) -> selectors.LogSlice | None:
    try:
        return selectors.match_log_after(match_id, after=after, limit=BATCH)
    finally:
        # like the end of a request: CONN_MAX_AGE=0 closes, a broken connection is dropped
        close_old_connections()


_inflight: dict[tuple[int, int, int], asyncio.Future] = {}


async def _read(match_id: int, after: int) -> selectors.LogSlice | None:
    """One database read per match and position at a time, shared by the streams waiting
    for it (the watchers of a match are woken together, mostly at the same seq)."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(settings.LIVE_READ_THREADS, thread_name_prefix="live")
    loop = asyncio.get_running_loop()
    key = (id(loop), match_id, after)
    future = _inflight.get(key)
    if future is None:
        read = sync_to_async(_read_sync, thread_sensitive=False, executor=_executor)
        future = _inflight[key] = asyncio.ensure_future(read(match_id, after))
        future.add_done_callback(lambda done: _inflight.pop(key, None))
    return await asyncio.shield(future)


async def _live_stream(match_id: int, user, after: int):
    keepalive = settings.LIVE_KEEPALIVE_SECONDS
    waiter = live.Waiter()
    live.hub.add(match_id, waiter)  # before the first read: nothing committed after it is missed
    try:
        yield f"retry: {RETRY_MS}\n\n"
        await live.ensure_listening(live.channel_prefix())
        while True:
            try:
                read = await _read(match_id, after)
            except Exception as exc:  # the database is away: keep the stream, try again later
                logger.warning("live: reading match %s failed: %s", match_id, exc)
                read = False
            if read is None:
                return  # the match is gone
            if read:
                messages = _messages(read, user)
                if messages is None:
                    return  # no longer readable by this viewer
                for message in messages:
                    yield message
                if read.events:
                    after = read.events[-1].seq
                if read.more:
                    continue
            if not await waiter.wait(keepalive):
                yield ": keep-alive\n\n"
    finally:
        live.hub.remove(match_id, waiter)


def _snapshot_stream(match_id: int, user, after: int):
    """Under WSGI: what is logged after ``after``, then the end (the client comes back)."""
    yield f"retry: {RETRY_MS}\n\n"
    while True:
        read = selectors.match_log_after(match_id, after=after, limit=BATCH)
        if read is None:
            return
        messages = _messages(read, user)
        if messages is None:
            return
        yield from messages
        if not read.more:
            return
        after = read.events[-1].seq


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
                OpenApiTypes.STR,
                description="`id: <seq>`, `event: event`, `data: <one item of GET events/>`; "
                "comment lines keep the connection alive.",
            ),
            400: ERRORS[400],
            404: ERRORS[404],
        },
    )
    def get(self, request, pk: int):
        after = _start_after(request)
        match = reading.readable_match(request, pk)
        user = request.user
        if isinstance(request._request, ASGIRequest):
            # this thread ends with the response's first byte: let its connection go now
            connection.close()
            content = _live_stream(match.pk, user, after)
        else:
            content = _snapshot_stream(match.pk, user, after)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response
