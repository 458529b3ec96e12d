"""Two phones at one table, each manager logging their own side, in Chromium, Firefox ESR and
WebKitGTK: the first card of a step is chosen face down, the other phone learns only that it
was chosen, and both cards are stored together once both are in."""

from __future__ import annotations

import pytest

from tests.browser.phone import db
from tests.browser.test_webapp_two_phones import _events, _linked_match

pytestmark = [pytest.mark.engines, pytest.mark.slow]

CARD = "section.moves button.move[aria-label={!r}]"


def test_two_phones_the_first_card_stays_face_down(engine, phones, make_user, token_for):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = _linked_match(ann, ben)
    tokens = token_for(ann), token_for(ben)  # the database before the phones
    ann_phone, ben_phone = phones("en"), phones("de")
    ann_phone.sign_in(tokens[0], "en")
    ben_phone.sign_in(tokens[1], "de")
    for phone in (ann_phone, ben_phone):
        phone.goto(f"/app/#/match/{match_id}")
        phone.wait_for('.match-head[data-seq="0"]')
    # each phone offers its own side's cards, one tap each
    assert ann_phone.count("section.moves button.move") > 4
    ann_phone.click(CARD.format("Short pass, 3 footballs, right edge"))
    ann_phone.wait_text(
        "main", "Your card is in (Short pass, 3 footballs, right edge); waiting for Ben."
    )
    ann_phone.shot("own-card-in")
    # ben's phone learns that Ann has chosen, never which card
    ben_phone.wait_text("#waiting", "Ann hat eine Karte gewählt.")
    assert "3 Fußbälle, rechte Seite" not in ben_phone.text("#waiting")
    ben_phone.shot("other-has-chosen")
    assert db(_events, match_id) == []
    ben_phone.click(CARD.format("Kurzer Pass, 2 Fußbälle, linke Seite"))
    for phone in (ann_phone, ben_phone):
        phone.wait_for('.match-head[data-seq="1"]')
    assert db(_events, match_id)[0][1]["cards"] == [
        {"kind": "short_pass", "footballs": 3, "edge": "right"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ]
