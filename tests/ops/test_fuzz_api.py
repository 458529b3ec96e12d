"""Schemathesis against the OpenAPI schema served at ``/api/schema/``.

Every operation gets generated requests (valid and invalid), sent through the WSGI app as a
logged-in phone (token auth) and, for some, anonymously; path ids point at real objects half
of the time so requests get past the 404. Checked: never a 5xx, every status the server answers
is one the schema declares for the operation, and every documented response matches its schema
and content type. A live stream's schema types the ``data`` of each of its messages, parsed as
JSON (docs/api.md, "Live updates"), where schemathesis reads a ``text/event-stream`` schema as
the whole event (OpenAPI 3.2's ``itemSchema``, ``data`` a string): a stream's messages are
checked here by their ``data`` (``stream_conformance``).

``FUZZ_API_EXAMPLES`` sets the number of examples per operation (default: small, for CI).
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.core.transport import Response
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from companion.openapi_examples import stream_messages
from teams.models import Edition
from tests.api.test_protocol_drift import strict
from tests.ops.conftest import amigo_payload, create_build, create_team

EXAMPLES = int(os.environ.get("FUZZ_API_EXAMPLES", "10"))

# The coverage phase's fixed cases (each parameter's boundaries and wrong types, the same for
# every run) are sent by tests/ops/test_fuzz_all_checks.py under every check, its own among them;
# here the generated examples only, FUZZ_API_EXAMPLES per operation. The schema's recorded
# examples are sent by tests/api/test_schema_examples.py, in the order they were recorded and
# with the ids the server gives (sent alone, out of that order, they would meet only 404s).
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/",
    get_wsgi_application(),
    config=SchemathesisConfig.from_dict(
        {"phases": {"coverage": {"enabled": False}, "examples": {"enabled": False}}}
    ),
)
# no 5xx, every status documented, every content type as declared (bodies: _check_schema)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]
SERVED = {"count": 0, "statuses": {}}


@contextmanager
def keep_the_test_connection():
    """Requests go straight into the WSGI handler, whose request signals close the database
    connection: inside the test's transaction (PostgreSQL) that would end it. Django's test
    client unhooks them around each request the same way (and hooks them back after)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(django_user_model, editions, phone):
    """A manager with a token, a public match, a team and a build to aim at."""
    user = django_user_model.objects.create_user("fuzzer", password="a-long-secret-pw")
    client = phone(user)
    match = client.post("/api/matches/", amigo_payload("fuzzer"), format="json").json()
    edition = Edition.objects.filter(game="hat-trick").order_by("pk").first()
    competition = client.post(
        "/api/competitions/",
        {"name": "Fuzz league", "game": "hat-trick", "format": "league"},
        format="json",
    ).json()
    return {
        "token": client.token,
        "ids": {
            "matches": match["match"]["id"],
            "teams": create_team(client, edition.pk),
            "builds": create_build(client, edition.pk),
            "editions": edition.pk,
            "competitions": competition["id"],
        },
        "username": user.username,
    }


def _media(response: Response) -> str:
    found = {name.lower(): value for name, value in response.headers.items()}
    media = found.get("content-type", [""])
    return media[0] if isinstance(media, list) else media


def stream_conformance(ctx, response: Response, case) -> bool | None:
    """``response_schema_conformance``, but a stream's messages are checked by their ``data``
    (what its schema types), each parsed as JSON and validated strictly."""
    if not _media(response).startswith("text/event-stream") or response.status_code != 200:
        return response_schema_conformance(ctx, response, case)
    root = case.operation.schema.raw_schema
    content = case.operation.definition.raw["responses"]["200"]["content"]["text/event-stream"]
    validator = Draft202012Validator(
        {"components": {"schemas": strict(root["components"]["schemas"])}, **content["schema"]}
    )
    for message in stream_messages(response.content.decode()):
        errors = sorted(validator.iter_errors(message["data"]), key=str)
        assert not errors, (case.path, message.get("id"), errors[0].message[:300])
    return True


def _check_schema(case, response: Response) -> None:
    case.validate_response(response, checks=[stream_conformance])


def _aim(case, world, flip: bool) -> None:
    """Point path parameters at real objects (on every other example)."""
    if not flip or not case.path_parameters:
        return
    path = case.path
    for name in list(case.path_parameters):
        if name in ("id", "match_id"):
            section = path.split("/")[2]
            real = world["ids"].get(section, world["ids"]["matches"])
            case.path_parameters[name] = real
        elif name == "username":
            case.path_parameters[name] = world["username"]
        elif name == "game":
            case.path_parameters[name] = "amigo-hattrick"


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=os.environ.get("FUZZ_RANDOM", "") == "",
)
def test_no_server_error_and_responses_match_the_schema(case, world):
    SERVED["count"] += 1
    flip = SERVED["count"] % 2 == 0
    _aim(case, world, flip)
    headers = {} if SERVED["count"] % 5 == 0 else {"Authorization": f"Token {world['token']}"}
    headers["Accept-Encoding"] = "identity"  # the WSGI transport does not unpack gzip
    with keep_the_test_connection():
        response = case.call_and_validate(headers=headers, checks=CHECKS)
    _check_schema(case, response)
    SERVED["statuses"][response.status_code] = SERVED["statuses"].get(response.status_code, 0) + 1
    assert response.status_code < 500


def test_the_fuzzer_reached_the_api():
    """Runs after the fuzz test in this module: it sent requests and got answers."""
    if SERVED["count"] == 0:
        pytest.skip("the fuzz test was not selected")
    assert SERVED["count"] >= 30
    assert any(200 <= status < 300 for status in SERVED["statuses"]), SERVED
    assert any(400 <= status < 500 for status in SERVED["statuses"]), SERVED
