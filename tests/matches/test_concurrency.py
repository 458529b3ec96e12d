"""Two phones append at the same sequence number at once: exactly one wins.

Runs against a real PostgreSQL (CI's second run); SQLite serialises writers differently and
the threads would only measure its lock timeout.
"""

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from matches.models import MatchEvent

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


def test_two_clients_same_seq_one_wins_no_gap_no_duplicate(players, amigo_match):
    match_id = amigo_match["match"]["id"]
    for round_number in range(5):
        seq = MatchEvent.objects.filter(match_id=match_id).count()
        # each round: both phones send the same legal action at the same seq
        action = {"type": "deal"} if round_number == 0 else None
        if action is None:
            client = APIClient()
            client.force_authenticate(players[0])
            legal = client.get(f"/api/matches/{match_id}/state/").json()["legal"]
            shape = legal["actions"][0]
            action = {
                "type": "play",
                "card": {"colour": shape["colours"][0], "number": round_number + 1},
            }
        barrier = threading.Barrier(2)
        statuses = []

        def phone(user, action=action, seq=seq, barrier=barrier, statuses=statuses):
            client = APIClient()
            client.force_authenticate(user)
            barrier.wait()
            try:
                response = client.post(
                    f"/api/matches/{match_id}/events/",
                    {"expected_seq": seq, "action": action},
                    format="json",
                )
                statuses.append((response.status_code, response.json()))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=phone, args=(user,)) for user in players[:2]]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        codes = sorted(code for code, _ in statuses)
        assert codes == [201, 409], statuses
        loser = next(body for code, body in statuses if code == 409)
        assert loser["code"] == "stale_sequence"
        assert loser["details"]["current_seq"] == seq + 1
    seqs = list(
        MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) == 5
