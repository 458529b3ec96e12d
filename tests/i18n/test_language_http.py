"""The language of an answer: Accept-Language, overridden by the user's own choice."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import assert_error_shape, token_for

pytestmark = pytest.mark.django_db

CARDS = {
    "type": "play_cards",
    "cards": [
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ],
}
WRONG_EDGE = {"type": "move", "player": 3, "direction": "forward"}


@pytest.fixture
def token_client(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


@pytest.fixture
def match_after_cards(editions, token_client):
    """Ajax v Bayern, both short passes played: Ajax (blue) may move a left-edge player."""
    created = token_client.post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Ajax", "user": "alice"}, {"name": "Bayern"}],
            "options": {"kickoff": 0},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    match_id = created.json()["match"]["id"]
    first = token_client.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": 0, "action": CARDS}, format="json"
    )
    assert first.status_code == 201, first.content
    return match_id


def illegal_move(client, match_id, **headers):
    return client.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": 1, "action": WRONG_EDGE},
        format="json",
        **headers,
    )


def test_the_same_illegal_move_in_german_and_in_english(token_client, match_after_cards):
    german = assert_error_shape(
        illegal_move(token_client, match_after_cards, HTTP_ACCEPT_LANGUAGE="de"), 422, "wrong_edge"
    )
    english = assert_error_shape(illegal_move(token_client, match_after_cards), 422, "wrong_edge")
    assert german["rule"] == english["rule"] == "HT-2.1"
    assert german["message"] == (
        "Nr. 3 hat seine Fußbälle rechts, die ausgespielte Aktionskarte zeigt sie links: bewegt "
        "werden dürfen nur Spieler, deren Fußbälle auf der gleichen Seite wie die der "
        "Aktionskarte sind."
    )
    assert english["message"] == (
        "No. 3 has his footballs on the right edge, the action card played shows them on the "
        "left: only players with their footballs on the card's edge may move."
    )


def test_the_answer_names_its_language(token_client, match_after_cards):
    response = illegal_move(token_client, match_after_cards, HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9")
    assert response["Content-Language"] == "de"
    assert illegal_move(token_client, match_after_cards)["Content-Language"] == "en"


def test_team_names_and_cards_in_words_instead_of_indexes_and_notation(
    token_client, match_after_cards
):
    token_client.post(
        f"/api/matches/{match_after_cards}/events/",
        {"expected_seq": 1, "action": {"type": "skip"}},
        format="json",
    )
    state = token_client.get(
        f"/api/matches/{match_after_cards}/state/", HTTP_ACCEPT_LANGUAGE="de"
    ).json()
    assert state["legal"]["hint"].startswith("Schritt 2: die verteidigende Mannschaft")
    assert "gleichen Seite" in state["legal"]["hint"]  # the side rule is stated


def test_the_state_answer_carries_the_steps_quick_reference(token_client, match_after_cards):
    url = f"/api/matches/{match_after_cards}/state/"
    german = token_client.get(url, HTTP_ACCEPT_LANGUAGE="de").json()["reference"]
    assert [clause["id"] for clause in german] == ["HT-2.1", "HT-2.2", "HT-2.4", "HT-2.9"]
    assert german[0]["text"].startswith("Seitenregel")
    assert german[0]["url"] == "/api/games/hat-trick/rules/HT-2.1/"
    english = token_client.get(url).json()["reference"]
    assert english[2]["text"] == "The attacking team moves first, never the ball holder."


def test_the_users_choice_overrides_accept_language(token_client, match_after_cards):
    me = token_client.get("/api/me/")
    assert me.json()["language"] == ""
    chosen = token_client.patch("/api/me/", {"language": "de"}, format="json")
    assert chosen.status_code == 200 and chosen.json()["language"] == "de"
    assert chosen["Content-Language"] == "de"

    body = assert_error_shape(
        illegal_move(token_client, match_after_cards, HTTP_ACCEPT_LANGUAGE="en"), 422
    )
    assert body["message"].startswith("Nr. 3 hat seine Fußbälle")

    token_client.patch("/api/me/", {"language": ""}, format="json")
    body = assert_error_shape(
        illegal_move(token_client, match_after_cards, HTTP_ACCEPT_LANGUAGE="en"), 422
    )
    assert body["message"].startswith("No. 3 has his footballs")


def test_the_preference_applies_to_session_logins_too(client, user):
    client.force_login(user)
    client.patch("/api/me/", {"language": "de"}, content_type="application/json")
    response = client.get("/api/matches/999999/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response["Content-Language"] == "de"


def test_an_unknown_language_is_refused(token_client):
    response = token_client.patch("/api/me/", {"language": "fr"}, format="json")
    body = assert_error_shape(response, 400, "invalid")
    assert "language" in body["fields"]


def test_api_errors_of_the_match_log_in_german(token_client, match_after_cards):
    stale = token_client.post(
        f"/api/matches/{match_after_cards}/events/",
        {"expected_seq": 5, "action": {"type": "skip"}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    body = assert_error_shape(stale, 409, "stale_sequence")
    assert body["message"].startswith("Das Spiel ist wieder bei Zug 1")
    behind = token_client.post(
        f"/api/matches/{match_after_cards}/events/",
        {"expected_seq": 0, "action": {"type": "skip"}},
        format="json",
    )
    assert "you saw move 0, it is now at move 1" in assert_error_shape(behind, 409)["message"]


def test_a_refusal_links_to_its_clause(token_client, match_after_cards):
    response = illegal_move(token_client, match_after_cards, HTTP_ACCEPT_LANGUAGE="de")
    body = assert_error_shape(response, 422, "wrong_edge")
    url = body["details"]["rule_url"]
    assert url == "/api/games/hat-trick/rules/HT-2.1/"
    assert response["Link"] == f'<{url}>; rel="help"'
    clause = token_client.get(url, HTTP_ACCEPT_LANGUAGE="de").json()
    assert clause["text"].startswith("Seitenregel")


def test_the_pictures_speak_the_requests_language(token_client, match_after_cards):
    url = f"/api/matches/{match_after_cards}/svg/"
    german = token_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "1. Halbzeit" in german and "Schritt 2: die angreifende Mannschaft bewegt" in german
    english = token_client.get(url).content.decode()
    assert "1st half" in english and "Step 2: the attacking team moves" in english
    assert "attacker_move" not in english and "attacker move" not in english


def test_trixkick_and_amigo_pictures_in_german():
    from django.utils import translation

    from matches.engine import get_engine

    tk = get_engine("trixkick")
    state = tk.initial_state(
        edition=tk.default_edition(), sides=[{"name": "Blue"}, {"name": "Red"}], options={}
    )
    amigo = get_engine("amigo-hattrick")
    table = amigo.initial_state(
        edition=amigo.default_edition(), sides=[{"name": n} for n in "ABCD"], options={}
    )
    with translation.override("de"):
        assert "Rot: einen Spieler aufstellen" in tk.render_svg(state)
        picture = amigo.render_svg(table)
    assert "Spiel 1: A gibt" in picture and "Erzielte Karten" in picture
    # the rulebook's word for the cards a player won ("ihre erzielten Karten"), short enough
    # for its column: not squeezed
    heading = next(t for t in picture.split("<text")[1:] if "Erzielte Karten" in t)
    assert "textLength" not in heading


def test_team_building_messages_in_german():
    from django.utils import translation

    from matches.engine.hat_trick.expansion.teams.lineups import used_twice

    card = {"name": "Sechser"}
    picks = [{"slot": 9, "card": "blue:x"}]
    with translation.override("de"):
        twice = used_twice(card, "blue:x", picks, [{"card": "blue:x"}])
    assert twice["message"] == (
        "Sechser ist als Nummer 9 und zugleich für die Bank gewählt; jede Karte gibt es nur einmal."
    )
    with translation.override("en"):
        twice = used_twice(card, "blue:x", picks, [{"card": "blue:x"}])
    assert "the bench and the bench" not in twice["message"]


def test_the_log_tells_each_effect_in_words(token_client, match_after_cards):
    url = f"/api/matches/{match_after_cards}/events/"
    german = token_client.get(url, HTTP_ACCEPT_LANGUAGE="de").json()["results"][0]["effects"]
    texts = [effect["text"] for effect in german]
    assert "Ajax deckt „Kurzer Pass 2, links“ auf." in texts
    english = token_client.get(url).json()["results"][0]["effects"]
    assert "Bayern reveals “Short pass 2, left”." in [effect["text"] for effect in english]


def test_catalog_labels_in_the_requests_language(editions, client):
    from teams.models import Edition

    edition = Edition.objects.get(game="hat-trick", slug="reference")
    url = f"/api/editions/{edition.pk}/cards/"
    german = client.get(
        url, {"kind": "player", "role": "holding_midfielder"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert {card["name"] for card in german.json()["results"]} == {"Sechser"}
    english = client.get(url, {"kind": "player", "role": "holding_midfielder"})
    assert {card["name"] for card in english.json()["results"]} == {"Holding midfielder"}
    base = client.get(url, {"kind": "base_player", "role": "forward"}, HTTP_ACCEPT_LANGUAGE="de")
    assert {card["name"] for card in base.json()["results"]} == {"Stürmer"}
