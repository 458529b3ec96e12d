"""A match created from a team plays that team's lineup, on the team's edition."""

import pytest

from teams.models import Edition
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db


def edition_id(game):
    return Edition.objects.filter(game=game).order_by("-version").first().pk


def make_team(client, name):
    response = client.post(
        "/api/teams/", {"edition": edition_id("trixkick"), "name": name}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_side_plays_its_teams_pieces(players, client_for):
    ann = client_for(players[0])
    team = make_team(ann, "Ann's XI")
    response = ann.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "Ann", "team": team}, {"name": "Guest"}]},
        format="json",
    )
    assert response.status_code == 201, response.content
    side = response.json()["match"]["sides"][0]
    assert side["team"] == team
    assert len(side["config"]["pieces"]["field"]) == 10
    assert response.json()["match"]["edition"]["id"] == edition_id("trixkick")
    history = ann.get(f"/api/matches/?team={team}").json()["results"]
    assert [m["id"] for m in history] == [response.json()["match"]["id"]]
    assert ann.get(f"/api/matches/?team={2**63 - 1}").json()["results"] == []


@pytest.mark.parametrize("value", ["1.5", "abc", "0", str(2**63), "-99999999999999999999"])
def test_history_team_filter_refuses_what_is_not_an_id(players, client_for, value):
    body = assert_error_shape(client_for(players[0]).get(f"/api/matches/?team={value}"), 400)
    assert "team" in body["fields"]


def test_another_managers_team_or_wrong_game_is_refused(players, client_for):
    ben_team = make_team(client_for(players[1]), "Ben's XI")
    ann = client_for(players[0])
    response = ann.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "Ann", "team": ben_team}, {"name": "B"}]},
        format="json",
    )
    assert_error_shape(response, 400, "team_not_yours")
    own = make_team(ann, "Ann's XI")
    response = ann.post(
        "/api/matches/",
        {
            "game": "amigo-hattrick",
            "sides": [{"name": "A", "team": own}] + [{"name": n} for n in "bcd"],
        },
        format="json",
    )
    assert_error_shape(response, 400, "team_wrong_game")
    response = ann.post(
        "/api/matches/",
        {"game": "trixkick", "sides": [{"name": "A", "team": 99999}, {"name": "B"}]},
        format="json",
    )
    assert_error_shape(response, 400, "invalid")
