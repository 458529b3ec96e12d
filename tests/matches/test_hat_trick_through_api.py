"""The worked example of docs/api.md, through HTTP: kick-off to the first completed pass."""

import pytest

from matches.models import MatchEvent
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db

CARDS = {
    "type": "play_cards",
    "cards": [
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ],
}


def test_first_turn_to_the_first_completed_pass(players, client_for):
    client = client_for(players[0])
    created = client.post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}],
            "options": {"kickoff": 0},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    match_id = created.json()["match"]["id"]
    assert created.json()["current"]["legal"]["step"] == "play_cards"
    events = f"/api/matches/{match_id}/events/"

    first = client.post(
        events, {"expected_seq": 0, "action": CARDS}, format="json", HTTP_IDEMPOTENCY_KEY="m1-e1"
    )
    assert first.status_code == 201, first.content
    assert first.json()["events"][0]["notation"] == "S2l/S2l"
    assert first.json()["current"]["legal"]["step"] == "attacker_move"

    rejected = client.post(
        events,
        {"expected_seq": 1, "action": {"type": "move", "player": 6, "direction": "forward"}},
        format="json",
    )
    body = assert_error_shape(rejected, 422, "cannot_move_ball_holder")
    assert body["rule"] == "HT-2.4"
    wrong_edge = client.post(
        events,
        {"expected_seq": 1, "action": {"type": "move", "player": 3, "direction": "forward"}},
        format="json",
    )
    assert assert_error_shape(wrong_edge, 422, "wrong_edge")["rule"] == "HT-2.1"
    assert MatchEvent.objects.filter(match_id=match_id).count() == 1

    assert (
        client.post(
            events, {"expected_seq": 1, "action": {"type": "skip"}}, format="json"
        ).status_code
        == 201
    )
    last = client.post(
        events,
        {"expected_seq": 2, "action": {"type": "move", "player": 2, "direction": "forward"}},
        format="json",
    )
    assert last.status_code == 201, last.content
    effects = last.json()["events"][0]["effects"]
    completed = [e for e in effects if e["kind"] == "pass_completed"]
    assert completed and completed[0]["data"]["receiver"] == 6
    assert (completed[0]["data"]["attack"], completed[0]["data"]["defence"]) == (6, 2)
    assert last.json()["current"]["legal"]["step"] == "play_cards"

    export = client.get(f"/api/matches/{match_id}/export/").content.decode()
    assert export.rstrip().endswith("1. S2l/S2l\n2. skip\n3. 2f")
    svg = client.get(f"/api/matches/{match_id}/svg/")
    assert svg.status_code == 200 and b"<svg" in svg.content
