"""Invitations and consent: a side names a registered user only once they accept."""

import pytest

from matches.models import Match
from stats.models import ManagerStats, RatingEntry
from teams.models import Edition
from tests.helpers import assert_error_shape, open_match
from tests.ops.conftest import create_build, create_team

pytestmark = pytest.mark.django_db


def hat_trick_edition() -> int:
    return Edition.objects.filter(game="hat-trick").order_by("pk").first().pk


def ben_lineup(team_id: int) -> dict:
    from teams.models import Team
    from teams.selectors import team_side_config

    return team_side_config(team=Team.objects.get(pk=team_id))["engine_side"]["lineup"]


def pending(client) -> list[dict]:
    response = client.get("/api/invitations/")
    assert response.status_code == 200, response.content
    return response.json()["results"]


def test_invite_accept_with_own_build_and_the_match_uses_both_teams(players, client_for):
    ann, ben = client_for(players[0]), client_for(players[1])
    edition = hat_trick_edition()
    ann_team = create_team(ann, edition, name="Ann United")
    ben_build = create_build(ben, edition, name="Ben Budget")
    created = open_match(
        ann,
        "hat-trick",
        [{"name": "Ann", "user": "ann", "team": ann_team}, {"name": "Ben", "user": "ben"}],
        accept=False,
    )
    match_id = created["match"]["id"]
    # named, but not linked: ben has not said yes
    assert [side["user"] for side in created["match"]["sides"]] == ["ann", None]
    invitations = pending(ben)
    assert [
        (i["match"], i["side"], i["side_name"], i["edition"], i["invited_by"], i["status"])
        for i in invitations
    ] == [(match_id, 1, "Ben", edition, "ann", "pending")]
    assert pending(ann) == []

    response = ben.post(
        f"/api/invitations/{invitations[0]['id']}/accept/", {"build": ben_build}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "accepted"
    ben_team = response.json()["team"]
    assert ben_team is not None

    # the side takes the name of the team it plays, in the match and in its state
    match = ann.get(f"/api/matches/{match_id}/").json()
    assert [(s["user"], s["team"], s["name"]) for s in match["sides"]] == [
        ("ann", ann_team, "Ann"),
        ("ben", ben_team, "Ben Budget"),
    ]
    state = ann.get(f"/api/matches/{match_id}/state/").json()
    assert "Ben Budget" in str(state["summary"]) + str(state["state"])
    # the side plays the build's line-up from the first move
    side = Match.objects.get(pk=match_id).sides.get(position=1)
    assert side.config["lineup"] == ben_lineup(ben_team)
    # the creator sees who accepted; ben has nothing pending any more
    listed = ann.get(f"/api/matches/{match_id}/invitations/").json()["results"]
    assert [(i["invitee"], i["status"], i["team"]) for i in listed] == [
        ("ben", "accepted", ben_team)
    ]
    assert pending(ben) == []
    # ben may now log moves: a linked manager writes
    cards = {
        "type": "play_cards",
        "cards": [
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
        ],
    }
    appended = ben.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": 0, "action": cards}, format="json"
    )
    assert appended.status_code in (201, 422), appended.content


def test_accept_under_a_name_of_ones_own_before_the_first_move(players, client_for):
    ann, ben = client_for(players[0]), client_for(players[1])
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Player 2", "user": "ben"}]
    sides += [{"name": "Player 3"}, {"name": "Player 4"}]
    match_id = open_match(ann, "amigo-hattrick", sides, accept=False, options={"games": 1})[
        "match"
    ]["id"]
    invitation = pending(ben)[0]
    assert invitation["side_name"] == "Player 2"
    accept = f"/api/invitations/{invitation['id']}/accept/"
    assert_error_shape(ben.post(accept, {"name": "Ben", "team": 1}, format="json"), 400)
    response = ben.post(accept, {"name": "  Ben  "}, format="json")
    assert response.status_code == 200, response.content
    side = ann.get(f"/api/matches/{match_id}/").json()["sides"][1]
    assert (side["user"], side["name"]) == ("ben", "Ben")
    state = ann.get(f"/api/matches/{match_id}/state/").json()
    assert "Ben" in str(state["state"]) and "Player 2" not in str(state["state"])


def test_decline_leaves_a_guest_side_and_answers_once(players, client_for):
    ann, ben = client_for(players[0]), client_for(players[1])
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]
    match_id = open_match(ann, "hat-trick", sides, accept=False)["match"]["id"]
    invitation = pending(ben)[0]["id"]
    response = ben.post(f"/api/invitations/{invitation}/decline/")
    assert response.status_code == 200 and response.json()["status"] == "declined"
    assert ann.get(f"/api/matches/{match_id}/").json()["sides"][1]["user"] is None
    assert_error_shape(
        ben.post(f"/api/invitations/{invitation}/accept/", {}, format="json"),
        409,
        "invitation_answered",
    )
    # someone else's invitation is nobody's business
    assert_error_shape(client_for(players[2]).post(f"/api/invitations/{invitation}/decline/"), 404)
    # the creator may invite again (another manager, or the same one)
    again = ann.post(
        f"/api/matches/{match_id}/invitations/", {"side": 1, "user": "cat"}, format="json"
    )
    assert again.status_code == 201, again.content
    assert [i["match"] for i in pending(client_for(players[2]))] == [match_id]


def test_a_private_match_is_hidden_from_a_manager_who_has_not_accepted(players, client_for):
    ann, dan = client_for(players[0]), client_for(players[3])
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Dan", "user": "dan"}]
    match_id = open_match(ann, "hat-trick", sides, accept=False, visibility="private")["match"][
        "id"
    ]
    assert [i["match"] for i in pending(dan)] == [match_id]  # the invitation itself is his
    assert_error_shape(dan.get(f"/api/matches/{match_id}/"), 404)
    assert_error_shape(
        dan.post(f"/api/matches/{match_id}/abandon/", {"expected_seq": 0}, format="json"), 404
    )


