"""A live stream opened with a guest's token ends, with its last message, within 5 seconds of
the end of the pass: the host taking the side back, or the match ending (its last move sent
first)."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.live_server import asgi_server
from tests.matches.test_live_credentials import Follower, quiet  # noqa: F401
from tests.matches.test_live_stream import create_match, token_headers

pytestmark = pytest.mark.django_db(transaction=True)


def guest_headers(base, host: dict, match_id: int) -> dict:
    made = httpx.post(
        f"{base}/api/matches/{match_id}/join-codes/", json={"side": 1}, headers=host, timeout=20
    )
    assert made.status_code == 201, made.text
    guest = httpx.post(f"{base}/api/join/{made.json()['code']}/guest/", timeout=20)
    assert guest.status_code == 201, guest.text
    return {"Authorization": f"Bearer {guest.json()['token']}"}


def open_hat_trick(base, host: dict, visibility: str = "private") -> int:
    payload = {
        "game": "hat-trick",
        "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}],
        "visibility": visibility,
    }
    return create_match(base, host, payload)["match"]["id"]


def test_taking_the_side_back_ends_the_guests_stream_within_five_seconds(make_user, quiet):  # noqa: F811
    host = token_headers(make_user("ann"))
    with asgi_server() as base:
        match_id = open_hat_trick(base, host)
        guest = guest_headers(base, host, match_id)
        watch = Follower(base, match_id, guest)
        host_watch = Follower(base, match_id, host)
        time.sleep(0.5)
        taken = httpx.delete(f"{base}/api/matches/{match_id}/guests/1/", headers=host, timeout=20)
        assert taken.status_code == 204
        start = time.monotonic()
        data, at = watch.ended(within=6)
        assert at - start < 5, at - start
        assert data["reason"] == "revoked"
        assert data["message"] == "This guest pass has ended: the host has taken your side back."
        assert host_watch.thread.is_alive()  # the host follows on
        again = httpx.get(f"{base}/api/matches/{match_id}/stream/", headers=guest, timeout=20)
        assert again.status_code == 401 and again.json()["code"] == "guest_pass_ended"
        httpx.post(f"{base}/api/auth/logout/", headers=host, timeout=20)
        host_watch.ended(within=6)


def test_the_end_of_the_match_ends_the_guests_stream_after_its_last_move(make_user, quiet):  # noqa: F811
    host = token_headers(make_user("ann"))
    with asgi_server() as base:
        match_id = open_hat_trick(base, host, visibility="public")
        guest = guest_headers(base, host, match_id)
        watch = Follower(base, match_id, {**guest, "Accept-Language": "de"})
        state = httpx.get(f"{base}/api/matches/{match_id}/state/", headers=guest).json()
        move = {"expected_seq": 0, "action": state["legal"]["ready"][0]}
        logged = httpx.post(f"{base}/api/matches/{match_id}/events/", json=move, headers=guest)
        assert logged.status_code == 201, logged.text
        over = httpx.post(
            f"{base}/api/matches/{match_id}/abandon/", json={"expected_seq": 1}, headers=host
        )
        assert over.status_code == 201
        start = time.monotonic()
        data, at = watch.ended(within=6)
        assert at - start < 5, at - start
        assert data["reason"] == "access_lost"
        assert data["message"] == "Das Spiel ist vorbei: Dieser Gastzugang ist beendet."
        assert [m[1]["seq"] for m in watch.messages if m[0] == "event"] == [1]
