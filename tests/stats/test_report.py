"""A finished match's report: as JSON (typed in the schema), as an SVG card and a PNG of
1200×630 rendered from it, and as a public page with Open Graph tags, in English and German; a
private match has none to a stranger."""

from __future__ import annotations

import html
import re
import struct

import pytest
from rest_framework.test import APIClient

from matches.engine import get_engine
from matches.models import Match, MatchSide
from stats import jobs as stats_jobs
from stats.report import score_line
from teams.services import reference_editions_load
from tests.helpers import assert_error_shape, log_random_play, open_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    reference_editions_load()
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    clients = []
    for user in (ann, ben, cat):
        client = APIClient()
        client.force_authenticate(user)
        clients.append(client)
    return clients


def finished(client, game: str, sides: list[dict], **fields) -> int:
    match_id = open_match(client, game, sides, **fields)["match"]["id"]
    engine = get_engine(game)
    log_random_play(client, match_id, lambda state, legal: engine.outcome(state) is not None)
    stats_jobs.stats_catch_up()
    return match_id


def hat_trick(client, **fields) -> int:
    sides = [{"name": "Ann XI", "user": "ann"}, {"name": "Ben FC", "user": "ben"}]
    return finished(client, "hat-trick", sides, options={"kickoff": 0}, **fields)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_report_of_a_finished_match(people):
    ann = people[0]
    match_id = hat_trick(ann)
    match = Match.objects.get(pk=match_id)
    response = APIClient().get(f"/api/matches/{match_id}/report/")
    assert response.status_code == 200, response.content
    report = response.json()
    scores = [side.score for side in match.sides.order_by("position")]
    assert [side["score"] for side in report["sides"]] == scores
    assert report["score_line"].startswith(f"{scores[0]}:{scores[1]}")
    assert (report["title"], report["game_name"]) == ("Ann XI – Ben FC", "Hat-Trick")
    goals = [entry for entry in report["timeline"] if entry["kind"] == "goal"]
    assert len(goals) == sum(scores)  # every goal of the match, none of a shoot-out
    for side in (0, 1):
        assert len([g for g in goals if g["side"] == side]) == scores[side]
    assert all(g["player"].startswith("No. ") and g["text"] for g in goals)
    assert {entry["kind"] for entry in report["timeline"]} <= {"goal", "yellow_card", "red_card"}
    assert {m["kind"] for m in report["moments"]} <= {"chance", "save", "comeback"}
    assert report["moments"] and all(m["text"] for m in report["moments"])
    ratings = {r["user"]: r for r in report["ratings"]}
    assert set(ratings) == {"ann", "ben"}
    for rating in ratings.values():
        assert rating["change"] == pytest.approx(rating["after"] - rating["before"], abs=0.11)
    assert ratings["ann"]["change"] == pytest.approx(-ratings["ben"]["change"], abs=0.2)
    assert report["table"] is None
    assert report["image"] == f"/api/matches/{match_id}/report.png"
    assert report["page"] == f"/matches/{match_id}/report/"
    german = APIClient().get(f"/api/matches/{match_id}/report/", HTTP_ACCEPT_LANGUAGE="de")
    assert german.json()["game_name"] == "Hat-Trick"
    assert german.json()["timeline"][0]["text"] != report["timeline"][0]["text"]


