"""Wake-ups of live streams, published after commit: per topic (a match, a competition's
table: ``matches.live.topics``) and per viewer.

The database is the one source of truth; a channel only tells the streams of a match that its
log has grown (or of a competition that its stored table changed, or that who may read either
changed), and each stream then reads what it has not sent yet. A lost or doubled wake-up
therefore loses or repeats nothing: a stream that missed one finds the change on its next read
(at the latest after its keep-alive interval, or within ``LIVE_DEGRADED_SECONDS`` while the
channel is down).

A viewer's channel carries the end of credentials: a device revoked or logged out, a password
changed, a user deactivated (``matches.live.signals`` publishes them). The streams of that
viewer check their credentials once when woken, instead of every stream polling its token.

Two transports, chosen by ``settings.LIVE_REDIS_URL``:

- **Redis pub/sub** (when set): ``publish`` sends ``PUBLISH <prefix>match:<id> <seq>``
  (``publish_topic``: ``<prefix><kind>:<id>``, and ``<prefix>user:<id> <reason>``) with the
  synchronous ``redis`` client; each process that
  serves streams keeps one asyncio connection pattern-subscribed to ``<prefix>*`` and wakes its
  own streams. Any number of web processes and machines share it. While that subscription is
  down, ``degraded()`` is true and the streams re-read the database every
  ``LIVE_DEGRADED_SECONDS``; once it is back, every stream reads and checks once more.
- **In process** (empty, the embedded default): ``publish`` wakes the streams of this process
  directly. Enough for ``make run`` and a single server process.

Both deliver into the ``Hub`` of the process: the streams waiting here, by topic and viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging
import threading
import time
import uuid
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)


def user_key(user_id: int | None, address: str = "") -> str:
    """Whose stream it is: a user, or an anonymous client address (for the per-user limit)."""
    return f"user:{user_id}" if user_id is not None else f"anon:{address}"


def _on_loop(loop, func, *args) -> None:
    """``func(*args)`` on ``loop``: at once when called on it, else handed over."""
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        func(*args)
        return
    with contextlib.suppress(RuntimeError):  # a closed loop: its streams are gone
        loop.call_soon_threadsafe(func, *args)


class Hub:
    """The streams open in this process: by topic (one *station* per match, or competition,
    and event loop, which reads and delivers for all its streams of that loop) and by viewer.

    A station has ``loop``, ``key`` (``(kind, id)``) and ``wake()``; a stream has ``loop``,
    ``user_key`` and ``alert(reason)``; both are called on their own loop, whichever thread
    wakes them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stations: dict[tuple[str, int], set] = defaultdict(set)
        self._by_user: dict[str, set] = defaultdict(set)
        self._count = 0

    def attach(self, station) -> None:
        with self._lock:
            self._stations[station.key].add(station)

    def detach(self, station) -> None:
        with self._lock:
            stations = self._stations.get(station.key)
            if stations is not None:
                stations.discard(station)
                if not stations:
                    del self._stations[station.key]

    def add(self, stream) -> None:
        with self._lock:
            self._by_user[stream.user_key].add(stream)
            self._count += 1

    def remove(self, stream) -> None:
        with self._lock:
            streams = self._by_user.get(stream.user_key)
            if streams is not None and stream in streams:
                streams.discard(stream)
                self._count -= 1
                if not streams:
                    del self._by_user[stream.user_key]

    def wake(self, kind: str, ident: int) -> None:
        """The match's log grew (the competition's table changed), or who may read it
        changed: its stations read it again."""
        with self._lock:
            stations = list(self._stations.get((kind, ident), ()))
        for station in stations:
            _on_loop(station.loop, station.wake)

    def wake_user(self, user_id: int, reason: str) -> None:
        with self._lock:
            streams = list(self._by_user.get(user_key(user_id), ()))
        for stream in streams:
            _on_loop(stream.loop, stream.alert, reason)

    def wake_all(self, reason: str | None = None) -> None:
        """Every station reads again; with a ``reason``, every viewer is checked again too."""
        with self._lock:
            stations = [station for group in self._stations.values() for station in group]
            streams = [s for group in self._by_user.values() for s in group] if reason else []
        for station in stations:
            _on_loop(station.loop, station.wake)
        for stream in streams:
            _on_loop(stream.loop, stream.alert, reason)

    def count(self) -> int:
        with self._lock:
            return self._count

    def count_of(self, key: str) -> int:
        with self._lock:
            return len(self._by_user.get(key, ()))


hub = Hub()

#: Why a viewer's streams are woken: their credentials may have ended (``RECHECK``: look
#: again, e.g. after an outage of the channel, when wake-ups may have been lost).
REVOKED, PASSWORD_CHANGED, RECHECK = "revoked", "password_changed", "recheck"


