"""On a real Celery worker (CI's PostgreSQL + Redis pass): the table a member's phone follows
is rebuilt in the worker's process, and its wake-up crosses to the stream server through
Redis pub/sub. The table comes within a second of the final move; undone, it goes again."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.competitions.test_live_table import (
    WITHIN,
    Follower,
    league_one_move_from_the_end,
    played,
    stream_url,
    token_headers,
)
from tests.live_server import asgi_server

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_workers_table_reaches_the_phone_through_redis(phone, people, settings):
    if settings.CELERY_TASK_ALWAYS_EAGER or not settings.LIVE_REDIS_URL:
        pytest.skip("no broker configured: tasks run eagerly, streams wake in-process")
    settings.LIVE_KEEPALIVE_SECONDS = 60  # every change through the channel
    league = league_one_move_from_the_end(phone)
    cid, match_id = league["id"], league["match"]
    ann_headers, ben_headers = token_headers(people["ann"]), token_headers(people["ben"])
    with asgi_server() as base:
        ann = Follower(stream_url(base, cid), ann_headers)
        assert played(ann.wait(1)["data"]["table"]) == {"ann": 0, "ben": 0}
        with httpx.Client(base_url=base, headers=ben_headers, timeout=20) as ben:
            sent = time.monotonic()
            final = ben.post(
                f"/api/matches/{match_id}/events/",
                json={"expected_seq": league["seq"], "action": league["last"]},
            )
            assert final.status_code == 201, final.text
            answered = time.monotonic()
            ended = ann.wait(2, within=30)
            print(
                f"\nthe worker's table on Ann's phone {1000 * (ended['at'] - sent):.0f} ms "
                f"after Ben sent the final move ({1000 * (ended['at'] - answered):.0f} ms "
                "after its answer)"
            )
            assert played(ended["data"]["table"]) == {"ann": 1, "ben": 1}
            assert ended["at"] - sent < WITHIN, ended["at"] - sent

            undone = ben.post(
                f"/api/matches/{match_id}/undo/", json={"expected_seq": league["seq"] + 1}
            )
            assert undone.status_code == 201, undone.text
            answered = time.monotonic()
            reopened = ann.wait(3, within=30)
            assert played(reopened["data"]["table"]) == {"ann": 0, "ben": 0}
            assert reopened["at"] - answered < WITHIN, reopened["at"] - answered
        httpx.post(f"{base}/api/auth/logout/", headers=ann_headers)
        assert ann.ended()["reason"] == "revoked"
