"""Fixtures of the operational tests: users with token-authenticated phones, matches, teams."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from teams.services import reference_editions_load
from tests.helpers import open_match, token_for
from tests.teams.conftest import picks


@pytest.fixture
def editions(db):
    return reference_editions_load()


@pytest.fixture
def phone():
    """A client that authenticates like a phone: ``Authorization: Token <key>``."""

    def make(user) -> APIClient:
        client = APIClient()
        client.token = token_for(user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {client.token}")
        return client

    return make


@pytest.fixture
def clean_cache():
    """Throttle counters live in the cache: start and end each test with none."""
    cache.clear()
    yield
    cache.clear()


def amigo_payload(*usernames: str, visibility: str = "public", games: int = 1) -> dict:
    sides = [{"name": name.title(), "user": name} for name in usernames]
    sides += [{"name": f"Guest {i}"} for i in range(4 - len(sides))]
    return {
        "game": "amigo-hattrick",
        "sides": sides,
        "options": {"games": games},
        "visibility": visibility,
    }


def create_match(client: APIClient, *usernames: str, visibility: str = "public") -> int:
    """An Amigo Hattrick match; the managers named on sides say yes."""
    return open_match(client, **amigo_payload(*usernames, visibility=visibility))["match"]["id"]


def create_team(client: APIClient, edition_id: int, name: str = "Blues") -> int:
    response = client.post(
        "/api/teams/", {"edition": edition_id, "name": name, "picks": picks()}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def create_build(client: APIClient, edition_id: int, name: str = "Budget") -> int:
    body = {
        "edition": edition_id,
        "name": name,
        "orientation": "balanced",
        "budget_class": "II",
        "picks": picks(),
    }
    response = client.post("/api/builds/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def database_url() -> str:
    """The URL of the test database, for processes the test starts (web, worker)."""
    from django.db import connection

    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{s['NAME']}"


@pytest.fixture
def needs_services():
    """PostgreSQL (shared with the processes the test starts) and redis-server to start."""
    from django.db import connection

    from bench.load import redis_available

    # CI's PostgreSQL + Redis run sets OPS_REQUIRE_SERVICES: there a missing service fails
    missing = pytest.fail if os.environ.get("OPS_REQUIRE_SERVICES") else pytest.skip
    if connection.vendor != "postgresql":
        missing("needs PostgreSQL (set DATABASE_URL)")
    if not redis_available():
        missing("needs redis-server on the PATH")
