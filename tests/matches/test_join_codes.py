"""Joining a match by a scanned code: the host's code and QR code, reading and redeeming it
signed in (the side is then logged exactly as an invited manager logs it), and every way a
code stops opening its side (used, cancelled, expired, its side taken, a code never made),
each answered with its sentence; wrong codes are throttled and cannot be told from expired
ones."""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from matches.guests.qr import qr_svg
from matches.models import Invitation, JoinCode, MatchSide
from tests.helpers import assert_error_shape, open_match
from tests.ops.conftest import create_build

pytestmark = pytest.mark.django_db

SIDES = [{"name": "Ann", "user": "ann"}, {"name": "Red"}]


@pytest.fixture
def ann(players, client_for):
    return client_for(players[0])


@pytest.fixture
def ben(players, client_for):
    return client_for(players[1])


@pytest.fixture
def match_id(ann) -> int:
    return open_match(ann, "hat-trick", SIDES, options={"kickoff": 0})["match"]["id"]


def make_code(client, match_id: int, side: int = 1) -> dict:
    response = client.post(f"/api/matches/{match_id}/join-codes/", {"side": side}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_the_host_gets_a_code_its_link_and_its_qr_code(ann, match_id):
    made = make_code(ann, match_id)
    assert (made["match"], made["side"], made["side_name"]) == (match_id, 1, "Red")
    code = made["code"]
    assert len(base64.urlsafe_b64decode(code + "==")) * 8 >= 128  # at least 128 random bits
    assert made["link"] == f"/app/join/{code}"
    assert made["url"] == f"http://testserver/app/join/{code}"
    assert made["qr_svg"].startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert made["qr_svg"] == qr_svg(made["url"], title="Scan to play Red")  # the link's QR code
    expires = timezone.datetime.fromisoformat(made["expires_at"].replace("Z", "+00:00"))
    assert timedelta(minutes=9) < expires - timezone.now() <= timedelta(minutes=10)
    # only a digest is kept
    assert not JoinCode.objects.filter(digest=code).exists()
    # two codes are never the same
    assert make_code(ann, match_id)["code"] != code


def test_only_the_creator_of_an_open_match_makes_codes_for_a_free_side(
    ann, ben, client_for, players, match_id
):
    assert_error_shape(
        ben.post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json"),
        403,
        "not_creator",
    )
    assert_error_shape(
        ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 0}, format="json"),
        409,
        "side_linked",
    )
    assert_error_shape(
        ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 5}, format="json"),
        400,
        "no_such_side",
    )
    private = open_match(ann, "hat-trick", SIDES, visibility="private")["match"]["id"]
    assert_error_shape(
        ben.post(f"/api/matches/{private}/join-codes/", {"side": 1}, format="json"), 404
    )
    invited = open_match(
        ann, "hat-trick", [SIDES[0], {"name": "Cat", "user": "cat"}], accept=False
    )["match"]["id"]
    assert_error_shape(
        ann.post(f"/api/matches/{invited}/join-codes/", {"side": 1}, format="json"),
        409,
        "already_invited",
    )
    assert_error_shape(APIClient().post(f"/api/matches/{match_id}/join-codes/", {"side": 1}), 401)


