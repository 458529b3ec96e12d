"""Guests: a phone without an account scans a code and logs its side with a guest's token,
which opens nothing but that side of that match and ends with the match or when the host takes
the side back; signed in later, the phone claims the match, which then counts in the account's
stats and rating exactly once (a private match staying private)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.engine import get_engine
from matches.models import GuestPass, MatchSide
from stats import jobs as stats_jobs
from stats.models import ManagerStats, MatchParticipation, RatingEntry
from tests.helpers import assert_error_shape, log_random_play, open_match

pytestmark = pytest.mark.django_db

SIDES = [{"name": "Ann", "user": "ann"}, {"name": "Red"}]
#: (method, path) a guest may use on its own match (and ``GET /api/guest/``)
GUEST_ROUTES = {
    ("get", "/api/matches/{id}/"),
    ("get", "/api/matches/{id}/state/"),
    ("get", "/api/matches/{id}/events/"),
    ("post", "/api/matches/{id}/events/"),
    ("post", "/api/matches/{id}/events/batch/"),
    ("post", "/api/matches/{id}/undo/"),
    ("post", "/api/matches/{id}/redo/"),
    ("get", "/api/matches/{id}/svg/"),
    ("get", "/api/matches/{id}/export/"),
    ("get", "/api/matches/{id}/stream/"),
    ("get", "/api/matches/{id}/parts/"),
    ("post", "/api/matches/{id}/parts/"),
    ("get", "/api/matches/{id}/report/"),
    ("get", "/api/matches/{id}/report.svg"),
    ("get", "/api/matches/{id}/report.png"),
    ("get", "/api/guest/"),
}


@pytest.fixture
def ann(players, client_for):
    return client_for(players[0])


def guest_of(host, match_id: int, side: int = 1) -> dict:
    """A guest on ``side``: the answer of ``POST join/{code}/guest/`` and a client with its token."""
    made = host.post(f"/api/matches/{match_id}/join-codes/", {"side": side}, format="json")
    assert made.status_code == 201, made.content
    answer = APIClient().post(f"/api/join/{made.json()['code']}/guest/")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    return {**body, "client": client}


def play_cards(client, match_id: int, side: int) -> int:
    state = client.get(f"/api/matches/{match_id}/state/").json()
    card = state["legal"]["actions"][0]["cards"][side][0]
    body = {"expected_seq": state["seq"], "side": side, "part": {"card": card}}
    return client.post(f"/api/matches/{match_id}/parts/", body, format="json").status_code


def finish(client, match_id: int, game: str = "hat-trick") -> None:
    engine = get_engine(game)
    log_random_play(client, match_id, lambda state, legal: engine.outcome(state) is not None)


def test_a_guest_logs_its_side_as_a_manager_does_and_only_its_side(ann, players):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0}, visibility="private")[
        "match"
    ]["id"]
    guest = guest_of(ann, match_id)
    assert guest["token"].startswith("guest-") and guest["claim_token"].startswith("claim-")
    assert (guest["match"], guest["side"], guest["side_name"], guest["visibility"]) == (
        match_id,
        1,
        "Red",
        "private",
    )
    phone = guest["client"]
    me = phone.get("/api/guest/")
    assert me.status_code == 200 and (me.json()["match"], me.json()["side"]) == (match_id, 1)
    # it reads its (private) match, and chooses its own side's card face down, not the host's
    assert phone.get(f"/api/matches/{match_id}/").status_code == 200
    assert_error_shape(APIClient().get(f"/api/matches/{match_id}/"), 404)
    state = phone.get(f"/api/matches/{match_id}/state/").json()
    other = {
        "expected_seq": 0,
        "side": 0,
        "part": {"card": state["legal"]["actions"][0]["cards"][0][0]},
    }
    assert_error_shape(
        phone.post(f"/api/matches/{match_id}/parts/", other, format="json"), 403, "not_your_side"
    )
    assert play_cards(phone, match_id, 1) == 202
    assert play_cards(ann, match_id, 0) == 201
    parts = phone.get(f"/api/matches/{match_id}/parts/").json()
    assert parts["type"] is None
    # a move of its own, with an Idempotency-Key (a guest keeps no record: the seq guards)
    state = phone.get(f"/api/matches/{match_id}/state/").json()
    move = {"expected_seq": state["seq"], "action": state["legal"]["ready"][0]}
    logged = phone.post(
        f"/api/matches/{match_id}/events/", move, format="json", HTTP_IDEMPOTENCY_KEY="g-1"
    )
    assert logged.status_code == 201, logged.content
    again = phone.post(
        f"/api/matches/{match_id}/events/", move, format="json", HTTP_IDEMPOTENCY_KEY="g-1"
    )
    assert_error_shape(again, 409, "stale_sequence")
    assert (
        phone.post(
            f"/api/matches/{match_id}/undo/", {"expected_seq": state["seq"] + 1}, format="json"
        ).status_code
        == 201
    )
    events = ann.get(f"/api/matches/{match_id}/events/").json()["results"]
    assert [e["author"] for e in events] == ["ann", None, None]  # the guest: no account
    # the side stays a guest name: nobody is linked, nothing counts for anyone
    assert MatchSide.objects.get(match_id=match_id, position=1).user_id is None
    assert [s["user"] for s in ann.get(f"/api/matches/{match_id}/").json()["sides"]] == [
        "ann",
        None,
    ]
    # one player on a side: no second guest, no invitation to it
    assert_error_shape(
        ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json"),
        409,
        "side_taken",
    )


def _fill(path: str, match_id: int) -> str:
    values = {
        "{id}": str(match_id),
        "{game}": "hat-trick",
        "{username}": "ann",
        "{code}": "AAAAAAAAAAAAAAAAAAAAAAAA",
        "{match_id}": str(match_id),
        "{side}": "1",
    }
    for name, value in values.items():
        path = path.replace(name, value)
    import re

    return re.sub(r"\{[^}]+\}", "1", path)


def test_a_guests_token_opens_nothing_beyond_its_side_on_any_route_of_the_schema(
    ann, players, client_for
):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]
    other = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]
    phone = guest_of(ann, match_id)["client"]
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    tried, allowed, beyond = 0, [], []
    for path, item in schema["paths"].items():
        for method in ("get", "post", "put", "patch", "delete"):
            if method not in item:
                continue
            for target in (match_id, other):
                url = _fill(path, target)
                response = (
                    getattr(phone, method)(url, {}, format="json")
                    if method != "get"
                    else (phone.get(url))
                )
                if getattr(response, "streaming", False):
                    b"".join(response.streaming_content)
                tried += 1
                own = target == match_id and "{id}" in path or path == "/api/guest/"
                if response.status_code not in (401, 403, 404):
                    allowed.append((method, path))
                    if not (own and (method, path) in GUEST_ROUTES):
                        beyond.append((method, url, response.status_code))
    assert beyond == []  # 0 allowed beyond its side
    assert tried > 80
    expected = {route for route in GUEST_ROUTES if route[1] in schema["paths"]}
    assert set(allowed) == expected
    # a guest's token on a route of another match or any other route: the scope refusal
    body = assert_error_shape(phone.get("/api/me/"), 401, "guest_pass_scope")
    assert body["message"] == "A guest pass opens its own match only. Sign in to do anything else."
    assert_error_shape(phone.get(f"/api/matches/{other}/"), 401, "guest_pass_scope")
    assert_error_shape(phone.get("/api/games/"), 401, "guest_pass_scope")
    assert_error_shape(phone.get("/api/health/"), 401, "guest_pass_scope")
    assert_error_shape(
        phone.post(f"/api/matches/{match_id}/abandon/", {"expected_seq": 0}, format="json"),
        401,
        "guest_pass_scope",
    )
    # a made-up guest's token is no token at all
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Bearer guest-made-up")
    assert_error_shape(stranger.get(f"/api/matches/{match_id}/"), 401, "authentication_failed")


def test_the_pass_ends_when_the_host_takes_the_side_back_and_when_the_match_is_over(
    ann, players, client_for
):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]
    guest = guest_of(ann, match_id)
    phone = guest["client"]
    assert_error_shape(client_for(players[1]).delete(f"/api/matches/{match_id}/guests/1/"), 403)
    assert ann.delete(f"/api/matches/{match_id}/guests/1/").status_code == 204
    body = assert_error_shape(phone.get(f"/api/matches/{match_id}/"), 401, "guest_pass_ended")
    assert body["message"].startswith("This guest pass has ended")
    assert_error_shape(phone.post(f"/api/matches/{match_id}/parts/", {}, format="json"), 401)
    assert_error_shape(ann.delete(f"/api/matches/{match_id}/guests/1/"), 404)
    assert GuestPass.objects.get().end_reason == "taken_back"
    # nothing to claim of a side taken back
    cat = client_for(players[2])
    claim = cat.post("/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json")
    assert_error_shape(claim, 409, "guest_taken_back")
    # the side is free again: a new guest, whose pass ends with the match
    second = guest_of(ann, match_id)
    finish(ann, match_id)
    assert_error_shape(second["client"].get("/api/guest/"), 401, "guest_pass_ended")
    german = second["client"].get(f"/api/matches/{match_id}/state/", HTTP_ACCEPT_LANGUAGE="de")
    assert assert_error_shape(german, 401)["message"].startswith("Dieser Gastzugang ist beendet")
    assert GuestPass.objects.get(pk=GuestPass.objects.latest("pk").pk).end_reason == "match_over"


def test_a_claimed_match_counts_for_the_account_once_and_nothing_before(ann, players, client_for):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]
    guest = guest_of(ann, match_id)
    assert play_cards(guest["client"], match_id, 1) == 202
    finish(ann, match_id)
    stats_jobs.stats_catch_up()
    # a guest is no manager: no stats, no rating, for nobody on its side
    assert MatchParticipation.objects.get(match_id=match_id, position=1).user_id is None
    assert (
        not RatingEntry.objects.filter(match_id=match_id, user__isnull=False)
        .exclude(user=players[0])
        .exists()
    )
    before = set(ManagerStats.objects.values_list("user__username", flat=True))
    assert "eve" not in before

    # the phone's owner registers, then claims the match kept with the guest's pass
    registered = APIClient().post(
        "/api/auth/register/", {"username": "eve", "password": "a-long-secret-pw"}, format="json"
    )
    assert registered.status_code == 201
    eve = APIClient()
    eve.credentials(HTTP_AUTHORIZATION=f"Bearer {registered.json()['token']}")
    for _twice in range(2):
        claimed = eve.post(
            "/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json"
        )
        assert claimed.status_code == 200, claimed.content
        assert (claimed.json()["match"], claimed.json()["side"], claimed.json()["status"]) == (
            match_id,
            1,
            "finished",
        )
        stats_jobs.stats_catch_up()
        mine = ManagerStats.objects.get(user__username="eve", game="hat-trick")
        assert mine.played == 1
        assert RatingEntry.objects.filter(user__username="eve").count() == 1
    assert [s["user"] for s in ann.get(f"/api/matches/{match_id}/").json()["sides"]] == [
        "ann",
        "eve",
    ]
    assert eve.get("/api/stats/managers/eve/").status_code == 200
    # the guest's token ended with the match; a claim token works for one account only
    assert_error_shape(guest["client"].get("/api/guest/"), 401, "guest_pass_ended")
    cat = client_for(players[2])
    assert_error_shape(
        cat.post("/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json"),
        404,
        "guest_claim_invalid",
    )
    assert_error_shape(
        cat.post("/api/guest/claim/", {"claim_token": "claim-made-up"}, format="json"),
        404,
        "guest_claim_invalid",
    )
    assert_error_shape(
        guest["client"].post("/api/guest/claim/", {"claim_token": guest["claim_token"]}), 401
    )


def test_a_claimed_private_match_stays_private(ann, players, client_for):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0}, visibility="private")[
        "match"
    ]["id"]
    guest = guest_of(ann, match_id)
    finish(ann, match_id)
    eve = client_for(players[3])
    claimed = eve.post("/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json")
    assert claimed.status_code == 200 and claimed.json()["visibility"] == "private"
    stats_jobs.stats_catch_up()
    assert eve.get(f"/api/matches/{match_id}/").status_code == 200  # it is dan's match now
    for stranger in (APIClient(), client_for(players[2])):
        assert_error_shape(stranger.get(f"/api/matches/{match_id}/"), 404)
    assert MatchParticipation.objects.get(match_id=match_id, position=1).public is False
    assert not ManagerStats.objects.filter(user=players[3]).exists()  # public stats: none


def test_a_claim_during_the_match_ends_the_guests_pass_and_the_account_logs_on(
    ann, players, client_for
):
    match_id = open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]
    guest = guest_of(ann, match_id)
    ben = client_for(players[1])
    claimed = ben.post("/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json")
    assert claimed.status_code == 200 and claimed.json()["status"] == "in_progress"
    assert_error_shape(guest["client"].get(f"/api/matches/{match_id}/"), 401, "guest_pass_ended")
    assert play_cards(ben, match_id, 1) == 202
    # playing a side already, an account cannot claim another side of the match
    other = guest_of(ann, open_match(ann, "hat-trick", SIDES)["match"]["id"])
    assert_error_shape(
        ann.post("/api/guest/claim/", {"claim_token": other["claim_token"]}, format="json"),
        409,
        "already_playing",
    )


def test_old_codes_and_guest_passes_are_pruned(ann, players):
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import JoinCode
    from matches.tasks import prune_join_codes_and_guests

    match_id = open_match(ann, "hat-trick", SIDES)["match"]["id"]
    guest = guest_of(ann, match_id)
    fresh = ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json")
    assert fresh.status_code == 409  # the guest plays it
    now = timezone.now()
    assert prune_join_codes_and_guests() == (0, 0)
    JoinCode.objects.update(expires_at=now - timedelta(days=1, minutes=1))
    GuestPass.objects.update(created_at=now - timedelta(days=31))
    assert prune_join_codes_and_guests() == (1, 1)
    assert not JoinCode.objects.exists() and not GuestPass.objects.exists()
    # a pruned pass is no pass: its token and its claim token are refused
    assert_error_shape(guest["client"].get("/api/guest/"), 401, "authentication_failed")
    claim = client_for_user(players[2]).post(
        "/api/guest/claim/", {"claim_token": guest["claim_token"]}, format="json"
    )
    assert_error_shape(claim, 404, "guest_claim_invalid")


def client_for_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client
