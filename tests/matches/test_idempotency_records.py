"""Idempotency records keep what a replay needs and no more, and expire.

A logged move's record is a recipe (the seqs it logged, the match's fields as answered, the
answer's shape), not the answer: the replay rebuilds the very same answer from the log. The
records of a Hat-Trick match logged as the web app logs it (a key and ``?include=state`` on
every move) weigh at most twice its events. Records older than the retention are pruned by the
beat job, through an index on their creation time.
"""

from __future__ import annotations

import gzip
import json
import random
import uuid
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companion.api.idempotency import REPLAY_HEADER, records_prune
from matches import tasks
from matches.engine import get_engine
from matches.engine.hat_trick.sampling import random_action
from matches.models import IdempotencyRecord, MatchEvent

pytestmark = pytest.mark.django_db
ENGINE = get_engine("hat-trick")
MOVES = 60


def _size(value) -> int:
    """Bytes a stored value takes as text (JSON as the database keeps it)."""
    if value is None:
        return 0
    if isinstance(value, str):
        return len(value.encode())
    if isinstance(value, bytes | memoryview):
        return len(value)
    if isinstance(value, bool | int | datetime):
        return 8
    return len(json.dumps(value, separators=(", ", ": ")).encode())


def _rows_size(query, fields) -> int:
    return sum(_size(v) for row in query.values_list(*fields) for v in row)


RECORD_FIELDS = [
    f.attname for f in IdempotencyRecord._meta.concrete_fields if f.attname not in ("id",)
]
EVENT_FIELDS = [f.attname for f in MatchEvent._meta.concrete_fields if f.attname not in ("id",)]


def _play(client, *, moves: int, seed: int = 7):
    created = client.post(
        "/api/matches/?include=state",
        {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="create-1",
    )
    assert created.status_code == 201, created.content
    match_id = created.json()["match"]["id"]
    rng = random.Random(seed)
    answers = {}
    state = ENGINE.state_from_json(created.json()["current"]["state"])
    seq = 0
    for _ in range(moves):
        if ENGINE.outcome(state) is not None:
            break
        action = ENGINE.action_to_json(random_action(ENGINE.legal_actions(state), rng))
        key = str(uuid.UUID(int=rng.getrandbits(128)))  # as the web app makes them
        response = client.post(
            f"/api/matches/{match_id}/events/?include=state",
            {"expected_seq": seq, "action": action},
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        assert response.status_code == 201, response.content
        body = response.json()
        answers[key] = (body, {"expected_seq": seq, "action": action})  # in order
        seq = body["current"]["seq"]
        state = ENGINE.state_from_json(body["current"]["state"])
    return match_id, answers


def test_a_logged_moves_record_weighs_at_most_twice_its_events(players, client_for):
    client = client_for(players[0])
    match_id, answers = _play(client, moves=MOVES)
    records = IdempotencyRecord.objects.filter(match_id=match_id).exclude(key="create-1")
    events = MatchEvent.objects.filter(match_id=match_id)
    assert records.count() == len(answers) == events.count()
    record_bytes = _rows_size(records, RECORD_FIELDS)
    event_bytes = _rows_size(events, EVENT_FIELDS)
    answer_bytes = sum(len(json.dumps(body).encode()) for body, _sent in answers.values())
    print(
        f"\n{len(answers)} moves: records {record_bytes} B ({record_bytes / len(answers):.0f} B a"
        f" move), events {event_bytes} B ({event_bytes / len(answers):.0f} B a move), answers"
        f" {answer_bytes} B ({answer_bytes / len(answers):.0f} B a move)"
    )
    assert record_bytes <= 2 * event_bytes
    assert answer_bytes > 5 * record_bytes  # the answers themselves are not kept

    # every retry still gets the very answer it missed, also after later moves
    keys = list(answers)
    for key in random.Random(1).sample(keys, 12) + [keys[0], keys[-1]]:
        first, sent = answers[key]
        again = client.post(
            f"/api/matches/{match_id}/events/?include=state",
            sent,
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        assert again.status_code == 201 and again[REPLAY_HEADER] == "true", key
        assert again.json() == first, key
    assert MatchEvent.objects.filter(match_id=match_id).count() == len(answers)


def test_a_slim_answer_and_a_creation_are_replayed_as_first_given(players, client_for):
    client = client_for(players[0])
    created = client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="open",
    )
    match_id = created.json()["match"]["id"]
    state = ENGINE.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    action = random_action(ENGINE.legal_actions(state), random.Random(2))
    body = {"expected_seq": 0, "action": ENGINE.action_to_json(action)}
    url = f"/api/matches/{match_id}/events/"
    first = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="slim")
    assert "state" not in first.json()["current"]
    again = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="slim")
    assert again.json() == first.json() and again[REPLAY_HEADER] == "true"
    reopened = client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="open",
    )
    assert reopened.json() == created.json() and reopened[REPLAY_HEADER] == "true"


