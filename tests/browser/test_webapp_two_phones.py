"""Two phones at one table, each manager on their own: the invited manager accepts with a
team of their own, the side takes its name, and the inviter's phone sees it come in."""

import pytest
from rest_framework.test import APIClient

from teams.models import Edition
from tests.browser.phone import IN_REACH, browser, db, phone, seq_of, shot
from tests.ops.conftest import create_build

pytestmark = [pytest.mark.browser]


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _setup(ann, ben) -> tuple[int, str]:
    """Ben has a valid budget build; Ann opens a Hat-Trick match and invites him."""
    edition = Edition.objects.get(game="hat-trick", slug="reference").pk
    create_build(_client(ben), edition, name="Harbour Blues")
    response = _client(ann).post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Ann", "user": "ann"}, {"name": "Away", "user": "ben"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["match"]["id"]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.slow
def test_the_invited_manager_accepts_with_a_built_team_and_both_phones_show_it(
    app_server, make_user, token_for, language
):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = db(_setup, ann, ben)
    words = {
        "en": ("Play with", "Harbour Blues (budget build)", "Accept"),
        "de": ("Spielen mit", "Harbour Blues (Budgetkader)", "Annehmen"),
    }[language]
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0], language=language)
        _, ben_page = phone(b, app_server, token=tokens[1], language=language)
        # ann waits at the table for ben's answer
        ann_page.goto(f"/app/#/match/{match_id}")
        ann_page.wait_for_selector('.match-head[data-seq="0"]')
        assert ann_page.locator(".match-head h1").inner_text() == "Ann – Away"

        ben_page.goto("/app/#/")
        bring = ben_page.get_by_label(words[0])
        bring.wait_for()
        bring.select_option(label=words[1])
        shot(ben_page, f"60-invitation-with-team-{language}")
        ben_page.get_by_role("button", name=words[2]).tap()
        ben_page.wait_for_selector(".match-head")
        assert ben_page.locator(".match-head h1").inner_text() == "Ann – Harbour Blues"

        # without a reload: ann's phone reads the side's new name and team by itself
        ann_page.locator(".match-head h1", has_text="Ann – Harbour Blues").wait_for()
        shot(ann_page, f"61-inviter-sees-team-{language}")
        side = db(lambda: _client(ann).get(f"/api/matches/{match_id}/").json()["sides"][1])
        assert (side["user"], side["name"]) == ("ben", "Harbour Blues") and side["team"]


#: the select's chosen words wider than the room the select gives them (cut on screen)
CUT = """(select) => {
  const style = getComputedStyle(select);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const words = context.measureText(select.selectedOptions[0].textContent).width;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return words > room ? `${words} px of words in ${room} px` : "";
}"""


def _invite_as_guest(ann, ben) -> int:
    response = _client(ann).post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Ann", "user": "ann"}, {"name": "Gast", "user": "ben"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["match"]["id"]


def test_accepted_without_a_team_the_side_takes_the_managers_name(app_server, make_user, token_for):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = db(_invite_as_guest, ann, ben)
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0], language="de")
        _, ben_page = phone(b, app_server, token=tokens[1], language="de")
        ann_page.goto(f"/app/#/match/{match_id}")
        ann_page.locator(".match-head h1", has_text="Ann – Gast").wait_for()
        ben_page.goto("/app/#/")
        bring = ben_page.get_by_label("Spielen mit")
        bring.wait_for()
        # the choice shown whole, not cut at the select's edge
        assert bring.evaluate("(s) => s.selectedOptions[0].textContent") == "Ohne Team, als ben"
        assert bring.evaluate(CUT) == ""
        shot(ben_page, "126-invitation-without-team-de")
        ben_page.get_by_role("button", name="Annehmen").tap()
        ben_page.locator(".match-head h1", has_text="Ann – ben").wait_for()
        # the inviter's phone reads the side's new name by itself
        ann_page.locator(".match-head h1", has_text="Ann – ben").wait_for()
        shot(ann_page, "127-inviter-sees-the-managers-name-de")
    side = db(lambda: _client(ann).get(f"/api/matches/{match_id}/").json()["sides"][1])
    assert (side["user"], side["name"]) == ("ben", "ben")


def _linked_match(ann, ben) -> int:
    from tests.helpers import accept_invitations

    response = _client(ann).post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    match_id = response.json()["match"]["id"]
    accept_invitations(match_id)
    return match_id


def _events(match_id) -> list:
    from matches.models import MatchEvent

    return list(MatchEvent.objects.filter(match_id=match_id).values_list("seq", "action"))


