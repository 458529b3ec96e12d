"""On a real Celery worker (CI's PostgreSQL + Redis pass): a fixture's match that ends is in
the competition's table shortly after, rebuilt by the worker; undone, it is out again."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from competitions.models import Competition
from teams.services import reference_editions_load
from tests.competitions.conftest import _random_action
from tests.helpers import accept_invitations

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _phone(user) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    client.force_authenticate(user)
    return client


def _played(competition_id: int) -> int:
    stored = Competition.objects.get(pk=competition_id).standings
    return sum(row["played"] for row in stored["tables"][0]["rows"])


def _waits_for(competition_id: int, played: int) -> None:
    deadline = time.monotonic() + 60
    while _played(competition_id) != played:
        assert time.monotonic() < deadline, "the worker did not rebuild the table in 60 s"
        time.sleep(0.25)


def test_the_worker_rebuilds_the_table_when_a_match_ends_or_is_undone(make_user):
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly")
    import random

    from matches.engine import get_engine

    reference_editions_load()
    ann, ben = make_user("ann"), make_user("ben")
    created = _phone(ann).post(
        "/api/competitions/",
        {"name": "Worker league", "game": "trixkick", "format": "league", "invite": ["ben"]},
    )
    assert created.status_code == 201, created.content
    cid = created.json()["id"]
    member = next(m for m in created.json()["members"] if m["user"] == "ben")
    _phone(ben).post(f"/api/competitions/members/{member['id']}/accept/", {})
    _phone(ann).post(f"/api/competitions/{cid}/draw/")
    fixture = _phone(ann).get(f"/api/competitions/{cid}/fixtures/").json()["rounds"][0]
    played = _phone(ann).post(f"/api/competitions/fixtures/{fixture['fixtures'][0]['id']}/play/")
    match_id = played.json()["match"]["id"]
    accept_invitations(match_id)
    engine = get_engine("trixkick")
    client = _phone(ann)
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng, actions = random.Random(5), []
    while engine.outcome(state) is None:
        action = _random_action("trixkick", state, rng)
        actions.append(action)
        state = engine.apply(state, engine.parse_action(action)).state
    seq = 0
    for first in range(0, len(actions), 400):
        logged = client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions[first : first + 400]},
        )
        assert logged.status_code == 201, logged.content
        seq = logged.json()["match"]["seq"]
    _waits_for(cid, 2)
    assert client.post(f"/api/matches/{match_id}/undo/", {"expected_seq": seq}).status_code == 201
    _waits_for(cid, 0)
