"""A real Amigo Hattrick match logged through HTTP: stats arrive after commit."""

from __future__ import annotations

import random
import time

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from matches.engine import get_engine
from stats.models import ManagerStats, MatchStatsState
from stats.selectors import match_player_lines
from teams.services import reference_editions_load
from tests.matches.play import next_action

ENGINE = get_engine("amigo-hattrick")


def play_match(make_user, games=2, seed=3):
    reference_editions_load()
    ann, ben = make_user("ann"), make_user("ben")
    client = APIClient()
    client.force_authenticate(ann)
    created = client.post(
        "/api/matches/",
        {
            "game": "amigo-hattrick",
            "sides": [
                {"name": "Ann", "user": "ann"},
                {"name": "Ben", "user": "ben"},
                {"name": "Guest 1"},
                {"name": "Guest 2"},
            ],
            "options": {"games": games},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    match_id = created.json()["match"]["id"]
    rng = random.Random(seed)
    seq = 0
    while True:
        state = client.get(f"/api/matches/{match_id}/state/").json()
        action = next_action("amigo-hattrick", ENGINE.state_from_json(state["state"]), rng, 4)
        if action is None:
            break
        response = client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
        )
        assert response.status_code == 201, response.content
        seq = response.json()["match"]["seq"]
    return match_id, ann, ben, client


@pytest.mark.django_db(transaction=True)
def test_finished_amigo_match_has_person_scores(make_user):
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("a broker is configured: see the worker test")
    match_id, ann, ben, client = play_match(make_user)
    assert MatchStatsState.objects.filter(match_id=match_id).exists()
    result = client.get(f"/api/matches/{match_id}/").json()
    totals = [side["score"] for side in result["match"]["sides"]] if "match" in result else None
    from matches.models import Match

    lines = {
        row["position"]: row for row in match_player_lines(match=Match.objects.get(pk=match_id))
    }
    assert sorted(lines) == [0, 1, 2, 3]
    for position, row in lines.items():
        assert row["player"] == "person"
        assert len(row["detail"]["game_scores"]) == 2
        assert sum(row["detail"]["game_scores"]) == row["detail"]["match_total"]
        assert row["counters"]["games"] == 2
        if totals:
            assert row["detail"]["match_total"] == totals[position]
    assert (
        sum(
            row["counters"].get("cards_played", 0) + row["counters"].get("cards_passed", 0)
            for row in lines.values()
        )
        == 2 * 60 - 2 * 4
    )
    stats = ManagerStats.objects.get(user=ann, game="amigo-hattrick")
    assert stats.played == 1
    body = APIClient().get(f"/api/stats/matches/{match_id}/players/").json()
    assert [line["detail"]["match_total"] for line in body] == [
        lines[p]["detail"]["match_total"] for p in range(4)
    ]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_worker_computes_stats_shortly_after_the_match(make_user):
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly")
    match_id, ann, _ben, _client = play_match(make_user, games=1)
    deadline = time.monotonic() + 60
    while not MatchStatsState.objects.filter(match_id=match_id).exists():
        assert time.monotonic() < deadline, "the worker did not compute the stats in 60s"
        time.sleep(0.25)
    assert ManagerStats.objects.get(user=ann, game="amigo-hattrick").played == 1