@pytest.mark.slow
def test_each_phone_logs_its_own_side_and_the_first_card_stays_face_down(
    app_server, make_user, token_for
):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = db(_linked_match, ann, ben)
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0])
        _, ben_page = phone(b, app_server, token=tokens[1], language="de")
        for page in (ann_page, ben_page):
            page.goto(f"/app/#/match/{match_id}")
            page.wait_for_selector('.match-head[data-seq="0"]')
        # step 1: each phone offers its own side's cards, one tap each, no opener
        assert ann_page.get_by_role("button", name="Card of Ann").count() == 0
        ann_cards = ann_page.locator("section.moves button.move")
        assert ann_cards.count() > 4
        ann_page.get_by_role("button", name="Short pass, 3 footballs, right edge").tap()
        ann_page.get_by_text(
            "Your card is in (Short pass, 3 footballs, right edge); waiting for Ben."
        ).wait_for()
        shot(ann_page, "62-own-card-in-waiting")
        # ben's phone learns that Ann has chosen, never which card
        ben_page.get_by_text("Ann hat eine Karte gewählt.").wait_for()
        assert "3 Fußbälle, rechte Seite" not in ben_page.locator("#waiting").inner_text()
        shot(ben_page, "63-other-has-chosen-de")
        assert db(_events, match_id) == []
        ben_page.get_by_role("button", name="Kurzer Pass, 2 Fußbälle, linke Seite").tap()
        for page in (ann_page, ben_page):
            page.wait_for_selector('.match-head[data-seq="1"]')
        assert db(_events, match_id)[0][1]["cards"] == [
            {"kind": "short_pass", "footballs": 3, "edge": "right"},
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
        ]
        # step 2 is one side's: that phone has the buttons, the other waits, saying for whom
        waiting, acting = (
            (ann_page, ben_page) if ann_page.locator("#waiting").count() else (ben_page, ann_page)
        )
        assert waiting.locator("#waiting").inner_text().startswith(("Waiting for", "Warten auf"))
        assert waiting.locator("section.moves button.move").count() == 0
        assert acting.locator("#waiting").count() == 0
        assert acting.locator("section.moves button.move").count() > 0
        shot(waiting, "64-waiting-for-the-other-manager")
        # the acting manager's move appears on the waiting phone by itself
        for _ in range(3):  # a choice may take a tap or two (a player, then his way)
            acting.locator("section.moves button.move").first.tap()
            acting.wait_for_timeout(300)
            if seq_of(acting) == 2:
                break
        acting.wait_for_selector('.match-head[data-seq="2"]')
        waiting.wait_for_selector('.match-head[data-seq="2"]')
        # "I log both sides": the waiting phone offers every choice again
        ann_page.get_by_label("I log both sides").check()
        assert ann_page.locator("#waiting").count() == 0
        assert ann_page.locator("section.moves button.move").count() > 0


def _to_first_shot(match_id, ann) -> int:
    """Logs a random match whole up to its first shot; returns the attacking side."""
    import random

    from matches.engine import get_engine
    from matches.engine.hat_trick.sampling import random_action

    client = _client(ann)
    engine = get_engine("hat-trick")
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng, actions = random.Random(1), []
    while True:
        legal = engine.legal_actions(state)
        if any(e["type"] == "shoot" and "cards" not in e for e in legal["actions"]):
            break
        action = random_action(legal, rng)
        actions.append(engine.action_to_json(action))
        state = engine.apply(state, action).state
    response = client.post(
        f"/api/matches/{match_id}/events/batch/",
        {"expected_seq": 0, "actions": actions},
        format="json",
    )
    assert response.status_code == 201, response.content
    return legal["actor"]


@pytest.mark.slow
def test_a_shot_is_one_tap_on_each_phone(app_server, make_user, token_for):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = db(_linked_match, ann, ben)
    attacker = db(_to_first_shot, match_id, ann)
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0])
        _, ben_page = phone(b, app_server, token=tokens[1])
        pages = {0: ann_page, 1: ben_page}
        for page in pages.values():
            page.goto(f"/app/#/match/{match_id}")
            page.wait_for_selector(".match-head")
        shooter, keeper = pages[attacker], pages[1 - attacker]
        seq = seq_of(shooter)
        assert keeper.locator("section.moves button.move", has_text="Shooting card").count() == 0
        keeper.locator("section.moves button.move", has_text="Goalkeeper").first.tap()
        keeper.get_by_text("Your card is in (Goalkeeper").wait_for()
        shot(keeper, "65-goalkeeper-card-in")
        shooter.get_by_text("has chosen a card").wait_for()
        shot(shooter, "66-shooter-to-choose")
        shooter.locator("section.moves button.move", has_text="Shooting card").first.tap()
        for page in pages.values():
            page.wait_for_selector(f'.match-head[data-seq="{seq + 1}"]')
        assert "Shot: Shooting card" in shooter.locator(".last").inner_text()


