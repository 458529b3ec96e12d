"""The phone app learns the fourth game from the server alone: the new-match form offers it,
and a match of it is opened and a move logged by tapping, with no file of the app changed."""

import pytest
from django.conf import settings
from django.test import override_settings

from matches.models import Match
from tests.browser.phone import browser, db, phone, shot
from tests.games import toy

pytestmark = [pytest.mark.browser]


def _stored():
    match = Match.objects.get(game=toy.KEY)
    return match.seq, [event.action for event in match.events.order_by("seq")]


def test_the_phone_app_offers_and_plays_the_fourth_game(app_server, make_user, token_for):
    with override_settings(COMPANION_GAMES=[*settings.COMPANION_GAMES, toy.__name__]):
        token = token_for(make_user("ann"))
        with browser() as b:
            _, page = phone(b, app_server, token=token)
            page.goto("/app/#/new")
            page.get_by_text("Pile", exact=True).tap()
            shot(page, "95-new-match-fourth-game")
            page.get_by_role("button", name="Start the match").tap()
            page.wait_for_selector('.match-head[data-seq="0"]')
            assert "Take one or two tokens." in page.inner_text("body")
            # the move's one open part, how many tokens, offered as its own buttons
            page.locator("section.moves button.move").first.tap()
            page.locator("section.moves button.move", has_text="2").tap()
            page.wait_for_selector('.match-head[data-seq="1"]')
            shot(page, "95-fourth-game-first-move")
        seq, actions = db(_stored)
        assert (seq, actions) == (1, [{"type": "take", "count": 2}])
