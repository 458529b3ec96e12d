"""The match write statements read and write what the ORM reads and writes."""

import random

import pytest
from django.db import transaction

from matches.engine import get_engine
from matches.log import write_sql
from matches.models import Match, MatchEvent, MatchSide
from tests.helpers import assert_error_shape
from tests.matches.play import amigo_deal

pytestmark = pytest.mark.django_db
ENGINE = get_engine("amigo-hattrick")


def test_the_locked_read_is_the_match_and_sides_the_orm_reads(amigo_match, players):
    match_id = amigo_match["match"]["id"]
    with transaction.atomic():
        match, sides = write_sql.match_for_update(match_id)
    expected = Match.objects.select_related("edition", "created_by").get(pk=match_id)
    assert match.get_deferred_fields() == {"state"}  # read only when no parsed state is kept
    assert write_sql.match_snapshot_load(match) == expected.state
    for field in Match._meta.concrete_fields:
        assert getattr(match, field.attname) == getattr(expected, field.attname), field.name
    assert (match.edition.slug, match.edition.version) == (
        expected.edition.slug,
        expected.edition.version,
    )
    assert "data" in match.edition.get_deferred_fields()  # identity only: data loads on access
    assert match.created_by.username == "ann"
    expected_sides = list(MatchSide.objects.filter(match_id=match_id).order_by("position"))
    assert [side.position for side in sides] == [0, 1, 2, 3]
    for side, orm_side in zip(sides, expected_sides, strict=True):
        for field in MatchSide._meta.concrete_fields:
            assert getattr(side, field.attname) == getattr(orm_side, field.attname), field.name
    assert [side.user.username if side.user else None for side in sides] == [
        "ann",
        "ben",
        None,
        None,
    ]
    assert write_sql.match_for_update(match_id + 1000) is None


def test_a_write_answers_what_the_reads_say_afterwards(amigo_match, players, client_for):
    client = client_for(players[1])  # ben, a linked player, not the creator
    match_id = amigo_match["match"]["id"]
    written = client.post(
        f"/api/matches/{match_id}/events/?include=state",
        {"expected_seq": 0, "action": amigo_deal(random.Random(4), 4)},
        format="json",
    )
    assert written.status_code == 201, written.content
    assert written.json()["match"] == client.get(f"/api/matches/{match_id}/").json()
    log = client.get(f"/api/matches/{match_id}/events/").json()["results"]
    assert written.json()["events"] == log
    current = client.get(f"/api/matches/{match_id}/state/").json()
    assert written.json()["current"] == current
    stored = MatchEvent.objects.get(match_id=match_id)
    assert (stored.seq, stored.author.username, stored.kind) == (1, "ben", "action")


def test_a_seq_taken_behind_the_lock_is_409_and_stores_nothing(amigo_match, players, client_for):
    """The unique (match, seq) is the backstop if a writer ever skipped the row lock."""
    match_id = amigo_match["match"]["id"]
    MatchEvent.objects.create(match_id=match_id, seq=1, kind="action", action={"type": "x"})
    response = client_for(players[0]).post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": 0, "action": amigo_deal(random.Random(4), 4)},
        format="json",
        HTTP_IDEMPOTENCY_KEY="planted",
    )
    body = assert_error_shape(response, 409, "stale_sequence")
    assert body["details"]["expected_seq"] == 0
    assert Match.objects.get(pk=match_id).seq == 0
    assert list(MatchEvent.objects.filter(match_id=match_id).values_list("action", flat=True)) == [
        {"type": "x"}
    ]


@pytest.mark.parametrize("step", ["append", "undo", "redo", "abandon"])
def test_writes_read_the_stored_snapshot_when_this_process_keeps_none(
    amigo_match, players, client_for, step
):
    """Another worker process served the previous move: the snapshot is read, not kept."""
    from matches.log import snapshots

    client = client_for(players[0])
    match_id = amigo_match["match"]["id"]
    base = f"/api/matches/{match_id}/"
    rng = random.Random(8)
    assert (
        client.post(
            base + "events/", {"expected_seq": 0, "action": amigo_deal(rng, 4)}, format="json"
        ).status_code
        == 201
    )
    if step == "redo":
        undo = client.post(base + "undo/", {"expected_seq": 1}, format="json")
        assert undo.status_code == 201
    expected_seq = client.get(base).json()["seq"]
    before = client.get(base + "state/").json()
    snapshots.clear()
    if step == "append":
        action = before["legal"]["actions"][0]
        response = client.post(
            base + "events/?include=state",
            {"expected_seq": expected_seq, "action": action},
            format="json",
        )
        expected_state = ENGINE.apply(
            ENGINE.state_from_json(before["state"]), ENGINE.parse_action(action)
        ).state
    else:
        response = client.post(
            base + f"{step}/?include=state", {"expected_seq": expected_seq}, format="json"
        )
        expected_state = None
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["current"] == client.get(base + "state/").json()
    if expected_state is not None:
        assert body["current"]["state"] == ENGINE.state_to_json(expected_state)
    if step == "abandon":
        assert body["current"]["state"] == before["state"]
        assert body["match"]["status"] == "abandoned"


@pytest.mark.parametrize("suffix", ["events/", "events/batch/", "undo/", "redo/", "abandon/"])
@pytest.mark.parametrize("match_id", [2**63, 2**70])
def test_writes_to_an_id_beyond_64_bits_are_404(players, client_for, suffix, match_id):
    body = {"expected_seq": 0, "action": {"type": "deal"}, "actions": [{"type": "deal"}]}
    response = client_for(players[0]).post(f"/api/matches/{match_id}/{suffix}", body, format="json")
    assert_error_shape(response, 404)