@pytest.mark.slow
def test_a_face_down_card_in_is_marked_and_may_be_changed_until_the_others_is_in(
    app_server, make_user, token_for
):
    """With the phones' referees on: the card in is marked (pressed) on its phone, which says
    it may be changed until the other's is in; the other phone says a card is chosen; another
    tap changes it, and the move is made of the card in last."""
    ann, ben = make_user("ann"), make_user("ben")
    match_id = db(_linked_match, ann, ben)
    tokens = token_for(ann), token_for(ben)
    first = "Short pass, 3 footballs, right edge"
    second = "Short pass, 1 football, left edge"
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0], referee=True)
        _, ben_page = phone(b, app_server, token=tokens[1], referee=True)
        for page in (ann_page, ben_page):
            page.goto(f"/app/#/match/{match_id}")
            page.wait_for_selector('.match-head[data-seq="0"]')
        cards = ann_page.locator("section.moves button.move")
        assert cards.count() > 4
        assert ann_page.locator('section.moves button.move[aria-pressed="true"]').count() == 0
        for card, other in ((first, second), (second, first)):
            ann_page.get_by_role("button", name=card).tap()
            waiting = ann_page.locator("#waiting", has_text=f"Your card is in ({card})")
            waiting.wait_for()
            assert "Until Ben has chosen, tap another card to change yours." in (
                waiting.inner_text()
            )
            # the card in marked, and only it
            pressed = ann_page.locator('section.moves button.move[aria-pressed="true"]')
            assert pressed.count() == 1 and pressed.get_attribute("aria-label") == card
            assert ann_page.get_by_role("button", name=other).get_attribute("aria-pressed") == (
                "false"
            )
            shot(ann_page, "130-own-card-in-marked")
            # ben's phone says so, without the card
            ben_page.locator("#waiting", has_text="Ann has chosen a card.").wait_for()
            assert "footballs" not in ben_page.locator("#waiting").inner_text()
            # both phones say alike who is still to choose; the hint and the first eight
            # cards still on the screen, under one status line
            for page in (ann_page, ben_page):
                page.locator("#turn", has_text="Ben to act").wait_for()
                assert page.evaluate(IN_REACH) == ""
        shot(ben_page, "131-other-has-chosen")
        assert db(_events, match_id) == []
        ben_page.get_by_role("button", name="Short pass, 2 footballs, left edge").tap()
        for page in (ann_page, ben_page):
            page.wait_for_selector('.match-head[data-seq="1"]')
        assert db(_events, match_id)[0][1]["cards"][0] == {
            "kind": "short_pass",
            "footballs": 1,
            "edge": "left",
        }


def test_an_invitation_reaches_an_open_home_screen(app_server, make_user, token_for):
    """Ben has Home open; Ann opens a match on her phone and invites him: the invitation shows
    on his Home within seconds, no reload, and he accepts it there."""
    ann, ben = make_user("ann"), make_user("ben")
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, ann_page = phone(b, app_server, token=tokens[0])
        _, ben_page = phone(b, app_server, token=tokens[1])
        ben_page.goto("/app/#/")
        ben_page.get_by_text("No matches yet.").wait_for()
        assert ben_page.locator("#invitations-section").is_hidden()
        ann_page.goto("/app/#/new")
        ann_page.get_by_text("Hat-Trick", exact=True).tap()
        ann_page.locator("input[name=invite1]").fill("ben")
        ann_page.get_by_role("button", name="Start the match").tap()
        ann_page.wait_for_selector('.match-head[data-seq="0"]')
        invitation = ben_page.get_by_text("ann invites you to play side 2")
        invitation.wait_for()  # on the Home screen opened before it was sent
        assert ben_page.url.endswith("/app/#/")
        shot(ben_page, "128-invitation-arrives-on-home")
        ben_page.get_by_role("button", name="Accept").tap()
        ben_page.wait_for_selector('.match-head[data-seq="0"]')
        ann_page.locator(".match-head h1", has_text="ann – ben").wait_for()
