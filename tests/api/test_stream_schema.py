"""The live stream is typed: each message of ``GET /api/matches/{id}/stream/``, parsed as a
client parses Server-Sent Events, validates against the schema's ``StreamMessage``, and its
``data`` against the answer's schema, ``StreamData`` (the very item of ``GET events/``, and the
message's ``event``: what a client that reads only ``data`` narrows on)."""

import json

import pytest
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from teams.services import reference_editions_load
from tests.api.test_protocol_drift import strict
from tests.helpers import token_for

pytestmark = pytest.mark.django_db


def messages(text: str) -> tuple[list[str], list[dict]]:
    """The stream's control lines (``retry:``, comments) and its messages, ``data`` parsed."""
    control, parsed = [], []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            if line.startswith((":", "retry:")):
                control.append(line)
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        if "data" in fields:
            parsed.append({**fields, "data": json.loads(fields["data"])})
    return control, parsed


def test_every_stream_message_validates_against_the_schema(make_user):
    reference_editions_load()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(make_user('ann'))}")
    created = client.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "A"}, {"name": "B"}]},
        format="json",
    ).json()
    pk, current = created["match"]["id"], created["current"]
    for _ in range(4):
        answer = client.post(
            f"/api/matches/{pk}/events/",
            {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]},
            format="json",
        )
        current = answer.json()["current"]
    schema = client.get("/api/schema/", {"format": "json"}).json()
    stream = schema["paths"]["/api/matches/{id}/stream/"]["get"]["responses"]["200"]
    assert stream["content"]["text/event-stream"]["schema"]["$ref"].endswith("/StreamData")
    root = {"components": {"schemas": strict(schema["components"]["schemas"])}}
    validator = Draft202012Validator({**root, "$ref": "#/components/schemas/StreamMessage"})
    data = Draft202012Validator({**root, "$ref": "#/components/schemas/StreamData"})

    response = client.get(f"/api/matches/{pk}/stream/", HTTP_LAST_EVENT_ID="1")
    assert response["Content-Type"].startswith("text/event-stream")
    control, parsed = messages(b"".join(response.streaming_content).decode())
    assert control[0].startswith("retry: ")
    assert [m["id"] for m in parsed] == ["2", "3", "4"]  # resumed after Last-Event-ID
    for message in parsed:
        errors = sorted(validator.iter_errors(message), key=str)
        assert not errors, (message["id"], errors[0].message)
        errors = sorted(data.iter_errors(message["data"]), key=str)
        assert not errors, (message["id"], errors[0].message)
        assert message["data"]["game"] == "trixkick"
        assert message["data"]["event"] == message["event"] == "event"
    events = client.get(f"/api/matches/{pk}/events/?after=1").json()["results"]
    # the same item as GET events/, naming its event
    assert [m["data"] for m in parsed] == [{"event": "event", **item} for item in events]
    end = {"event": "end", "reason": "expired", "message": "Log in again."}
    assert not list(validator.iter_errors({"event": "end", "data": end}))
    assert not list(data.iter_errors(end))
    # a reason added later is read (an open enum); a message that names no event is not
    assert not list(data.iter_errors({**end, "reason": "kicked"}))
    assert list(data.iter_errors({"reason": "expired", "message": "Log in again."}))
    assert list(validator.iter_errors({"event": "end", "data": {"reason": "bored"}}))
