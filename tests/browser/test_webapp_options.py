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


def test_a_long_side_name_is_kept_whole_and_only_the_chosen_length_is_asked(
    app_server, make_user, token_for
):
    """A side's name of up to 100 characters (what the API takes) is kept whole, and the form
    says the limit; TriXKick asks for goals to a number of goals, periods and minutes on time."""
    ann = make_user("ann")
    token = token_for(ann)
    long_name = (
        "The Very Long Named Tabletop Football Club of the Upper Valley and Lakes " + "x" * 27
    )
    assert len(long_name) == 100
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto("/app/#/new")
        page.get_by_text("TriXKick", exact=True).tap()
        page.get_by_text("A side's name has up to 100 characters.").wait_for()
        assert page.get_by_label("Goals to win").is_visible()
        assert not page.get_by_label("Periods").is_visible()
        assert not page.get_by_label("Minutes").is_visible()
        page.get_by_text("On time", exact=True).tap()
        assert page.get_by_label("Periods").is_visible()
        assert page.get_by_label("Minutes").is_visible()
        assert not page.get_by_label("Goals to win").is_visible()
        page.get_by_label("Minutes").fill("10")
        page.get_by_label("Name of side 2").fill(long_name + "yz")  # typed past the limit
        assert page.get_by_label("Name of side 2").input_value() == long_name
        shot(page, "92-new-match-on-time-long-name")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
    match = db(lambda: Match.objects.get())
    assert db(lambda: list(match.sides.order_by("position").values_list("name", flat=True))) == [
        "ann",
        long_name,
    ]
    assert match.options["match_length"] == {"kind": "time", "periods": 2, "minutes": 10}

    with browser() as b:
        _, page = phone(b, app_server, token=token, language="de")
        page.goto("/app/#/new")
        page.get_by_text("Der Name einer Seite hat höchstens 100 Zeichen.").wait_for()
