"""TriXKick's re-set-up with a phone each: each manager sends their side's set-up "as before"
as one face-down part; once both are in, the parts make the set-up's moves in the rulebook's
alternation (the starter first, keepers last), logged as one batch of moves of their own."""

import pytest

from matches.engine.trixkick import parts as trixkick_parts
from matches.models import Match, MatchEvent, PendingPart
from tests.helpers import accept_invitations, assert_error_shape, trixkick_second_setup

pytestmark = pytest.mark.django_db


def _second_setup(players, client_for):
    """A TriXKick match of Ann (side 0) and Ben (side 1) at its second full set-up: the
    clients, the seq, the legal actions, each side's pieces in hand, and ``part_of(side)``: the
    side's set-up as before (those on the middle row last) and ``send(client, side, part)``."""
    ann, ben, cat = (client_for(p) for p in players[:3])
    opened = ann.post(
        "/api/matches/",
        {
            "game": "trixkick",
            "sides": [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}],
            "options": {"match_length": {"kind": "goals", "goals": 5}},
        },
        format="json",
    )
    assert opened.status_code == 201, opened.content
    match_id = opened.json()["match"]["id"]
    accept_invitations(match_id)
    seq, legal, fields, keepers = trixkick_second_setup(ann, match_id)
    pieces = Match.objects.get(pk=match_id).state["pieces"]
    squad = {
        side: [p for p, v in pieces.items() if v["side"] == side and v["status"] == "squad"]
        for side in (0, 1)
    }

    def part_of(side):
        mine = sorted(squad[side], key=lambda p: fields[p].startswith("C"))
        return {"places": [{"piece": p, "to": fields[p]} for p in mine], "keepers": keepers[side]}

    def send(client, side, part):
        return client.post(
            f"/api/matches/{match_id}/parts/",
            {"expected_seq": seq, "side": side, "part": part},
            format="json",
        )

    return (ann, ben, cat), match_id, seq, legal, fields, squad, part_of, send


def test_each_manager_sets_up_their_side_as_before_in_one_part(players, client_for):
    (ann, ben, cat), match_id, seq, legal, fields, squad, part_of, send = _second_setup(
        players, client_for
    )

    # a part must set up every piece of the side still in hand, and only its own
    short = {**part_of(0), "places": part_of(0)["places"][1:]}
    refused = assert_error_shape(send(ann, 0, short), 422, "part_not_allowed")
    assert refused["message"] == (
        "Ann's set-up must place every piece not yet set up, each once, on a field of the board."
    )
    assert_error_shape(send(ann, 1, part_of(1)), 403, "not_your_side")
    # hostile parts are refused in the error shape, never a server error
    mine = part_of(0)["places"]
    hostile = [
        {**part_of(0), "places": [{**mine[0], "piece": 7}, *mine[1:]]},
        {**part_of(0), "places": [{**mine[0], "piece": ["x"]}, *mine[1:]]},
        {**part_of(0), "places": [{**mine[0], "to": ["A1"]}, *mine[1:]]},
        {**part_of(0), "keepers": ["K"]},
        {**part_of(0), "places": "all"},
        ["places"],
    ]
    for bad in hostile:
        assert_error_shape(send(ann, 0, bad), 422, "part_not_allowed")
    first = send(ann, 0, part_of(0))
    assert first.status_code == 202, first.content
    seen = ben.get(f"/api/matches/{match_id}/parts/").json()
    assert seen["type"] == "set_up"
    assert [(p["chosen"], p["part"]) for p in seen["parts"]] == [(True, None), (False, None)]
    assert cat.get(f"/api/matches/{match_id}/parts/").json()["parts"][0]["part"] is None
    assert MatchEvent.objects.filter(match_id=match_id, seq__gt=seq).count() == 0

    both = send(ben, 1, part_of(1))
    assert both.status_code == 201, both.content
    logged = [e["action"] for e in both.json()["events"]]
    assert len(logged) > 1 and PendingPart.objects.count() == 0
    # the rulebook's alternation: the starter's piece first, then turn about while both have any
    places = [a for a in logged if a["type"] == "place"]
    sides = [0 if a["piece"].startswith("A-") else 1 for a in places]
    assert sides[0] == legal["actor"]
    alternating = min(len(squad[0]), len(squad[1])) * 2
    if len(places) >= alternating:
        assert all(sides[i] != sides[i + 1] for i in range(alternating - 1))
    # each piece logged is a move of its own, standing where it stood after the first set-up
    state = Match.objects.get(pk=match_id).state["pieces"]
    assert all(state[a["piece"]]["field"] == a["to"] == fields[a["piece"]] for a in places)


def test_a_set_up_is_logged_up_to_the_first_piece_the_rules_refuse(players, client_for):
    (ann, ben, _cat), match_id, seq, legal, _fields, _squad, part_of, send = _second_setup(
        players, client_for
    )
    # Ann's first three pieces all go to one field: at most two of a team stand on a field
    ann_part = part_of(0)
    first, second, third = ann_part["places"][:3]
    crowded = [first, {**second, "to": first["to"]}, {**third, "to": first["to"]}]
    ann_part = {**ann_part, "places": crowded + ann_part["places"][3:]}
    assert send(ann, 0, ann_part).status_code == 202
    both = send(ben, 1, part_of(1))
    assert both.status_code == 201, both.content
    logged = [e["action"] for e in both.json()["events"]]
    # the batch stops before the third piece: the moves of the alternation before it are
    # logged, nothing from it on
    choice = {"starter": legal["actor"], "keepers": [True, True], "parts": {0: {}, 1: {}}}
    alternation = trixkick_parts.compose(choice, {0: ann_part, 1: part_of(1)})
    refused_at = alternation.index({"type": "place", **crowded[2]})
    assert logged == alternation[:refused_at]
    assert [a["piece"] for a in logged if a["piece"].startswith("A-")] == [
        first["piece"],
        second["piece"],
    ]
    match = Match.objects.get(pk=match_id)
    assert match.seq == seq + len(logged)
    assert match.state["pieces"][third["piece"]]["field"] is None
    assert PendingPart.objects.count() == 0
    # the rest is placed move by move
    assert any(entry["type"] == "place" for entry in both.json()["current"]["legal"]["actions"])
