"""Hat-Trick expansion matches through HTTP: teams from a team card and from a budget build
play with their lineups (issue #5), abilities are logged like any other action (HX-A), and a
team's bench and captain reach the match events (HX-E.3, HX-E.4)."""

import pytest

from matches.engine.hat_trick import ENGINE
from teams.models import Edition
from tests.engine.hat_trick.expansion_states import CHEAP

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


def create_match(client, team, other=None, **options):
    sides = [{"name": "Home", "user": "ann", "team": team}, {"name": "Guest"}]
    if other is not None:
        sides[1]["team"] = other
    response = client.post(
        "/api/matches/?include=state",
        {"game": "hat-trick", "sides": sides, "options": {"kickoff": 0, **options}},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()


def log(client, match_id, seq, action):
    response = client.post(
        f"/api/matches/{match_id}/events/?include=state",
        {"expected_seq": seq, "action": action},
        format="json",
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


def log_notation(client, match_id, seq, text):
    """Log one action written in notation (as JSON, the way the phone sends it)."""
    action = ENGINE.action_to_json(ENGINE.parse_notation(text))
    done = log(client, match_id, seq, action)
    event = done["events"][0]
    assert event["notation"] == text
    return event["effects"], done["current"]["state"]


def kinds(effects):
    return [e["kind"] for e in effects if e["kind"] != "card_revealed"]


def test_budget_team_uses_an_ability_and_finds_its_style_through_the_api(players, client_for):
    ann = client_for(players[0])
    created = create_match(ann, team_from_build(ann))
    match_id = created["match"]["id"]
    assert created["current"]["state"]["x"]["style"] == [None, None]  # HX-S.14: none yet

    # a short pass, then the half-space player (no. 8, silver) moves diagonally into c6
    for seq, text in enumerate(["S3r/S2r", "skip", "skip"]):
        effects, state = log_notation(ann, match_id, seq, text)
    assert "pass_completed" in kinds(effects)
    effects, state = log_notation(ann, match_id, 3, "ab B8 d")
    used = next(e for e in effects if e["kind"] == "ability_used")
    assert used["data"]["ability"] == "half_space_player.silver"
    assert (used["data"]["from"], used["data"]["to"], used["data"]["gold"]) == ("b5", "c6", True)
    assert state["pitch"]["c6"] == "B8" and 8 in state["x"]["gold"]  # the card flipped

    # a long ball to two tied receivers (9 and 9/11: the manager picks 11), then a dribble
    seq = 4
    for text in ["L4r/S4l", "skip", "skip", "lb2", "ch11", "D3r/S4r", "skip", "skip"]:
        effects, state = log_notation(ann, match_id, seq, text)
        seq += 1
    # short pass, long ball, successful dribble in a row: the total condition (HX-S.2)
    assert kinds(effects)[-3:] == ["dribble_won", "scoring_opportunity", "style_card_earned"]
    earned = next(e for e in effects if e["kind"] == "style_card_earned")
    assert earned["data"] == {"style": "total", "style_found": True}
    assert state["x"]["style"] == ["total", None] and state["x"]["style_fresh"] == [1, 0]

    # not in the round it was earned (HX-S.4)
    refused = ann.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": seq, "action": {"type": "style", "side": 0, "card": "total-1"}},
        format="json",
    )
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["rule"]) == ("style_card_fresh", "HX-S.4")

    # next round: "Rotation" swaps no. 3 with no. 2 in their line
    effects, state = log_notation(ann, match_id, seq, "S3l/D4r")
    offered = ann.get(f"/api/matches/{match_id}/state/").json()
    styles = [a for a in offered["legal"]["actions"] if a["type"] == "style"]
    assert {"type": "style", "side": 0, "card": "total-1", "player": 3, "target": 2} in (
        styles[0]["uses"]
    )
    effects, state = log_notation(ann, match_id, seq + 1, "st B total-1 @3 >2")
    assert kinds(effects) == ["style_card_played", "style_card_effect"]
    assert (state["pitch"]["a1"], state["pitch"]["d1"]) == ("B3", "B2")
    assert state["x"]["style_spent"] == [["total-1"], []] and state["x"]["style_hand"] == [0, 0]


# --- a team's bench and captain in the match events (HX-E.3, HX-E.4) -------------------------


