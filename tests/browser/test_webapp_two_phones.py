"""Two phones at one table, each manager on their own: the invited manager accepts with a
team of their own, the side takes its name, and the inviter's phone sees it come in."""

import pytest
from rest_framework.test import APIClient

from teams.models import Edition
from tests.browser.phone import browser, db, phone, shot
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
        ann_page.locator(".match-head h1", has_text="Ann – Harbour Blues").wait_for(timeout=10_000)
        shot(ann_page, f"61-inviter-sees-team-{language}")
        side = db(lambda: _client(ann).get(f"/api/matches/{match_id}/").json()["sides"][1])
        assert (side["user"], side["name"]) == ("ben", "Harbour Blues") and side["team"]
