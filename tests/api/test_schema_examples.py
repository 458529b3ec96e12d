"""The schema's examples are a real session, and a fresh server answers it the same way again.

``companion/openapi_examples.json`` is the tour of the API (``companion/examples/tour.py``) as
``make examples`` recorded it. Here:

- every operation of the schema carries examples: a request example where it takes a body, and
  an answer example; each example step names its operation by its method and path, and answers
  with a status the operation declares;
- every request and answer of the file validates against its operation's schema (the
  components strictly: no undeclared keys);
- the whole file is played again, step by step and in order, on a fresh server whose rows are
  numbered from far beyond the recording's: every answer has the recorded status and validates
  against the schema, and every example's answer is the recorded one but for what differs
  between two runs (docs/api.md, "Examples"): ids, tokens, times, uids and cursors.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from jsonschema.exceptions import best_match
from rest_framework.test import APIClient

from companion.examples.session import JSON, bound, prepare_server, send
from companion.openapi_examples import recorded, stream_data, stream_messages
from tests.api.test_protocol_drift import Validator, strict

# the API's contract: the recorded examples against the schema, and replayed on a fresh server
# (tests/api's and tests/matches' own calls run on PostgreSQL too)
pytestmark = pytest.mark.any_database

#: keys whose integer values are ids of rows (each run numbers its rows its own way; an id a
#: later request sends is bound where it first appears, and sent as this run's)
ID_KEYS = frozenset(
    {"id", "device", "match", "team", "edition", "previous", "build", "invitation"}
    # a competition's rows: its members, fixtures and seasons
    | {"competition", "member", "home", "away", "champion", "winner", "runner_up", "third", "next"}
)
#: keys whose values are lists of ids of rows (an award's members, a match day's seats, a
#: cup tie's fixtures): compared by length
ID_LIST_KEYS = frozenset({"members", "seats", "fixtures"})
#: a key whose text names a row by its id (a team card's ``key`` and ``team_key``:
#: ``u<user id>-<hash of the name>``, a stats row's ``scope_key``): ``key``, ``..._key``
ID_TEXT_KEY = re.compile(r"(?:^|_)key$")
#: keys whose values are new on every run (they name nothing else in an answer), or say how the
#: server is set up (the health probe's database ``vendor`` and broker ``mode``); a join
#: code's QR code pictures a code new every run
NEW_EVERY_TIME = frozenset({"token", "vendor", "mode", "qr_svg"})
#: parts of a text that differ between runs: times and dates, uids, ids in paths, cursors
VOLATILE = [
    re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"),
    re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    re.compile(r"(?<=/)\d+(?=/)"),
    re.compile(r"(?<=cursor=)[^&\"\s]+"),
]


class Replay:
    """What a replay has learnt: the values bound so far (its own), and which of its values
    each recorded one stands for."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.recorded: dict[str, Any] = {}
        self.strings: dict[str, str] = {}

    def bind(self, name: str, recorded_value: Any, value: Any) -> None:
        self.values[name], self.recorded[name] = value, recorded_value
        if isinstance(recorded_value, str) and isinstance(value, str):
            self.strings[recorded_value] = value

    def differences(self, recorded_value: Any, value: Any, where: str = "") -> list[str]:
        """Where ``value`` (this run's) differs from ``recorded_value`` by more than a run
        differs from another."""
        if isinstance(recorded_value, dict) and isinstance(value, dict):
            if recorded_value.keys() != value.keys():
                return [f"{where}: keys {sorted(recorded_value.keys() ^ value.keys())}"]
            return [
                found
                for key in recorded_value
                for found in self._field(key, recorded_value[key], value[key], f"{where}/{key}")
            ]
        if isinstance(recorded_value, list) and isinstance(value, list):
            if len(recorded_value) != len(value):
                return [f"{where}: {len(value)} items, not {len(recorded_value)}"]
            return [
                found
                for index, (old, new) in enumerate(zip(recorded_value, value, strict=True))
                for found in self.differences(old, new, f"{where}/{index}")
            ]
        if isinstance(recorded_value, str) and isinstance(value, str):
            same = self.text(recorded_value, recorded=True) == self.text(value)
            return [] if same else [f"{where}: {value[:200]!r}, not {recorded_value[:200]!r}"]
        same = recorded_value == value and type(recorded_value) is type(value)
        return [] if same else [f"{where}: {value!r}, not {recorded_value!r}"]

    def _field(self, key: str, recorded_value: Any, value: Any, where: str) -> list[str]:
        is_id = key in ID_KEYS or key.endswith("_id")
        if is_id and type(recorded_value) is int and type(value) is int:
            return []
        if key in ID_LIST_KEYS and isinstance(recorded_value, list) and isinstance(value, list):
            ids = all(type(v) is int for v in (*recorded_value, *value))
            if ids and len(recorded_value) == len(value):
                return []
        if isinstance(recorded_value, str) and isinstance(value, str):
            if key in NEW_EVERY_TIME:
                return []
            if ID_TEXT_KEY.search(key):
                digits = re.compile(r"\d+")
                same = digits.sub("…", recorded_value) == digits.sub("…", value)
                return [] if same else [f"{where}: {value!r}, not {recorded_value!r}"]
        return self.differences(recorded_value, value, where)

    def text(self, value: str, *, recorded: bool = False) -> str:
        if recorded:
            for old, new in self.strings.items():
                value = value.replace(old, new)
        for pattern in VOLATILE:
            value = pattern.sub("…", value)
        return value


