"""TriXKick: after a goal or a foul every piece is set up again; "as before" logs the last full
set-up again as one batch, in the rulebook's alternation, from one tap."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match
from tests.browser.phone import browser, db, phone, seq_of, shot
from tests.helpers import trixkick_second_setup

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def _to_a_second_setup(user) -> tuple[int, dict]:
    """A TriXKick match logged through the API up to the start of its second full set-up;
    returns its id and where each piece stood after the first one."""
    client = APIClient()
    client.force_authenticate(user)
    opened = client.post(
        "/api/matches/",
        {
            "game": "trixkick",
            "sides": [{"name": "Ann", "user": user.username}, {"name": "Guests"}],
            "options": {"match_length": {"kind": "goals", "goals": 5}},
        },
        format="json",
    )
    assert opened.status_code == 201, opened.content
    match_id = opened.json()["match"]["id"]
    _seq, _legal, first, _keepers = trixkick_second_setup(client, match_id)
    return match_id, first


def _fields(match_id) -> dict:
    pieces = Match.objects.get(pk=match_id).state["pieces"]
    return {key: p.get("field") for key, p in pieces.items()}


def test_set_up_as_before_in_one_tap(app_server, make_user, token_for):
    ann = make_user("ann")
    match_id, first = db(_to_a_second_setup, ann)
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{match_id}")
        again = page.get_by_role("button", name="Set up as before")
        again.wait_for(timeout=20_000)
        shot(page, "95-trixkick-set-up-as-before")
        seq = seq_of(page)
        again.tap()
        page.wait_for_function(
            f"() => Number(document.querySelector('.match-head').dataset.seq) > {seq}"
        )
        logged = seq_of(page) - seq
    fields = db(_fields, match_id)
    placed = {piece: fields[piece] for piece in first if fields.get(piece) == first[piece]}
    # every piece of the batch stands where it stood after the first set-up
    assert logged >= 10 and len(placed) >= logged - 2, (logged, placed)