def test_records_older_than_the_retention_are_pruned_by_the_beat_job(players, client_for, settings):
    client = client_for(players[0])
    match_id, answers = _play(client, moves=6)
    kept = IdempotencyRecord.objects.count()
    old = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_RETENTION_HOURS, minutes=1)
    aged = list(IdempotencyRecord.objects.order_by("pk").values_list("pk", flat=True)[:4])
    IdempotencyRecord.objects.filter(pk__in=aged).update(created_at=old)
    with CaptureQueriesContext(connection) as queries:
        assert tasks.prune_idempotency_records() == 4
    assert IdempotencyRecord.objects.count() == kept - 4
    assert not IdempotencyRecord.objects.filter(pk__in=aged).exists()
    deletes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("DELETE")]
    assert deletes and all("created_at" in sql for sql in deletes), deletes
    assert "matches.tasks.prune_idempotency_records" in [
        entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    ]
    # a retry after the record expired is a new request: a stale move, refused, not doubled
    key = next(iter(answers))
    first, sent = answers[key]
    if IdempotencyRecord.objects.filter(key=key).exists():
        IdempotencyRecord.objects.filter(key=key).delete()
    again = client.post(
        f"/api/matches/{match_id}/events/?include=state",
        sent,
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert again.status_code == 409
    assert records_prune(older_than=timezone.now() + timedelta(seconds=1)) == kept - 4


def test_pruning_reads_the_creation_time_index():
    index_fields = [tuple(index.fields) for index in IdempotencyRecord._meta.indexes]
    assert ("created_at",) in index_fields
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM matches_idempotencyrecord WHERE created_at < %s",
                ["2026-01-01"],
            )
            plan = " ".join(str(row) for row in cursor.fetchall())
        assert "INDEX" in plan.upper(), plan


def _age_past_the_retention(settings, **lookup) -> None:
    """The records matching ``lookup`` made older than the retention, as the clock would."""
    old = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_RETENTION_HOURS, minutes=1)
    assert IdempotencyRecord.objects.filter(**lookup).update(created_at=old) == 1


def test_a_retry_past_the_retention_is_a_new_request_before_any_prune(
    players, client_for, settings
):
    """The hourly prune has not run: the aged record is still there, and still not replayed."""
    client = client_for(players[0])
    match_id, answers = _play(client, moves=2)
    key = next(iter(answers))
    first, sent = answers[key]
    url = f"/api/matches/{match_id}/events/?include=state"
    _age_past_the_retention(settings, key=key)
    stale = client.post(url, sent, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert stale.status_code == 409 and REPLAY_HEADER not in stale  # a new, stale move
    assert MatchEvent.objects.filter(match_id=match_id).count() == len(answers)

    # a creation retried past the retention creates again, under the same key
    opening = {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]}
    created = client.post("/api/matches/", opening, format="json", HTTP_IDEMPOTENCY_KEY="open")
    _age_past_the_retention(settings, key="open")
    assert IdempotencyRecord.objects.filter(key="open").exists()
    again = client.post("/api/matches/", opening, format="json", HTTP_IDEMPOTENCY_KEY="open")
    assert again.status_code == 201 and REPLAY_HEADER not in again
    assert again.json()["match"]["id"] != created.json()["match"]["id"]
    # the key now answers the second opening, and is kept from now on
    record = IdempotencyRecord.objects.get(key="open")
    assert record.match_id == again.json()["match"]["id"]
    third = client.post("/api/matches/", opening, format="json", HTTP_IDEMPOTENCY_KEY="open")
    assert third[REPLAY_HEADER] == "true" and third.content == again.content
    # within the retention a retry is still the first answer
    _age_past_the_retention(settings, key="open")
    IdempotencyRecord.objects.filter(key="open").update(
        created_at=timezone.now() - timedelta(hours=settings.IDEMPOTENCY_RETENTION_HOURS - 1)
    )
    kept = client.post("/api/matches/", opening, format="json", HTTP_IDEMPOTENCY_KEY="open")
    assert kept[REPLAY_HEADER] == "true" and kept.content == again.content


@pytest.mark.parametrize("query", ["?include=state", ""])
def test_a_replay_is_the_first_answer_byte_for_byte(players, client_for, query):
    """Also where the database hands JSON back with its keys in another order (PostgreSQL's
    jsonb: a move's effects, a stored answer): the answer's keys are sorted both times."""
    client = client_for(players[0])
    opening = {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]}

    def twice(url: str, body: dict, key: str, **extra):
        return [
            client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key, **extra)
            for _ in range(2)
        ]

    pairs = {"opening": twice(f"/api/matches/{query}", opening, "open")}
    match_id = pairs["opening"][0].json()["match"]["id"]
    url = f"/api/matches/{match_id}/events/{query}"
    rng = random.Random(3)

    def move(seq: int) -> dict:
        state = client.get(f"/api/matches/{match_id}/state/").json()["state"]
        legal = ENGINE.legal_actions(ENGINE.state_from_json(state))
        return {"expected_seq": seq, "action": ENGINE.action_to_json(random_action(legal, rng))}

    for seq in range(4):  # the first moves have effects, with keys of several lengths
        pairs[f"move {seq}"] = twice(url, move(seq), f"move-{seq}")
    assert any(event["effects"] for event in pairs["move 0"][0].json()["events"])
    for name, (first, retry) in pairs.items():
        assert REPLAY_HEADER not in first and retry[REPLAY_HEADER] == "true", name
        assert retry.status_code == first.status_code, name
        assert retry.content == first.content, name
        assert retry["Content-Length"] == first["Content-Length"] == str(len(first.content))

    # compressed: the same bytes once unpacked (the gzip wrapping is padded at random)
    unpacked = [
        gzip.decompress(answer.content)
        for answer in twice(url, move(4), "packed", HTTP_ACCEPT_ENCODING="gzip")
    ]
    assert unpacked[0] == unpacked[1]
