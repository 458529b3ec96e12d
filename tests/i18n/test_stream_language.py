"""The live stream tells each effect in the watcher's language, as GET events/ does."""

import httpx
import pytest

from teams.services import reference_editions_load
from tests.live_server import asgi_server
from tests.matches.test_live_stream import read_stream, token_headers

pytestmark = pytest.mark.django_db(transaction=True)

CARDS = {
    "type": "play_cards",
    "cards": [
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ],
}


def test_the_stream_speaks_the_watchers_language(make_user):
    reference_editions_load()
    headers = token_headers(make_user("ann"))
    sides = [{"name": "Ajax", "user": "ann"}, {"name": "Bayern"}]
    with asgi_server() as base:
        created = httpx.post(
            f"{base}/api/matches/",
            json={"game": "hat-trick", "sides": sides},
            headers=headers,
            timeout=20,
        )
        match_id = created.json()["match"]["id"]
        logged = httpx.post(
            f"{base}/api/matches/{match_id}/events/",
            json={"expected_seq": 0, "action": CARDS},
            headers=headers,
            timeout=20,
        )
        assert logged.status_code == 201, logged.text
        german = read_stream(base, match_id, {**headers, "Accept-Language": "de"}, until=1, after=0)
        english = read_stream(base, match_id, headers, until=1, after=0)
    assert german[0]["effects"][0]["text"] == "Ajax deckt „Kurzer Pass 2, links“ auf."
    assert english[0]["effects"][0]["text"] == "Ajax reveals “Short pass 2, left”."
