"""TriXKick: after a goal or a foul every piece is set up again; "as before" logs the last full
set-up again as one batch, in the rulebook's alternation, from one tap."""

import random

import pytest
from rest_framework.test import APIClient

from matches.engine import get_engine
from matches.models import Match
from tests.browser.phone import browser, db, phone, seq_of, shot

pytestmark = [pytest.mark.browser]


def _to_a_second_setup(user) -> tuple[int, dict]:
    """A TriXKick match logged through the API up to the start of its second full set-up;
    returns its id and where each piece stood after the first one."""
    engine = get_engine("trixkick")
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
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng, actions, first = random.Random(2), [], None
    for _ in range(3000):
        legal = engine.legal_actions(state)
        places = {e["piece"] for e in legal["actions"] if e["type"] == "place"}
        if (
            first is not None
            and len(places) >= 10
            and actions[-1]["type"] not in ("place", "keepers")
        ):
            break
        action = rng.choice(engine.concrete_legal_actions(state))
        actions.append(engine.action_to_json(action))
        state = engine.apply(state, action).state
        if first is None and actions[-1]["type"] not in ("place", "keepers") and len(actions) > 20:
            first = {a["piece"]: a["to"] for a in actions if a["type"] == "place"}
    else:
        raise AssertionError("no second set-up")
    seq = 0
    for start in range(0, len(actions), 400):
        response = client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions[start : start + 400]},
            format="json",
        )
        assert response.status_code == 201, response.content
        seq = response.json()["match"]["seq"]
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
