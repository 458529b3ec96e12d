"""One tap a move where the rules allow one, as a player checks it at the table: a Hat-Trick
player's move and an Amigo card are one tap (the faces and players are the buttons), the
goalkeeper's draw one tap a card turned up, a shoot-out penalty chosen face down on both phones
at once, TriXKick's re-set-up "as before" one tap on each phone, the picture folded away with
one tap, and a half-chosen move still there after leaving the match."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match, MatchEvent
from tests.browser.phone import browser, choice, db, phone, seq_of, shot, tap_and_wait
from tests.helpers import log_random_play, open_match, trixkick_second_setup

pytestmark = [pytest.mark.browser]


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _open(user, game: str, sides: list, options: dict | None = None) -> int:
    return open_match(_client(user), game, sides, options=options or {})["match"]["id"]


def _played_to(user, match_id: int, until) -> tuple[int, dict]:
    return log_random_play(_client(user), match_id, until)


def _actions(match_id: int, after: int) -> list:
    return list(
        MatchEvent.objects.filter(match_id=match_id, seq__gt=after)
        .order_by("seq")
        .values_list("action", flat=True)
    )


def _open_on(page, match_id: int) -> None:
    page.goto(f"/app/#/match/{match_id}")
    page.wait_for_selector(".match-head")
    page.wait_for_selector("section.moves")


def _phone_on(b, app_server, token: str, match_id: int, language: str = "en"):
    _, page = phone(b, app_server, token=token, language=language)
    _open_on(page, match_id)
    return page


@pytest.fixture
def solo_hat_trick(app_server, make_user, token_for):
    """Ann's Hat-Trick match against guests she logs for: (ann, her phone's token, match id)."""
    ann = make_user("ann")
    return ann, token_for(ann), db(_open, ann, "hat-trick", SOLO)


SOLO = [{"name": "Ann", "user": "ann"}, {"name": "Guests"}]
TWO = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]


def test_a_players_move_and_the_goalkeepers_draw_take_one_tap(app_server, solo_hat_trick):
    ann, token, match_id = solo_hat_trick
    with browser() as b:
        page = _phone_on(b, app_server, token, match_id)
        choice(page, "Short pass, 2 footballs, left edge").tap()
        tap_and_wait(page, choice(page, "Short pass, 2 footballs, left edge"))
        # step 2: every player's move is a button of its own, no "Move a player" opener
        assert page.get_by_role("button", name="Move a player").count() == 0
        tap_and_wait(page, page.get_by_role("button", name="Move nobody"))
        seq = tap_and_wait(page, choice(page, "No. 2 forward (d6→d5)"))
        assert db(_actions, match_id, seq - 1) == [
            {"type": "move", "player": 2, "direction": "forward"}
        ]

    # the goalkeeper's draw: each card turned up is one tap on its face; the draw is logged by
    # itself once he has drawn his cards or more than the shot's power, else with "He stops"
    seq, legal = db(
        _played_to,
        ann,
        match_id,
        lambda s, legal: any(
            e["type"] == "keeper_draw" and e["max_cards"] for e in legal["actions"]
        ),
    )
    (draw,) = [e for e in legal["actions"] if e["type"] == "keeper_draw"]
    with browser() as b:
        page = _phone_on(b, app_server, token, match_id)
        assert page.locator("#multi-ok").count() == 0  # no opener, no confirm
        faces = page.locator("section.moves ul.faces button.move")
        assert faces.count() == len(draw["cards"])
        card = draw["cards"][0]
        faces.first.tap()
        if draw["max_cards"] > 1 and card["footballs"] <= draw["power"]:
            page.locator("#drawn").wait_for()
            shot(page, "70-goalkeeper-drew-one")
            tap_and_wait(page, page.get_by_role("button", name="He stops: 1 card drawn"), seq=seq)
        else:
            page.wait_for_selector(f'.match-head[data-seq="{seq + 1}"]')
    drawn = {k: card[k] for k in ("kind", "footballs", "edge")}
    assert db(_actions, match_id, seq) == [{"type": "keeper_draw", "cards": [drawn]}]


def test_an_amigo_card_is_one_tap_on_its_face(app_server, make_user, token_for):
    ann = make_user("ann")
    token = token_for(ann)
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]
    match_id = db(_open, ann, "amigo-hattrick", sides, {"games": 1})
    with browser() as b:
        page = _phone_on(b, app_server, token, match_id)
        seq = tap_and_wait(
            page, page.get_by_role("button", name="Deal the cards (hands stay secret)")
        )
        # the hands are secret: every card that may go on the trick is a face to tap
        faces = page.locator("section.moves ul.faces button.move")
        assert faces.count() >= 20
        assert page.locator("section.moves button.move", has_text="Trick 1:").count() == 0
        shot(page, "71-amigo-one-tap")
        tap_and_wait(page, choice(page, "Play red 7"), seq=seq)
    played = db(_actions, match_id, seq)
    assert played == [{"type": "play", "card": {"colour": "red", "number": 7}, "trick": 1}]


@pytest.mark.slow
def test_a_shootout_penalty_is_chosen_on_both_phones_at_once(app_server, make_user, token_for):
    ann, ben = make_user("ann"), make_user("ben")
    tokens = {ann: token_for(ann), ben: token_for(ben)}
    match_id = db(_open, ann, "hat-trick", TWO, {"penalty_shootout": True})
    seq, legal = db(_played_to, ann, match_id, lambda s, _legal: s.phase == "shootout")
    attacker = legal["actor"]
    (penalty,) = [e for e in legal["actions"] if e["type"] == "shoot"]
    with browser() as b:
        pages = {}
        for side, (user, language) in enumerate(((ann, "en"), (ben, "de"))):
            pages[side] = _phone_on(b, app_server, tokens[user], match_id, language)
        shooter, keeper = pages[attacker], pages[1 - attacker]
        # the shooter's part: the card he turns up and his shooting card, both rows at once
        assert shooter.locator("p.group").count() == 2
        shooter.locator('section.moves button.move[data-r="0"]').first.tap()
        shooter.locator("button.picked").wait_for()
        shot(shooter, "72-penalty-card-turned-up")
        shooter.locator('section.moves button.move[data-r="1"]').first.tap()
        shooter.locator("#waiting").wait_for()
        # the keeper's phone knows the shooter has chosen, never what (nor the card turned up)
        keeper.locator("#waiting").wait_for()
        seen = keeper.locator("section.moves").inner_text()
        assert "Torschusskarte" not in keeper.locator("#waiting").inner_text()
        assert db(_actions, match_id, seq) == []
        shot(keeper, "73-penalty-keeper-to-choose-de")
        keeper.locator("section.moves button.move").first.tap()
        for page in pages.values():
            page.wait_for_selector(f'.match-head[data-seq="{seq + 1}"]')
    (logged,) = db(_actions, match_id, seq)
    assert logged["type"] == "shoot" and logged["card"] == penalty["cards"][0]
    assert logged["goalkeeper_card"] == penalty["goalkeeper_cards"][0]
    assert "Tor" in seen  # the keeper's own choices, in his language


@pytest.mark.parametrize("after", ["a foul", "a goal or a period"])
@pytest.mark.slow
def test_trixkick_each_manager_sets_up_their_side_as_before_with_one_tap(
    app_server, make_user, token_for, after
):
    ann, ben = make_user("ann"), make_user("ben")
    tokens = {ann: token_for(ann), ben: token_for(ben)}
    options = {"match_length": {"kind": "goals", "goals": 5}, "fouls": True}
    match_id = db(_open, ann, "trixkick", TWO, options)
    kinds = ("free_kick", "penalty") if after == "a foul" else ("kickoff",)
    seq, *_ = db(trixkick_second_setup, _client(ann), match_id, kinds=kinds)
    with browser() as b:
        pages = {}
        for side, user in enumerate((ann, ben)):
            pages[side] = _phone_on(b, app_server, tokens[user], match_id)
            assert pages[side].locator(".match-head").get_attribute("data-setup") == "1"
        for side, page in pages.items():
            again = page.locator("#as-before-mine")
            again.wait_for(timeout=20_000)
            if side == 0:
                shot(page, f"74-trixkick-my-side-as-before-after-{after.split()[1]}")
            again.tap()  # one tap on each phone
            if side == 0:
                page.locator("#set-up-state").wait_for()
        # the whole set-up is logged, keepers included: both phones are at the kick
        for page in pages.values():
            page.wait_for_selector('.match-head[data-setup="0"]')
        logged = seq_of(pages[0]) - seq
    # logged as one batch of moves of their own: each piece editable (undone) on its own
    actions = db(_actions, match_id, seq)
    assert len(actions) == logged >= 20
    assert all(a["type"] in ("place", "keepers") for a in actions)


def test_the_picture_folds_away_with_one_tap_and_stays_folded(app_server, solo_hat_trick):
    ann, token, match_id = solo_hat_trick
    with browser() as b:
        page = _phone_on(b, app_server, token, match_id)
        page.wait_for_selector("#picture svg")
        page.get_by_role("button", name="Hide the picture").tap()
        assert not page.locator("#picture").is_visible()
        bar = page.locator(".sticky").bounding_box()["y"]
        assert page.locator("#hint").bounding_box()["y"] < bar
        page.reload()
        page.get_by_role("button", name="Show the picture").wait_for()
        assert not page.locator("#picture").is_visible()
        page.get_by_role("button", name="Show the picture").tap()
        page.locator("#picture svg").wait_for()


def test_leaving_the_match_keeps_a_half_chosen_move(app_server, solo_hat_trick):
    ann, token, match_id = solo_hat_trick
    with browser() as b:
        page = _phone_on(b, app_server, token, match_id)
        choice(page, "Short pass, 2 footballs, left edge").tap()
        page.locator("button.picked").wait_for()
        page.get_by_role("link", name="Home").tap()
        page.get_by_role("heading", name="My running matches").wait_for()
        _open_on(page, match_id)
        # Ann's card is still picked, and the phone says so
        page.get_by_text("Your move as you left it").wait_for()
        assert "Short pass, 2 footballs, left edge" in page.locator("button.picked").inner_text()
        shot(page, "75-half-chosen-kept")
        tap_and_wait(page, choice(page, "Short pass, 3 footballs, right edge"))
    assert db(lambda: Match.objects.get(pk=match_id).seq) == 1
    assert db(_actions, match_id, 0)[0]["cards"][0]["footballs"] == 2
