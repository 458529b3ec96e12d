"""Wake-ups of live match streams, published after commit: per match and per viewer.

The event log in the database is the one source of truth; a channel only tells the streams
of a match that its log has grown (or who may read it changed), and each stream then reads
what it has not sent yet. A lost or doubled wake-up therefore loses or repeats nothing: a
stream that missed one finds the events on its next read (at the latest after its keep-alive
interval, or within ``LIVE_DEGRADED_SECONDS`` while the channel is down).

A viewer's channel carries the end of credentials: a device revoked or logged out, a password
changed, a user deactivated (``matches.live_signals`` publishes them). The streams of that
viewer check their credentials once when woken, instead of every stream polling its token.

Two transports, chosen by ``settings.LIVE_REDIS_URL``:

- **Redis pub/sub** (when set): ``publish`` sends ``PUBLISH <prefix>match:<id> <seq>`` (and
  ``<prefix>user:<id> <reason>``) with the synchronous ``redis`` client; each process that
  serves streams keeps one asyncio connection pattern-subscribed to ``<prefix>*`` and wakes its
  own streams. Any number of web processes and machines share it. While that subscription is
  down, ``degraded()`` is true and the streams re-read the database every
  ``LIVE_DEGRADED_SECONDS``; once it is back, every stream reads and checks once more.
- **In process** (empty, the embedded default): ``publish`` wakes the streams of this process
  directly. Enough for ``make run`` and a single server process.

Both deliver into the ``Hub`` of the process: the streams waiting here, by match and viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)


class Waiter:
    """One stream's wake-up flag, set from any thread, and why it was woken for its viewer.

    ``match_id`` and ``user_key`` say which wake-ups concern it: the match's (its log grew or
    who may read it changed) and its viewer's (a login ended, the password changed)."""

    __slots__ = ("loop", "event", "match_id", "user_key", "reasons", "after", "prefetched")

    def __init__(self, match_id: int, user_key: str) -> None:
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.match_id = match_id
        self.user_key = user_key
        self.reasons: set[str] = set()  # viewer wake-ups not yet looked at
        self.after = 0  # the last seq the stream has sent
        self.prefetched: tuple[int, Any] | None = None  # (after, what was read) at a wake-up

    def wake(self, reason: str | None = None) -> None:
        try:
            here = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            here = False
        if here:  # the Redis listener, on the streams' own loop: no hand-over needed
            self._set(reason)
            return
        with contextlib.suppress(RuntimeError):  # a closed loop: the stream is gone
            self.loop.call_soon_threadsafe(self._set, reason)

    def _set(self, reason: str | None) -> None:
        if reason is not None:
            self.reasons.add(reason)
        self.event.set()

    async def wait(self, timeout: float) -> bool:
        """True when woken within ``timeout`` seconds; the flag is cleared either way."""
        try:
            async with asyncio.timeout(timeout):  # no task of its own, unlike wait_for
                await self.event.wait()
            return True
        except TimeoutError:
            return False
        finally:
            self.event.clear()

    def take_reasons(self) -> set[str]:
        reasons, self.reasons = self.reasons, set()
        return reasons


def user_key(user_id: int | None, address: str = "") -> str:
    """Whose stream it is: a user, or an anonymous client address (for the per-user limit)."""
    return f"user:{user_id}" if user_id is not None else f"anon:{address}"


