"""Every game's hint names the side whose move it is, and the state says it as ``to_move``."""

import pytest

from tests.helpers import open_match
from tests.matches.test_match_log_api import play_out

pytestmark = pytest.mark.django_db

CARDS = {
    "type": "play_cards",
    "cards": [
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ],
}


def test_hat_trick_names_the_side_to_move_and_both_when_both_reveal(players, client_for):
    ann = client_for(players[0])
    created = open_match(
        ann,
        "hat-trick",
        [{"name": "Ann XI", "user": "ann"}, {"name": "Ben FC", "user": "ben"}],
        options={"kickoff": 0},
    )
    match_id = created["match"]["id"]
    # step 1: both managers play a card at once
    assert created["current"]["to_move"] == [
        {"side": 0, "name": "Ann XI", "user": "ann"},
        {"side": 1, "name": "Ben FC", "user": None},  # the answer is from before ben said yes
    ]
    state = ann.get(f"/api/matches/{match_id}/state/").json()
    assert [entry["user"] for entry in state["to_move"]] == ["ann", "ben"]
    logged = ann.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": 0, "action": CARDS}, format="json"
    ).json()["current"]
    assert logged["legal"]["step"] == "attacker_move"
    assert logged["to_move"] == [{"side": 0, "name": "Ann XI", "user": "ann"}]
    assert logged["legal"]["hint"].endswith("(Ann XI to move)")
    german = ann.get(f"/api/matches/{match_id}/state/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["legal"]["hint"].endswith("(Ann XI ist am Zug)")
    # time travel says who was to move then
    before = ann.get(f"/api/matches/{match_id}/state/?seq=0").json()
    assert [entry["side"] for entry in before["to_move"]] == [0, 1]


def test_trixkick_and_amigo_hints_name_the_side_and_the_end_names_nobody(players, client_for):
    ann = client_for(players[0])
    trix = open_match(
        ann, "trixkick", [{"name": "Ann XI", "user": "ann"}, {"name": "Ben FC", "user": "ben"}]
    )
    current = ann.get(f"/api/matches/{trix['match']['id']}/state/").json()
    (mover,) = current["to_move"]
    assert mover["name"] in current["legal"]["hint"]
    assert mover["user"] == {"Ann XI": "ann", "Ben FC": "ben"}[mover["name"]]

    amigo = open_match(
        ann,
        "amigo-hattrick",
        [{"name": "Ann", "user": "ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dan"}],
        options={"games": 1},
    )
    current = amigo["current"]
    assert current["to_move"] == [{"side": 0, "name": "Ann", "user": "ann"}]
    assert current["legal"]["hint"].startswith("Ann deals")
    play_out(ann, amigo, seed=3)
    final = ann.get(f"/api/matches/{amigo['match']['id']}/state/").json()
    assert final["outcome"] is not None and final["to_move"] == []