# --- the schema ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def operations(schema: dict) -> dict[str, tuple[str, str, dict]]:
    """operationId -> (path, method, operation)."""
    return {
        operation["operationId"]: (path, method, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    }


def examples() -> list[dict]:
    return [step for step in recorded()["steps"] if step["example"] is not None]


class Shapes:
    """Validators of the schema's bodies: the components strictly, an operation's own wrapper
    (an error's ``code`` narrowed to the operation's list) as it is."""

    def __init__(self, schema: dict) -> None:
        self.root = {
            "components": {"schemas": strict(copy.deepcopy(schema["components"]["schemas"]))}
        }
        self.operations = operations(schema)
        self.cache: dict[tuple, Any] = {}

    def content(self, step: dict, status: int | None) -> dict:
        _path, _method, operation = self.operations[step["operation"]]
        if status is None:
            return operation["requestBody"]["content"][step["media"]]
        return operation["responses"][str(status)].get("content", {}).get(step["answer_media"], {})

    def errors(self, step: dict, value: Any, status: int | None = None) -> str | None:
        """Why ``value`` (the step's request, or its answer with ``status``) does not fit."""
        content = self.content(step, status)
        if "schema" not in content:
            return None if value is None else f"{step['operation']} {status}: a body, none declared"
        key = (step["operation"], status, step.get("media"), step["answer_media"])
        if key not in self.cache:
            self.cache[key] = Validator({**self.root, **content["schema"]})
        stream = step["answer_media"] == "text/event-stream" and status
        values = stream_data(value) if stream else [value]
        for item in values:
            error = best_match(self.cache[key].iter_errors(item))
            if error is not None:
                return f"{step['operation']} {status}: {list(error.path)} {error.message[:300]}"
        return None


# --- every operation has its examples, each of them fits its operation ---------------------------


def test_every_operation_carries_request_and_answer_examples(schema):
    missing = []
    for operation_id, (_path, _method, operation) in operations(schema).items():
        bodies = operation.get("requestBody", {}).get("content", {}).values()
        if bodies and not any(body.get("examples") for body in bodies):
            missing.append(f"{operation_id}: no request example")
        answers = [
            c for r in operation["responses"].values() for c in r.get("content", {}).values()
        ]
        if not any(answer.get("examples") for answer in answers):
            missing.append(f"{operation_id}: no answer example")
    assert not missing, missing


def test_each_example_is_its_operations_and_is_served_there(schema):
    found = operations(schema)
    names = set()
    for step in examples():
        path, method, operation = found[step["operation"]]
        assert (step["path"], step["method"]) == (path, method.upper()), step["operation"]
        assert str(step["status"]) in operation["responses"], step["operation"]
        assert (step["operation"], step["example"]) not in names, step["example"]
        names.add((step["operation"], step["example"]))
        served = [
            example["value"]
            for content in [*operation.get("requestBody", {}).get("content", {}).values()]
            + [*operation["responses"][str(step["status"])].get("content", {}).values()]
            for example in content.get("examples", {}).values()
        ]
        for part in ("request", "answer"):
            value = step.get(part)
            if part == "answer" and step["answer_media"] == "text/event-stream":
                value = stream_data(value)[0]
            if value is not None:
                assert value in served, (step["operation"], step["example"], part)


def test_every_example_keeps_to_the_schema(schema):
    shapes = Shapes(schema)
    wrong = []
    for step in examples():
        if "request" in step:
            wrong.append(shapes.errors(step, step["request"]))
        wrong.append(shapes.errors(step, step.get("answer"), step["status"]))
    assert not [why for why in wrong if why], [why for why in wrong if why]


# --- a fresh server answers the session the same way --------------------------------------------


@pytest.fixture
def ids_moved_on(transactional_db):
    """Every table's next id is far beyond the recording's (each table its own range), so a
    replay that sent a recorded id instead of its own would fail. On SQLite the ranges are
    taken back afterwards; PostgreSQL's sequences go on from there, as they do anyway."""
    tables = connection.introspection.django_table_names(only_existing=True)
    with connection.cursor() as cursor:
        for number, table in enumerate(sorted(tables), start=1):
            if connection.vendor == "sqlite":
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)",
                    [table, 1000 * number],
                )
            else:
                for sequence in connection.introspection.get_sequences(cursor, table):
                    cursor.execute("SELECT setval(%s, %s)", [sequence["name"], 1000 * number])
    yield
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            for table in tables:
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])