def team_from_picks(client, name, colour, **extra):
    body = {
        "edition": hat_trick_edition().pk,
        "name": name,
        "card_colour": colour,
        "picks": [{"slot": n, "card": f"{colour}:{design}"} for n, design in CHEAP.items()],
        **extra,
    }
    response = client.post("/api/teams/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def refuse(client, match_id, seq, action):
    response = client.post(
        f"/api/matches/{match_id}/events/", {"expected_seq": seq, "action": action}, format="json"
    )
    assert response.status_code == 422, response.content
    return response.json()


def test_a_teams_bench_and_captain_play_substitutions_and_a_protest(players, client_for):
    ann = client_for(players[0])
    home = team_from_picks(ann, "Home", "blue", bench=[{"card": "blue:box_to_box-7-8"}], captain=11)
    guest = team_from_picks(ann, "Guest", "red")
    created = create_match(ann, home, guest, kickoff=1, match_events=["substitutions", "captain"])
    match_id = created["match"]["id"]
    xs = created["current"]["state"]["setup"]["expansion"]
    assert [c["card"] for c in xs["bench"]] == ["blue:box_to_box-7-8"]
    assert xs["captains"] == [11, 6]  # the team's captain; the guest's default no. 6

    # a card that is not on the bench: refused, and nothing stored (the next move is seq 0)
    refused = refuse(
        ann,
        match_id,
        0,
        {"type": "substitute", "side": 0, "player": 7, "card": "blue:stopper-4"},
    )
    assert (refused["code"], refused["rule"]) == ("substitution_not_allowed", "HX-E.3")

    # the bench's box-to-box midfielder (7/8) comes on for no. 7, before the kick-off
    effects, state = log_notation(ann, match_id, 0, "sub B7 blue:box_to_box-7-8")
    assert kinds(effects) == ["substitution"]
    assert effects[0]["data"] == {
        "player": 7,
        "off": "blue:central_midfielder-7",
        "on": "blue:box_to_box-7-8",
        "count": 1,
    }
    cards = {c["slot"]: c for c in state["setup"]["expansion"]["cards"] if c["side"] == 0}
    assert cards[7]["card"] == "blue:box_to_box-7-8" and cards[7]["numbers"] == [7, 8]
    assert state["setup"]["expansion"]["bench"] == [] and state["x"]["subs"] == [1, 0]
    assert state["pitch"]["c3"] == "B7"  # he takes no. 7's field
    # once on, he is no longer on the bench
    again = refuse(
        ann,
        match_id,
        1,
        {"type": "substitute", "side": 0, "player": 8, "card": "blue:box_to_box-7-8"},
    )
    assert again["code"] == "substitution_not_allowed"

    # red's no. 7 (2 attack) dribbles at blue's no. 6 (2 defence), both with a 2-football
    # dribbling card: equal cards, so blue's no. 6 fouls and blue takes its yellow card
    for seq, text in enumerate(["D2l/D2l", "skip", "skip"], start=1):
        effects, state = log_notation(ann, match_id, seq, text)
    assert kinds(effects)[-3:] == ["foul", "yellow_card", "free_kick"]
    assert state["yellow"] == [True, False]
    offered = ann.get(f"/api/matches/{match_id}/state/").json()["legal"]["actions"]
    assert any(a["type"] == "protest" and a["side"] == 0 for a in offered)

    # blue's captain, no. 11, protests; the top card of the pile is a short pass: rejected,
    # and as blue now holds the yellow card, the captain is sent off for dissent
    effects, state = log_notation(ann, match_id, 4, "pr B S2l")
    assert kinds(effects) == ["protest_rejected", "red_card"]
    assert effects[-1]["data"] == {"player": 11, "second_yellow": True, "dissent": True}
    assert state["sent_off"] == [[11], []] and state["yellow"] == [False, False]
    assert "B11" not in state["pitch"].values()
    # once only
    late = refuse(
        ann,
        match_id,
        5,
        {
            "type": "protest",
            "side": 0,
            "card": {"kind": "dribbling", "footballs": 2, "edge": "left"},
        },
    )
    assert (late["code"], late["rule"]) == ("protest_not_possible", "HX-E.4")


def test_without_the_substitutions_event_the_bench_stays_on_the_bench(players, client_for):
    ann = client_for(players[0])
    home = team_from_picks(ann, "Home", "blue", bench=[{"card": "blue:box_to_box-7-8"}])
    created = create_match(ann, home)
    assert [c["card"] for c in created["current"]["state"]["setup"]["expansion"]["bench"]] == [
        "blue:box_to_box-7-8"
    ]
    refused = refuse(
        ann,
        created["match"]["id"],
        0,
        {"type": "substitute", "side": 0, "player": 7, "card": "blue:box_to_box-7-8"},
    )
    assert (refused["code"], refused["rule"]) == ("match_event_off", "HX-E.0")
