"""Tutorials: the rulebooks' worked examples replay to their printed results, in both languages."""

from __future__ import annotations

import pytest

from matches.rules_at_hand import tutorials
from tests.engine.hat_trick.states import at, ball_at
from tests.engine.trixkick.test_demo_game import DUELS

pytestmark = pytest.mark.django_db


def events_of(played):
    return [effect for _action, effects in played for effect in effects]


def test_the_hat_trick_walkthrough_replays_to_its_positions():
    _start, steps = tutorials.replay("hat-trick", tutorials.tutorial("hat-trick", "walkthrough"))
    (_, _, cards), (_, moved, after_move), (_, _, end) = steps
    assert cards.phase == "attacker_move"
    # red no. 5 forward, swapping with blue no. 8; no. 6 passes sideways to no. 7
    assert at(after_move, "b5") == "R5" and at(after_move, "b6") == "B8"
    sideways = [e for e in events_of(moved) if e["kind"] == "ball_passed_sideways"]
    assert (sideways[0]["data"]["passer"], sideways[0]["data"]["receiver"]) == (6, 7)
    assert ball_at(after_move) == "b4:R7"
    # blue no. 6 backward, swapping with red no. 11
    assert at(end, "b2") == "B6" and at(end, "b3") == "R11"


def test_the_trixkick_demo_game_replays_to_its_comparisons():
    _start, steps = tutorials.replay("trixkick", tutorials.tutorial("trixkick", "demo"))
    moves = steps[2:]  # after the set-up and the kick-off
    assert len(moves) == len(DUELS)
    for (_step, played, _state), duel in zip(moves, DUELS, strict=True):
        won = [e for e in events_of(played) if e["kind"] == "duel_won"]
        if duel is None:
            assert won == []
            continue
        field, symbol, attacking, defending, winner = duel
        assert won[0]["side"] == winner
        assert (won[0]["data"]["field"], won[0]["data"]["symbol"]) == (field, symbol)
        data = won[0]["data"]
        assert (data["attacking_strength"], data["defending_strength"]) == (attacking, defending)
    last = steps[-1][2].to_json()
    assert last["attacker"] == 1 and last["ball"]["field"] == "A2"


def test_the_amigo_example_round_replays_to_its_trick_winners():
    tutorial = tutorials.tutorial("amigo-hattrick", "example-round")
    _start, steps = tutorials.replay("amigo-hattrick", tutorial)
    won = [e for e in events_of(steps[-1][1]) if e["kind"] == "trick_won"]
    assert [(e["side"], e["data"]["colour"], e["data"]["cards"]) for e in won] == [
        (2, "red", ["R10", "R12", "R3"]),
        (4, "blue", ["B14", "B19"]),
    ]
    assert steps[-1][2].leader == 4


def test_the_amigo_scoring_examples_score_as_printed(client):
    body = client.get("/api/games/amigo-hattrick/tutorials/scoring/").json()
    assert [step["score"] for step in body["steps"]] == [1, 12, -2]


@pytest.mark.parametrize("game", ["hat-trick", "trixkick", "amigo-hattrick"])
def test_every_tutorial_is_served_in_both_languages(client, game):
    listed = client.get(f"/api/games/{game}/tutorials/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert listed
    for item in listed:
        german = client.get(item["url"], HTTP_ACCEPT_LANGUAGE="de").json()
        english = client.get(item["url"]).json()
        assert german["title"] != english["title"]
        assert len(german["steps"]) == len(english["steps"]) > 0
        for de_step, en_step in zip(german["steps"], english["steps"], strict=True):
            assert de_step["text"] and en_step["text"] and de_step["text"] != en_step["text"]
            assert de_step["moves"] == en_step["moves"]
            assert de_step["next"]


def test_playing_along_tells_whether_the_move_matches(client):
    url = "/api/games/hat-trick/tutorials/walkthrough/check/"
    right = client.post(url, {"step": 2, "action": "5f"}, content_type="application/json")
    assert right.json()["matches"] is True
    wrong = client.post(
        url,
        {"step": 2, "action": {"type": "move", "player": 6, "direction": "forward"}},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    body = wrong.json()
    assert body["matches"] is False and body["expected"] == "5f"
    assert body["text"].startswith("Schritt 2")
    assert (
        client.post(url, {"step": 9, "action": "5f"}, content_type="application/json").status_code
        == 404
    )
