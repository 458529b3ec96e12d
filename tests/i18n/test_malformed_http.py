"""Malformed moves and set-ups are refused in the request's language, one sentence per cause."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import assert_error_shape, open_match, token_for

pytestmark = pytest.mark.django_db

MATCHES = {
    "hat-trick": {"sides": [{"name": "Ajax", "user": "alice"}, {"name": "Bayern"}]},
    "trixkick": {"sides": [{"name": "Ajax", "user": "alice"}, {"name": "Bayern"}]},
    "amigo-hattrick": {
        "sides": [
            {"name": "Ann", "user": "alice"},
            {"name": "Ben"},
            {"name": "Cat"},
            {"name": "Dan"},
        ]
    },
}
#: game → (a malformed action, its cause, the German and the English sentence)
MALFORMED = {
    "hat-trick": (
        {"type": "move", "direction": "forward"},
        "missing_field",
        "In diesem Zug fehlt: „Rückennummer“.",
        "Missing in this move: “Shirt number”.",
    ),
    "trixkick": (
        {"type": "play", "piece": "A-KKL", "symbol": "X", "to": "C3"},
        "symbol",
        "„Symbol“ muss Kopf, linker Fuß oder rechter Fuß sein.",
        "“Symbol” must be head, left foot or right foot.",
    ),
    "amigo-hattrick": (
        {"type": "play", "card": {"colour": "red", "number": 42}},
        "number_range",
        "Die Karten sind von 1 bis 20 nummeriert; eine 42 gibt es nicht.",
        "The cards are numbered from 1 to 20; there is no 42.",
    ),
}


@pytest.fixture
def token_client(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


@pytest.mark.parametrize("game", list(MALFORMED))
def test_a_malformed_move_is_refused_in_german_and_in_english(editions, token_client, game):
    match_id = open_match(token_client, game, **MATCHES[game])["match"]["id"]
    action, cause, german_text, english_text = MALFORMED[game]

    def post(**headers):
        return token_client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": 0, "action": action},
            format="json",
            **headers,
        )

    german = assert_error_shape(post(HTTP_ACCEPT_LANGUAGE="de"), 400)
    english = assert_error_shape(post(), 400)
    assert german["code"] == english["code"]
    assert german["details"]["cause"] == english["details"]["cause"] == cause
    assert german["message"] == german_text
    assert english["message"] == english_text


def test_a_malformed_set_up_is_refused_in_german(editions, token_client):
    response = token_client.post(
        "/api/matches/",
        {"game": "trixkick", **MATCHES["trixkick"], "options": {"kickoff_side": 5}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    body = assert_error_shape(response, 400)
    assert body["details"]["cause"] == "kickoff_side"
    assert body["message"] == (
        "Den Anstoß hat die Mannschaft, die den Münzwurf gewonnen hat: eine der beiden "
        "Mannschaften."
    )


def test_a_refused_line_of_a_match_file_speaks_german(editions, token_client):
    """The import names the game of a refusal that carries no clause (an unreadable move)."""
    match_id = open_match(token_client, "hat-trick", **MATCHES["hat-trick"])["match"]["id"]
    record = token_client.get(f"/api/matches/{match_id}/export/").content.decode()
    record = "\n".join(line for line in record.splitlines() if not line.startswith("[Match "))
    response = token_client.post(
        "/api/matches/import/",
        {"text": record.rstrip() + "\n\n1. nonsense\n"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    body = assert_error_shape(response, 400)
    assert body["message"] == "Diese Zeile des Spielberichts ist kein Zug von Hat-Trick."
