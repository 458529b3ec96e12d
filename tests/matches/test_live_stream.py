"""``GET /api/matches/{id}/stream/`` against a live ASGI server (uvicorn), as phones use it.

On the embedded default the streams are woken in-process; in CI's PostgreSQL + Redis run the
same tests go through Redis pub/sub (``LIVE_REDIS_URL`` follows the broker).
"""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from matches.engine import get_engine
from matches.models import Match
from tests.helpers import assert_error_shape, token_for
from tests.live_server import asgi_server
from tests.matches.play import random_actions

pytestmark = pytest.mark.django_db(transaction=True)
MOVES = 50


def token_headers(user) -> dict:
    return {"Authorization": f"Token {token_for(user)}"}


def read_stream(base, match_id, headers, *, until, after=None, stop_after=None, last_id=None):
    """Events of the stream (as ``(seq, item)``) until seq ``until`` or ``stop_after`` of them."""
    got = []
    query = {} if after is None else {"after": after}
    headers = dict(headers)
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    url = f"/api/matches/{match_id}/stream/"
    with (
        httpx.Client(base_url=base, headers=headers, timeout=20) as client,
        client.stream("GET", url, params=query) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        message = {}
        for line in response.iter_lines():
            if line == "":
                if "data" in message:
                    assert message["event"] == "event"
                    item = json.loads(message["data"])
                    assert item.pop("event") == "event"  # the data names its event too
                    assert int(message["id"]) == item["seq"]
                    got.append(item)
                    if item["seq"] >= until or len(got) == stop_after:
                        return got
                message = {}
            elif not line.startswith(":"):
                field, _, value = line.partition(": ")
                message[field] = value
    return got


def create_match(base, headers, payload) -> dict:
    response = httpx.post(f"{base}/api/matches/", json=payload, headers=headers, timeout=20)
    assert response.status_code == 201, response.text
    return response.json()


def test_two_phones_follow_fifty_moves_and_one_resumes_after_a_drop(make_user, settings):
    # no keep-alive re-read within the test: every event must come through the channel
    settings.LIVE_KEEPALIVE_SECONDS = 60
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    logger, first, second = token_headers(ann), token_headers(ben), token_headers(cat)
    with asgi_server() as base:
        created = create_match(
            base,
            logger,
            {
                "game": "amigo-hattrick",
                "sides": [{"name": "Ann", "user": "ann"}]
                + [{"name": f"Guest {i}"} for i in range(1, 4)],
                "options": {"games": 2},
            },
        )
        match_id = created["match"]["id"]
        engine = get_engine("amigo-hattrick")
        start = engine.state_from_json(Match.objects.get(pk=match_id).state)
        actions = [a for a, _ in random_actions("amigo-hattrick", start, seed=7, players=4)]
        actions = actions[:MOVES]
        assert len(actions) == MOVES

        received: dict[str, list] = {"first": [], "second": []}
        ready = threading.Barrier(3)

        def follow_all():
            ready.wait()
            received["first"] = read_stream(base, match_id, first, until=MOVES, after=0)

        def follow_with_a_drop():
            ready.wait()
            before = read_stream(base, match_id, second, until=MOVES, after=0, stop_after=20)
            # the connection is gone; come back as an EventSource does, with the last id
            after = read_stream(base, match_id, second, until=MOVES, last_id=before[-1]["seq"])
            received["second"] = before + after

        followers = [threading.Thread(target=f) for f in (follow_all, follow_with_a_drop)]
        for thread in followers:
            thread.start()
        ready.wait()
        with httpx.Client(base_url=base, headers=logger, timeout=20) as phone:
            for seq, action in enumerate(actions):
                response = phone.post(
                    f"/api/matches/{match_id}/events/",
                    json={"expected_seq": seq, "action": action},
                )
                assert response.status_code == 201, response.text
        for thread in followers:
            thread.join(30)
            assert not thread.is_alive()

        for name, headers in (("first", first), ("second", second)):
            seqs = [item["seq"] for item in received[name]]
            assert seqs == list(range(1, MOVES + 1)), name  # all, in order, once
            listed = httpx.get(
                f"{base}/api/matches/{match_id}/events/",
                params={"page_size": 200},
                headers=headers,
            ).json()["results"]
            assert received[name] == listed  # exactly as the events list gives them


def test_a_private_match_is_404_to_a_stranger_and_bad_positions_are_400(make_user):
    ann, eve = make_user("ann"), make_user("eve")
    with asgi_server() as base:
        created = create_match(
            base,
            token_headers(ann),
            {
                "game": "hat-trick",
                "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}],
                "visibility": "private",
            },
        )
        stream = f"{base}/api/matches/{created['match']['id']}/stream/"
        for headers in (token_headers(eve), {}):
            response = httpx.get(stream, headers=headers, timeout=10)
            assert_error_shape(_Response(response), 404, "not_found")
        for bad in ({"params": {"after": "x"}}, {"headers": {"Last-Event-ID": "-1"}}):
            headers = {**token_headers(ann), **bad.get("headers", {})}
            response = httpx.get(stream, params=bad.get("params"), headers=headers, timeout=10)
            body = assert_error_shape(_Response(response), 400, "invalid")
            assert "after" in body["fields"]
        assert httpx.get(f"{base}/api/matches/999999/stream/", timeout=10).status_code == 404


class _Response:
    """httpx's response as the shared assertion reads Django's."""

    def __init__(self, response: httpx.Response) -> None:
        self.status_code = response.status_code
        self.content = response.content
        self.json = response.json


def test_a_trixkick_stream_hides_the_keepers_from_the_opponent(make_user):
    from tests.matches.test_trixkick_through_api import OPTIONS, SET_UP, action

    ann, ben, eve = make_user("ann"), make_user("ben"), make_user("eve")
    with asgi_server() as base:
        created = create_match(
            base,
            token_headers(ann),
            {
                "game": "trixkick",
                "sides": [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}],
                "options": OPTIONS,
            },
        )
        match_id = created["match"]["id"]
        # ben says yes from his phone: only then is the side his, with its secrets
        invitations = httpx.get(f"{base}/api/invitations/", headers=token_headers(ben)).json()
        accepted = httpx.post(
            f"{base}/api/invitations/{invitations['results'][0]['id']}/accept/",
            json={},
            headers=token_headers(ben),
        )
        assert accepted.status_code == 200, accepted.text
        seq = 0
        for line in SET_UP:
            author = ann if line.startswith("A") else ben
            response = httpx.post(
                f"{base}/api/matches/{match_id}/events/",
                json={"expected_seq": seq, "action": action(line)},
                headers=token_headers(author),
                timeout=20,
            )
            assert response.status_code == 201, response.text
            seq += 1

        def keepers(user):
            items = read_stream(base, match_id, token_headers(user), until=seq)
            return [
                (item["notation"], item["action"]["order"])
                for item in items
                if item["action"]["type"] == "keepers"
            ]

        assert keepers(ben) == [("B keepers RKL", "RKL"), ("A keepers ???", None)]
        assert keepers(ann) == [("B keepers ???", None), ("A keepers KLR", "KLR")]
        assert keepers(eve) == [("B keepers ???", None), ("A keepers ???", None)]


def test_under_wsgi_the_stream_sends_what_is_logged_and_ends(make_user, client_for):
    ann = make_user("ann")
    client = client_for(ann)
    created = client.post(
        "/api/matches/",
        {"game": "amigo-hattrick", "sides": [{"name": n} for n in "ABCD"], "options": {}},
        format="json",
    ).json()
    match_id = created["match"]["id"]
    engine = get_engine("amigo-hattrick")
    start = engine.state_from_json(Match.objects.get(pk=match_id).state)
    for seq, (action, _) in enumerate(random_actions("amigo-hattrick", start, seed=3, players=4)):
        if seq == 3:
            break
        client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
        )
    response = client.get(f"/api/matches/{match_id}/stream/", HTTP_LAST_EVENT_ID="1")
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode()
    assert text.startswith("retry: ")
    assert [line for line in text.splitlines() if line.startswith("id: ")] == ["id: 2", "id: 3"]