@pytest.mark.slow
def test_the_session_replays_on_a_fresh_server(schema, ids_moved_on):
    session = recorded()
    prepare_server(session["setup"])
    shapes, client, replay = Shapes(schema), Client(), Replay()
    for number, step in enumerate(session["steps"]):
        where = f"step {number} ({step['operation']}, {step['example']})"
        answer = send(client, step, replay.values)
        assert answer.status == step["status"], (where, answer.body)
        assert answer.media == step["answer_media"], where
        if answer.media == JSON or answer.status < 300:
            assert shapes.errors(step, answer.body, answer.status) is None, where
        for name, binding in step.get("binds", {}).items():
            replay.bind(name, binding["value"], bound(binding["at"], answer))
        if "answer" in step:
            old, new = step["answer"], answer.body
            if answer.media == "text/event-stream":  # its messages (JSON: keys in any order)
                old, new = stream_messages(old), stream_messages(new)
            differences = replay.differences(old, new)
            assert not differences, (where, differences[:5])
    # the ids bound stood for other ids here: the replay sent its own
    moved = [name for name, value in replay.values.items() if value != replay.recorded[name]]
    assert "match" in moved and "hat_trick_edition" in moved, moved


def test_a_replay_sees_through_what_differs_between_runs_and_nothing_else():
    replay = Replay()
    replay.bind("card", "u2-9910770a2831", "u1002-5b1c0d2e7f40")
    recorded_answer = {
        "id": 3,
        "token": "fda53b4c3fa439fb506346a1c180b538851e106b",
        "created_at": "2026-11-28T23:29:03.187248Z",
        "url": "/api/matches/3/",
        "card_svg": "/api/stats/teams/u2-9910770a2831/card.svg",
        "next": "http://testserver/api/matches/?cursor=cD0yMDI2",
        "seq": 4,
    }
    answer = {
        "id": 1003,
        "token": "0b6e1f5c2d7a4e8f9a0b1c2d3e4f5a6b7c8d9e0f",
        "created_at": "2027-01-02T10:00:00.5Z",
        "url": "/api/matches/1003/",
        "card_svg": "/api/stats/teams/u1002-5b1c0d2e7f40/card.svg",
        "next": "http://testserver/api/matches/?cursor=cD0yMDI3",
        "seq": 4,
    }
    assert replay.differences(recorded_answer, answer) == []
    # anything else is a difference: a seq, a key more, an id that is no number, a text
    assert replay.differences({**recorded_answer, "seq": 5}, answer) == ["/seq: 4, not 5"]
    assert replay.differences(recorded_answer, {**answer, "more": 1}) == [": keys ['more']"]
    assert replay.differences({"id": 3}, {"id": True})
    assert replay.differences({"id": 3}, {"id": "3"})
    assert replay.differences({"card_svg": "/api/stats/teams/u3-0/"}, {"card_svg": "/x/"})
