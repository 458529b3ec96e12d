"""Wake-ups of live match streams: one channel per match, published after commit.

The event log in the database is the one source of truth; a channel only tells the streams
of a match that its log has grown, and each stream then reads what it has not sent yet. A
lost or doubled wake-up therefore loses or repeats nothing: a stream that missed one finds
the events on its next read (at the latest after its keep-alive interval).

Two transports, chosen by ``settings.LIVE_REDIS_URL``:

- **Redis pub/sub** (when set): ``publish`` sends ``PUBLISH <prefix><match id> <seq>`` with
  the synchronous ``redis`` client; each process that serves streams keeps one asyncio
  connection pattern-subscribed to ``<prefix>*`` and wakes its own streams. Any number of
  web processes and machines share it.
- **In process** (empty, the embedded default): ``publish`` wakes the streams of this process
  directly. Enough for ``make run`` and a single server process.

Both deliver into the ``Hub`` of the process: the streams of each match waiting here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)


class Waiter:
    """One stream's wake-up flag, set from any thread."""

    __slots__ = ("loop", "event")

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    def wake(self) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: the stream is gone
            self.loop.call_soon_threadsafe(self.event.set)

    async def wait(self, timeout: float) -> bool:
        """True when woken within ``timeout`` seconds; the flag is cleared either way."""
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
            return True
        except TimeoutError:
            return False
        finally:
            self.event.clear()


class Hub:
    """The streams waiting in this process, by match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[int, set[Waiter]] = defaultdict(set)

    def add(self, match_id: int, waiter: Waiter) -> None:
        with self._lock:
            self._waiters[match_id].add(waiter)

    def remove(self, match_id: int, waiter: Waiter) -> None:
        with self._lock:
            waiters = self._waiters.get(match_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[match_id]

    def wake(self, match_id: int) -> None:
        with self._lock:
            waiters = list(self._waiters.get(match_id, ()))
        for waiter in waiters:
            waiter.wake()

    def wake_all(self) -> None:
        with self._lock:
            waiters = [waiter for group in self._waiters.values() for waiter in group]
        for waiter in waiters:
            waiter.wake()

    def count(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._waiters.values())


hub = Hub()


def channel_prefix() -> str:
    """Channel names of this database's matches (pub/sub is shared by all Redis databases,
    and match ids are unique only within one of ours)."""
    return f"{settings.LIVE_CHANNEL_PREFIX}:{settings.DATABASES['default']['NAME']}:match:"


# --- publishing (synchronous: services call it after commit) -------------------------------

_redis_lock = threading.Lock()
_redis_clients: dict[str, Any] = {}


def _redis_client(url: str):
    with _redis_lock:
        client = _redis_clients.get(url)
        if client is None:
            import redis

            client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
            _redis_clients[url] = client
        return client


def publish(match_id: int, seq: int) -> None:
    """Tell the streams of ``match_id`` that its log has reached ``seq``. Never raises: the
    streams catch up on their next read if a wake-up is lost."""
    url = settings.LIVE_REDIS_URL
    if not url:
        hub.wake(match_id)
        return
    try:
        _redis_client(url).publish(f"{channel_prefix()}{match_id}", seq)
    except Exception as exc:  # Redis down: the streams re-read on their keep-alive
        logger.warning("live: could not publish match %s: %s", match_id, exc)


def publish_on_commit(match_id: int, seq: int) -> None:
    from django.db import transaction

    transaction.on_commit(lambda: publish(match_id, seq))


# --- listening (asynchronous: one Redis subscription per event loop) -----------------------


class _Listener:
    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        self.ready = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        backoff = 0.2
        while True:
            client = aioredis.Redis.from_url(self.url)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(f"{self.prefix}*")
                self.ready.set()
                backoff = 0.2
                hub.wake_all()  # whatever was published while we were away is in the database
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"]
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    try:
                        hub.wake(int(channel[len(self.prefix) :]))
                    except ValueError:
                        continue
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.ready.clear()
                logger.warning("live: Redis subscription lost (%s); retrying", exc)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 5.0)
            finally:
                with contextlib.suppress(Exception):  # closing a broken connection
                    await pubsub.aclose()
                    await client.aclose()


_listeners: dict[Any, _Listener] = {}


async def ensure_listening(prefix: str, timeout: float = 2.0) -> None:
    """Start this loop's Redis subscription (once) and wait until it is in place; nothing to
    do on the in-process transport."""
    url = settings.LIVE_REDIS_URL
    if not url:
        return
    loop = asyncio.get_running_loop()
    listener = _listeners.get(loop)
    if listener is None or listener.task.done() or listener.prefix != prefix:
        if listener is not None:
            listener.task.cancel()
        for stale in [key for key in _listeners if key.is_closed()]:
            del _listeners[stale]
        listener = _listeners[loop] = _Listener(url, prefix)
    try:
        await asyncio.wait_for(listener.ready.wait(), timeout)
    except TimeoutError:  # Redis unreachable: the stream still reads on every keep-alive
        logger.warning("live: Redis subscription not ready; streams poll on keep-alive")
