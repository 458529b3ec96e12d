"""A Hat-Trick half through a scoring chance, refereed on the phone, in Chromium, Firefox ESR and
WebKitGTK: once online (each move stored as it is made), once with the network cut (the phone
checks each move and queues it; back online, each is stored once)."""

from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

from matches.models import MatchEvent
from tests.browser.phone import db
from tests.browser.test_webapp_referee import TAP_RANDOM
from tests.helpers import open_match
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.engines,
    pytest.mark.slow,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

# the effects' sentences that end a scoring chance, in each language (the server's answer online
# is in the language of the browser, the phone's own offline in the app's)
CHANCE_ENDS = {"en": ("Goal for", "Saved."), "de": ("Tor für", "Gehalten.")}
# the last move's effects, those folded under the first two too
EFFECTS = "(s) => document.querySelector(s)?.textContent ?? ''"
SHOWN = "() => Number(document.querySelector('.match-head')?.dataset.shown)"
SHOWN_PAST = "(n) => Number(document.querySelector('.match-head')?.dataset.shown) > n"


def _hat_trick_with_the_expansion(make_user) -> tuple:
    """Ann's Hat-Trick match, her side a team built with the expansion's abilities."""
    from tests.matches.test_hat_trick_expansion_through_api import team_from_build

    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    team = team_from_build(client)
    sides = [{"name": "Home", "user": "ann", "team": team}, {"name": "Guest"}]
    return ann, open_match(client, "hat-trick", sides)["match"]["id"]


def _stored(match_id) -> list[int]:
    return list(
        MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("seq", flat=True)
    )


def _effect_kinds(match_id) -> set[str]:
    kinds = set()
    for effects in MatchEvent.objects.filter(match_id=match_id).values_list("effects", flat=True):
        kinds |= {effect["kind"] for effect in effects or ()}
    return kinds


def open_refereed(phone, match_id: int) -> float:
    """The match opened once the phone's referee is ready; the seconds that took."""
    started = time.monotonic()
    phone.goto(f"/app/#/match/{match_id}")
    phone.wait_for('.match-head[data-seq="0"]')
    phone.wait_for('.match-head[data-refereed="true"]', timeout=240)
    return time.monotonic() - started


def play_through_a_chance(phone, *, offline: bool) -> int:
    """Seeded random moves, tapped in the app, until a scoring chance ends in a goal or a save;
    every move checked by the phone's own referee. The number of moves made."""
    moves, texts, ends = 0, "", CHANCE_ENDS["en"] + CHANCE_ENDS["de"]
    while moves < 200 and not any(end in texts for end in ends):
        assert phone.evaluate(TAP_RANDOM, 7 + moves * 31) is not None, f"move {moves + 1}"
        phone.wait(SHOWN_PAST, moves)
        moves = phone.evaluate(SHOWN)
        hint = phone.text("#hint")
        assert hint and "Not checked yet" not in hint and "Noch nicht geprüft" not in hint
        if offline:
            assert phone.count(".match-head[data-seq='0']") == 1, "stored without a network"
        texts += phone.evaluate(EFFECTS, "ul.effects")
    return moves


def _all_stored_once(phone, match_id: int, moves: int) -> None:
    try:
        phone.wait(
            "(n) => document.querySelector('.match-head')?.dataset.seq === String(n)", moves, 180
        )
    except AssertionError as not_stored:
        # the server's refusal of a queued move, as the phone shows it
        refusal = phone.text("#queue-state") + " | " + phone.text("[role=alert]")
        raise AssertionError(f"{not_stored}; on screen: {refusal}") from None
    assert db(_stored, match_id) == list(range(1, moves + 1))
    assert phone.count("[role=alert]") == 0
    kinds = db(_effect_kinds, match_id)
    assert "scoring_opportunity" in kinds and ({"goal", "save"} & kinds), kinds


def test_a_hat_trick_half_online_through_a_scoring_chance(
    engine, phones, table, make_user, token_for
):
    ann, match_id = _hat_trick_with_the_expansion(make_user)
    token = token_for(ann)  # the database before the phones (adapters.ChromiumPhone)
    phone = phones()
    phone.sign_in(token, "en")
    started = open_refereed(phone, match_id)
    begun = time.monotonic()
    moves = play_through_a_chance(phone, offline=False)
    _all_stored_once(phone, match_id, moves)
    phone.shot("hat-trick-online")
    print(
        f"{engine}: referee ready {started:.1f} s, {moves} moves {time.monotonic() - begun:.1f} s"
    )


def test_a_hat_trick_half_offline_through_a_scoring_chance(
    engine, phones, table, make_user, token_for
):
    ann, match_id = _hat_trick_with_the_expansion(make_user)
    token = token_for(ann)
    phone = phones("de")
    phone.sign_in(token, "de")
    started = open_refereed(phone, match_id)
    table.network.cut()
    begun = time.monotonic()
    moves = play_through_a_chance(phone, offline=True)
    # the one status line says where the moves are, with what the referee made of them
    assert "Auf diesem Telefon geprüft" in phone.text("#queue-state .referee-note")
    phone.shot("hat-trick-offline")
    table.network.restore()
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    _all_stored_once(phone, match_id, moves)
    print(
        f"{engine}: referee ready {started:.1f} s, {moves} moves {time.monotonic() - begun:.1f} s"
    )