def test_a_scanner_reads_what_the_code_opens_and_plays_the_side_with_a_build(
    ann, ben, players, match_id
):
    made = make_code(ann, match_id)
    offer = APIClient().get(f"/api/join/{made['code']}/")
    assert offer.status_code == 200, offer.content
    body = offer.json()
    assert (body["match"], body["side"], body["side_name"], body["sides"], body["host"]) == (
        match_id,
        1,
        "Red",
        ["Ann", "Red"],
        "ann",
    )
    assert body["game"] == "hat-trick" and body["visibility"] == "public"
    build = create_build(ben, body["edition"], name="Ben Budget")

    joined = ben.post(f"/api/join/{made['code']}/accept/", {"build": build}, format="json")
    assert joined.status_code == 200, joined.content
    answer = joined.json()
    assert (answer["match"], answer["side"], answer["side_name"]) == (match_id, 1, "Ben Budget")
    side = MatchSide.objects.get(match_id=match_id, position=1)
    assert side.user == players[1] and side.team_id == answer["team"] is not None
    invitation = Invitation.objects.get(pk=answer["invitation"])
    assert (invitation.status, invitation.invitee, invitation.invited_by) == (
        "accepted",
        players[1],
        players[0],
    )
    # Ben's phone logs his side as an invited manager's does: his face-down card, the move
    match = ann.get(f"/api/matches/{match_id}/").json()
    assert [s["user"] for s in match["sides"]] == ["ann", "ben"]
    cards = ann.get(f"/api/matches/{match_id}/state/").json()["legal"]["actions"][0]["cards"]
    part = {"expected_seq": 0, "side": 1, "part": {"card": cards[1][0]}}
    assert ben.post(f"/api/matches/{match_id}/parts/", part, format="json").status_code == 202
    assert_error_shape(
        ben.post(f"/api/matches/{match_id}/parts/", {**part, "side": 0}, format="json"),
        403,
        "not_your_side",
    )
    part = {"expected_seq": 0, "side": 0, "part": {"card": cards[0][0]}}
    assert ann.post(f"/api/matches/{match_id}/parts/", part, format="json").status_code == 201
    state = ben.get(f"/api/matches/{match_id}/state/").json()
    move = {"expected_seq": state["seq"], "action": state["legal"]["ready"][0]}
    logged = ben.post(f"/api/matches/{match_id}/events/", move, format="json")
    assert logged.status_code == 201, logged.content
    events = ann.get(f"/api/matches/{match_id}/events/").json()["results"]
    assert events[-1]["author"] == "ben"

    # used: once only, and its side is taken now
    again = ben.post(f"/api/join/{made['code']}/accept/", {}, format="json")
    assert assert_error_shape(again, 409, "join_code_used")["message"] == (
        "This code has been used already. Ask the host to show a new one."
    )
    assert_error_shape(APIClient().get(f"/api/join/{made['code']}/"), 409, "join_code_used")
    assert_error_shape(
        ann.post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json"),
        409,
        "side_linked",
    )


def test_a_refused_redemption_leaves_the_code_unused(ann, ben, client_for, players, match_id):
    made = make_code(ann, match_id)
    ann_build = create_build(ann, ben.get(f"/api/join/{made['code']}/").json()["edition"])
    refused = ben.post(f"/api/join/{made['code']}/accept/", {"build": ann_build}, format="json")
    assert_error_shape(refused, 400, "build_not_yours")
    assert JoinCode.objects.get().used_at is None
    # the host cannot join the side of his own match he plays already
    assert_error_shape(
        ann.post(f"/api/join/{made['code']}/accept/", {}, format="json"), 409, "side_linked"
    )
    assert ben.post(f"/api/join/{made['code']}/accept/", {}, format="json").status_code == 200


