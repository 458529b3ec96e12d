"""Throttle counters in Redis (Django's own RedisCache), shared by every web process; the
process's own cache while Redis is down, without a stall. Starts a private Redis."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from bench.load import free_port, redis_available, start_redis
from tests.helpers import assert_error_shape

WRONG = {"username": "target", "password": "guess-number-one"}


@pytest.fixture
def private_redis():
    if not redis_available():
        (pytest.fail if os.environ.get("OPS_REQUIRE_SERVICES") else pytest.skip)(
            "needs redis-server on the PATH"
        )
    logdir = Path(tempfile.mkdtemp(prefix="companion-cache-"))
    port = free_port()
    service = {"redis": start_redis(port, logdir)}
    yield port, logdir, service
    service["redis"].stop()


def _caches(port: int) -> dict:
    from django.conf import settings

    shared = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{port}/0",
        "KEY_PREFIX": "companion",
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
    }
    default = {**settings.CACHES["default"], "OPTIONS": {"FAILOVER_SECONDS": 1}}
    return {**settings.CACHES, "default": default, "shared": shared}


@pytest.mark.django_db
def test_login_counters_are_shared_through_redis_and_fall_back_when_it_is_down(
    private_redis, make_user, monkeypatch
):
    port, logdir, service = private_redis
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"login": "3/min"})
    make_user("target", password="the-right-password")
    client = APIClient()
    with override_settings(CACHES=_caches(port)):
        assert caches["default"].using_shared
        for _ in range(3):
            assert_error_shape(client.post("/api/auth/login/", WRONG, format="json"), 400)
        raw = redis.Redis(port=port)
        keys = [key.decode() for key in raw.keys("companion:*")]
        assert any("throttle_login_" in key for key in keys), keys
        # another web process has an empty local cache, and is refused all the same
        caches["local"].clear()
        assert_error_shape(client.post("/api/auth/login/", WRONG, format="json"), 429)

        service["redis"].stop()
        started = time.monotonic()
        answers = [client.post("/api/auth/login/", WRONG, format="json") for _ in range(5)]
        elapsed = time.monotonic() - started
        assert elapsed < 1.0, elapsed  # one failed connection attempt, then the local cache
        assert not caches["default"].using_shared
        assert [a.status_code for a in answers] == [400, 400, 400, 429, 429]

        service["redis"] = start_redis(port, logdir)
        time.sleep(1.1)  # FAILOVER_SECONDS later the shared cache is tried again
        assert caches["default"].using_shared
        assert_error_shape(client.post("/api/auth/login/", WRONG, format="json"), 400)
        assert raw.keys("companion:*")
    caches["local"].clear()
