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


@pytest.mark.slow
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


# --- the schema says which answers carry the limits, and to whom --------------------------------


def declares_limits(operation: dict, status: int) -> bool | None:
    """Whether the schema declares the rate-limit header fields on ``status`` (``None``: the
    operation does not declare the status)."""
    response = operation["responses"].get(str(status))
    return None if response is None else "RateLimit" in response.get("headers", {})


def anonymous_only(operation: dict) -> bool:
    """The operation's limit applies to requests without a login only (its description says)."""
    return "for requests without a login" in operation["description"]


def filled(path: str, values: dict[str, object]) -> str:
    return re.sub(r"\{(\w+)\}", lambda found: str(values.get(found[1], 1)), path)


def test_every_read_carries_the_limits_the_schema_declares_to_whom_it_declares_them(phone, rates):
    """Every GET of the schema but the live stream,
    anonymous and logged in: an answer carries ``RateLimit`` only
    where the schema declares it on that status, and does where it is declared (but a 403 or a
    503, which the permissions or the login check may answer before the throttle); a limit on
    readers without a login only is never sent to a logged-in reader."""
    rates()
    match = phone.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "A"}, {"name": "B"}]},
        format="json",
    ).json()["match"]
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    values = {"id": match["id"], "username": "ann", "game": "trixkick", "clause": "TK-12.2"}
    values |= {"tutorial": "basics", "key": "ITA"}
    checked = {"anonymous": 0, "token": 0}
    reads = 0
    for path, item in schema["paths"].items():
        operation = item.get("get")
        if operation is None or path.endswith("/stream/"):  # streams: below
            continue
        reads += 1
        for who, client in (("anonymous", APIClient()), ("token", phone)):
            answer = client.get(filled(path, values))
            declared = declares_limits(operation, answer.status_code)
            if declared is None:
                continue
            expected = declared and (who == "anonymous" or not anonymous_only(operation))
            sent = answer.has_header("RateLimit")
            assert sent <= expected, (who, path, answer.status_code)  # never undeclared
            if answer.status_code not in (403, 503):
                assert sent == expected, (who, path, answer.status_code)
            assert answer.has_header("X-RateLimit-Remaining") == sent, (who, path)
            checked[who] += 1
    assert checked == {"anonymous": reads, "token": reads}  # every read answered a declared status
    assert reads > 30


def test_the_me_read_is_not_said_to_be_limited():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    me = schema["paths"]["/api/me/"]["get"]
    assert "Rate limit" not in me["description"]
    assert "429" not in me["responses"]
    assert not declares_limits(me, 200)
    games = schema["paths"]["/api/games/"]["get"]
    assert anonymous_only(games) and declares_limits(games, 200) and "429" in games["responses"]
    assert "without a login" in games["responses"]["200"]["headers"]["RateLimit"]["description"]


def test_a_write_carries_its_limit_on_every_answer_it_judged(phone, rates):
    rates()
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    append = schema["paths"]["/api/matches/{id}/events/"]["post"]
    assert not anonymous_only(append)
    created = phone.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "A"}, {"name": "B"}]},
        format="json",
    ).json()
    pk, current = created["match"]["id"], created["current"]
    body = {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]}
    logged = phone.post(f"/api/matches/{pk}/events/", body, format="json")
    stale = phone.post(f"/api/matches/{pk}/events/", body, format="json")
    missing = phone.post("/api/matches/999999/events/", body, format="json")
    anonymous = APIClient().post(f"/api/matches/{pk}/events/", body, format="json")
    for answer, status in ((logged, 201), (stale, 409), (missing, 404), (anonymous, 401)):
        assert answer.status_code == status, answer.content
        assert answer.has_header("RateLimit") == declares_limits(append, status), status


@pytest.mark.django_db(transaction=True)
def test_every_answer_of_the_recorded_tour_carries_the_limits_its_operation_declares():
    """The tour of the API (companion/openapi_examples.json: every operation, writes and
    refusals among them, logged in and not) played again: each answer carries ``RateLimit``
    exactly where the schema declares it on that status, and a limit on readers without a
    login only on their answers."""
    from django.test import Client

    from companion.examples.session import bound, prepare_server, send
    from companion.openapi_examples import recorded
    from tests.api.test_schema_examples import Replay

    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    operations = {
        operation["operationId"]: operation
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    session = recorded()
    prepare_server(session["setup"])
    client, replay, wrong, seen = Client(), Replay(), [], set()
    for step in session["steps"]:
        answer = send(client, step, replay.values)
        for name, binding in step.get("binds", {}).items():
            replay.bind(name, binding["value"], bound(binding["at"], answer))
        operation = operations[step["operation"]]
        declared = bool(declares_limits(operation, answer.status))
        expected = declared and not (step.get("as") and anonymous_only(operation))
        if ("RateLimit" in answer.headers) != expected:
            wrong.append((step["operation"], answer.status, step.get("as"), expected))
        seen.add(step["operation"])
    assert not wrong, wrong
    assert seen == set(operations)  # every operation, once at least
