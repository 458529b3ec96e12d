"""A live stream ends, with a last event saying why, when its viewer's credentials end or they
lose access to the match: pushed through the streams' channel, within seconds."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from matches.models import Match
from tests.live_server import asgi_server
from tests.matches.test_live_stream import create_match

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-secret-pw"


def login(base, username) -> dict:
    response = httpx.post(
        f"{base}/api/auth/login/",
        json={"username": username, "password": PASSWORD, "device": "phone"},
        timeout=20,
    )
    assert response.status_code == 200, response.text
    body = response.json()
    return {"headers": {"Authorization": f"Token {body['token']}"}, "device": body["device"]}


class Follower:
    """A stream read in a thread: its messages as (event, data, monotonic time)."""

    def __init__(self, base, match_id, headers) -> None:
        self.messages: list[tuple[str, dict, float]] = []
        self.status = None
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(base, match_id, headers))
        self.thread.start()
        assert self.opened.wait(20)
        assert self.status == 200

    def _run(self, base, match_id, headers) -> None:
        url = f"{base}/api/matches/{match_id}/stream/"
        with httpx.Client(timeout=30) as client, client.stream("GET", url, headers=headers) as r:
            self.status = r.status_code
            self.opened.set()
            message: dict[str, str] = {}
            for line in r.iter_lines():
                if line == "":
                    if "data" in message:
                        event = message.get("event", "message")
                        self.messages.append((event, json.loads(message["data"]), time.monotonic()))
                    message = {}
                elif not line.startswith(":"):
                    field, _, value = line.partition(": ")
                    message[field] = value

    def ended(self, within: float) -> tuple[dict, float]:
        """The ``end`` event (and when it came) once the stream closed within ``within`` s."""
        self.thread.join(within)
        assert not self.thread.is_alive(), "the stream is still open"
        event, data, at = self.messages[-1]
        assert event == "end"
        return data, at


@pytest.fixture
def quiet(settings):
    # no keep-alive re-read during a test: an end must come through the channel
    settings.LIVE_KEEPALIVE_SECONDS = 60


def private_match(base, headers) -> int:
    created = create_match(
        base,
        headers,
        {
            "game": "hat-trick",
            "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}],
            "visibility": "private",
        },
    )
    return created["match"]["id"]


def test_revoking_the_device_ends_its_stream_and_no_other(make_user, quiet):
    make_user("ann")
    with asgi_server() as base:
        phone_a, phone_b = login(base, "ann"), login(base, "ann")
        match_id = private_match(base, phone_a["headers"])
        watch_a = Follower(base, match_id, phone_a["headers"])
        watch_b = Follower(base, match_id, phone_b["headers"])
        revoked = httpx.delete(
            f"{base}/api/auth/devices/{phone_b['device']}/", headers=phone_a["headers"]
        )
        assert revoked.status_code == 204
        start = time.monotonic()
        data, at = watch_b.ended(within=5)
        assert data["reason"] == "revoked" and data["message"]
        assert at - start < 5
        assert watch_a.thread.is_alive()  # the other phone keeps following
        again = httpx.get(f"{base}/api/matches/{match_id}/stream/", headers=phone_b["headers"])
        assert again.status_code == 401
        httpx.post(f"{base}/api/auth/logout/", headers=phone_a["headers"])
        assert watch_a.ended(within=5)[0]["reason"] == "revoked"


def test_a_password_change_ends_the_streams_of_the_other_devices(make_user, quiet):
    make_user("ann")
    with asgi_server() as base:
        phone_a, phone_b = login(base, "ann"), login(base, "ann")
        match_id = private_match(base, phone_a["headers"])
        watch_b = Follower(base, match_id, {**phone_b["headers"], "Accept-Language": "de"})
        changed = httpx.post(
            f"{base}/api/auth/password/",
            json={"old_password": PASSWORD, "new_password": "another-long-secret"},
            headers=phone_a["headers"],
        )
        assert changed.status_code == 204, changed.text
        data, _at = watch_b.ended(within=5)
        assert data["reason"] == "password_changed"
        assert "Passwort" in data["message"]  # in the watcher's language


def test_an_expiring_token_ends_its_stream(make_user, quiet, settings):
    make_user("ann")
    with asgi_server() as base:
        phone = login(base, "ann")
        match_id = private_match(base, phone["headers"])
        settings.TOKEN_IDLE_DAYS = 3 / 86400  # the token has three seconds left from its login
        watch = Follower(base, match_id, phone["headers"])
        data, _at = watch.ended(within=6)
        assert data["reason"] == "expired"


def test_losing_access_to_a_match_ends_the_stream(make_user, quiet):
    make_user("ann")
    make_user("eve")
    with asgi_server() as base:
        owner, stranger = login(base, "ann"), login(base, "eve")
        created = create_match(
            base,
            owner["headers"],
            {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]},
        )
        match_id = created["match"]["id"]
        watch_eve = Follower(base, match_id, stranger["headers"])
        watch_ann = Follower(base, match_id, owner["headers"])
        match = Match.objects.get(pk=match_id)
        match.visibility = "private"  # as the admin's form saves it
        match.save()
        data, _at = watch_eve.ended(within=5)
        assert data["reason"] == "access_lost"
        assert watch_ann.thread.is_alive()
        httpx.delete(f"{base}/api/auth/devices/{owner['device']}/", headers=owner["headers"])
        watch_ann.ended(within=5)
