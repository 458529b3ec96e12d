"""Two phones tap "Play now" on one fixture at the same moment: one match, both answered with
it. Runs against a real PostgreSQL (CI's second run); SQLite serialises writers by itself."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from competitions.models import Fixture
from matches.models import Match
from teams.services import reference_editions_load

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


def _phone(user) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    client.force_authenticate(user)
    return client


def test_two_taps_at_once_give_one_match(make_user):
    reference_editions_load()
    ann, ben = make_user("ann"), make_user("ben")
    created = _phone(ann).post(
        "/api/competitions/",
        {"name": "Race", "game": "hat-trick", "format": "league", "invite": ["ben"]},
    )
    assert created.status_code == 201, created.content
    competition = created.json()
    member = next(m for m in competition["members"] if m["user"] == "ben")
    assert (
        _phone(ben).post(f"/api/competitions/members/{member['id']}/accept/", {}).status_code == 200
    )
    assert _phone(ann).post(f"/api/competitions/{competition['id']}/draw/").status_code == 200
    fixture = Fixture.objects.get(competition_id=competition["id"])
    for _attempt in range(3):
        Fixture.objects.filter(pk=fixture.pk).update(match=None, status="scheduled")
        barrier = threading.Barrier(2)
        answers: list[tuple[int, int]] = []

        def tap(user, barrier=barrier, answers=answers):
            client = _phone(user)
            barrier.wait()
            try:
                response = client.post(f"/api/competitions/fixtures/{fixture.pk}/play/", {})
                answers.append((response.status_code, response.json()["match"]["id"]))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=tap, args=(user,)) for user in (ann, ben)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(status for status, _ in answers) == [200, 201], answers
        assert len({match for _, match in answers}) == 1
        fixture.refresh_from_db()
        assert fixture.match_id == answers[0][1]
    # each attempt opened exactly one match
    assert Match.objects.count() == 3
