"""What an open stream costs the server (a coroutine, no thread) and the limits on how many
a viewer and a server process may hold: 429 and 503 in the error shape, with Retry-After."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest

from matches.live import wakeups
from tests.helpers import assert_error_shape
from tests.live_server import asgi_server
from tests.matches.test_live_stream import _Response, create_match, token_headers

pytestmark = pytest.mark.django_db(transaction=True)
STREAMS = 40


def public_match(base, headers) -> int:
    created = create_match(
        base, headers, {"game": "hat-trick", "sides": [{"name": "Blue"}, {"name": "Red"}]}
    )
    return created["match"]["id"]


class OpenStreams:
    """Streams held open by one thread with one event loop (so the client adds one thread)."""

    def __init__(self, url: str, headers_list: list[dict]) -> None:
        self.statuses: list[int] = []
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=asyncio.run, args=(self._main(url, headers_list),))
        self.thread.start()
        assert self.ready.wait(30)

    async def _one(self, client, url, headers, opened):
        async with client.stream("GET", url, headers=headers) as response:
            self.statuses.append(response.status_code)
            lines = response.aiter_lines()  # kept: a dropped iterator closes the connection
            if response.status_code == 200:
                await anext(lines)  # the retry line: the stream is running on the server
            opened.release()
            while not self.stop.is_set():
                await asyncio.sleep(0.05)

    async def _main(self, url, headers_list):
        limits = httpx.Limits(max_connections=None)
        async with httpx.AsyncClient(timeout=30, limits=limits) as client:
            opened = asyncio.Semaphore(0)
            tasks = [asyncio.create_task(self._one(client, url, h, opened)) for h in headers_list]
            for _ in tasks:
                await opened.acquire()
            self.ready.set()
            await asyncio.gather(*tasks)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(30)


def test_open_streams_hold_no_thread_each(make_user, settings):
    settings.LIVE_KEEPALIVE_SECONDS = 60
    settings.LIVE_STREAMS_PER_USER = STREAMS  # all from one anonymous address
    ann = make_user("ann")
    with asgi_server() as base:
        match_id = public_match(base, token_headers(ann))
        before = threading.active_count()
        streams = OpenStreams(f"{base}/api/matches/{match_id}/stream/", [{}] * STREAMS)
        try:
            assert streams.statuses == [200] * STREAMS
            assert wakeups.hub.count() == STREAMS  # all open, waiting on the server
            during = threading.active_count()
        finally:
            streams.close()
        deadline = time.monotonic() + 5
        while wakeups.hub.count() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert wakeups.hub.count() == 0  # every stream let go once its client left
    # the client's thread, and at most the streams' pool of threads (shared by all streams)
    assert during - before <= 1 + settings.LIVE_READ_THREADS, (before, during)


def test_too_many_streams_of_one_viewer_is_429_and_of_the_process_503(make_user, settings):
    settings.LIVE_KEEPALIVE_SECONDS = 60
    settings.LIVE_STREAMS_PER_USER = 2
    settings.LIVE_STREAMS_PER_PROCESS = 3
    ann, ben = make_user("ann"), make_user("ben")
    ann_headers, ben_headers = token_headers(ann), token_headers(ben)
    with asgi_server() as base:
        url = f"{base}/api/matches/{public_match(base, ann_headers)}/stream/"
        streams = OpenStreams(url, [ann_headers, ann_headers])
        try:
            third = httpx.get(url, headers=ann_headers, timeout=10)
            body = assert_error_shape(_Response(third), 429, "throttled")
            assert third.headers["Retry-After"] == str(body["details"]["retry_after"])
            more = OpenStreams(url, [ben_headers])  # another viewer: the third of the process
            try:
                fourth = httpx.get(url, headers=ben_headers, timeout=10)
                body = assert_error_shape(_Response(fourth), 503, "service_unavailable")
                assert int(fourth.headers["Retry-After"]) > 0
            finally:
                more.close()
        finally:
            streams.close()
        assert streams.statuses == [200, 200] and more.statuses == [200]