def test_the_card_the_png_and_the_page_say_the_same(people):
    match_id = hat_trick(people[0])
    svg = APIClient().get(f"/api/matches/{match_id}/report.svg")
    assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
    picture = svg.content.decode()
    assert 'width="1200" height="630"' in picture
    png = APIClient().get(f"/api/matches/{match_id}/report.png", HTTP_ACCEPT="image/png")
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
    assert png_size(png.content) == (1200, 630)
    again = APIClient().get(f"/api/matches/{match_id}/report.png", HTTP_IF_NONE_MATCH=png["ETag"])
    assert again.status_code == 304

    page = APIClient().get(f"/matches/{match_id}/report/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    text = html.unescape(page.content.decode())
    tags = dict(re.findall(r'<meta property="(og:[a-z:]+)" content="([^"]*)"', text))
    assert tags["og:image"] == f"http://testserver/api/matches/{match_id}/report.png?lang=en"
    assert tags["og:title"].startswith("Ann XI – Ben FC: ")
    assert tags["og:description"] and tags["og:image:width"] == "1200"
    assert APIClient().get(tags["og:image"].removeprefix("http://testserver")).status_code == 200
    # every text of the card (the PNG's source) is the page's own text
    card = [html.unescape(t) for t in re.findall(r"<text [^>]*>([^<]*)</text>", picture)]
    assert len(card) > 6
    for line in card:
        shown = line.rstrip("…")
        parts = re.split(r"[()]", shown)
        assert all(part.strip() in text for part in parts if part.strip()), line

    german = APIClient().get(f"/matches/{match_id}/report/?lang=de")
    words = html.unescape(german.content.decode())
    assert '<html lang="de">' in words and "Tore und Karten" in words
    assert german["Content-Language"] == "de"
    by_header = APIClient().get(f"/matches/{match_id}/report/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Tore und Karten" in by_header.content.decode()
    svg_de = APIClient().get(f"/api/matches/{match_id}/report.svg", HTTP_ACCEPT_LANGUAGE="de")
    assert "Tore und Karten" in svg_de.content.decode()


def test_a_private_match_has_no_public_report(people):
    ann, _ben, cat = people
    match_id = hat_trick(ann, visibility="private")
    for stranger in (APIClient(), cat):
        for tail in ("report/", "report.svg", "report.png"):
            assert_error_shape(stranger.get(f"/api/matches/{match_id}/{tail}"), 404)
    for anyone in (APIClient(), ann):
        assert anyone.get(f"/matches/{match_id}/report/").status_code == 404
    mine = ann.get(f"/api/matches/{match_id}/report/")
    assert mine.status_code == 200 and mine.json()["page"] is None
    assert mine.json()["ratings"] == []  # a private match moves no public rating


def test_no_report_before_the_end(people):
    ann = people[0]
    match_id = open_match(ann, "hat-trick", [{"name": "Ann", "user": "ann"}, {"name": "Red"}])[
        "match"
    ]["id"]
    body = assert_error_shape(
        APIClient().get(f"/api/matches/{match_id}/report/"), 409, "match_not_finished"
    )
    assert body["message"] == "The match is not finished: its report comes when it ends."
    assert APIClient().get(f"/matches/{match_id}/report/").status_code == 404


def test_an_amigo_report_has_the_table_of_its_games(people):
    ann = people[0]
    sides = [{"name": n} for n in ("Ann", "Bea", "Cy", "Di")]
    sides[0]["user"] = "ann"
    match_id = open_match(ann, "amigo-hattrick", sides, options={"games": 2})["match"]["id"]
    current = ann.get(f"/api/matches/{match_id}/state/").json()
    while current["outcome"] is None:  # the first ready move, each time (docs/api.md)
        move = {"expected_seq": current["seq"], "action": current["legal"]["ready"][0]}
        answer = ann.post(f"/api/matches/{match_id}/events/", move, format="json")
        assert answer.status_code == 201, answer.content
        current = answer.json()["current"]
    report = APIClient().get(f"/api/matches/{match_id}/report/").json()
    table = report["table"]
    assert len(table["games"]) == 2 and all(len(game) == 4 for game in table["games"])
    assert table["totals"] == [side["score"] for side in report["sides"]]
    assert report["timeline"] == []
    assert report["score_line"] == " · ".join(str(t) for t in table["totals"])
    page = APIClient().get(f"/matches/{match_id}/report/").content.decode()
    assert "<table>" in page


def test_the_score_line_says_extra_time_and_the_shoot_out():
    sides = [MatchSide(position=0, score=2), MatchSide(position=1, score=2)]
    match = Match(result={"termination": "extra_time", "scores": [2, 2], "winners": []})
    assert score_line(match, sides) == "2:2 after extra time"
    match = Match(
        result={"termination": "penalty_shootout", "scores": [2, 2], "winners": [0]},
        summary={"shootout": [4, 3]},
    )
    assert score_line(match, sides) == "2:2 after extra time, 4:3 on penalties"


def test_a_comeback_the_saves_and_an_undone_goal(people):
    from matches.models import MatchEvent
    from stats.report import match_report

    ann = people[0]
    match_id = open_match(ann, "hat-trick", [{"name": "Ann", "user": "ann"}, {"name": "Red"}])[
        "match"
    ]["id"]

    def goal(side, scorer):
        return {"kind": "goal", "side": side, "data": {"scorer": scorer, "penalty": False}}

    logged = [
        (1, "action", [goal(1, 9)], None),
        (2, "action", [{"kind": "shot", "side": 0, "data": {"shooter": 7}},
                       {"kind": "save", "side": 1, "data": {}}], None),
        (3, "action", [goal(0, 10)], None),
        (4, "action", [goal(1, 11)], None),
        (5, "undo", [], 4),
        (6, "action", [{"kind": "yellow_card", "side": 1, "data": {"player": 4}}], None),
        (7, "action", [goal(0, 9)], None),
    ]  # fmt: skip
    MatchEvent.objects.bulk_create(
        MatchEvent(match_id=match_id, seq=seq, kind=kind, action={"type": "x"}, effects=effects,
                   target_seq=target)
        for seq, kind, effects, target in logged
    )  # fmt: skip
    Match.objects.filter(pk=match_id).update(
        status="finished", seq=7, result={"termination": "full_time", "scores": [2, 1]}
    )
    MatchSide.objects.filter(match_id=match_id, position=0).update(score=2, result="win")
    MatchSide.objects.filter(match_id=match_id, position=1).update(score=1, result="loss")
    report = match_report(Match.objects.get(pk=match_id))
    assert [(e["seq"], e["kind"], e["side"], e["player"]) for e in report["timeline"]] == [
        (1, "goal", 1, "No. 9"),
        (3, "goal", 0, "No. 10"),
        (6, "yellow_card", 1, "No. 4"),
        (7, "goal", 0, "No. 9"),
    ]  # the goal undone is no goal
    assert [(m["kind"], m["side"], m["seq"]) for m in report["moments"]] == [
        ("comeback", 0, None),
        ("chance", 0, 2),
        ("save", 1, 2),
    ]
    assert report["moments"][0]["text"] == "Ann came back from 1 behind to win."
