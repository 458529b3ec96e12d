"""A game of Hattrick (Amigo) to its end on one phone, refereed on the phone, in Chromium,
Firefox ESR and WebKitGTK: the cards shuffled and dealt by the app, every card one tap on its
face (a set confirmed), each move stored, the match finished."""

from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

from matches.models import Match
from tests.browser.phone import db
from tests.engines.test_hat_trick_half import SHOWN, open_refereed
from tests.helpers import open_match
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.engines,
    pytest.mark.slow,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

# The first card or choice on screen, tapped by the engine's own click.
FIRST = "section.moves button.move"
MULTI_OK = "#multi-ok"
# whether the phone shows more moves than n within 3 s of a tap
WAIT_SHOWN_PAST = """async (n) => {
  const end = performance.now() + 3000;
  while (performance.now() < end) {
    if (Number(document.querySelector(".match-head")?.dataset.shown) > n) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}"""


def test_an_amigo_game_to_its_end(engine, phones, table, make_user, token_for):
    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    names = ["Ann", "Ben", "Cat", "Dan"]
    sides = [{"name": "Ann", "user": "ann"}] + [{"name": n} for n in names[1:]]
    match_id = open_match(client, "amigo-hattrick", sides, options={"games": 1})["match"]["id"]
    token = token_for(ann)  # the database before the phones
    phone = phones()
    phone.sign_in(token, "en")
    started = open_refereed(phone, match_id)
    begun = time.monotonic()
    moves = taps = 0
    while phone.count('.match-head[data-status="in_progress"]') and taps < 600:
        taps += 1
        # a set of cards is chosen card by card, then confirmed; no choice on screen: the last
        # move made, the match's end on its way
        target = next((s for s in (MULTI_OK, FIRST) if phone.count(s)), None)
        if target is None:
            time.sleep(0.2)
            continue
        phone.click(target)
        if phone.evaluate(WAIT_SHOWN_PAST, moves):
            moves = phone.evaluate(SHOWN)
            assert "Not checked yet" not in phone.text("#hint")
    phone.wait("(n) => document.querySelector('.match-head')?.dataset.seq === String(n)", moves)
    phone.wait_for('.match-head[data-status="finished"]')
    phone.shot("amigo-over")
    match = db(Match.objects.get, pk=match_id)
    assert match.status == "finished" and match.seq == moves > 40
    assert phone.count("[role=alert]") == 0
    print(
        f"{engine}: referee ready {started:.1f} s, {moves} moves {time.monotonic() - begun:.1f} s"
    )