def test_each_code_that_opens_nothing_gets_its_sentence_in_both_languages(
    ann, ben, client_for, players, match_id
):
    cancelled = make_code(ann, match_id)
    response = ann.delete(f"/api/matches/{match_id}/join-codes/{cancelled['id']}/")
    assert response.status_code == 204
    assert ann.delete(f"/api/matches/{match_id}/join-codes/{cancelled['id']}/").status_code == 204
    assert_error_shape(ben.delete(f"/api/matches/{match_id}/join-codes/{cancelled['id']}/"), 404)
    body = assert_error_shape(
        ben.post(f"/api/join/{cancelled['code']}/accept/", {}, format="json"),
        409,
        "join_code_cancelled",
    )
    assert body["message"] == "The host has cancelled this code."
    german = APIClient().get(f"/api/join/{cancelled['code']}/", HTTP_ACCEPT_LANGUAGE="de")
    assert (
        assert_error_shape(german, 409)["message"] == "Der Gastgeber hat diesen Code zurückgezogen."
    )

    expired = make_code(ann, match_id)
    JoinCode.objects.filter(pk=expired["id"]).update(expires_at=timezone.now())
    made_up = "A" * len(expired["code"])
    answers = [
        APIClient().get(f"/api/join/{code}/", HTTP_ACCEPT_LANGUAGE=language)
        for code in (expired["code"], made_up)
        for language in ("en", "de")
    ]
    bodies = [assert_error_shape(answer, 404, "join_code_expired") for answer in answers]
    assert bodies[0] == bodies[2] and bodies[1] == bodies[3]  # one can't be told from the other
    assert answers[0].content == answers[2].content
    assert bodies[0]["message"] == (
        "This code is not valid (any more). Ask the host to show a new one."
    )
    assert bodies[1]["message"] == (
        "Dieser Code gilt nicht (mehr). Bitte den Gastgeber, einen neuen zu zeigen."
    )
    for code in (expired["code"], made_up, "x" * 300, "%20"):
        assert_error_shape(
            ben.post(f"/api/join/{code}/accept/", {}, format="json"), 404, "join_code_expired"
        )
        assert_error_shape(APIClient().post(f"/api/join/{code}/guest/"), 404, "join_code_expired")

    used = make_code(ann, match_id)
    assert ben.post(f"/api/join/{used['code']}/accept/", {}, format="json").status_code == 200
    assert_error_shape(
        ann.delete(f"/api/matches/{match_id}/join-codes/{used['id']}/"), 409, "join_code_used"
    )


def test_a_code_expires_when_its_side_is_taken_or_its_match_is_over(
    ann, ben, client_for, players, match_id
):
    first, second = make_code(ann, match_id), make_code(ann, match_id)
    assert ben.post(f"/api/join/{first['code']}/accept/", {}, format="json").status_code == 200
    cat = client_for(players[2])
    assert_error_shape(
        cat.post(f"/api/join/{second['code']}/accept/", {}, format="json"), 404, "join_code_expired"
    )

    other = open_match(ann, "hat-trick", SIDES)["match"]["id"]
    late = make_code(ann, other)
    assert (
        ann.post(f"/api/matches/{other}/abandon/", {"expected_seq": 0}, format="json").status_code
        == 201
    )
    assert_error_shape(cat.get(f"/api/join/{late['code']}/"), 404, "join_code_expired")
    assert_error_shape(
        ann.post(f"/api/matches/{other}/join-codes/", {"side": 1}, format="json"),
        409,
        "match_closed",
    )


def test_wrong_codes_are_throttled_and_answer_as_expired_ones_do(ann, match_id, monkeypatch):
    from django.core.cache import cache

    cache.clear()
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"join": "4/min"})
    expired = make_code(ann, match_id)
    JoinCode.objects.filter(pk=expired["id"]).update(expires_at=timezone.now())
    phone, guesser = APIClient(REMOTE_ADDR="10.0.0.1"), APIClient(REMOTE_ADDR="10.0.0.2")
    a = phone.get(f"/api/join/{expired['code']}/")
    b = guesser.get(f"/api/join/{'B' * 24}/")
    assert (a.status_code, a.content) == (b.status_code, b.content)
    headers = ("RateLimit-Policy", "RateLimit", "X-RateLimit-Remaining", "Content-Type")
    assert [a.get(h) for h in headers] == [b.get(h) for h in headers]
    statuses = [guesser.get(f"/api/join/{'C' * 23}{n}/").status_code for n in range(6)]
    assert statuses == [404, 404, 404, 429, 429, 429]
    assert_error_shape(guesser.post(f"/api/join/{'D' * 24}/guest/"), 429, "throttled")
    cache.clear()
