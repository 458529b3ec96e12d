"""The app opened again without a network, with moves queued, in Chromium, Firefox ESR and
WebKitGTK: a Hat-Trick match with three moves stored and four queued offline, the page opened
again from the service worker's cache while the server cannot be reached. The phone shows the
three stored moves and the four queued, replayed by its referee on the state the server last
gave (not the match at seq 0, not the unchecked vocabulary), and goes on refereeing; back
online the queue is stored once, none lost or doubled."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import db
from tests.browser.test_webapp_referee import REFEREE_CACHE, TAP_RANDOM
from tests.engines.test_hat_trick_half import SHOWN_PAST, _stored, open_refereed
from tests.helpers import open_match
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.engines,
    pytest.mark.slow,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

HEAD = "() => ({...document.querySelector('.match-head')?.dataset})"
READY = "() => navigator.serviceWorker.ready.then(() => true)"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def _tap_to(phone, shown: int) -> None:
    """Seeded random taps until the phone shows ``shown`` moves."""
    while (n := int(phone.evaluate(HEAD)["shown"])) < shown:
        assert phone.evaluate(TAP_RANDOM, 3 + n * 17) is not None, f"move {n + 1}"
        phone.wait(SHOWN_PAST, n)


def test_reopened_offline_with_a_queue_the_phone_referees_it_on_the_last_state_it_had(
    engine, phones, table, make_user, token_for
):
    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    sides = [{"name": "Blue", "user": "ann"}, {"name": "Red"}]
    match_id = open_match(client, "hat-trick", sides)["match"]["id"]
    token = token_for(ann)  # the database before the phones
    phone = phones()
    phone.sign_in(token, "en")
    open_refereed(phone, match_id)
    # the first visit kept every file the referee loaded (the referee waited for the service
    # worker to control the page)
    kept = phone.evaluate(REFEREE_CACHE)
    assert any(p.endswith("/pyodide.mjs") for p in kept), kept
    assert any(p.startswith("/app/engine/") for p in kept), kept
    # the app opened once more, now under its service worker (a worker installed during a visit
    # need not serve that visit's page): it keeps the shell, the runtime and the engines
    phone.wait(READY)
    phone.reload()
    phone.wait(CONTROLLED)
    phone.wait_for('.match-head[data-refereed="true"]', timeout=240)

    _tap_to(phone, 3)
    phone.wait_for('.match-head[data-seq="3"]')
    phone.wait_text("#queue-state", "Every move is stored.")
    table.network.cut()
    _tap_to(phone, 7)
    # (the taps stop at the seventh move shown or past it: the queue is what they made)
    shown = int(phone.evaluate(HEAD)["shown"])
    queued = f"{shown - 3} moves not yet stored on the server"
    phone.wait_text("#queue-state", queued)
    hint = phone.text("#hint")
    assert "Not checked yet" not in hint

    phone.reload()  # the app opened again at the table, without a network
    phone.wait_for('.match-head[data-refereed="true"]', timeout=240)
    head = phone.evaluate(HEAD)
    assert (head["seq"], head["shown"]) == ("3", str(shown)), head
    phone.wait_text("#queue-state", queued)
    assert phone.text("#hint") == hint  # the referee's, as before the app was closed
    assert "Not checked yet" not in phone.text("#app")
    assert "Checked on this phone; stored on the server when" in phone.text("#queue-state")
    assert phone.count("#turn") == 1  # whose turn, as the referee finds it
    # the picture of the last move shown, drawn by the referee
    assert phone.count(f'#picture[data-seq="local-{shown}"] svg') == 1
    assert phone.count("[role=alert]") == 0
    phone.shot("reopened-offline-queue")
    _tap_to(phone, shown + 1)  # and it goes on refereeing
    assert "Not checked yet" not in phone.text("#hint")
    last = int(phone.evaluate(HEAD)["shown"])

    table.network.restore()
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    phone.wait_for(f'.match-head[data-seq="{last}"]')
    assert db(_stored, match_id) == list(range(1, last + 1))
    phone.wait_text("#queue-state", "Every move is stored.")
    assert phone.count("[role=alert]") == 0
    phone.shot("reopened-offline-stored")
