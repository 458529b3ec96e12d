"""A season through the HTTP API: create, join (consent), draw, "Play now", the table rebuilt
when a match ends or is undone, ETags, walkovers, postponements, a member leaving, the cup's
deciders, a series of match days, the next season, and private competitions."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from competitions import jobs
from competitions.models import Competition, Fixture
from matches.models import Invitation, Match
from tests.competitions.conftest import committed, create, finish, join_all, member_ids
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db


def fixtures_of(client, competition_id: int) -> list[dict]:
    response = client.get(f"/api/competitions/{competition_id}/fixtures/")
    assert response.status_code == 200, response.content
    return [f for r in response.json()["rounds"] for f in r["fixtures"]]


def table_of(client, competition_id: int) -> dict:
    response = client.get(f"/api/competitions/{competition_id}/table/")
    assert response.status_code == 200, response.content
    return response.json()


def test_nobody_is_in_a_competition_without_accepting(phone):
    ann, ben = phone("ann"), phone("ben")
    competition = create(ann, invite=["ben", "cleo"])
    ids = member_ids(competition)
    assert {m["user"]: m["status"] for m in competition["members"]} == {
        "ann": "accepted",
        "ben": "invited",
        "cleo": "invited",
    }
    # Ben is asked: his phone lists it; someone else cannot answer for him
    asked = ben.get("/api/competitions/invitations/").json()["results"]
    assert [a["competition"] for a in asked] == [competition["id"]]
    response = phone("cleo").post(f"/api/competitions/members/{ids['ben']}/accept/", {})
    assert_error_shape(response, 404, "not_found")
    # only the organiser asks, and only before the draw
    response = ben.post(f"/api/competitions/{competition['id']}/members/", {"user": "dan"})
    assert_error_shape(response, 403, "not_organiser")
    response = ann.post(f"/api/competitions/{competition['id']}/members/", {"user": "ben"})
    assert_error_shape(response, 409, "already_member")
    assert ben.post(f"/api/competitions/members/{ids['ben']}/accept/", {}).status_code == 200
    response = ben.post(f"/api/competitions/members/{ids['ben']}/accept/", {})
    assert_error_shape(response, 409, "member_answered")
    # Cleo never answers: the draw leaves her out
    drawn = ann.post(f"/api/competitions/{competition['id']}/draw/")
    assert drawn.status_code == 200, drawn.content
    statuses = {m["user"]: m["status"] for m in drawn.json()["members"]}
    assert statuses == {"ann": "accepted", "ben": "accepted", "cleo": "declined"}
    drawn_fixtures = fixtures_of(ann, competition["id"])
    assert len(drawn_fixtures) == 1
    assert {drawn_fixtures[0]["home"], drawn_fixtures[0]["away"]} == {ids["ann"], ids["ben"]}
    response = ann.post(f"/api/competitions/{competition['id']}/members/", {"user": "dan"})
    assert_error_shape(response, 409, "competition_drawn")
    response = ann.post(f"/api/competitions/{competition['id']}/draw/")
    assert_error_shape(response, 409, "competition_drawn")


def test_a_league_season_the_table_follows_the_matches(phone, people):
    ann = phone("ann")
    competition = create(
        ann, game="toy-pile", invite=["ben", "cleo", "dan"], settings={"double": True}
    )
    join_all(phone, competition)
    cid = competition["id"]
    ann.post(f"/api/competitions/{cid}/draw/")
    fixtures = fixtures_of(ann, cid)
    assert len(fixtures) == 12 and max(f["round"] for f in fixtures) == 6
    ids = member_ids(competition)
    names = {v: k for k, v in ids.items()}
    empty = ann.get(f"/api/competitions/{cid}/table/")
    tag = empty["ETag"]
    assert ann.get(f"/api/competitions/{cid}/table/", HTTP_IF_NONE_MATCH=tag).status_code == 304

    first = fixtures[0]
    outsider = next(
        n for n in ("ann", "ben", "cleo", "dan") if ids[n] not in (first["home"], first["away"])
    )
    response = phone(outsider).post(f"/api/competitions/fixtures/{first['id']}/play/", {})
    assert_error_shape(response, 403, "not_in_fixture")
    home = phone(names[first["home"]])
    played = home.post(f"/api/competitions/fixtures/{first['id']}/play/", {})
    assert played.status_code == 201, played.content
    match_id = played.json()["match"]["id"]
    match = Match.objects.get(pk=match_id)
    sides = list(match.sides.order_by("position"))
    # the tapper's side is linked; the other member is invited, as to any match
    assert sides[0].user == people[names[first["home"]]] and sides[1].user is None
    invitation = Invitation.objects.get(match=match)
    assert invitation.invitee == people[names[first["away"]]] and invitation.position == 1
    # a second tap answers the same match
    again = phone(names[first["away"]]).post(f"/api/competitions/fixtures/{first['id']}/play/", {})
    assert again.status_code == 200 and again.json()["match"]["id"] == match_id

    finished = finish(home, match_id)
    table = table_of(ann, cid)
    assert ann.get(f"/api/competitions/{cid}/table/", HTTP_IF_NONE_MATCH=tag).status_code == 200
    rows = {r["user"]: r for r in table["tables"][0]["rows"]}
    winner = names[first["home"]] if finished["result"]["winners"] == [0] else names[first["away"]]
    assert rows[winner]["won"] == 1 and rows[winner]["points"] == 3
    assert sum(r["played"] for r in rows.values()) == 2
    # the move that ended it undone: its result is out of the table; done again: back in
    with committed():
        undo = home.post(f"/api/matches/{match_id}/undo/", {"expected_seq": finished["seq"]})
    assert undo.status_code == 201, undo.content
    assert sum(r["played"] for r in table_of(ann, cid)["tables"][0]["rows"]) == 0
    with committed():
        redo = home.post(f"/api/matches/{match_id}/redo/", {"expected_seq": finished["seq"] + 1})
    assert redo.status_code == 201, redo.content
    assert table_of(ann, cid)["tables"][0] == table["tables"][0]

    # every other fixture through "Play now", to the end of the season
    for number, fixture in enumerate(fixtures[1:], start=1):
        player = phone(names[fixture["away"]])
        response = player.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
        assert response.status_code == 201, response.content
        finish(player, response.json()["match"]["id"], seed=number)
    table = table_of(ann, cid)
    assert table["over"] is True
    rows = table["tables"][0]["rows"]
    assert [r["played"] for r in rows] == [6, 6, 6, 6]
    assert sum(r["won"] for r in rows) == 12
    assert table["champion"] == rows[0]["member"]
    assert {a["kind"] for a in table["awards"]} >= {"best_defence", "unbeaten_run"}
    assert ann.get(f"/api/competitions/{cid}/").json()["status"] == "finished"

    # the stored table is a pure function of the matches: rebuilt, the same bytes
    stored = Competition.objects.get(pk=cid)
    before = (json.dumps(stored.standings, sort_keys=True), stored.standings_tag)
    Fixture.objects.filter(competition_id=cid).update(result=None)
    call_command("competitions_rebuild", "--competition", str(cid))
    stored.refresh_from_db()
    assert (json.dumps(stored.standings, sort_keys=True), stored.standings_tag) == before

    # the next season: the same members, drawn anew
    following = ann.post(f"/api/competitions/{cid}/next-season/")
    assert following.status_code == 201, following.content
    body = following.json()
    assert body["season"] == 2 and body["previous"] == cid and body["status"] == "running"
    assert sorted(m["user"] for m in body["members"]) == ["ann", "ben", "cleo", "dan"]
    assert len(fixtures_of(ann, body["id"])) == 12
    assert ann.get(f"/api/competitions/{cid}/").json()["next"] == body["id"]
    response = ann.post(f"/api/competitions/{cid}/next-season/")
    assert_error_shape(response, 409, "season_started")
    response = ann.post(f"/api/competitions/{body['id']}/next-season/")
    assert_error_shape(response, 409, "season_not_over")


def test_walkover_postponement_and_a_member_leaving(phone):
    ann = phone("ann")
    competition = create(ann, game="toy-pile", invite=["ben", "cleo", "dan"])
    join_all(phone, competition)
    cid = competition["id"]
    ids = member_ids(competition)
    ann.post(f"/api/competitions/{cid}/draw/")
    fixtures = fixtures_of(ann, cid)
    # a postponement: the fixture can still be played later
    first = fixtures[0]
    mover = phone(next(n for n, i in ids.items() if i == first["home"]))
    postponed = mover.post(
        f"/api/competitions/fixtures/{first['id']}/postpone/", {"date": "2030-01-02"}, format="json"
    )
    assert postponed.status_code == 200 and postponed.json()["status"] == "postponed"
    assert postponed.json()["date"] == "2030-01-02"
    # a walkover: only the organiser, to a member of the fixture, 3-0
    second = fixtures[1]
    response = phone("ben").post(
        f"/api/competitions/fixtures/{second['id']}/walkover/",
        {"winner": second["home"]},
        format="json",
    )
    assert_error_shape(response, 403, "not_organiser")
    outsider = next(i for i in ids.values() if i not in (second["home"], second["away"]))
    response = ann.post(
        f"/api/competitions/fixtures/{second['id']}/walkover/", {"winner": outsider}, format="json"
    )
    assert_error_shape(response, 400, "winner_not_in_fixture")
    awarded = ann.post(
        f"/api/competitions/fixtures/{second['id']}/walkover/",
        {"winner": second["away"]},
        format="json",
    )
    assert awarded.status_code == 200, awarded.content
    assert awarded.json()["scores"] == [0, 3] and awarded.json()["walkover"] is True
    rows = {r["member"]: r for r in table_of(ann, cid)["tables"][0]["rows"]}
    assert (rows[second["away"]]["points"], rows[second["away"]]["goals_for"]) == (3, 3)
    response = ann.post(
        f"/api/competitions/fixtures/{second['id']}/walkover/",
        {"winner": second["home"]},
        format="json",
    )
    assert_error_shape(response, 409, "fixture_closed")
    response = phone("ben").post(f"/api/competitions/fixtures/{second['id']}/play/", {})
    assert response.status_code in (403, 409)
    # Dan leaves: his results stand, his open fixtures go to the opponents, 3-0
    leave = phone("dan").post(f"/api/competitions/members/{ids['dan']}/leave/")
    assert leave.status_code == 200 and leave.json()["status"] == "left"
    for fixture in fixtures_of(ann, cid):
        if ids["dan"] in (fixture["home"], fixture["away"]):
            assert fixture["status"] == "walkover"
            assert fixture["scores"][0 if fixture["home"] == ids["dan"] else 1] == 0
    rows = {r["user"]: r for r in table_of(ann, cid)["tables"][0]["rows"]}
    awarded_to_dan = 1 if ids["dan"] == second["away"] else 0
    assert rows["dan"]["played"] == 3
    assert (rows["dan"]["won"], rows["dan"]["lost"]) == (awarded_to_dan, 3 - awarded_to_dan)
    response = ann.post(f"/api/competitions/members/{competition['members'][0]['id']}/leave/")
    assert_error_shape(response, 409, "organiser_stays")


def test_a_hat_trick_cup_match_has_extra_time_and_the_shootout(phone):
    ann = phone("ann")
    competition = create(ann, format="cup", invite=["ben"], settings={"seeding": "rating"})
    join_all(phone, competition)
    cid = competition["id"]
    assert ann.post(f"/api/competitions/{cid}/draw/").status_code == 200
    fixtures = fixtures_of(ann, cid)
    assert len(fixtures) == 1 and fixtures[0]["stage"] == "cup"
    played = ann.post(f"/api/competitions/fixtures/{fixtures[0]['id']}/play/", {})
    assert played.status_code == 201, played.content
    match = Match.objects.get(pk=played.json()["match"]["id"])
    assert match.options["extra_time"] is True and match.options["penalty_shootout"] is True
    bracket = ann.get(f"/api/competitions/{cid}/bracket/")
    assert bracket.status_code == 200 and len(bracket.json()["ties"]) == 1
    assert (
        ann.get(f"/api/competitions/{cid}/bracket/", HTTP_IF_NONE_MATCH=bracket["ETag"]).status_code
        == 304
    )
    finish(ann, match.pk)
    bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
    assert bracket["champion"] in member_ids(competition).values()
    assert ann.get(f"/api/competitions/{cid}/").json()["status"] == "finished"


def test_a_cup_of_five_plays_through_its_byes(phone):
    ann = phone("ann")
    competition = create(
        ann,
        game="toy-pile",
        format="cup",
        invite=["ben", "cleo", "dan", "eve"],
        settings={"third_place": True},
    )
    join_all(phone, competition)
    cid = competition["id"]
    ann.post(f"/api/competitions/{cid}/draw/")
    names = {v: k for k, v in member_ids(competition).items()}
    for step in range(10):
        open_fixtures = [f for f in fixtures_of(ann, cid) if f["status"] == "scheduled"]
        if not open_fixtures:
            break
        for fixture in open_fixtures:
            player = phone(names[fixture["home"]])
            response = player.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
            assert response.status_code == 201, response.content
            finish(player, response.json()["match"]["id"], seed=step)
    bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
    assert sum(t["bye"] for t in bracket["ties"]) == 3
    assert bracket["champion"] is not None and bracket["third"] is not None
    # 1 first-round match, 2 semi-finals, the final and the third place
    assert len(fixtures_of(ann, cid)) == 5
    assert table_of(ann, cid)["champion"] == bracket["champion"]


def test_an_amigo_series_of_match_days(phone):
    ann = phone("ann")
    competition = create(
        ann,
        game="amigo-hattrick",
        format="series",
        invite=["ben", "cleo", "dan"],
        settings={"days": 2},
        options={"games": 1},
    )
    join_all(phone, competition)
    cid = competition["id"]
    ann.post(f"/api/competitions/{cid}/draw/")
    days = fixtures_of(ann, cid)
    assert [d["stage"] for d in days] == ["day", "day"]
    ids = member_ids(competition)
    response = ann.post(
        f"/api/competitions/fixtures/{days[0]['id']}/play/",
        {"present": [ids["ann"], ids["ben"]]},
        format="json",
    )
    assert_error_shape(response, 400, "wrong_number_of_sides")
    for number, day in enumerate(days):
        response = ann.post(f"/api/competitions/fixtures/{day['id']}/play/", {}, format="json")
        assert response.status_code == 201, response.content
        finish(ann, response.json()["match"]["id"], seed=number)
    table = table_of(ann, cid)
    rows = table["tables"][0]["rows"]
    assert [r["days"] for r in rows] == [2, 2, 2, 2]
    assert rows[0]["score"] >= rows[-1]["score"]
    assert table["over"] and table["champion"] == rows[0]["member"]
    assert {a["kind"] for a in table["awards"]} == {"best_score", "fewest_passes"}


def test_the_list_is_filtered_by_game(phone):
    """A client that knows some games only reads their competitions (CHANGELOG.md, "Enums")."""
    ann = phone("ann")
    hat_trick = create(ann)["id"]
    trixkick = create(ann, name="Board league", game="trixkick")["id"]
    stranger = phone("cleo")
    for client in (ann, stranger):
        listed = [c["id"] for c in client.get("/api/competitions/").json()["results"]]
        assert {hat_trick, trixkick} <= set(listed)
        for game, expected in (("hat-trick", hat_trick), ("trixkick", trixkick)):
            answer = client.get(f"/api/competitions/?game={game}").json()["results"]
            assert [c["id"] for c in answer] == [expected] and answer[0]["game"] == game
    mine = ann.get("/api/competitions/?mine=true&game=trixkick").json()["results"]
    assert [c["id"] for c in mine] == [trixkick]
    assert_error_shape(ann.get("/api/competitions/?game=chess"), 400)
    assert_error_shape(ann.get("/api/competitions/?game="), 400)


def test_a_private_competition_is_no_ones_business(phone):
    ann = phone("ann")
    competition = create(ann, visibility="private", invite=["ben"])
    cid = competition["id"]
    stranger = phone("cleo")
    for path in ("", "table/", "bracket/", "fixtures/"):
        assert_error_shape(stranger.get(f"/api/competitions/{cid}/{path}"), 404, "not_found")
    assert cid not in [c["id"] for c in stranger.get("/api/competitions/").json()["results"]]
    # the one asked sees it, and so does the organiser
    assert phone("ben").get(f"/api/competitions/{cid}/").status_code == 200
    assert cid in [c["id"] for c in ann.get("/api/competitions/?mine=true").json()["results"]]
    response = stranger.post(f"/api/competitions/{cid}/draw/")
    assert_error_shape(response, 404, "not_found")


def test_bad_input_changes_nothing(phone):
    ann = phone("ann")
    count = Competition.objects.count()
    for body in (
        {"name": "x", "game": "chess", "format": "league"},
        {"name": "x", "game": "hat-trick", "format": "knockout"},
        {"name": "x", "game": "hat-trick", "format": "league", "points": "4-1-0"},
        {"name": "x", "game": "hat-trick", "format": "league", "tie_break": "coin"},
        {"name": "x", "game": "hat-trick", "format": "league", "invite": ["nobody"]},
        {"name": "x", "game": "amigo-hattrick", "format": "league"},
    ):
        response = ann.post("/api/competitions/", body, format="json")
        assert response.status_code == 400, (body, response.content)
    assert Competition.objects.count() == count
    competition = create(ann, invite=["ben"])
    response = ann.post(f"/api/competitions/{competition['id']}/draw/")
    assert_error_shape(response, 409, "too_few_members")
    assert_error_shape(
        ann.get(f"/api/competitions/{competition['id']}/fixtures/?round=0"), 400, "invalid"
    )
    assert jobs.standings_rebuild(competition_id=10**9) is None


def _play_out(phone, competition: dict, *, seed: int = 0, rounds: int = 30) -> None:
    """Every fixture played through "Play now" as it becomes known, until none is left."""
    cid = competition["id"]
    names = {v: k for k, v in member_ids(competition).items()}
    for step in range(rounds):
        waiting = [f for f in fixtures_of(phone("ann"), cid) if f["status"] == "scheduled"]
        if not waiting:
            return
        for fixture in waiting:
            player = phone(names[fixture["home"]])
            response = player.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
            assert response.status_code == 201, response.content
            finish(player, response.json()["match"]["id"], seed=seed + step)
    raise AssertionError("the fixtures never ran out")


def test_groups_then_a_cup_with_cross_seeding(phone):
    ann = phone("ann")
    competition = create(
        ann,
        game="toy-pile",
        format="groups_cup",
        invite=["ben", "cleo", "dan", "eve", "finn"],
        settings={"groups": 2, "qualifiers": 2},
    )
    join_all(phone, competition)
    cid = competition["id"]
    drawn = ann.post(f"/api/competitions/{cid}/draw/")
    assert drawn.status_code == 200, drawn.content
    groups = {f["group"] for f in fixtures_of(ann, cid)}
    assert groups == {0, 1} and len(fixtures_of(ann, cid)) == 6  # two groups of three
    _play_out(phone, competition)
    table = table_of(ann, cid)
    assert [len(t["rows"]) for t in table["tables"]] == [3, 3]
    firsts = [t["rows"][0]["member"] for t in table["tables"]]
    seconds = [t["rows"][1]["member"] for t in table["tables"]]
    bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
    semis = [(t["home"], t["away"]) for t in bracket["ties"] if t["round"] == 4]
    # A1 v B2, B1 v A2
    assert set(semis) == {(firsts[0], seconds[1]), (firsts[1], seconds[0])}
    assert bracket["champion"] is not None and table["champion"] == bracket["champion"]
    assert ann.get(f"/api/competitions/{cid}/").json()["status"] == "finished"


def test_a_swiss_pairs_no_rematch(phone):
    ann = phone("ann")
    competition = create(
        ann,
        game="toy-pile",
        format="swiss",
        invite=["ben", "cleo", "dan", "eve"],
        settings={"rounds": 3},
    )
    join_all(phone, competition)
    cid = competition["id"]
    assert ann.post(f"/api/competitions/{cid}/draw/").status_code == 200
    first = fixtures_of(ann, cid)
    assert len(first) == 3 and sum(f["away"] is None for f in first) == 1  # one bye of five
    _play_out(phone, competition)
    fixtures = fixtures_of(ann, cid)
    assert max(f["round"] for f in fixtures) == 3
    pairs = [frozenset((f["home"], f["away"])) for f in fixtures if f["away"] is not None]
    assert len(pairs) == len(set(pairs)) == 6
    byes = [f["home"] for f in fixtures if f["away"] is None]
    assert len(byes) == len(set(byes)) == 3
    table = table_of(ann, cid)
    assert table["over"] and sum(r["played"] for r in table["tables"][0]["rows"]) == 15


def test_the_table_speaks_german(phone):
    ann = phone("ann")
    competition = create(ann, invite=["ben"], seed=7)
    join_all(phone, competition)
    table = ann.get(f"/api/competitions/{competition['id']}/table/", HTTP_ACCEPT_LANGUAGE="de")
    rows = table.json()["tables"][0]["rows"]
    assert rows[0]["decided_by"] == "lot"
    assert rows[0]["decided_by_text"] == "durch Los entschieden"
    english = ann.get(f"/api/competitions/{competition['id']}/table/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["tables"][0]["rows"][0]["decided_by_text"] == "decided by lot"
    assert english["ETag"] != table["ETag"]
    refused = ann.post(f"/api/competitions/{competition['id']}/draw/", HTTP_ACCEPT_LANGUAGE="de")
    # two members are enough for a league: drawn; a second draw is refused in German
    assert refused.status_code == 200
    again = ann.post(f"/api/competitions/{competition['id']}/draw/", HTTP_ACCEPT_LANGUAGE="de")
    assert assert_error_shape(again, 409, "competition_drawn")["message"] == (
        "Die Begegnungen sind schon ausgelost."
    )


def test_two_matches_ending_together_give_the_table_one_after_the_other_does(phone):
    """The stored table depends on the results, not on the order the jobs ran in."""
    ann = phone("ann")
    competition = create(ann, game="toy-pile", invite=["ben", "cleo", "dan"])
    join_all(phone, competition)
    cid = competition["id"]
    ann.post(f"/api/competitions/{cid}/draw/")
    _play_out(phone, competition, seed=3)
    stored = Competition.objects.get(pk=cid)
    expected = (jobs.encode(stored.standings), stored.standings_tag)
    matches = list(Fixture.objects.filter(competition_id=cid).values_list("match_id", flat=True))
    for order in (matches, list(reversed(matches))):
        Fixture.objects.filter(competition_id=cid).update(result=None, status="playing")
        Competition.objects.filter(pk=cid).update(standings={}, standings_tag="")
        for match_id in order:  # each match's job, in this order
            jobs.standings_rebuild(competition_id=cid, matches={match_id})
        stored.refresh_from_db()
        assert (jobs.encode(stored.standings), stored.standings_tag) == expected


def test_a_drawn_cup_tie_of_a_game_without_a_decider_is_replayed(phone):
    """The competition's rule for games whose rulebook has no decider (docs/competitions.md):
    a drawn cup match is replayed, home and away swapped, until a match has a winner."""
    ann = phone("ann")
    competition = create(ann, game="toy-pile", format="cup", invite=["ben"])
    join_all(phone, competition)
    cid = competition["id"]
    ann.post(f"/api/competitions/{cid}/draw/")
    (tie,) = Fixture.objects.filter(competition_id=cid)
    drawn = {
        "scores": [1, 1], "winners": [0, 1], "termination": "full_time", "discipline": [0, 0],
        "scorers": [{}, {}], "passed": [0, 0], "walkover": False,
    }  # fmt: skip
    Fixture.objects.filter(pk=tie.pk).update(result=drawn, status="played")
    jobs.standings_rebuild(competition_id=cid)
    first, replay = Fixture.objects.filter(competition_id=cid).order_by("leg")
    assert (replay.leg, replay.tie) == (2, first.tie)
    assert (replay.home_id, replay.away_id) == (first.away_id, first.home_id)
    assert ann.get(f"/api/competitions/{cid}/bracket/").json()["champion"] is None
    won = {**drawn, "scores": [2, 0], "winners": [0]}
    Fixture.objects.filter(pk=replay.pk).update(result=won, status="played")
    jobs.standings_rebuild(competition_id=cid)
    assert Fixture.objects.filter(competition_id=cid).count() == 2
    bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
    assert bracket["champion"] == replay.home_id
    assert bracket["ties"][0]["fixtures"] == [first.pk, replay.pk]


def test_rounds_dated_at_the_draw(phone):
    ann = phone("ann")
    competition = create(ann, game="toy-pile", invite=["ben", "cleo"])
    join_all(phone, competition)
    cid = competition["id"]
    response = ann.post(
        f"/api/competitions/{cid}/draw/", {"first_date": "2030-01-03", "days_between": 14}
    )
    assert response.status_code == 200, response.content
    dates = {f["round"]: f["date"] for f in fixtures_of(ann, cid)}
    assert dates == {1: "2030-01-03", 2: "2030-01-17", 3: "2030-01-31"}
    response = ann.post(f"/api/competitions/{cid}/draw/", {"days_between": 0})
    assert_error_shape(response, 400, "invalid")


def test_a_member_who_left_gives_up_the_cup_ties_still_to_come(phone):
    ann = phone("ann")
    competition = create(ann, game="toy-pile", format="cup", invite=["ben", "cleo", "dan"])
    join_all(phone, competition)
    cid = competition["id"]
    ids = member_ids(competition)
    ann.post(f"/api/competitions/{cid}/draw/")
    semis = fixtures_of(ann, cid)
    assert len(semis) == 2
    names = {v: k for k, v in ids.items()}
    # the first semi-final is played; a member of the second leaves before it
    first, second = semis
    player = phone(names[first["home"]])
    response = player.post(f"/api/competitions/fixtures/{first['id']}/play/", {})
    finish(player, response.json()["match"]["id"])
    leaver = next(m for m in (second["home"], second["away"]) if names[m] != "ann")
    assert (
        phone(names[leaver]).post(f"/api/competitions/members/{leaver}/leave/").status_code == 200
    )
    fixtures = fixtures_of(ann, cid)
    assert [f["status"] for f in fixtures[:2]] == ["played", "walkover"]
    # the final is known now, and played
    final = fixtures[2]
    assert final["status"] == "scheduled" and leaver not in (final["home"], final["away"])
    player = phone(names[final["home"]])
    response = player.post(f"/api/competitions/fixtures/{final['id']}/play/", {})
    finish(player, response.json()["match"]["id"], seed=4)
    bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
    assert bracket["champion"] in (final["home"], final["away"])


def test_a_swiss_goes_on_without_a_member_who_left(phone):
    ann = phone("ann")
    competition = create(
        ann, game="toy-pile", format="swiss", invite=["ben", "cleo", "dan"], settings={"rounds": 3}
    )
    join_all(phone, competition)
    cid = competition["id"]
    ids = member_ids(competition)
    ann.post(f"/api/competitions/{cid}/draw/")
    assert phone("dan").post(f"/api/competitions/members/{ids['dan']}/leave/").status_code == 200
    _play_out(phone, competition)
    later = [f for f in fixtures_of(ann, cid) if f["round"] > 1]
    assert later and all(ids["dan"] not in (f["home"], f["away"]) for f in later)
    assert table_of(ann, cid)["over"] is True


def test_every_game_of_two_sides_plays_a_cup_tie(phone):
    """A cup tie of each shipped game of two sides and of the toy game, from "Play now" to the
    bracket's winner; the deciders are on only where the game's options have them."""
    ann = phone("ann")
    for number, game in enumerate(("trixkick", "hat-trick", "toy-pile")):
        competition = create(ann, name=f"Cup {game}", game=game, format="cup", invite=["ben"])
        join_all(phone, competition)
        cid = competition["id"]
        ann.post(f"/api/competitions/{cid}/draw/")
        for step in range(6):  # a drawn tie of a game without a decider is replayed
            waiting = [f for f in fixtures_of(ann, cid) if f["status"] == "scheduled"]
            if not waiting:
                break
            response = ann.post(f"/api/competitions/fixtures/{waiting[0]['id']}/play/", {})
            assert response.status_code == 201, response.content
            match = Match.objects.get(pk=response.json()["match"]["id"])
            deciders = {
                k: v for k, v in match.options.items() if k in ("extra_time", "penalty_shootout")
            }
            assert deciders == (
                {"extra_time": True, "penalty_shootout": True} if game == "hat-trick" else {}
            )
            finish(ann, match.pk, seed=10 * number + step)
        bracket = ann.get(f"/api/competitions/{cid}/bracket/").json()
        assert bracket["champion"] is not None, game
