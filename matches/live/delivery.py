"""Delivering what is new to the open streams of a topic (a match's events, a competition's
table: ``matches.live.topics``): one reader per match, not per stream.

An open stream is a small object (``Stream``) next to its connection; it holds no task, no
generator and no request of its own. Per event loop, each followed match (or competition) has
a ``Station`` that is woken when it changes (``matches.live.wakeups``): it reads what is new
once per position its streams are at (its topic says which positions share a read), on the
live streams' pool of threads, and writes the same SSE bytes (``feed.SharedRead``: written
once per kind of viewer) to each stream's connection in one pass. A ``Clock`` per loop sends
the keep-alive comments (and reads each topic once then, so a lost wake-up is found at the
latest there), re-reads every topic while the channel is down, checks credentials that are
due to expire, and keeps the viewers' stream counts alive in Redis.

A write that the connection cannot take at once (the client reads slowly) finishes in a task
of its own, and that stream's next messages wait behind it in order; the other streams of the
match are not held up.

Under uvicorn's httptools protocol (the stream service's), once a stream's response has begun
the messages skip the ASGI ``send`` coroutine: the pass frames each message as an HTTP chunk
once and hands the same bytes to each connection's transport (``Direct``), which is what
``send`` would write, without a coroutine, a message dict and the framing per stream. Whenever
that transport's buffer is full (uvicorn's flow control has paused writing), or on any other
server, the message goes through ``send`` as above.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import Any

from django.conf import settings
from django.utils import timezone

from matches.live import feed, topics, wakeups

logger = logging.getLogger(__name__)

KEEPALIVE = b": keep-alive\n\n"
#: Messages a stream that reads nothing may have waiting before it is given up (the client
#: comes back with ``Last-Event-ID`` and loses nothing).
BACKLOG_LIMIT = 512


_draining: set[asyncio.Task] = set()


async def _finish(coro, waiting) -> None:
    """Drive a send that suspended on ``waiting`` to its end, as a task would."""
    loop = asyncio.get_running_loop()
    while True:
        if waiting is None:
            await asyncio.sleep(0)
        else:
            done = loop.create_future()
            waiting.add_done_callback(lambda _f, done=done: done.done() or done.set_result(None))
            await done
        try:
            waiting = coro.send(None)
        except StopIteration:
            return


def chunk(data: bytes) -> bytes:
    """``data`` framed as one chunk of a chunked HTTP/1.1 body (as uvicorn frames it)."""
    return b"%x\r\n%b\r\n" % (len(data), data)


KEEPALIVE_CHUNK = chunk(KEEPALIVE)


class Direct:
    """The transport of a response that uvicorn's httptools protocol has begun, chunked: a
    body chunk written to it is what ``send`` would write (``None`` for any other server, a
    response not chunked, or one already complete)."""

    __slots__ = ("cycle",)

    def __init__(self, cycle) -> None:
        self.cycle = cycle

    @classmethod
    def of(cls, send) -> Direct | None:
        cycle = getattr(send, "__self__", None)
        if (
            type(cycle).__module__ == "uvicorn.protocols.http.httptools_impl"
            and getattr(cycle, "response_started", False)
            and getattr(cycle, "chunked_encoding", None) is True
            and not getattr(cycle, "response_complete", True)
            and getattr(cycle, "flow", None) is not None
        ):
            return cls(cycle)
        return None

    def write(self, framed: bytes) -> bool:
        """Written (or dropped: the client has gone, its stream ends with its request), or
        ``False``: the transport takes nothing more now, ``send`` waits for it."""
        cycle = self.cycle
        if cycle.disconnected:
            return True
        if cycle.flow.write_paused:
            return False
        cycle.transport.write(framed)
        return True


class Stream:
    """One open stream: where its bytes go, who watches, and where it is (the last seq of a
    match sent; the last table of a competition)."""

    __slots__ = (
        "loop",
        "send",
        "direct",
        "station",
        "viewer",
        "user_key",
        "claim",
        "after",
        "expires_at",
        "backlog",
        "closed",
        "__weakref__",
    )

    def __init__(self, send, station: Station, viewer: feed.Viewer, after, claim):
        self.loop = station.loop
        self.send = send
        self.direct: Direct | None = None  # set once the response has begun
        self.station = station
        self.viewer = viewer
        self.user_key = viewer.key
        self.claim = claim
        self.after = after
        self.expires_at = viewer.credentials.expires_at
        self.backlog: list | None = None  # messages behind a write still under way
        self.closed = False

    def push(self, data: bytes, more: bool = True, framed: bytes | None = None) -> None:
        """Write ``data`` to the connection now, or after the writes still under way
        (``framed``: ``data`` as a chunk, when the caller has it already)."""
        direct = self.direct
        if direct is not None and more and self.backlog is None and not self.closed:
            try:
                if direct.write(framed or chunk(data)):
                    return
            except Exception:  # the connection is gone (a closed transport refuses writes)
                self.close()
                return
        self.write({"type": "http.response.body", "body": data, "more_body": more})

    def begin(self, start: dict) -> None:
        """The response's start (status and headers); from then on, direct writes if the
        server allows them."""
        self.write(start)
        if self.backlog is None and not self.closed:
            self.direct = Direct.of(self.send)

    def write(self, message: dict) -> None:
        """Hand an ASGI message to the server; a write it cannot take at once goes on in a
        task, and the messages after it wait behind it."""
        if self.closed:
            return
        if self.backlog is not None:
            self.backlog.append(message)
            if len(self.backlog) > BACKLOG_LIMIT:  # end the response once what is under way is out
                self.backlog[:] = [{"type": "http.response.body", "body": b"", "more_body": False}]
                self.close()
            return
        coro = self.send(message)
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the connection is gone
            self.close()
            return
        self.backlog = []
        task = self.loop.create_task(self._drain(coro, waiting))
        _draining.add(task)  # held until done (the loop keeps only a weak reference)
        task.add_done_callback(_draining.discard)

    async def _drain(self, coro, waiting) -> None:
        try:
            await _finish(coro, waiting)
            while self.backlog:
                await self.send(self.backlog.pop(0))
        except Exception:
            self.close()
        finally:
            self.backlog = None

    def end(self, reason: str) -> None:
        """The last message (why the stream ends), then the end of the response."""
        station = self.station
        if station is None:
            return
        guest = self.viewer.credentials.guest_pass_id is not None
        self.push(station.topic.end_message(reason, self.viewer.language, guest=guest).encode())
        self.push(b"", more=False)
        self.close()

    def alert(self, reason: str) -> None:
        """The viewer's credentials may have ended (``matches.live.wakeups`` calls it on the
        loop)."""
        if self.viewer.credentials.user_id is not None and not self.closed:
            self.station.clock.check(self, again=True)

    def close(self) -> None:
        """No more messages; no longer counted (the connection ends with its request)."""
        if self.closed and self.station is None:
            return
        self.closed = True
        station, self.station = self.station, None
        if station is not None:
            station.leave(self)
            wakeups.hub.remove(self)
            station.clock.release(self)


class Station:
    """The streams of one match (one topic's thing) on one event loop, and the reads that
    feed them."""

    def __init__(self, clock: Clock, topic: topics.Topic, ident: int) -> None:
        self.clock = clock
        self.loop = clock.loop
        self.topic = topic
        self.ident = ident
        self.key = (topic.kind, ident)
        self.streams: set[Stream] = set()
        self.fresh: list[Stream] = []  # joined, not read for yet
        self.woken = False
        self.task: asyncio.Task | None = None
        self.quiet_since = self.loop.time()

    def join(self, stream: Stream) -> None:
        self.fresh.append(stream)
        self._run()

    def leave(self, stream: Stream) -> None:
        self.streams.discard(stream)
        if not self.streams and not self.fresh and self.task is None:
            self.clock.drop(self)

    def wake(self) -> None:
        """Something was committed: read it (again, after a pass under way) and deliver it."""
        self.woken = True
        self._run()

    def _run(self) -> None:
        if self.task is None:
            self.task = self.loop.create_task(self._passes())

    async def _passes(self) -> None:
        try:
            while self.woken or self.fresh:
                fresh, self.fresh = [s for s in self.fresh if not s.closed], []
                self.streams.update(fresh)
                if self.woken:
                    self.woken = False
                    await self._deliver(list(self.streams))
                else:
                    await self._deliver(fresh)
        finally:
            self.task = None
            if not self.streams and not self.fresh:
                self.clock.drop(self)

    async def _deliver(self, streams: list[Stream]) -> None:
        topic = self.topic
        groups: dict[object, list[Stream]] = {}
        for stream in streams:
            if not stream.closed:
                groups.setdefault(topic.read_key(stream.after), []).append(stream)
        keys = list(groups)
        reads = await asyncio.gather(
            *(topic.read(self.ident, key) for key in keys), return_exceptions=True
        )
        messages_of = topic.messages
        for key, read in zip(keys, reads, strict=True):
            group = groups[key]
            if isinstance(read, BaseException):  # the database is away: read again later
                logger.warning("live: reading %s %s failed: %s", *self.key, read)
                continue
            if read is None:  # the match (the competition) is gone
                for stream in group:
                    stream.end(feed.END_ACCESS)
                continue
            seen = seen_after = written = framed = None
            news = False
            for stream in group:
                if stream.closed:
                    continue
                viewer, after = stream.viewer, stream.after
                # alike viewers at one position share one: asked once in a row
                if viewer is not seen or after != seen_after:
                    seen, seen_after = viewer, after
                    written = messages_of(read, viewer, after)
                    framed = chunk(written[0]) if written is not None and written[0] else None
                if written is None:
                    stream.end(feed.END_ACCESS)
                    continue
                messages, stream.after = written
                if messages:
                    stream.push(messages, framed=framed)
                    news = True
            if news:
                self.quiet_since = self.loop.time()
            if topic.more(read):
                self.woken = True


class Clock:
    """What happens to the streams of one event loop in time: keep-alives, the re-reads
    while the channel is down, expiring credentials, the stream counts kept alive."""

    def __init__(self, loop) -> None:
        self.loop = loop
        self.stations: dict[tuple[str, int], Station] = {}
        self.expiring: weakref.WeakSet[Stream] = weakref.WeakSet()
        self.claims: dict[Stream, tuple[str, str]] = {}
        self.checks: dict[Any, asyncio.Future] = {}
        self.viewers: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self.task: asyncio.Task | None = None
        self.refreshed = loop.time()

    def open(self, send, start: dict, viewer, kind: str, ident: int, after, claim) -> Stream:
        """A stream of topic ``kind`` ``ident`` from ``after`` on, counted and woken from now
        on, its response begun with ``start`` (the ASGI start message) and the retry line; its
        first read is due."""
        same = (viewer.user.pk, viewer.credentials, viewer.language, viewer.key)
        viewer = self.viewers.setdefault(same, viewer)  # alike viewers share one
        key = (kind, ident)
        station = self.stations.get(key)
        if station is None:
            station = self.stations[key] = Station(self, topics.topic(kind), ident)
            wakeups.hub.attach(station)
        stream = Stream(send, station, viewer, after, claim)
        wakeups.hub.add(stream)
        if claim:
            self.claims[stream] = (viewer.key, claim)
        if stream.expires_at is not None:
            self.expiring.add(stream)
        stream.begin(start)
        stream.push(feed.RETRY_LINE)
        station.join(stream)
        if viewer.credentials.user_id is not None:
            # a login that ended between the view's look at it and now woke nothing here
            self.check(stream)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._tick())
        return stream

    def drop(self, station: Station) -> None:
        if self.stations.get(station.key) is station:
            del self.stations[station.key]
            wakeups.hub.detach(station)

    def release(self, stream: Stream) -> None:
        claim = self.claims.pop(stream, None)
        if claim is not None:
            wakeups.in_pool(wakeups.release_claims, [claim])

    def check(self, stream: Stream, again: bool = False) -> None:
        """Look at the stream's credentials (once for all streams opened with the same);
        ``again``: after a wake-up, so not joining a look begun before it."""
        credentials = stream.viewer.credentials
        future = None if again else self.checks.get(credentials)
        if future is None:
            future = self.checks[credentials] = wakeups.in_pool(feed.check_credentials, credentials)
            future.add_done_callback(
                lambda done: (
                    self.checks.pop(credentials, None)
                    if self.checks.get(credentials) is done
                    else None
                )
            )

        def checked(done: asyncio.Future) -> None:
            if done.cancelled() or stream.closed:
                return
            if done.exception() is not None:
                logger.warning("live: checking a viewer failed: %s", done.exception())
                return
            result = done.result()
            if result.ended:
                stream.end(result.ended)
            elif result.expires_at is not None:
                stream.expires_at = result.expires_at

        future.add_done_callback(checked)

    async def _tick(self) -> None:
        while self.stations:
            degraded = wakeups.degraded()
            await asyncio.sleep(min(1.0, settings.LIVE_DEGRADED_SECONDS) if degraded else 1.0)
            now = self.loop.time()
            keepalive = settings.LIVE_KEEPALIVE_SECONDS
            for station in list(self.stations.values()):
                if now - station.quiet_since >= keepalive:
                    station.quiet_since = now
                    for stream in list(station.streams):
                        stream.push(KEEPALIVE, framed=KEEPALIVE_CHUNK)
                    station.wake()  # and read once: a lost wake-up is found here at the latest
                elif degraded:
                    station.wake()  # no pushed wake-ups: the database is read meanwhile
            moment = timezone.now()
            for stream in list(self.expiring):
                if not stream.closed and stream.expires_at and stream.expires_at <= moment:
                    stream.expires_at = None  # checked once; the check sets the next moment
                    self.check(stream)
            if self.claims and now - self.refreshed >= wakeups.refresh_seconds():
                self.refreshed = now
                with contextlib.suppress(Exception):
                    await wakeups.in_pool(wakeups.refresh_claims, list(self.claims.values()))


_clocks: dict[Any, Clock] = {}


def clock() -> Clock:
    """The clock of the running loop (one per event loop: a test starts a server per loop)."""
    loop = asyncio.get_running_loop()
    found = _clocks.get(loop)
    if found is None:
        for stale in [key for key in _clocks if key.is_closed()]:
            del _clocks[stale]
        found = _clocks[loop] = Clock(loop)
    return found
