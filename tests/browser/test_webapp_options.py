"""The new-match form offers each game's match options at the rulebooks' defaults, and a match
opened with other values plays with them."""

import pytest

from matches.models import Match
from tests.browser.phone import browser, db, phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def _options():
    return {m.game: m.options for m in Match.objects.all()}


def test_a_match_with_options_other_than_the_defaults(app_server, make_user, token_for):
    ann = make_user("ann")
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto("/app/#/new")
        page.get_by_text("TriXKick", exact=True).tap()
        # the rulebook's defaults: to one goal, the special situations on, the variants off
        assert page.get_by_label("Goals to win").input_value() == "1"
        assert page.get_by_label("Fouls").is_checked()
        assert page.get_by_label("Castling").is_checked()
        page.get_by_text("Advanced variants").tap()
        assert not page.get_by_label("Two goalkeepers, left and right").is_checked()
        page.get_by_label("Goals to win").fill("3")
        page.get_by_label("Kick-off (the coin toss)").select_option(label="Away")
        page.get_by_label("Offside").uncheck()
        page.get_by_label("Two goalkeepers, left and right").check()
        shot(page, "90-new-match-options-trixkick")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')

        page.goto("/app/#/new")
        page.get_by_text("Hat-Trick", exact=True).tap()
        assert not page.get_by_label("Extra time after a draw").is_checked()
        page.get_by_label("Extra time after a draw").check()
        page.get_by_label("Kick-off (the coin toss)").select_option(label="Away")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')

    options = db(_options)
    tk = options["trixkick"]
    assert tk["match_length"] == {"kind": "goals", "goals": 3} and tk["kickoff_side"] == 1
    assert tk["offside"] is False and tk["fouls"] is True and tk["two_keepers"] is True
    assert options["hat-trick"] == {"kickoff": 1, "extra_time": True, "penalty_shootout": False}


def test_the_sides_of_the_form_follow_the_games_facts(app_server, make_user, token_for):
    """How many sides the form offers comes from /api/games/: two for Hat-Trick, four to six
    players for Hattrick (Amigo), the manager first and the others named by number."""
    ann = make_user("ann")
    token = token_for(ann)
    sides = "input[name^=side]"
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto("/app/#/new")
        page.locator("#new").wait_for()
        assert page.locator(sides).count() == 2
        assert page.get_by_role("button", name="Add a player").count() == 0
        page.get_by_text("Hattrick (Amigo)").tap()
        page.get_by_role("button", name="Add a player").wait_for()
        names = page.locator(sides).evaluate_all("(inputs) => inputs.map((i) => i.value)")
        assert names == ["ann", "Player 2", "Player 3", "Player 4"]
        fewer = page.get_by_role("button", name="Remove a player")
        assert fewer.is_disabled()
        for _ in range(2):
            page.get_by_role("button", name="Add a player").tap()
        assert page.locator(sides).count() == 6
        assert page.get_by_role("button", name="Add a player").is_disabled()
        shot(page, "91-new-match-six-players")
        page.get_by_label("Games to play").fill("1")
        page.get_by_role("button", name="Remove a player").tap()
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
    assert db(lambda: Match.objects.get().sides.count()) == 5
