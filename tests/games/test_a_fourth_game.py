"""A fourth game, defined in the tests only (the package tests/games/toy), joins by its line in
the COMPANION_GAMES setting alone (docs/games.md, "Adding a game") and is played through the
API: listed, opened, its legal moves, moves, a refusal, undo, export and import, the history
filter, the stats job, its rules at hand, its part of the schema, and its teams (built by its
own team facet, then played in a match)."""

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from matches.engine import game_keys, get_game
from stats.models import ManagerStats
from teams.services import edition_create
from tests.games import toy
from tests.helpers import open_match


@pytest.fixture
def pile():
    with override_settings(COMPANION_GAMES=[*settings.COMPANION_GAMES, toy.__name__]):
        yield toy.GAME


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def client(ann):
    client = APIClient()
    client.force_authenticate(ann)
    return client


def take(client, match_id, count, seq):
    return client.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": seq, "action": {"type": "take", "count": count}},
        format="json",
    )


def test_its_line_in_the_setting_alone_makes_it_known(pile):
    assert get_game(toy.KEY) is pile
    assert toy.KEY in game_keys()
    # the shipped games left out too, and back with the team rules given to them
    teams = {key: get_game(key).teams for key in game_keys()}
    assert any(teams.values())
    with override_settings(COMPANION_GAMES=[toy.__name__]):
        assert game_keys() == [toy.KEY]
    assert {key: get_game(key).teams for key in game_keys()} == teams
    listed = APIClient().get("/api/games/").json()
    pile_facts = {
        "name": "Pile",
        "title": "Pile",
        "min_sides": 2,
        "max_sides": 2,
        "teams": True,  # its own team facet (toy.PileTeams)
        "builds": False,
    }
    assert {"key": toy.KEY, **pile_facts} in listed


def test_a_match_is_played_undone_exported_imported_and_counted(
    pile, client, ann, django_capture_on_commit_callbacks
):
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Guest"}]
    match_id = open_match(client, toy.KEY, sides, options={"pile": 4})["match"]["id"]
    state = client.get(f"/api/matches/{match_id}/state/").json()
    assert state["legal"]["actions"] == [{"type": "take", "count": [1, 2]}]
    assert state["legal"]["ready"] == [{"type": "take", "count": 1}]

    assert take(client, match_id, 2, 0).status_code == 201
    undone = client.post(f"/api/matches/{match_id}/undo/", {"expected_seq": 1}, format="json")
    assert undone.status_code == 201, undone.content
    after_undo = client.get(f"/api/matches/{match_id}/state/").json()
    assert after_undo["state"]["pile"] == 4
    seq = after_undo["seq"]

    with django_capture_on_commit_callbacks(execute=True):
        for count in (1, 2):
            response = take(client, match_id, count, seq)
            assert response.status_code == 201, response.content
            seq = response.json()["match"]["seq"]
        refused = take(client, match_id, 2, seq)  # one token left
        assert refused.status_code == 422
        assert refused.json()["rule"] == "PILE-2"
        assert refused.json()["message"] == "There are only 1 tokens left."  # its own texts
        last = take(client, match_id, 1, seq)
        assert last.status_code == 201, last.content
    match = client.get(f"/api/matches/{match_id}/").json()
    assert match["status"] == "finished"
    assert [side["result"] for side in match["sides"]] == ["win", "loss"]  # Ann took the last

    # the stats job ran after commit, with the game's own extractor
    stats = ManagerStats.objects.get(user=ann, game=toy.KEY)
    assert (stats.played, stats.won) == (1, 1)

    # the history filter knows the game
    history = client.get(f"/api/matches/?game={toy.KEY}").json()["results"]
    assert [m["id"] for m in history] == [match_id]

    # export, and import the record as a new match
    text = client.get(f"/api/matches/{match_id}/export/").content.decode()
    assert text.startswith(f'[Game "{toy.KEY}"]')
    assert "T1" in text and "T2" in text
    record = "\n".join(line for line in text.splitlines() if not line.startswith("[Match "))
    imported = client.post("/api/matches/import/?include=state", {"text": record}, format="json")
    assert imported.status_code == 201, imported.content
    assert imported.json()["current"]["state"]["pile"] == 0
    assert imported.json()["match"]["status"] == "finished"

    picture = client.get(f"/api/matches/{match_id}/svg/")
    assert picture.status_code == 200 and b"<svg" in picture.content


