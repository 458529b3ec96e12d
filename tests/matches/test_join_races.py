"""Two phones scan the same code at once: exactly one plays the side, the other is told the
code was used. On PostgreSQL the redemptions run in threads of their own, each on its own
connection (CI's second run); on SQLite, whose writers queue behind one lock, the second
redemption is made while the first one's transaction is open, between its look at the code
and its use of it, which is where two at once would meet."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from matches.guests import services
from matches.models import GuestPass, JoinCode, MatchSide
from tests.helpers import open_match

SIDES = [{"name": "Ann", "user": "ann"}, {"name": "Red"}]


def _code(players, client_for) -> tuple[int, str]:
    ann = client_for(players[0])
    match_id = open_match(ann, "hat-trick", SIDES)["match"]["id"]
    made = ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json")
    assert made.status_code == 201, made.content
    return match_id, made.json()["code"]


def _redeem(how: str, code: str, user) -> tuple[int, dict]:
    if how == "guest":
        response = APIClient().post(f"/api/join/{code}/guest/")
    else:
        client = APIClient()
        client.force_authenticate(user)
        response = client.post(f"/api/join/{code}/accept/", {}, format="json")
    return response.status_code, response.json()


def _one_won(match_id: int, results: list[tuple[int, dict]]) -> None:
    statuses = sorted(status for status, _body in results)
    assert statuses in ([200, 409], [201, 409]), results
    loser = next(body for status, body in results if status == 409)
    assert loser["code"] == "join_code_used"
    side = MatchSide.objects.get(match_id=match_id, position=1)
    guests = GuestPass.objects.filter(match_id=match_id).count()
    assert (side.user_id is not None) + guests == 1  # one player on the side, no more
    assert JoinCode.objects.get().used_at is not None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("hows", [("guest", "guest"), ("accept", "guest"), ("accept", "accept")])
def test_two_scans_at_once_on_postgresql_one_wins(players, client_for, hows):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    for _round in range(5):
        JoinCode.objects.all().delete()
        match_id, code = _code(players, client_for)
        barrier = threading.Barrier(2)
        results: list[tuple[int, dict]] = []

        def phone(how, user, barrier=barrier, results=results, code=code):
            try:
                barrier.wait()
                results.append(_redeem(how, code, user))
            finally:
                connections.close_all()

        threads = [
            threading.Thread(target=phone, args=(how, user))
            for how, user in zip(hows, players[1:3], strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        _one_won(match_id, results)


@pytest.mark.django_db
@pytest.mark.parametrize("hows", [("guest", "guest"), ("accept", "guest"), ("guest", "accept")])
def test_a_second_scan_while_the_first_is_under_way_finds_the_code_used(
    players, client_for, monkeypatch, hows
):
    match_id, code = _code(players, client_for)
    results: list[tuple[int, dict]] = []
    use = services._use

    def first_use(join_code):
        # the first redemption has found the code valid; the second one arrives now
        monkeypatch.setattr(services, "_use", use)
        use(join_code)
        results.append(_redeem(hows[1], code, players[2]))

    monkeypatch.setattr(services, "_use", first_use)
    results.insert(0, _redeem(hows[0], code, players[1]))
    _one_won(match_id, results)
