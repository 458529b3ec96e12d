"""TriXKick: after a goal or a foul every piece is set up again; "as before" logs the last full
set-up again as one batch, in the rulebook's alternation, from one tap."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match
from tests.browser.phone import browser, db, phone, seq_of, shot
from tests.helpers import trixkick_second_setup

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def _trixkick_to_five_goals(user) -> tuple[APIClient, int]:
    """``user``'s client and a TriXKick match to five goals it opened, Ann against Guests."""
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
    return client, opened.json()["match"]["id"]


def _to_a_second_setup(user) -> tuple[int, dict]:
    """A TriXKick match logged through the API up to the start of its second full set-up;
    returns its id and where each piece stood after the first one."""
    client, match_id = _trixkick_to_five_goals(user)
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
        # the keepers too, in the set-up's order: the whole set-up logged, the match goes on
        page.wait_for_selector('.match-head[data-setup="0"]')
    fields = db(_fields, match_id)
    placed = {piece: fields[piece] for piece in first if fields.get(piece) == first[piece]}
    # every piece of the batch stands where it stood after the first set-up (but the one or
    # two the kick-off makes move)
    pieces = min(logged, len(first))
    assert logged >= 10 and len(placed) >= pieces - 2, (logged, placed)


def _just_before_a_goal(user) -> tuple[int, dict]:
    """A TriXKick match logged up to the set-up after a goal, the goal taken back (undo): the
    phone scores it again. Returns the match's id and the scoring shot."""
    from matches.models import MatchEvent

    client, match_id = _trixkick_to_five_goals(user)
    seq, *_ = trixkick_second_setup(client, match_id, kinds=["kickoff"])
    shot_ = MatchEvent.objects.get(match_id=match_id, seq=seq).action
    assert shot_["type"] == "shoot", shot_
    undone = client.post(f"/api/matches/{match_id}/undo/", {"expected_seq": seq}, format="json")
    assert undone.status_code == 201, undone.content
    return match_id, shot_


def _as_before_count(page) -> int:
    label = page.locator("#as-before").inner_text()
    return int(label.split("(")[1].split()[0])


@pytest.mark.slow
def test_set_up_as_before_with_the_phones_referee_after_its_own_goal(
    app_server, make_user, token_for
):
    """With the phone's referee on, the phone's own goal starts the set-up: "as before" is
    offered once the goal is stored; a piece set by hand lowers its count by one, and its tap
    logs the rest (the batch begins with the side whose turn it is)."""
    ann = make_user("ann")
    match_id, goal = db(_just_before_a_goal, ann)
    piece = goal["piece"].split("-")[1]
    corner = goal["target"]  # the corner's word in English is its name
    symbol = {"K": "head", "L": "left foot", "R": "right foot"}[goal["symbol"]]
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token, referee=True)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        seq = seq_of(page)
        page.locator(f'section.moves button.move[aria-label="{piece} shoots ({symbol})"]').tap()
        page.locator(f'section.moves button.move[aria-label="{corner}"]').tap()
        page.wait_for_selector(f'.match-head[data-seq="{seq + 1}"]')
        again = page.locator("#as-before")
        again.wait_for(timeout=20_000)
        before = _as_before_count(page)
        shot(page, "128-as-before-after-own-goal")
        # opened again: the same set-up offered, refereed on the phone
        page.reload()
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        page.locator("#as-before").wait_for(timeout=20_000)
        assert _as_before_count(page) == before

        # one piece set up by hand, refereed on the phone: the count follows
        page.locator('section.moves button.move[aria-label^="Set up "]').first.tap()
        page.locator("section.moves button.move").first.tap()
        page.wait_for_selector(f'.match-head[data-seq="{seq + 2}"]')
        page.wait_for_function(
            f"() => document.getElementById('as-before')?.textContent.includes('({before - 1} ')",
            timeout=20_000,
        )
        page.locator("#as-before").tap()
        page.wait_for_selector(f'.match-head[data-seq="{seq + 1 + before}"]', timeout=20_000)
        assert page.locator("[role=alert]").count() == 0
        assert not errors, errors
        shot(page, "129-as-before-logged")