class Hub:
    """The streams waiting in this process, by match and by viewer."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_match: dict[int, set[Waiter]] = defaultdict(set)
        self._by_user: dict[str, set[Waiter]] = defaultdict(set)
        #: Called on a loop with a match's waiters of that loop when the match is woken: reads
        #: what is new once and hands it to each waiter with its wake-up (set by the streams).
        self.prefetch = None

    def add(self, waiter: Waiter) -> None:
        with self._lock:
            self._by_match[waiter.match_id].add(waiter)
            self._by_user[waiter.user_key].add(waiter)

    def remove(self, waiter: Waiter) -> None:
        with self._lock:
            for index, key in ((self._by_match, waiter.match_id), (self._by_user, waiter.user_key)):
                waiters = index.get(key)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del index[key]

    def wake(self, match_id: int) -> None:
        with self._lock:
            waiters = list(self._by_match.get(match_id, ()))
        if self.prefetch is None:
            for waiter in waiters:
                waiter.wake()
            return
        by_loop: dict[Any, list[Waiter]] = defaultdict(list)
        for waiter in waiters:
            by_loop[waiter.loop].append(waiter)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        for loop, group in by_loop.items():
            if loop is running:
                self.prefetch(match_id, group)
            else:
                with contextlib.suppress(RuntimeError):  # a closed loop: its streams are gone
                    loop.call_soon_threadsafe(self.prefetch, match_id, group)

    def wake_user(self, user_id: int, reason: str) -> None:
        with self._lock:
            waiters = list(self._by_user.get(user_key(user_id), ()))
        for waiter in waiters:
            waiter.wake(reason)

    def wake_all(self, reason: str | None = None) -> None:
        with self._lock:
            waiters = [waiter for group in self._by_match.values() for waiter in group]
        for waiter in waiters:
            waiter.wake(reason)

    def count(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._by_match.values())

    def count_of(self, key: str) -> int:
        with self._lock:
            return len(self._by_user.get(key, ()))


hub = Hub()

#: Why a viewer's streams are woken: their credentials may have ended (``RECHECK``: look
#: again, e.g. after an outage of the channel, when wake-ups may have been lost).
REVOKED, PASSWORD_CHANGED, RECHECK = "revoked", "password_changed", "recheck"


def channel_prefix() -> str:
    """Channel names of this database (pub/sub is shared by all Redis databases, and ids are
    unique only within one of ours): ``<prefix>match:<id>`` and ``<prefix>user:<id>``."""
    return f"{settings.LIVE_CHANNEL_PREFIX}:{settings.DATABASES['default']['NAME']}:"


# --- the streams' threads: a small pool per process, whatever the number of streams -------

_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()
_thread = threading.local()


def _in_thread_context(func, args):
    # Each pool thread runs everything in one context of its own, kept from call to call, as
    # a WSGI worker thread does: what Django keeps per context (its caches, with their Redis
    # connections) is made once per thread, and nothing of it flows back into the stream's
    # task, where it would live (a connection held) as long as the stream.
    context = getattr(_thread, "context", None)
    if context is None:
        context = _thread.context = contextvars.Context()
    return context.run(func, *args)


def in_pool(func, *args) -> asyncio.Future:
    """Run ``func(*args)`` on the process's ``LIVE_READ_THREADS`` threads (they read logs and
    open streams; each keeps at most one database connection); awaitable."""
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(settings.LIVE_READ_THREADS, thread_name_prefix="live")
    return asyncio.get_running_loop().run_in_executor(_executor, _in_thread_context, func, args)


# --- publishing (synchronous: services call it after commit) -------------------------------

_redis_lock = threading.Lock()
_redis_clients: dict[str, Any] = {}


def _redis_client(url: str):
    with _redis_lock:
        client = _redis_clients.get(url)
        if client is None:
            import redis

            client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
            _redis_clients[url] = client
        return client


def _publish(channel: str, message: str, wake_here) -> None:
    url = settings.LIVE_REDIS_URL
    if not url:
        wake_here()
        return
    try:
        _redis_client(url).publish(f"{channel_prefix()}{channel}", message)
    except Exception as exc:  # Redis down: the streams re-read every LIVE_DEGRADED_SECONDS
        logger.warning("live: could not publish %s: %s", channel, exc)


def publish(match_id: int, seq: int) -> None:
    """Tell the streams of ``match_id`` that its log has reached ``seq`` (or that who may read
    it changed). Never raises: the streams catch up on their next read if a wake-up is lost."""
    _publish(f"match:{match_id}", str(seq), lambda: hub.wake(match_id))


def publish_on_commit(match_id: int, seq: int) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish(match_id, seq))


def publish_user(user_id: int, reason: str) -> None:
    """Tell the streams of ``user_id`` to check their credentials again (``reason``: why)."""
    _publish(f"user:{user_id}", reason, lambda: hub.wake_user(user_id, reason))


def publish_user_on_commit(user_id: int, reason: str) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish_user(user_id, reason))


# --- listening (asynchronous: one Redis subscription per event loop) -----------------------


class _Listener:
    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        self.ready = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._run())

    def _deliver(self, channel: str, data: str) -> None:
        kind, _, ident = channel[len(self.prefix) :].partition(":")
        try:
            number = int(ident)
        except ValueError:
            return
        if kind == "match":
            hub.wake(number)
        elif kind == "user":
            hub.wake_user(number, data or RECHECK)

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        backoff = 0.2
        while True:
            client = aioredis.Redis.from_url(self.url, socket_connect_timeout=0.5)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(f"{self.prefix}*")
                self.ready.set()
                backoff = 0.2
                # what was published while we were away is in the database: every stream reads
                # its match again and checks its viewer's credentials
                hub.wake_all(RECHECK)
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel, data = message["channel"], message.get("data") or b""
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    if isinstance(data, bytes):
                        data = data.decode(errors="replace")
                    self._deliver(channel, str(data))
                raise ConnectionError("the subscription ended")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.ready.is_set():  # the streams wait shorter from now on
                    self.ready.clear()
                    hub.wake_all()
                logger.warning("live: Redis subscription lost (%s); retrying", exc)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 1.0)
            finally:
                with contextlib.suppress(Exception):  # closing a broken connection
                    await pubsub.aclose()
                    await client.aclose()


_listeners: dict[Any, _Listener] = {}


async def ensure_listening(timeout: float = 1.0) -> None:
    """Start this loop's Redis subscription (once) and, the first time, wait until it is in
    place; nothing to do on the in-process transport."""
    url = settings.LIVE_REDIS_URL
    if not url:
        return
    prefix = channel_prefix()
    loop = asyncio.get_running_loop()
    listener = _listeners.get(loop)
    if listener is not None and not listener.task.done() and listener.prefix == prefix:
        return
    if listener is not None:
        listener.task.cancel()
    for stale in [key for key in _listeners if key.is_closed()]:
        del _listeners[stale]
    listener = _listeners[loop] = _Listener(url, prefix)
    try:
        await asyncio.wait_for(listener.ready.wait(), timeout)
    except TimeoutError:  # Redis unreachable: the streams re-read while it is
        logger.warning("live: Redis subscription not ready; streams re-read the database")


def degraded() -> bool:
    """Whether this loop's streams go without pushed wake-ups (Redis configured, not reached)."""
    if not settings.LIVE_REDIS_URL:
        return False
    with contextlib.suppress(RuntimeError):
        listener = _listeners.get(asyncio.get_running_loop())
        return listener is None or not listener.ready.is_set()
    return True
