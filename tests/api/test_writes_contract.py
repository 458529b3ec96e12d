"""What every write asks of a client: JSON bodies, an expected_seq, and retries that create once."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match, MatchEvent
from teams.models import Build, Edition, Team
from teams.services import reference_editions_load
from tests.helpers import assert_error_shape
from tests.teams.conftest import CHEAP, picks

AMIGO = {"game": "amigo-hattrick", "sides": [{"name": n} for n in "abcd"], "options": {"games": 1}}
MATCH_WRITES = ("events/", "events/batch/", "undo/", "redo/", "abandon/")


@pytest.fixture
def phone(db, make_user):
    reference_editions_load()
    client = APIClient()
    client.force_authenticate(make_user("ann"))
    return client


def hat_trick_edition() -> Edition:
    return Edition.objects.filter(game="hat-trick").order_by("-version").first()


@pytest.mark.parametrize(
    "path", ["/api/matches/", "/api/teams/", "/api/builds/", "/api/auth/login/"]
)
def test_form_and_multipart_bodies_are_415(phone, path):
    for response in (
        phone.post(path, {"name": "x"}, format="multipart"),
        phone.generic("POST", path, "name=x", content_type="application/x-www-form-urlencoded"),
    ):
        assert_error_shape(response, 415)
    assert not Match.objects.exists() and not Team.objects.exists()


@pytest.mark.parametrize("suffix", MATCH_WRITES)
def test_a_write_without_expected_seq_is_400_and_changes_nothing(phone, suffix):
    match = phone.post("/api/matches/", AMIGO, format="json").json()["match"]
    body = {"action": {"type": "deal"}, "actions": [{"type": "deal"}]}
    response = phone.post(f"/api/matches/{match['id']}/{suffix}", body, format="json")
    error = assert_error_shape(response, 400, "invalid")
    assert "expected_seq" in error["fields"]
    assert MatchEvent.objects.count() == 0
    assert Match.objects.get(pk=match["id"]).status == "in_progress"


def test_a_double_tap_on_new_match_makes_one_match(phone):
    first = phone.post("/api/matches/", AMIGO, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    retry = phone.post("/api/matches/", AMIGO, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    assert first.status_code == retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert Match.objects.count() == 1
    other = {**AMIGO, "visibility": "private"}
    reused = phone.post("/api/matches/", other, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    assert_error_shape(reused, 422, "idempotency_key_reused")
    assert Match.objects.count() == 1


def test_team_and_build_creation_honour_the_idempotency_key(phone):
    edition = hat_trick_edition()
    team = {"edition": edition.id, "name": "L", "picks": picks()}
    build = {
        "edition": edition.id,
        "name": "Sunday league",
        "orientation": "balanced",
        "budget_class": "IV",
        "picks": picks(CHEAP),
    }
    for path, body, model in (("/api/teams/", team, Team), ("/api/builds/", build, Build)):
        first = phone.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=f"k{path}")
        retry = phone.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=f"k{path}")
        assert first.status_code == retry.status_code == 201, first.content
        assert retry.headers["Idempotent-Replayed"] == "true"
        assert retry.json() == first.json()
        assert model.objects.count() == 1


def test_a_nested_field_error_is_named_by_its_path(phone):
    body = {**AMIGO, "sides": [{"name": "a"}, {"name": "b"}, {}, {"name": "d"}]}
    error = assert_error_shape(phone.post("/api/matches/", body, format="json"), 400, "invalid")
    required = {"code": "required", "message": "This field is required."}
    assert error["fields"] == {"sides.2.name": [required]}


def test_a_server_with_only_its_migrations_opens_matches(db, make_user):
    # no seed_demo, no load_editions: the reference editions are loaded on first use
    assert not Edition.objects.exists()
    client = APIClient()
    client.force_authenticate(make_user("first"))
    response = client.post("/api/matches/", AMIGO, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["match"]["edition"]["slug"] == "reference"
    again = client.post("/api/matches/", AMIGO, format="json")
    assert again.json()["match"]["edition"] == response.json()["match"]["edition"]
