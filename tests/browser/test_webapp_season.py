"""A season on two phones: Ann creates a four-member double round robin of Hat-Trick in the
app, Ben accepts on his phone (Cleo and Dan from theirs, through the API), Ann draws, and
every fixture is played through "Play now". Ann's matches end with her own tap on her phone
(the moves before it are logged through the API, the tests' fast path); the table on Ben's
phone, following the competition's stream, shows each result within seconds of that tap (WITHIN).
At the end both phones show the champion and the awards.

Each season here is played in one language, the two taking turns (the league and the postponed
fixture in German, the cup and the Amigo series in English): a flow does not change with the
language, and test_webapp_screens.py shows every screen of a competition in both."""

from __future__ import annotations

import random
import time

import pytest
from rest_framework.test import APIClient

from matches.engine import get_engine
from tests.browser.phone import browser, db, phone, shot
from tests.helpers import accept_invitations

pytestmark = [pytest.mark.browser]

#: the longest Ben's phone may wait for the table after Ann's final move: it comes by the
#: competition's stream (the screen neither polls nor reloads), within seconds on a loaded
#: machine; the stream's delivery time itself is bench/live.py's to measure
WITHIN = 5.0

WORDS = {
    "en": {"skip": "Move nobody", "accept": "Accept", "champion": "Champion: ", "play": "Play now"},
    "de": {
        "skip": "Niemanden ziehen",
        "accept": "Annehmen",
        "champion": "Meister: ",
        "play": "Jetzt spielen",
    },
}


class _Client(APIClient):
    """The API as a member's phone: a write refused for a moment (503: the test database,
    SQLite, locked by the server's threads) is sent again, as a phone does."""

    def post(self, *args, **kwargs):
        for _ in range(20):
            response = super().post(*args, **kwargs)
            if response.status_code != 503:
                return response
            time.sleep(0.2)
        return response


def _client(user) -> APIClient:
    client = _Client()
    client.default_format = "json"
    client.force_authenticate(user)
    return client


def _playout(match_id: int, client, *, last_by: int | None) -> list[dict]:
    """Random legal moves from the match's state to its end, the last one "skip" by side
    ``last_by`` when given (a seed after another until one ends so)."""
    from matches.engine.hat_trick.sampling import random_action

    engine = get_engine("hat-trick")
    start = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    for seed in range(400):
        rng, state, actions, legal = random.Random(seed), start, [], None
        while engine.outcome(state) is None:
            legal = engine.legal_actions(state)
            action = random_action(legal, rng)
            actions.append(engine.action_to_json(action))
            state = engine.apply(state, action).state
        if last_by is None or (actions[-1]["type"] == "skip" and legal["actor"] == last_by):
            return actions
    raise AssertionError("no random play ends with that move")


def _log(client, match_id: int, actions: list[dict]) -> int:
    seq = client.get(f"/api/matches/{match_id}/").json()["seq"]
    for first in range(0, len(actions), 400):
        logged = client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions[first : first + 400]},
        )
        assert logged.status_code == 201, logged.content
        seq = logged.json()["match"]["seq"]
    return seq


def _accept(users: dict, competition_id: int, names: tuple[str, ...]) -> None:
    for name in names:
        client = _client(users[name])
        invited = client.get("/api/competitions/invitations/").json()["results"]
        (member,) = [i for i in invited if i["competition"] == competition_id]
        assert (
            client.post(f"/api/competitions/members/{member['id']}/accept/", {}).status_code == 200
        )


def _fixtures(user, competition_id: int) -> list[dict]:
    rounds = _client(user).get(f"/api/competitions/{competition_id}/fixtures/").json()["rounds"]
    return [f for r in rounds for f in r["fixtures"]]


def _play_elsewhere(users: dict, by_member: dict, fixture: dict) -> None:
    """A fixture without Ann: opened by its home member and played to the end via the API."""
    home = users[by_member[fixture["home"]]]
    client = _client(home)
    opened = client.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
    assert opened.status_code == 201, opened.content
    match_id = opened.json()["match"]["id"]
    accept_invitations(match_id)
    _log(client, match_id, _playout(match_id, client, last_by=None))


