"""Limits published: every throttled answer carries its limits (IETF ``RateLimit`` and
``RateLimit-Policy``, and ``X-RateLimit-*``), a 429 its ``Retry-After`` and the wait in the
player's words, the schema declares them, and the limits are sized so a real match never hits
them."""

from __future__ import annotations

import itertools
import re

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from companion.api import ratelimit
from teams.services import reference_editions_load
from tests.helpers import assert_error_shape, token_for

pytestmark = pytest.mark.django_db


def production_rates() -> dict[str, str]:
    from companion.settings import base

    return base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]


@pytest.fixture
def rates(monkeypatch):
    """The throttles with the given rates (default: the production ones), counters cleared."""

    def use(**overrides):
        cache.clear()
        monkeypatch.setattr(
            SimpleRateThrottle, "THROTTLE_RATES", {**production_rates(), **overrides}
        )

    yield use
    cache.clear()


@pytest.fixture
def phone(make_user):
    reference_editions_load()
    user = make_user("ann", password="a-long-secret-pw")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def standing(response) -> dict[str, int]:
    match = re.fullmatch(r'"(\w+)";r=(\d+);t=(\d+)', response["RateLimit"])
    assert match, response["RateLimit"]
    return {"scope": match[1], "r": int(match[2]), "t": int(match[3])}


def test_an_append_answer_carries_its_limits(phone, rates):
    rates(append="5/min")
    created = phone.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "A"}, {"name": "B"}]},
        format="json",
    ).json()
    pk, current = created["match"]["id"], created["current"]
    answers = []
    for _ in range(5):
        answer = phone.post(
            f"/api/matches/{pk}/events/",
            {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]},
            format="json",
        )
        assert answer.status_code == 201, answer.content
        current = answer.json()["current"]
        answers.append(answer)
    assert answers[0]["RateLimit-Policy"] == '"append";q=5;w=60'
    assert [standing(a)["r"] for a in answers] == [4, 3, 2, 1, 0]
    assert [a["X-RateLimit-Remaining"] for a in answers] == ["4", "3", "2", "1", "0"]
    assert answers[0]["X-RateLimit-Limit"] == "5"
    assert int(answers[-1]["X-RateLimit-Reset"]) > 0  # none left: a wait until the next
    refused = phone.post(
        f"/api/matches/{pk}/events/",
        {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]},
        format="json",
    )
    body = assert_error_shape(refused, 429, "throttled")
    assert 0 < int(refused["Retry-After"]) <= 60
    assert body["details"]["retry_after"] == int(refused["Retry-After"])
    assert standing(refused)["r"] == 0 and standing(refused)["t"] > 0
    assert "seconds" in body["message"]


def test_a_long_wait_is_said_in_minutes_in_the_players_language(rates, make_user):
    rates(register="1/hour")
    client = APIClient()
    body = {"username": "new1", "password": "a-long-secret-pw-1"}
    assert client.post("/api/auth/register/", body, format="json").status_code == 201
    again = {"username": "new2", "password": "a-long-secret-pw-2"}
    refused = client.post("/api/auth/register/", again, format="json")
    error = assert_error_shape(refused, 429, "throttled")
    assert int(refused["Retry-After"]) > 3500
    assert error["message"] == "Too many requests. Try again in 60 minutes."
    german = client.post("/api/auth/register/", again, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert german.json()["message"] == "Zu viele Anfragen. Versuche es in 60 Minuten noch einmal."


def test_anonymous_reads_carry_their_limit(rates, client):
    rates()
    answer = APIClient().get("/api/games/")
    assert answer.status_code == 200
    assert (
        answer["RateLimit-Policy"]
        == f'"anon_read";q={production_rates()["anon_read"].split("/")[0]};w=60'
    )


def test_the_schema_publishes_the_limits():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    append = schema["paths"]["/api/matches/{id}/events/"]["post"]
    assert "Rate limit: `append`" in append["description"]
    for status in ("201", "429"):
        headers = append["responses"][status]["headers"]
        assert {"RateLimit", "RateLimit-Policy", "X-RateLimit-Remaining"} <= set(headers)
    assert "Retry-After" in append["responses"]["429"]["headers"]


def test_a_six_player_ten_game_amigo_match_logged_at_a_phones_fastest_never_hits_a_limit(
    phone, rates, monkeypatch
):
    """Ten taps a second (faster than anyone logs cards at a table), every move of a 6-player,
    10-game Amigo Hattrick match (over 500 appends: the whole match inside one minute's
    window), on the production limits: no 429, and the remaining count never runs out."""
    rates()
    clock = itertools.count(start=1_000_000, step=0.1)
    monkeypatch.setattr(ratelimit.ScopedRateThrottle, "timer", lambda self: next(clock))
    created = phone.post(
        "/api/matches/",
        {
            "game": "amigo-hattrick",
            "sides": [{"name": f"P{i}"} for i in range(6)],
            "options": {"games": 10},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    pk, current = created.json()["match"]["id"], created.json()["current"]
    moves, lowest = 0, None
    while current["outcome"] is None:
        answer = phone.post(
            f"/api/matches/{pk}/events/",
            {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]},
            format="json",
        )
        assert answer.status_code == 201, (moves, answer.content)
        left = standing(answer)["r"]
        lowest = left if lowest is None else min(lowest, left)
        current = answer.json()["current"]
        moves += 1
    assert moves > 500  # every card of ten deals, and the deals
    assert lowest > 0  # the whole match fits in one window, with room for retries