def test_its_shapes_are_in_the_schema(pile):
    schema = APIClient().get("/api/schema/?format=json").json()
    names = set(schema["components"]["schemas"])
    assert {"ToyPileTakeAction", "ToyPileEffectTook", "ToyPileOptions"} <= names, sorted(
        n for n in names if n.startswith("ToyPile")
    )
    assert toy.KEY in schema["components"]["schemas"]["Game"]["enum"]


def test_its_rules_at_hand_come_from_its_package(pile, client):
    german = client.get(f"/api/games/{toy.KEY}/rules/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert [clause["id"] for clause in german["clauses"]] == ["PILE-1", "PILE-2", "PILE-3"]
    assert german["clauses"][2]["text"] == "Wer den letzten Stein nimmt, gewinnt."
    refused = client.post(
        "/api/matches/",
        {"game": toy.KEY, "sides": [{"name": "A"}, {"name": "B"}], "options": {"pile": 2}},
        format="json",
    )
    assert refused.json()["rule"] == "PILE-1", refused.content
    assert refused.json()["details"]["rule_url"].endswith(f"/games/{toy.KEY}/rules/PILE-1/")


def test_a_game_left_out_of_the_setting_is_gone(pile, client):
    with override_settings(COMPANION_GAMES=settings.COMPANION_GAMES[:-1]):
        assert toy.KEY not in game_keys()
        response = client.post(
            "/api/matches/",
            {"game": toy.KEY, "sides": [{"name": "A"}, {"name": "B"}]},
            format="json",
        )
        assert response.status_code == 400
        assert client.get(f"/api/games/{toy.KEY}/rules/").status_code == 404
    assert toy.KEY in game_keys()
    # the shipped games left out too, and back with the team rules given to them
    teams = {key: get_game(key).teams for key in game_keys()}
    assert any(teams.values())
    with override_settings(COMPANION_GAMES=[toy.__name__]):
        assert game_keys() == [toy.KEY]
    assert {key: get_game(key).teams for key in game_keys()} == teams


def test_a_team_is_built_for_it_and_opens_a_match(pile, client):
    edition = edition_create(
        game=toy.KEY, slug="reference", title="Pile", data=pile.engine.default_edition()
    )
    refused = client.post(
        "/api/teams/",
        {"edition": edition.pk, "name": "Stackers", "colours": ["red", "white", "blue"]},
        format="json",
    )
    assert refused.status_code == 422, refused.content
    assert refused.json()["rule"] == "PILE-T1"  # its own rule, from its own facet
    assert refused.json()["details"]["violations"][0]["message"] == (
        "A Pile team wears up to 2 colours, not 3."
    )
    not_its_kind = client.post(
        "/api/teams/",
        {"edition": edition.pk, "name": "Stackers", "picks": [{"slot": 2, "card": "x"}]},
        format="json",
    )
    assert not_its_kind.status_code == 400
    assert not_its_kind.json()["code"] == "lineup_not_allowed"

    made = client.post(
        "/api/teams/",
        {"edition": edition.pk, "name": "Stackers", "colours": ["red"]},
        format="json",
    )
    assert made.status_code == 201, made.content
    team = made.json()
    assert (team["game"], team["status"], team["lineup"]) == (
        toy.KEY,
        "valid",
        {
            "game": toy.KEY,
            "source": "lineup",
        },
    )
    side_config = client.get(f"/api/teams/{team['id']}/side-config/").json()
    assert side_config["engine_side"] == {"name": "Stackers"}

    sides = [{"name": "Ann", "user": "ann", "team": team["id"]}, {"name": "Guest"}]
    match = open_match(client, toy.KEY, sides)["match"]
    assert match["edition"]["id"] == edition.pk  # pinned to its team's edition
    assert [side["team"] for side in match["sides"]] == [team["id"], None]
    assert take(client, match["id"], 2, 0).status_code == 201  # and it is played