def test_a_stranger_named_without_consent_gets_no_stats_rating_or_access(
    players, client_for, django_capture_on_commit_callbacks
):
    ann, dan = client_for(players[0]), client_for(players[3])
    created = open_match(
        ann,
        "amigo-hattrick",
        [
            {"name": "Ann", "user": "ann"},
            {"name": "Ben", "user": "ben"},
            {"name": "Guest"},
            {"name": "Dan", "user": "dan"},
        ],
        accept=False,
        options={"games": 1},
        visibility="public",  # stats count public matches only (docs/stats.md)
    )
    match_id = created["match"]["id"]
    ben = client_for(players[1])
    assert ben.post(f"/api/invitations/{pending(ben)[0]['id']}/accept/").status_code == 200
    assert [i["side"] for i in pending(dan)] == [3]  # dan never answers
    # no write access: dan may read the public match as anyone may, but not write it
    assert dan.get(f"/api/matches/{match_id}/").status_code == 200
    assert_error_shape(
        dan.post(f"/api/matches/{match_id}/abandon/", {"expected_seq": 0}, format="json"), 403
    )
    # play it to the end
    from tests.matches.test_match_log_api import play_out

    with django_capture_on_commit_callbacks(execute=True):  # the stats job after the end
        play_out(ann, created, players=4)
    assert Match.objects.get(pk=match_id).status == "finished"
    # ann has stats and a rating entry from it; dan has nothing, and no history
    assert not ManagerStats.objects.filter(user=players[3]).exists()
    assert not RatingEntry.objects.filter(subject=f"m{players[3].pk}").exists()
    assert dan.get("/api/matches/?manager=dan").json()["results"] == []
    # the job did run: ann and ben are rated against each other
    for user in players[:2]:
        assert ManagerStats.objects.filter(user=user).exists()
        assert RatingEntry.objects.filter(subject=f"m{user.pk}", match_id=match_id).exists()
    stats = client_for(players[1]).get("/api/stats/managers/dan/")
    assert stats.status_code == 200 and stats.json() == []


def test_an_accepted_sides_team_is_fixed_from_the_first_move(players, client_for):
    ann, ben = client_for(players[0]), client_for(players[1])
    edition = hat_trick_edition()
    ben_team = create_team(ben, edition, name="Ben Rovers")
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]
    created = open_match(ann, "hat-trick", sides, accept=False)
    match_id = created["match"]["id"]
    invitation = pending(ben)[0]["id"]
    cards = {
        "type": "play_cards",
        "cards": [
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
        ],
    }
    logged = ann.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": 0, "action": cards}, format="json"
    )
    assert logged.status_code == 201, logged.content
    # the match has started: ben may join, but not swap the side's team
    body = assert_error_shape(
        ben.post(f"/api/invitations/{invitation}/accept/", {"team": ben_team}, format="json"),
        409,
        "team_fixed",
    )
    assert body["details"]["current_seq"] == 1
    assert_error_shape(
        ben.post(f"/api/invitations/{invitation}/accept/", {"name": "Rovers"}, format="json"),
        409,
        "team_fixed",
    )
    accepted = ben.post(f"/api/invitations/{invitation}/accept/", {}, format="json")
    assert accepted.status_code == 200, accepted.content
    side = ann.get(f"/api/matches/{match_id}/").json()["sides"][1]
    assert (side["user"], side["team"], side["name"]) == ("ben", None, "Ben")


def test_only_the_accepting_users_own_team_and_only_the_creator_invites(players, client_for):
    ann, ben, cat = client_for(players[0]), client_for(players[1]), client_for(players[2])
    edition = hat_trick_edition()
    cat_team = create_team(cat, edition, name="Cat's")
    ann_team = create_team(ann, edition, name="Ann's")
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Ben"}]
    created = open_match(ann, "hat-trick", sides, accept=False)
    match_id = created["match"]["id"]
    url = f"/api/matches/{match_id}/invitations/"
    assert_error_shape(ben.post(url, {"side": 1, "user": "cat"}, format="json"), 403, "not_creator")
    assert_error_shape(
        ann.post(url, {"side": 5, "user": "ben"}, format="json"), 400, "no_such_side"
    )
    assert_error_shape(ann.post(url, {"side": 0, "user": "ben"}, format="json"), 409, "side_linked")
    assert_error_shape(ann.post(url, {"side": 1, "user": "ann"}, format="json"), 400)
    assert_error_shape(ann.post(url, {"side": 1, "user": "nobody"}, format="json"), 400, "invalid")
    invited = ann.post(url, {"side": 1, "user": "ben"}, format="json")
    assert invited.status_code == 201, invited.content
    assert_error_shape(
        ann.post(url, {"side": 1, "user": "cat"}, format="json"), 409, "already_invited"
    )
    invitation = invited.json()["id"]
    accept = f"/api/invitations/{invitation}/accept/"
    for team in (cat_team, ann_team):  # not ben's: refused, and nothing changed
        assert_error_shape(ben.post(accept, {"team": team}, format="json"), 400, "team_not_yours")
    assert_error_shape(
        ben.post(accept, {"team": ann_team, "build": 1}, format="json"), 400, "invalid"
    )
    assert ann.get(f"/api/matches/{match_id}/").json()["sides"][1]["user"] is None
    assert [i["status"] for i in pending(ben)] == ["pending"]
    # a stranger cannot read the match's invitations; anonymous is 401
    assert_error_shape(cat.get(url), 403, "not_participant")
    assert client_for(players[0]).get(url).status_code == 200
