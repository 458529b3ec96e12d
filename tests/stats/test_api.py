"""The stats API: public reads, filters, pagination, SVG, and 400s for bad query params."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rest_framework.test import APIClient

from stats import jobs
from tests.helpers import assert_error_shape
from tests.stats.factories import make_match
from tests.stats.test_players import hat_trick_match

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def league(make_user):
    ann, ben, cat = (make_user(n) for n in ("ann", "ben", "cat"))
    for a, b, sa, sb in [(ann, ben, 2, 1), (ann, ben, 1, 1), (ben, ann, 0, 3), (cat, ann, 1, 0)]:
        make_match(
            sides=[
                {"name": f"{a.username} XI", "user": a, "score": sa},
                {"name": f"{b.username} XI", "user": b, "score": sb},
            ]
        )
    hat_trick_match(ann, ben)
    jobs.stats_catch_up()
    return ann, ben, cat


@pytest.fixture
def client():
    return APIClient()


def texts(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_leaderboard_sorted_and_paginated(league, client):
    body = client.get("/api/stats/games/hat-trick/leaderboard/").json()
    ratings = [row["rating"] for row in body["results"]]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) == 3
    assert body["results"][0]["manager"] == "ann"
    page = client.get("/api/stats/games/hat-trick/leaderboard/?sort=played&page_size=2").json()
    assert [r["manager"] for r in page["results"]] == ["ann", "ben"]
    rest = client.get(page["next"]).json()
    assert [r["manager"] for r in rest["results"]] == ["cat"]
    few = client.get("/api/stats/games/hat-trick/leaderboard/?min_played=2").json()
    assert {r["manager"] for r in few["results"]} == {"ann", "ben"}


def test_manager_stats_and_head_to_head(league, client):
    body = client.get("/api/stats/managers/ann/").json()
    assert len(body) == 1
    ann = body[0]
    assert (ann["played"], ann["won"], ann["drawn"], ann["lost"]) == (5, 3, 1, 1)
    assert ann["rival"] == "ben" and ann["nemesis"] is None
    h2h = client.get("/api/stats/head-to-head/?game=hat-trick&manager=ben&opponent=ann").json()
    assert h2h["record"]["played"] == 4 and h2h["record"]["lost"] == 3 and h2h["rivals"] is True
    none = client.get("/api/stats/head-to-head/?game=hat-trick&manager=ben&opponent=cat").json()
    assert none["record"]["played"] == 0 and none["rivals"] is False
    ratings = client.get("/api/stats/managers/ann/ratings/?game=hat-trick").json()
    assert len(ratings["results"]) == 5


def test_player_stats_filters(league, client):
    body = client.get("/api/stats/games/hat-trick/players/?team=t41").json()
    top = body["results"][0]
    assert (top["player"], top["goals"], top["shots"], top["conversion"]) == ("9", 2, 3, 0.6667)
    mine = client.get("/api/stats/games/hat-trick/players/?manager=ben&player=7").json()
    assert [r["goals"] for r in mine["results"]] == [1]
    assert mine["results"][0]["scope"] == "manager"


def test_team_cards_json_and_svg(league, client):
    cards = client.get("/api/stats/teams/?game=hat-trick&manager=ann").json()["results"]
    names = {c["name"] for c in cards}
    assert "Ann XI" in names
    card = client.get("/api/stats/teams/t41/").json()
    assert card["form"] == "W" and card["top_scorer"]["player"] == "9"
    response = client.get(card["card_svg"])
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    shown = texts(response.content.decode())
    for figure in ("Ann XI", "Played 1", "won 1", "Goals 2:1", "No. 9 (2 goals)", "long balls"):
        assert figure in shown
    assert "1516" in shown
    german = texts(client.get(card["card_svg"], HTTP_ACCEPT_LANGUAGE="de").content.decode())
    for figure in ("Spiele 1", "gewonnen 1", "Tore 2:1", "Nr. 9 (2 Tore)", "Wertung 1516"):
        assert figure in german
    by_rating = client.get("/api/stats/teams/?game=hat-trick&sort=rating").json()["results"]
    assert [c["rating"] for c in by_rating] == sorted(
        (c["rating"] for c in by_rating), reverse=True
    )


def test_rating_chart_svg(league, client):
    response = client.get("/api/stats/managers/ann/rating.svg?game=hat-trick")
    assert response.status_code == 200
    root = ET.fromstring(response.content)
    assert root.find(f"{SVG}polyline").get("points").count(",") == 6  # start + 5 matches
    assert "(5 rated matches)" in texts(response.content.decode())


@pytest.mark.parametrize(
    "url",
    [
        "/api/stats/games/hat-trick/leaderboard/?sort=luck",
        "/api/stats/games/hat-trick/leaderboard/?min_played=-1",
        "/api/stats/games/hat-trick/leaderboard/?min_played=abc",
        "/api/stats/games/hat-trick/leaderboard/?page_size=0",
        "/api/stats/games/hat-trick/leaderboard/?cursor=garbage",
        "/api/stats/head-to-head/?game=hat-trick&manager=ann",
        "/api/stats/head-to-head/?game=chess&manager=ann&opponent=ben",
        "/api/stats/head-to-head/?game=hat-trick&manager=ann&opponent=ann",
        "/api/stats/head-to-head/?game=hat-trick&manager=ann&opponent=nobody",
        "/api/stats/head-to-head/?game=hat-trick&manager=an%00n&opponent=ben",
        "/api/stats/games/hat-trick/players/?team=t41&manager=ann",
        "/api/stats/games/hat-trick/players/?sort=height",
        "/api/stats/managers/ann/?game=chess",
        "/api/stats/managers/ann/ratings/",
        "/api/stats/managers/ann/rating.svg",
        "/api/stats/managers/ann/rating.svg?game=golf",
        "/api/stats/teams/?sort=rating",
        "/api/stats/teams/?manager=nobody",
    ],
)
def test_bad_query_params_are_400(league, client, url):
    body = assert_error_shape(client.get(url), 400)
    assert body["code"] in ("invalid", "not_found") or body


@pytest.mark.parametrize(
    "url",
    [
        "/api/stats/games/chess/leaderboard/",
        "/api/stats/managers/nobody/",
        "/api/stats/teams/t999/",
        "/api/stats/teams/t999/card.svg",
        "/api/stats/matches/999999/players/",
    ],
)
def test_missing_objects_are_404(league, client, url):
    assert_error_shape(client.get(url), 404, "not_found")


def test_private_match_lines_are_hidden(league, client, make_user):
    ann, ben, cat = league
    private = hat_trick_match(ann, cat)
    private.visibility = "private"
    private.created_by = ben  # logs the match for ann and cat, plays no side
    private.save(update_fields=["visibility", "created_by"])
    jobs.stats_catch_up()
    url = f"/api/stats/matches/{private.pk}/players/"
    assert_error_shape(client.get(url), 404, "not_found")
    client.force_authenticate(make_user("dan"))  # neither plays nor created it
    assert_error_shape(client.get(url), 404, "not_found")
    for reader in (ann, ben):  # who plays a side, who created the match
        client.force_authenticate(reader)
        lines = client.get(url)
        assert lines.status_code == 200
        assert {(line["position"], line["player"]) for line in lines.json()} >= {(0, "9"), (1, "7")}


def test_writes_are_not_allowed(league, client):
    client.force_authenticate(league[0])
    assert client.post("/api/stats/teams/", {}).status_code == 405


@pytest.mark.parametrize(
    ("url", "english", "german"),
    [
        (
            "/api/stats/head-to-head/?game=hat-trick&manager=ann&opponent=ann",
            "Pick two different managers.",
            "Wähle zwei verschiedene Trainer.",
        ),
        (
            "/api/stats/head-to-head/?game=hat-trick&manager=ann&opponent=nobody",
            "There is no manager called “nobody”.",
            "Es gibt keinen Trainer namens „nobody“.",
        ),
        (
            "/api/stats/games/hat-trick/players/?team=t41&manager=ann",
            "Filter by team or by manager, not both.",
            "Filtere nach Mannschaft oder nach Trainer, nicht nach beidem.",
        ),
        (
            "/api/stats/teams/?sort=rating",
            "Sorting by rating needs a game.",
            "Zum Sortieren nach Wertung brauchst du ein Spiel.",
        ),
    ],
)
def test_bad_queries_are_refused_in_the_readers_language(league, client, url, english, german):
    for language, sentence in (("en", english), ("de", german)):
        body = assert_error_shape(client.get(url, HTTP_ACCEPT_LANGUAGE=language), 400)
        assert sentence in str(body), (language, body)


def test_an_amigo_team_card_speaks_of_points_and_a_guest_match_is_not_rated(make_user, client):
    """Amigo Hattrick scores points (negative ones too) against several people; a match
    against guests only changes no rating, and the chart says why."""
    dora = make_user("dora")
    make_match(
        game="amigo-hattrick",
        sides=[
            {"name": "Dora", "user": dora, "score": -10},
            {"name": "Eve", "score": 2},
            {"name": "Finn", "score": 1},
        ],
    )
    jobs.stats_catch_up()
    card = client.get("/api/stats/teams/?game=amigo-hattrick&manager=dora").json()["results"][0]
    english = texts(client.get(card["card_svg"]).content.decode())
    assert "Points -10, best opponent 2" in english
    assert "Goals" not in english and "Lines" not in english
    german = texts(client.get(card["card_svg"], HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Punkte -10, bester Gegner 2" in german

    chart = "/api/stats/managers/dora/rating.svg?game=amigo-hattrick"
    shown = texts(client.get(chart).content.decode())
    assert "no rated match yet: only matches against other managers count" in shown
    assert "(0 " not in shown
    german = texts(client.get(chart, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "noch kein gewertetes Spiel" in german
