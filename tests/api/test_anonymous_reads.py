"""Expensive anonymous reads: throttled per client address, a finished match's export and
picture cached with an ETag (304 when the reader has it), page sizes capped."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle

from matches.engine import get_engine
from matches.log import services
from teams.services import reference_editions_load
from tests.helpers import assert_error_shape
from tests.matches.play import next_action
from tests.ops.conftest import amigo_payload

pytestmark = pytest.mark.django_db
ENGINE = get_engine("amigo-hattrick")


@pytest.fixture
def clean_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def ann(make_user):
    reference_editions_load()
    user = make_user("ann")
    client = APIClient()
    client.force_authenticate(user)
    return client


def _open(client) -> int:
    return client.post("/api/matches/", amigo_payload("ann"), format="json").json()["match"]["id"]


def _move(client, match_id: int, rng: random.Random) -> bool:
    current = client.get(f"/api/matches/{match_id}/state/").json()
    action = next_action("amigo-hattrick", ENGINE.state_from_json(current["state"]), rng, 4)
    if action is None:
        return False
    response = client.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": current["seq"], "action": action},
        format="json",
    )
    assert response.status_code == 201, response.content
    return True


@pytest.fixture
def finished(ann) -> int:
    match_id = _open(ann)
    rng = random.Random(3)
    while _move(ann, match_id, rng):
        pass
    assert ann.get(f"/api/matches/{match_id}/").json()["status"] == "finished"
    return match_id


def test_anonymous_reads_are_throttled_per_address(ann, clean_cache, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon_read": "5/min"})
    match_id = _open(ann)
    anonymous = APIClient()
    urls = [
        f"/api/matches/{match_id}/export/",
        f"/api/matches/{match_id}/svg/",
        f"/api/matches/{match_id}/events/",
        "/api/matches/",
        f"/api/matches/{match_id}/state/",
    ]
    for url in urls:
        assert anonymous.get(url).status_code == 200, url
    for url in urls:
        body = assert_error_shape(anonymous.get(url), 429, "throttled")
        assert body["details"]["retry_after"] > 0
    assert anonymous.get("/api/health/").status_code == 200  # probes are never throttled
    other = APIClient(REMOTE_ADDR="192.0.2.44")
    assert other.get("/api/matches/").status_code == 200  # another address, its own count
    for _ in range(10):  # a logged-in reader is not held to the anonymous rate
        assert ann.get(f"/api/matches/{match_id}/export/").status_code == 200


def test_a_finished_matchs_export_is_cached_with_an_etag(finished, clean_cache, monkeypatch):
    built = []
    real = services.match_export
    monkeypatch.setattr(services, "match_export", lambda **kw: built.append(1) or real(**kw))
    url = f"/api/matches/{finished}/export/"
    first = APIClient().get(url)
    assert first.status_code == 200 and first["ETag"]
    assert first["Content-Type"].startswith("text/plain")
    again = APIClient().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    other_reader = APIClient(REMOTE_ADDR="192.0.2.7").get(url)
    assert other_reader.content == first.content
    assert len(built) == 1  # built once, then served from the cache


def test_a_finished_matchs_picture_is_cached_with_an_etag(finished, clean_cache):
    url = f"/api/matches/{finished}/svg/"
    first = APIClient().get(url)
    assert first.status_code == 200 and first["Content-Type"].startswith("image/svg+xml")
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    older = APIClient().get(f"{url}?seq=3")
    assert older["ETag"] != first["ETag"]
    assert APIClient().get(f"{url}?seq=3", HTTP_IF_NONE_MATCH=older["ETag"]).status_code == 304


def test_a_running_matchs_etag_changes_with_each_move(ann, clean_cache):
    match_id = _open(ann)
    url = f"/api/matches/{match_id}/export/"
    before = ann.get(url)
    assert ann.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    assert _move(ann, match_id, random.Random(1))
    after = ann.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert after.content != before.content


@pytest.mark.parametrize(
    ("url", "largest"),
    [
        ("/api/matches/", 100),
        ("/api/matches/{id}/events/", 200),
        ("/api/stats/games/hat-trick/leaderboard/", 100),
        ("/api/editions/", 100),
    ],
)
def test_page_size_is_capped(ann, url, largest):
    url = url.format(id=_open(ann))
    assert ann.get(f"{url}?page_size={largest}").status_code == 200
    body = assert_error_shape(ann.get(f"{url}?page_size={largest + 1}"), 400, "invalid")
    assert "page_size" in body["fields"]
    assert_error_shape(ann.get(f"{url}?page_size=0"), 400, "invalid")
    assert_error_shape(ann.get(f"{url}?page_size=lots"), 400, "invalid")


def test_the_etag_holds_when_the_answer_is_compressed(finished, clean_cache):
    url = f"/api/matches/{finished}/export/"
    first = APIClient().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first.status_code == 200 and first["Content-Encoding"] == "gzip"
    again = APIClient().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
