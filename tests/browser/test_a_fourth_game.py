"""The phone app learns the fourth game from the server alone: the new-match form offers it,
and a match of it is opened and a move logged by tapping, with no file of the app changed. Its
moves read in its own words, from the phone module in its package (tests/games/toy/data/
phone.js, served at /app/games/toy-pile.js), in English and German."""

import pytest
from django.conf import settings
from django.test import override_settings

from matches.models import Match
from tests.browser.phone import browser, db, phone, shot
from tests.games import toy

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def _stored():
    match = Match.objects.get(game=toy.KEY)
    return match.seq, [event.action for event in match.events.order_by("seq")]


def test_the_phone_app_offers_and_plays_the_fourth_game(app_server, make_user, token_for):
    with override_settings(COMPANION_GAMES=[*settings.COMPANION_GAMES, toy.__name__]):
        token = token_for(make_user("ann"))
        with browser() as b:
            _, page = phone(b, app_server, token=token)
            failed, errors = [], []
            page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto("/app/#/new")
            page.get_by_text("Pile", exact=True).tap()
            shot(page, "95-new-match-fourth-game")
            page.get_by_role("button", name="Start the match").tap()
            page.wait_for_selector('.match-head[data-seq="0"]')
            assert "Take one or two tokens." in page.inner_text("body")
            # the game's own words for its move, one button a count (its module, not generic)
            moves = page.locator("section.moves button.move")
            assert moves.all_inner_texts() == ["Take 1 token", "Take 2 tokens"]
            moves.filter(has_text="Take 2 tokens").tap()
            page.wait_for_selector('.match-head[data-seq="1"]')
            assert "Take 2 tokens" in page.inner_text(".last")
            shot(page, "95-fourth-game-first-move")
            # its module was found: no address refused, no error logged
            assert not failed, failed
            assert not errors, errors
            # a phone in German: the module's German words
            _, german = phone(b, app_server, token=token, language="de")
            german.goto(page.url)
            german.wait_for_selector('.match-head[data-seq="1"]')
            assert "2 Spielsteine nehmen" in german.inner_text(".last")
            moves = german.locator("section.moves button.move")
            assert moves.all_inner_texts() == ["1 Spielstein nehmen", "2 Spielsteine nehmen"]
        seq, actions = db(_stored)
        assert (seq, actions) == (1, [{"type": "take", "count": 2}])
