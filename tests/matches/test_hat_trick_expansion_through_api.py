"""Hat-Trick expansion matches through HTTP: teams from a team card and from a budget build
play with their lineups (issue #5), and abilities are logged like any other action (HX-A)."""

import pytest

from teams.models import Edition

pytestmark = pytest.mark.django_db

CARDS = {
    "type": "play_cards",
    "cards": [
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
        {"kind": "short_pass", "footballs": 2, "edge": "left"},
    ],
}
OFFENSIVE_II = {
    2: "blue:full_back-2",
    3: "blue:full_back-3",
    4: "blue:man_marker-4",
    5: "blue:man_marker-5",
    6: "blue:ball_winner-6",
    7: "blue:box_to_box-7-8",
    8: "blue:half_space_player-8-10",
    10: "blue:playmaker-10",
    9: "blue:centre_forward-9",
    11: "blue:winger-9-11",
}


def hat_trick_edition():
    return Edition.objects.filter(game="hat-trick").order_by("-version").first()


def team_from_card(client, card, colour="blue"):
    response = client.post(
        "/api/teams/",
        {"edition": hat_trick_edition().pk, "team_card": card, "card_colour": colour},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def team_from_build(client, gold=(9,)):
    body = {
        "edition": hat_trick_edition().pk,
        "name": "Sunday league",
        "orientation": "offensive",
        "budget_class": "II",
        "card_colour": "blue",
        "picks": [
            {"slot": slot, "card": card, "gold": slot in gold}
            for slot, card in sorted(OFFENSIVE_II.items())
        ],
    }
    build = client.post("/api/builds/", body, format="json")
    assert build.status_code == 201, build.content
    team = client.post(f"/api/builds/{build.json()['id']}/team/", {}, format="json")
    assert team.status_code == 201, team.content
    return team.json()["id"]


def create_match(client, team, other=None):
    sides = [{"name": "Home", "user": "ann", "team": team}, {"name": "Guest"}]
    if other is not None:
        sides[1]["team"] = other
    response = client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": sides, "options": {"kickoff": 0}},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()


def log(client, match_id, seq, action):
    response = client.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": seq, "action": action}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_match_from_a_team_card_plays_its_lineup(players, client_for):
    ann = client_for(players[0])
    italy = team_from_card(ann, "ITA")
    spain = team_from_card(ann, "ESP", colour="red")
    created = create_match(ann, italy, spain)
    state = created["current"]["state"]
    cards = {c["slot"]: c for c in state["setup"]["expansion"]["cards"] if c["side"] == 0}
    assert cards[2]["card"] == "blue:ball_playing_centre_back-2-4"
    assert cards[2]["numbers"] == [2, 4]
    assert state["x"]["gold"] == [4, 5, 6, 106, 108, 110]  # Italy 4, 5, 6; Spain 6, 8, 10
    assert state["x"]["star_keeper"] == [True, True]
    assert state["setup"]["expansion"]["styles"] == ["tactical", "technical"]

    match_id = created["match"]["id"]
    log(ann, match_id, 0, CARDS)
    log(ann, match_id, 1, {"type": "skip"})
    done = log(ann, match_id, 2, {"type": "skip"})
    passed = next(e for e in done["events"][0]["effects"] if e["kind"] == "pass_completed")
    # Italy's no. 6 (gold holding midfielder: 2 attack) and no. 7 (silver ball winner: 1)
    assert passed["data"]["attack"] == 2 + 1 + 2


def test_match_from_a_budget_build_plays_its_lineup(players, client_for):
    ann = client_for(players[0])
    team = team_from_build(ann)
    created = create_match(ann, team)
    state = created["current"]["state"]
    roles = {c["slot"]: c["role"] for c in state["setup"]["expansion"]["cards"]}
    assert roles[9] == "centre_forward" and roles[11] == "winger"
    assert state["x"]["gold"] == [9]
    assert state["setup"]["expansion"]["styles"] == [None, None]  # earned in play (HX-B3.3)
    assert state["setup"]["expansion"]["lineups"] == [True, False]
    assert created["match"]["sides"][0]["team"] == team
