"""What a new user reads, in plain sentences: a match that is not there, the password's rule
by its field, a finished match's winner, score and how it ended, rows of Home and History
that can be told apart, and a replay whose first screen has its steps on it."""

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import browser, db, phone, shot
from tests.helpers import log_random_play, open_match

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def test_a_match_that_is_not_there_is_said_plainly(app_server, make_user, token_for):
    token = token_for(make_user("ann"))
    with browser() as b:
        for language, sentence in (
            ("en", "There is no such match."),
            ("de", "Dieses Spiel gibt es nicht."),
        ):
            _, page = phone(b, app_server, token=token, language=language)
            for screen in ("match", "replay"):
                page.goto(f"/app/#/{screen}/987654")
                alert = page.get_by_role("alert")
                alert.wait_for()
                assert alert.inner_text() == sentence
            shot(page, f"120-no-such-match-{language}")


def test_the_password_rule_names_its_field(app_server):
    with browser() as b:
        _, page = phone(b, app_server)
        page.goto("/app/")
        page.get_by_label("Username").fill("newcomer")
        page.get_by_label("Password").fill("short")
        page.get_by_role("button", name="Create an account").tap()
        alert = page.get_by_role("alert")
        alert.wait_for()
        said = alert.inner_text()
        assert said.startswith("The account could not be created: Password: "), said
        shot(page, "121-password-rule")


def _finished_and_running(ann) -> dict:
    client = APIClient()
    client.force_authenticate(ann)
    solo = [{"name": "Ann", "user": "ann"}, {"name": "Away"}]
    one_goal = {"match_length": {"kind": "goals", "goals": 1}}
    over = open_match(client, "trixkick", solo, options=one_goal)["match"]["id"]
    log_random_play(client, over, lambda _state, legal: not legal.get("actions"))
    fresh = open_match(client, "hat-trick", solo)["match"]["id"]
    played = open_match(client, "hat-trick", solo)["match"]["id"]
    steps = iter(range(6))
    log_random_play(client, played, lambda _state, _legal: next(steps, None) is None)
    match = client.get(f"/api/matches/{over}/").json()
    return {"over": over, "fresh": fresh, "played": played, "result": match["result"]}


def test_a_finished_match_says_who_won_and_the_rows_differ(app_server, make_user, token_for):
    ann = make_user("ann")
    ids = db(_finished_and_running, ann)
    result = ids["result"]
    winners = [["Ann", "Away"][i] for i in result["winners"]]
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{ids['over']}")
        over = page.locator("#over")
        over.wait_for()
        said = over.inner_text()
        assert said != "The match is over."
        if winners:
            assert said.startswith(f"The match is over: {', '.join(winners)} won, "), said
        else:
            assert said.startswith("The match is over: a draw, "), said
        score = "\u00a0:\u00a0".join(map(str, result["scores"]))
        assert f"{score} (to the goals agreed)." in said
        shot(page, "122-finished-trixkick")

        # the replay's first screen: the steps and the result on it, not only the picture
        page.goto(f"/app/#/replay/{ids['over']}")
        page.locator("#over").wait_for()
        for name in ("Start", "Previous", "Next"):
            box = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert box and box["y"] + box["height"] <= 844, (name, box)
        shot(page, "123-replay-first-screen")

        page.goto("/app/#/")
        rows = page.locator("#running a.item")
        rows.nth(1).wait_for()
        texts = rows.all_inner_texts()
        assert len(texts) == 2 and texts[0] != texts[1], texts
        assert any("to act" in x for x in texts), texts
        assert any("0 moves" in x for x in texts), texts
        shot(page, "124-home-rows")

        page.goto("/app/#/history")
        rows = page.locator("#history a.item")
        rows.nth(2).wait_for()
        texts = rows.all_inner_texts()
        assert len(set(texts)) == 3, texts
        assert any("won" in x or "draw" in x for x in texts), texts
        shot(page, "125-history-rows")
