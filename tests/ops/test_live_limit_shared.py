"""The stream limit of a viewer counts their streams in every stream process that shares the
Redis channel: two uvicorn processes, one viewer, ``LIVE_STREAMS_PER_USER`` = 2; the streams
of a process that died stop counting after ``LIVE_STREAM_LAPSE_SECONDS``."""

from __future__ import annotations

import signal
import time
from contextlib import contextmanager

import httpx
import pytest

from bench.load import service_env, start_web
from tests.helpers import assert_error_shape
from tests.matches.test_live_limits import OpenStreams, public_match
from tests.matches.test_live_stream import _Response, token_headers
from tests.ops.conftest import database_url
from tests.ops.test_shared_cache import private_redis, start_redis  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def two_stream_servers(redis_port: int, logdir, **settings: str):
    """Two uvicorn processes sharing a Redis, two streams per viewer at most: the servers
    (service, base URL) and a list for the ``OpenStreams`` to close at the end."""
    env = service_env(
        database_url(),
        f"redis://127.0.0.1:{redis_port}/0",
        LIVE_STREAMS_PER_USER="2",
        LIVE_KEEPALIVE_SECONDS="60",
        **settings,
    )
    servers: list = []
    opened: list[OpenStreams] = []
    try:
        for _ in range(2):
            servers.append(start_web(env, logdir, workers=1, server="uvicorn"))
        yield servers, opened
    finally:
        for streams in opened:
            streams.close()
        for service, _base in servers:
            service.stop()


def test_a_viewers_streams_are_counted_across_processes(
    needs_services,
    private_redis,  # noqa: F811
    make_user,
    tmp_path,
):
    port, _logdir, _service = private_redis
    with two_stream_servers(port, tmp_path) as (servers, opened):
        (_, first), (_, second) = servers
        ann = token_headers(make_user("ann"))
        match_id = public_match(first, ann)
        path = f"/api/matches/{match_id}/stream/"
        opened.append(OpenStreams(f"{first}{path}", [ann]))
        on_second = OpenStreams(f"{second}{path}", [ann])
        opened.append(on_second)

        for base in (first, second):  # two open, one on each: a third is refused by both
            refused = httpx.get(f"{base}{path}", headers=ann, timeout=10)
            body = assert_error_shape(_Response(refused), 429, "throttled")
            assert refused.headers["Retry-After"] == str(body["details"]["retry_after"])
        other = OpenStreams(f"{first}{path}", [token_headers(make_user("ben"))])
        opened.append(other)  # another viewer has a count of their own
        assert other.statuses == [200]

        on_second.close()  # its end is counted by every process, at once
        deadline = time.monotonic() + 5
        while True:
            with httpx.stream("GET", f"{first}{path}", headers=ann, timeout=10) as again:
                if again.status_code == 200 or time.monotonic() > deadline:
                    break
            time.sleep(0.2)
        assert again.status_code == 200


LAPSE = 4.0


def _refused(base: str, path: str, headers: dict) -> bool:
    with httpx.stream("GET", f"{base}{path}", headers=headers, timeout=10) as answer:
        assert answer.status_code in (200, 429), answer.status_code
        return answer.status_code == 429


def test_the_streams_of_a_process_that_died_stop_counting_after_the_lapse(
    needs_services,
    private_redis,  # noqa: F811
    make_user,
    tmp_path,
):
    port, _logdir, _service = private_redis
    with two_stream_servers(port, tmp_path, LIVE_STREAM_LAPSE_SECONDS=str(LAPSE)) as (
        servers,
        opened,
    ):
        (_, first), (doomed, second) = servers
        ann = token_headers(make_user("ann"))
        path = f"/api/matches/{public_match(first, ann)}/stream/"
        opened.append(OpenStreams(f"{first}{path}", [ann]))
        opened.append(OpenStreams(f"{second}{path}", [ann]))
        assert _refused(first, path, ann)

        doomed.stop(signal.SIGKILL)  # no goodbye: its stream is never released
        died = time.monotonic()
        still = _refused(first, path, ann)
        if time.monotonic() - died < LAPSE / 2:  # asked well before the earliest lapse
            assert still, "the dead process's stream stopped counting before its lapse"
        while _refused(first, path, ann):
            assert time.monotonic() - died < LAPSE + 3, "the dead process's stream still counts"
            time.sleep(0.2)

        # the living process keeps its streams counted past the lapse: two open, a third waits
        opened.append(OpenStreams(f"{first}{path}", [ann]))
        time.sleep(LAPSE + 1)
        assert _refused(first, path, ann)