def _to_one_before_the_end(ann, match_id: int, side: int) -> None:
    accept_invitations(match_id)
    client = _client(ann)
    _log(client, match_id, _playout(match_id, client, last_by=side)[:-1])


def _played(page, member: int) -> int:
    cell = page.locator(f'table.standings tr[data-member="{member}"] td:nth-child(3)')
    return int(cell.inner_text())


@pytest.mark.parametrize("language", ["de"])
@pytest.mark.slow
def test_a_double_round_robin_on_two_phones(app_server, make_user, token_for, language):
    users = {name: make_user(name) for name in ("ann", "ben", "cleo", "dan")}
    words = WORDS[language]
    errors: list[str] = []
    tokens = token_for(users["ann"]), token_for(users["ben"])
    with browser() as b:
        _, ann = phone(b, app_server, token=tokens[0], language=language)
        _, ben = phone(b, app_server, token=tokens[1], language=language)
        for page in (ann, ben):
            page.on("pageerror", lambda e: errors.append(str(e)))

        # Ann: Home -> Leagues -> New competition
        ann.goto("/app/#/")
        ann.locator('nav.tabs a[href="#/competitions"]').tap()
        ann.locator("#create-competition").tap()
        form = ann.locator("#create")
        form.wait_for()
        ann.locator("input[name=game][value=hat-trick]").check()
        ann.locator("input[name=format][value=league]").check()
        form.locator("input[name=name]").fill("Thursday league")
        form.locator("input[name=double]").check()
        form.locator("input[name=points][value='3-1-0']").check()
        form.locator("input[name=invite]").fill("ben, cleo, dan")
        shot(ann, f"s40-create-league-{language}")
        form.locator("button[type=submit]").tap()
        ann.locator("#members").wait_for()
        cid = int(ann.evaluate("location.hash").rsplit("/", 1)[1])

        # Ben: the invitation on his list of competitions, accepted there
        ben.goto("/app/#/")
        ben.locator('nav.tabs a[href="#/competitions"]').tap()
        ben.locator("#competition-invitations form").wait_for()
        shot(ben, f"s41-competition-invitation-{language}")
        ben.get_by_role("button", name=words["accept"]).tap()
        ben.locator("#members").wait_for()
        db(_accept, users, cid, ("cleo", "dan"))

        # Ann draws; Ben's phone, on the competition's screen, gets the table by the stream
        ann.reload()
        ann.locator("#draw").tap()
        ann.locator("#fixtures").wait_for()
        ben.locator("table.standings").wait_for(timeout=WITHIN * 1000)
        fixtures = db(_fixtures, users["ann"], cid)
        assert len(fixtures) == 12 and len({f["round"] for f in fixtures}) == 6
        members = db(
            lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/").json()["members"]
        )
        by_member = {m["id"]: m["user"] for m in members}
        me = next(m for m, u in by_member.items() if u == "ann")
        shot(ann, f"s42-fixtures-{language}")

        delays = []
        for fixture in fixtures:
            if me not in (fixture["home"], fixture["away"]):
                db(_play_elsewhere, users, by_member, fixture)
                continue
            ann.goto(f"/app/#/competitions/{cid}")
            ann.locator(f'[data-fixture="{fixture["id"]}"] [data-play]').tap()
            ann.wait_for_selector(".match-head")
            match_id = int(ann.evaluate("location.hash").rsplit("/", 1)[1])
            db(_to_one_before_the_end, users["ann"], match_id, 0 if fixture["home"] == me else 1)
            skip = ann.locator(f'section.moves button.move[aria-label="{words["skip"]}"]')
            skip.wait_for()
            before = _played(ben, me)
            # timed from when Ann's phone sends the final move (what her phone does before,
            # refereeing the tap, is timed by the one-tap tests)
            sent = f"/api/matches/{match_id}/events/"
            with ann.expect_request(lambda r, sent=sent: r.method == "POST" and sent in r.url):
                skip.tap()
            tapped = time.monotonic()
            ben.wait_for_function(
                '([m, n]) => Number(document.querySelector(`table.standings tr[data-member="${m}"] td:nth-child(3)`)?.textContent) === n',
                arg=[me, before + 1],
                timeout=WITHIN * 1000,
            )
            delays.append(time.monotonic() - tapped)
            if len(delays) == 3:
                shot(ben, f"s43-table-live-{language}")

        assert len(delays) == 6
        assert max(delays) <= WITHIN, delays
        # the season over: the champion and the awards on both phones
        for page, name in ((ben, "s44-season-over-ben"), (ann, "s45-season-over-ann")):
            if page is ann:
                ann.goto(f"/app/#/competitions/{cid}")
            page.locator("#champion").wait_for()
            assert page.locator("#champion").inner_text().strip().startswith(words["champion"])
            assert page.locator("#awards li").count() >= 3
            assert page.locator("#positions-chart polyline").count() == 4
            shot(page, f"{name}-{language}")
        table = db(lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/table/").json())
        assert table["over"] and table["champion"] is not None
        # the chart: each member's place after each of the six rounds, as the server ordered them
        label = ben.locator("#positions-chart svg").first.get_attribute("aria-label")
        for row in table["tables"][0]["rows"]:
            assert len(row["positions"]) == 6 and row["positions"][-1] == row["position"], row
            assert ": " + ", ".join(map(str, row["positions"])) in label, (row, label)
        champion = by_member[table["champion"]]
        assert champion in ben.locator("#champion").inner_text()
        rows = table["tables"][0]["rows"]
        assert [r["played"] for r in rows] == [6, 6, 6, 6]
        shown = ben.locator("table.standings tbody tr").evaluate_all(
            "(rows) => rows.map((r) => Number(r.querySelector('td.pts').textContent))"
        )
        assert shown == [r["points"] for r in rows]

        # Ann starts the next season; the past one stays a tap away, and on the list
        ann.locator("#next-season").tap()
        ann.locator("#previous-season").wait_for()
        assert ann.locator("#competition-status").get_attribute("data-status") == "running"
        assert ann.locator("[data-fixture] [data-play]").count() == 6
        shot(ann, f"s49-next-season-{language}")
        ann.locator("#previous-season").tap()
        ann.locator("#champion").wait_for()
        ann.locator("#next-season-link").wait_for()
        ann.locator('nav.tabs a[href="#/competitions"]').tap()
        ann.locator(f'#past-competitions a[href="#/competitions/{cid}"]').wait_for()
        assert ann.locator("#competitions a").count() == 1
        shot(ann, f"s50-competitions-with-a-past-season-{language}")
    assert not errors, errors
    print(f"table on the other phone after the final move: {[round(d, 3) for d in delays]} s")


def _shootout_playout(match_id: int, client) -> list[dict]:
    """Random legal moves to the end of a cup match that is level after extra time and
    decided in the penalty shoot-out (a seed after another until one ends so)."""
    from matches.engine.hat_trick.sampling import random_action

    engine = get_engine("hat-trick")
    start = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    for seed in range(400):
        rng, state, actions = random.Random(seed), start, []
        while engine.outcome(state) is None:
            action = random_action(engine.legal_actions(state), rng)
            actions.append(engine.action_to_json(action))
            state = engine.apply(state, action).state
        if engine.outcome(state).termination == "penalty_shootout":
            return actions
    raise AssertionError("no random play goes to a shoot-out")


def _cup_round(users: dict, by_member: dict, cid: int, *, shootout: bool) -> list[dict]:
    """Every open fixture of the cup played through the API by its home member."""
    played = []
    for fixture in _fixtures(users["ann"], cid):
        if fixture["status"] != "scheduled" or fixture["home"] is None:
            continue
        client = _client(users[by_member[fixture["home"]]])
        opened = client.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
        assert opened.status_code == 201, opened.content
        match_id = opened.json()["match"]["id"]
        accept_invitations(match_id)
        moves = (
            _shootout_playout(match_id, client)
            if shootout
            else _playout(match_id, client, last_by=None)
        )
        _log(client, match_id, moves)
        played.append(fixture)
    return played


@pytest.mark.parametrize("language", ["en"])
@pytest.mark.slow
def test_a_cup_whose_final_is_decided_in_the_shoot_out(app_server, make_user, token_for, language):
    users = {name: make_user(name) for name in ("ann", "ben", "cleo", "dan")}
    tokens = token_for(users["ann"]), token_for(users["ben"])
    errors: list[str] = []
    with browser() as b:
        _, ann = phone(b, app_server, token=tokens[0], language=language)
        _, ben = phone(b, app_server, token=tokens[1], language=language)
        for page in (ann, ben):
            page.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto("/app/#/competitions/new")
        form = ann.locator("#create")
        form.wait_for()
        ann.locator("input[name=game][value=hat-trick]").check()
        ann.locator("input[name=format][value=cup]").check()
        ann.locator("input[name=format][value=cup]:checked").wait_for()
        form.locator("input[name=name]").fill("Winter cup")
        form.locator("input[name=invite]").fill("ben, cleo, dan")
        form.locator("button[type=submit]").tap()
        ann.locator("#members").wait_for()
        cid = int(ann.evaluate("location.hash").rsplit("/", 1)[1])
        db(_accept, users, cid, ("ben", "cleo", "dan"))
        ann.reload()
        ann.locator("#draw").tap()
        ann.locator("#bracket svg").wait_for()
        ben.goto(f"/app/#/competitions/{cid}")
        ben.locator("#bracket svg").wait_for()
        members = db(
            lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/").json()["members"]
        )
        by_member = {m["id"]: m["user"] for m in members}

        semis = db(_cup_round, users, by_member, cid, shootout=False)
        assert len(semis) == 2
        # the final's tie on Ben's phone, its members known, without a reload
        ben.locator('#bracket g.tie[data-tie="3"] text.open').first.wait_for(state="detached")
        finals = db(_cup_round, users, by_member, cid, shootout=True)
        assert len(finals) == 1
        ben.locator("#champion").wait_for()
        table = db(lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/table/").json())
        bracket = db(lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/bracket/").json())
        champion = by_member[bracket["champion"]]
        assert table["over"] and champion in ben.locator("#champion").inner_text()
        final = ben.locator('#bracket g.tie[data-tie="3"]')
        assert final.locator("text.won").first.text_content() == champion
        assert final.locator("text.note").count() == 1  # level after extra time: on penalties
        shot(ben, f"s46-cup-final-on-penalties-{language}")
    assert not errors, errors


def _amigo_day(ann, match_id: int, seed: int) -> None:
    """A match day of Amigo Hattrick played to its end through the API (every seat's
    manager accepted first)."""
    from tests.matches.play import random_actions

    accept_invitations(match_id)
    client = _client(ann)
    engine = get_engine("amigo-hattrick")
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    actions = [a for a, _ in random_actions("amigo-hattrick", state, seed=seed, players=4)]
    _log(client, match_id, actions)


@pytest.mark.parametrize("language", ["en"])
@pytest.mark.slow
def test_an_amigo_series_of_three_match_days(app_server, make_user, token_for, language):
    users = {name: make_user(name) for name in ("ann", "ben", "cleo", "dan")}
    tokens = token_for(users["ann"]), token_for(users["ben"])
    errors: list[str] = []
    with browser() as b:
        _, ann = phone(b, app_server, token=tokens[0], language=language)
        _, ben = phone(b, app_server, token=tokens[1], language=language)
        for page in (ann, ben):
            page.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto("/app/#/competitions/new")
        form = ann.locator("#create")
        form.wait_for()
        ann.locator("input[name=game][value=amigo-hattrick]").check()
        ann.locator("input[name=format][value=series]:checked").wait_for()
        form.locator("input[name=name]").fill("Card nights")
        form.locator("input[name=days]").fill("3")
        form.locator("input[name=games]").fill("1")
        form.locator("input[name=invite]").fill("ben, cleo, dan")
        shot(ann, f"s47-create-series-{language}")
        form.locator("button[type=submit]").tap()
        ann.locator("#members").wait_for()
        cid = int(ann.evaluate("location.hash").rsplit("/", 1)[1])
        db(_accept, users, cid, ("ben", "cleo", "dan"))
        ann.reload()
        ann.locator("#draw").tap()
        ann.locator("#fixtures").wait_for()
        ben.goto(f"/app/#/competitions/{cid}")
        ben.locator("table.standings").wait_for()
        days = db(_fixtures, users["ann"], cid)
        assert len(days) == 3 and all(d["stage"] == "day" for d in days)
        for n, day in enumerate(days, start=1):
            ann.goto(f"/app/#/competitions/{cid}")
            ann.locator(f'[data-fixture="{day["id"]}"] [data-play]').tap()
            ann.wait_for_selector(".match-head")
            match_id = int(ann.evaluate("location.hash").rsplit("/", 1)[1])
            db(_amigo_day, users["ann"], match_id, n)
            # Ben's phone: every member's match days played go up by one, by the stream
            ben.wait_for_function(
                "(n) => [...document.querySelectorAll('table.standings tbody tr td:nth-child(3)')].every((c) => Number(c.textContent) === n)",
                arg=n,
            )
        ben.locator("#champion").wait_for()
        table = db(lambda: _client(users["ann"]).get(f"/api/competitions/{cid}/table/").json())
        rows = table["tables"][0]["rows"]
        assert table["over"] and [r["days"] for r in rows] == [3, 3, 3, 3]
        shown = ben.locator("table.standings tbody tr td.pts").all_text_contents()
        assert [int(s) for s in shown] == [r["score"] for r in rows]
        assert ben.locator("#awards li").count() >= 1
        assert ben.locator("#positions-chart polyline").count() == 4
        shot(ben, f"s48-series-over-{language}")
    assert not errors, errors


def _drawn_league(users: dict) -> int:
    """Ann's league with Ben, Cleo and Dan, everyone accepted and the fixtures drawn."""
    ann = _client(users["ann"])
    made = ann.post(
        "/api/competitions/",
        {
            "name": "Friday league",
            "game": "hat-trick",
            "format": "league",
            "invite": ["ben", "cleo", "dan"],
        },
    )
    assert made.status_code == 201, made.content
    cid = made.json()["id"]
    _accept(users, cid, ("ben", "cleo", "dan"))
    assert ann.post(f"/api/competitions/{cid}/draw/", {}).status_code == 200
    return cid


@pytest.mark.parametrize("language", ["de"])
def test_the_organiser_postpones_a_fixture_and_awards_another(
    app_server, make_user, token_for, language
):
    users = {name: make_user(name) for name in ("ann", "ben", "cleo", "dan")}
    cid = db(_drawn_league, users)
    tokens = token_for(users["ann"]), token_for(users["ben"])
    with browser() as b:
        _, ann = phone(b, app_server, token=tokens[0], language=language)
        _, ben = phone(b, app_server, token=tokens[1], language=language)
        for page in (ann, ben):
            page.goto(f"/app/#/competitions/{cid}")
            page.locator("#fixtures").wait_for()
        # only the organiser has the tools
        assert ben.locator("details.org").count() == 0
        first, second = db(_fixtures, users["ann"], cid)[:2]
        row = ann.locator(f'[data-fixture="{first["id"]}"]')
        row.locator("details.org summary").tap()
        row.locator("[data-postpone]").tap()
        ann.locator(f'[data-fixture="{first["id"]}"][data-status="postponed"]').wait_for()
        row = ann.locator(f'[data-fixture="{second["id"]}"]')
        row.locator("details.org summary").tap()
        row.locator("select[name=winner]").select_option(str(second["away"]))
        shot(ann, f"s51-organiser-tools-{language}")
        row.locator("[data-walkover]").tap()
        ann.locator(f'[data-fixture="{second["id"]}"][data-status="walkover"]').wait_for()
        # Ben's phone: the awarded fixture in the table, by the stream
        winner = f'table.standings tr[data-member="{second["away"]}"]'
        ben.locator(f"{winner} td.pts", has_text="3").wait_for(timeout=WITHIN * 1000)
        assert ben.locator(f"{winner} td.goals").inner_text() == "3:0"
        ben.locator(f'[data-fixture="{second["id"]}"][data-status="walkover"]').wait_for()
        shot(ben, f"s52-walkover-in-the-table-{language}")
    fixtures = {f["id"]: f for f in db(_fixtures, users["ann"], cid)}
    assert fixtures[first["id"]]["status"] == "postponed"
    assert fixtures[second["id"]]["walkover"] and fixtures[second["id"]]["scores"] == [0, 3]
