"""The schema's examples of opening a match and logging a move are a real match's answers.

The match of ``matches/http/schema_examples.json`` is played again: Ann opens a Hat-Trick match
against a guest side, logs the first move the server offers, tries to move her ball holder in
step 2 (refused by the rules) and sends a move with a stale ``expected_seq``. Every answer must
be the recorded one (ids and times aside), every example must validate against the schema of
its operation, and the served schema must carry them. ``RECORD_SCHEMA_EXAMPLES=1`` writes the
file anew from this match instead.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from rest_framework.test import APIClient

from matches.http.schema_examples import FILE, recorded
from tests.api.test_protocol_drift import strict

OPEN = {"game": "hat-trick", "sides": [{"name": "Ann", "user": "ann"}, {"name": "Ben"}]}
VOLATILE = {"id", "created_at", "finished_at"}


def play(client: APIClient) -> dict:
    """The example match, as ``{operation: {name: {summary, request, status, response}}}``."""
    opened = client.post("/api/matches/", OPEN, format="json")
    assert opened.status_code == 201, opened.content
    match = opened.json()
    events = f"/api/matches/{match['match']['id']}/events/"
    first = {"expected_seq": 0, "action": match["current"]["legal"]["ready"][0]}
    moved = client.post(events, first, format="json")
    assert moved.status_code == 201, moved.content
    holder = moved.json()["current"]["summary"]["ball"]["player"]
    refused_move = {
        "expected_seq": 1,
        "action": {"type": "move", "player": holder, "direction": "forward"},
    }
    refused = client.post(events, refused_move, format="json")
    assert refused.status_code == 422, refused.content
    stale = client.post(events, first, format="json")
    assert stale.status_code == 409, stale.content

    def item(summary, request, answer):
        return {
            "summary": summary,
            "request": request,
            "status": answer.status_code,
            "response": answer.json(),
        }

    return {
        "create": {
            "open": item("Ann opens a Hat-Trick match against a guest side", OPEN, opened),
        },
        "append": {
            "first_move": item("Both managers' action cards of step 1", first, moved),
            "refused": item(
                "Step 2: the ball holder may not move (a rules refusal)", refused_move, refused
            ),
            "stale": item("A move sent after another phone's (stale expected_seq)", first, stale),
        },
    }


def steady(value: Any) -> Any:
    """``value`` without what differs between two plays of the same match: ids and times."""
    if isinstance(value, dict):
        return {key: None if key in VOLATILE else steady(item) for key, item in value.items()}
    if isinstance(value, list):
        return [steady(item) for item in value]
    return value


@pytest.fixture
def ann_client(make_user) -> APIClient:
    client = APIClient()
    client.force_authenticate(make_user("ann"))
    return client


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_examples_are_what_the_server_answers_a_real_match(ann_client):
    played = play(ann_client)
    if os.environ.get("RECORD_SCHEMA_EXAMPLES"):
        FILE.write_text(json.dumps(played, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        recorded.cache_clear()
    assert steady(played) == steady(recorded())


def _body_schema(schema: dict, path: str, status: str | None) -> dict:
    operation = schema["paths"][path]["post"]
    part = operation["requestBody"] if status is None else operation["responses"][status]
    return part["content"]["application/json"]


@pytest.mark.parametrize(
    ("operation", "path"),
    [("create", "/api/matches/"), ("append", "/api/matches/{id}/events/")],
)
def test_each_example_validates_and_is_served_on_its_operation(schema, operation, path):
    root = {"components": {"schemas": strict(copy.deepcopy(schema["components"]["schemas"]))}}
    for name, item in recorded()[operation].items():
        for status, value in ((None, item["request"]), (str(item["status"]), item["response"])):
            content = _body_schema(schema, path, status)
            # the components strictly (no undeclared keys); the operation's own wrapper (an
            # error's code narrowed to the operation's list) as it is
            validator = Draft202012Validator({**root, **content["schema"]})
            error = best_match(validator.iter_errors(value))
            assert error is None, (
                f"{operation} {name} {status}: {list(error.path)} {error.message[:300]}"
            )
            served = [example["value"] for example in content.get("examples", {}).values()]
            assert value in served, (operation, name, status)
