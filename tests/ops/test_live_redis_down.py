"""Live streams while their Redis channel is down: they keep delivering from the database
(re-reading every ``LIVE_DEGRADED_SECONDS``), and go back to pushed wake-ups, with no
re-reads, once Redis is back. Starts a private Redis and stops it in the middle."""

from __future__ import annotations

import time

import httpx
import pytest

from matches.engine import get_engine
from matches.live import feed
from matches.models import Match
from tests.helpers import token_for
from tests.live_server import asgi_server
from tests.matches.play import random_actions
from tests.matches.test_live_credentials import Follower
from tests.matches.test_live_stream import create_match
from tests.ops.test_shared_cache import private_redis, start_redis  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def reads_while_idle(seconds: float) -> int:
    before = feed.reads
    time.sleep(seconds)
    return feed.reads - before


def test_streams_deliver_from_the_database_while_redis_is_down(private_redis, make_user, settings):  # noqa: F811
    port, logdir, service = private_redis
    settings.LIVE_REDIS_URL = f"redis://127.0.0.1:{port}/0"
    settings.LIVE_KEEPALIVE_SECONDS = 60  # no keep-alive re-read within the test
    settings.LIVE_DEGRADED_SECONDS = 0.5
    ann = make_user("ann")
    headers = {"Authorization": f"Token {token_for(ann)}"}
    with asgi_server() as base:
        created = create_match(
            base,
            headers,
            {
                "game": "amigo-hattrick",
                "sides": [{"name": "Ann", "user": "ann"}] + [{"name": f"G{i}"} for i in (1, 2, 3)],
                "options": {"games": 2},
            },
        )
        match_id = created["match"]["id"]
        start = get_engine("amigo-hattrick").state_from_json(Match.objects.get(pk=match_id).state)
        actions = [a for a, _ in random_actions("amigo-hattrick", start, seed=5, players=4)][:3]
        follower = Follower(base, match_id, headers)
        phone = httpx.Client(base_url=base, headers=headers, timeout=20)

        def append_and_wait(seq: int) -> float:
            """Log move ``seq`` + 1; seconds from its answer to the stream's copy of it."""
            response = phone.post(
                f"/api/matches/{match_id}/events/",
                json={"expected_seq": seq, "action": actions[seq]},
            )
            assert response.status_code == 201, response.text
            answered = time.monotonic()
            deadline = answered + 5
            while time.monotonic() < deadline:
                got = [data for event, data, _at in follower.messages if event == "event"]
                if got and got[-1]["seq"] == seq + 1:
                    at = next(at for e, d, at in follower.messages if d.get("seq") == seq + 1)
                    return at - answered
                time.sleep(0.02)
            raise AssertionError(f"move {seq + 1} was not delivered within 5 s")

        try:
            assert append_and_wait(0) < 2
            assert reads_while_idle(1.5) == 0  # pushed: nothing read while nothing happens

            service["redis"].stop()
            time.sleep(0.5)
            assert append_and_wait(1) < 2  # from the database, with no wake-up
            assert reads_while_idle(1.5) >= 2  # re-reading while the channel is down

            service["redis"] = start_redis(port, logdir)
            deadline = time.monotonic() + 15
            while reads_while_idle(1.2) and time.monotonic() < deadline:
                pass  # until the subscription is back and the re-reads stop
            assert reads_while_idle(1.5) == 0
            assert append_and_wait(2) < 2  # pushed again
        finally:
            phone.close()
            httpx.post(f"{base}/api/auth/logout/", headers=headers)  # the stream ends
        assert follower.ended(within=5)[0]["reason"] == "revoked"
        seqs = [data["seq"] for event, data, _at in follower.messages if event == "event"]
        assert seqs == [1, 2, 3]  # every move once, in order