def channel_prefix() -> str:
    """Channel names of this database (pub/sub is shared by all Redis databases, and ids are
    unique only within one of ours): ``<prefix><kind>:<id>`` (``match``, ``competition``) and
    ``<prefix>user:<id>``."""
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
    _publish(f"match:{match_id}", str(seq), lambda: hub.wake("match", match_id))


def publish_on_commit(match_id: int, seq: int) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish(match_id, seq))


def publish_topic(kind: str, ident: int) -> None:
    """Tell the streams of topic ``kind`` ``ident`` (``matches.live.topics``) that it changed,
    or that who may read it did. Never raises, as ``publish``."""
    _publish(f"{kind}:{ident}", "", lambda: hub.wake(kind, ident))


def publish_topic_on_commit(kind: str, ident: int) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish_topic(kind, ident))


def publish_user(user_id: int, reason: str) -> None:
    """Tell the streams of ``user_id`` to check their credentials again (``reason``: why)."""
    _publish(f"user:{user_id}", reason, lambda: hub.wake_user(user_id, reason))


def publish_user_on_commit(user_id: int, reason: str) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish_user(user_id, reason))


# --- how many streams a viewer has open, in all processes -------------------------------
#
# With Redis (``LIVE_REDIS_URL``) each open stream is a member of its viewer's sorted set
# ``<prefix>streams:<viewer>``, scored with the moment it lapses: counted by every process,
# refreshed by its own at each keep-alive, removed when it ends (a process that died leaves
# members that lapse after ``claim_seconds()``). Without Redis, or while it is down, a process
# counts its own streams.

_CLAIM = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[5])
return 1
"""
_claims = itertools.count(1)
_process = uuid.uuid4().hex[:12]


def claim_seconds() -> float:
    """How long a stream stays counted after its process last said it is open
    (``LIVE_STREAM_LAPSE_SECONDS``)."""
    return max(settings.LIVE_STREAM_LAPSE_SECONDS, 1.0)


def refresh_seconds() -> float:
    """How often a process says its streams are open: three times before they would lapse,
    at least at each keep-alive."""
    return min(settings.LIVE_KEEPALIVE_SECONDS, claim_seconds() / 3)


def _claim_key(key: str) -> str:
    return f"{channel_prefix()}streams:{key}"


def claim_stream(key: str, limit: int) -> str | None:
    """Count one more stream of viewer ``key`` if fewer than ``limit`` are open: its claim
    (``""`` when counted in this process only), or ``None`` when the viewer has ``limit``."""
    url = settings.LIVE_REDIS_URL
    if url:
        now = time.time()
        lapse = now + claim_seconds()
        member = f"{_process}:{next(_claims)}"
        try:
            script = _redis_client(url).register_script(_CLAIM)
            args = [now, limit, lapse, member, int(lapse * 1000) + 1000]
            return member if script(keys=[_claim_key(key)], args=args) else None
        except Exception as exc:  # Redis down: this process counts its own
            logger.warning("live: could not count streams in Redis: %s", exc)
    return "" if hub.count_of(key) < limit else None


def release_claims(claims: list[tuple[str, str]]) -> None:
    """The streams of these ``(viewer, claim)`` pairs have ended (synchronous)."""
    _with_claims(claims, lambda pipe, key, members, _lapse: pipe.zrem(key, *members))


def refresh_claims(claims: list[tuple[str, str]]) -> None:
    """These streams are still open: counted for another ``claim_seconds()`` (synchronous)."""

    def refresh(pipe, key, members, lapse):
        pipe.zadd(key, dict.fromkeys(members, lapse), xx=True)
        pipe.pexpireat(key, int(lapse * 1000) + 1000)

    _with_claims(claims, refresh)


def _with_claims(claims, command) -> None:
    """``command(pipe, key, members, lapse)`` once per viewer of ``claims``, in one round trip."""
    url = settings.LIVE_REDIS_URL
    by_viewer: dict[str, list[str]] = {}
    for key, member in claims:
        if member:
            by_viewer.setdefault(key, []).append(member)
    if not url or not by_viewer:
        return
    lapse = time.time() + claim_seconds()
    try:
        pipe = _redis_client(url).pipeline(transaction=False)
        for key, members in by_viewer.items():
            command(pipe, _claim_key(key), members, lapse)
        pipe.execute()
    except Exception as exc:  # lapses by itself
        logger.warning("live: could not update the stream count in Redis: %s", exc)


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
        if kind == "user":
            hub.wake_user(number, data or RECHECK)
        else:
            hub.wake(kind, number)

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
