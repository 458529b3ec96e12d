"""A Hat-Trick team's bench (HX-B1.7, HX-B2.7) and captain (HX-B1.8), through HTTP: lineups,
team cards and budget builds carry them, every violation is reported at once, and a match side
receives them in the format the engine reads (HX-E.3, HX-E.4)."""

import copy

import pytest

from matches.engine.hat_trick import ENGINE
from teams.models import Build, Team
from tests.helpers import assert_error_shape
from tests.teams.conftest import CHEAP, picks

pytestmark = pytest.mark.django_db

BENCH = ["blue:box_to_box-7-8", "blue:defensive_leader-4-5"]


def bench(*cards, **pools):
    return [{"card": card, **({"pool": pools[card]} if card in pools else {})} for card in cards]


def create(client, edition, **body):
    return client.post("/api/teams/", {"edition": edition.id, **body}, format="json")


def violations(response, status=422, code="invalid_lineup"):
    body = assert_error_shape(response, status, code)
    return sorted(v["code"] for v in body["details"]["violations"]), body


def by_code(body, code):
    return [v for v in body["details"]["violations"] if v["code"] == code]


# --- lineups and team cards ------------------------------------------------------------------


def test_lineup_team_with_a_bench_and_a_captain(auth_client, edition):
    response = create(
        auth_client, edition, name="Home", picks=picks(gold=(9,)), bench=bench(*BENCH), captain=7
    )
    assert response.status_code == 201, response.content
    lineup = response.json()["lineup"]
    assert [entry["card"] for entry in lineup["bench"]] == BENCH
    box = lineup["bench"][0]
    assert box["numbers"] == [7, 8] and box["shield"] == "balanced" and box["gold"] is False
    # a bench card comes on silver (HX-E.3): its values are the silver side's
    assert (box["attack"], box["defence"]) == (box["silver"]["attack"], box["silver"]["defence"])
    assert lineup["captain"] == 7

    config = auth_client.get(f"/api/teams/{response.json()['id']}/side-config/").json()
    side = config["engine_side"]["lineup"]
    assert side["captain"] == 7
    assert side["bench"] == [
        {
            key: entry[key]
            for key in ("card", "role", "numbers", "edge", "gold", "silver", "gold_side")
        }
        for entry in lineup["bench"]
    ]
    # the engine reads them: the bench and the captain are in the match's set-up
    state = ENGINE.initial_state(
        edition=edition.data, sides=[config["engine_side"], {"name": "B"}], options={}
    )
    assert [c.card for c in state.setup.expansion.bench] == BENCH
    assert state.setup.expansion.captains == (7, 6)


def test_captain_defaults_to_number_six_and_the_bench_to_empty(auth_client, edition):
    response = create(auth_client, edition, name="Home", picks=picks())
    assert response.status_code == 201, response.content
    assert response.json()["lineup"]["bench"] == []
    assert response.json()["lineup"]["captain"] == 6
    config = auth_client.get(f"/api/teams/{response.json()['id']}/side-config/").json()
    assert config["engine_side"]["lineup"]["captain"] == 6


def test_team_card_with_a_bench_and_a_captain_in_its_colour(auth_client, edition):
    response = create(
        auth_client,
        edition,
        team_card="ITA",
        card_colour="red",
        bench=bench("red:box_to_box-7-8", "red:goal_poacher-9"),
        captain=2,
    )
    assert response.status_code == 201, response.content
    lineup = response.json()["lineup"]
    assert lineup["source"] == "team_card" and lineup["captain"] == 2
    assert [e["card"] for e in lineup["bench"]] == ["red:box_to_box-7-8", "red:goal_poacher-9"]
    assert lineup["slots"]["2"]["card"] == "red:ball_playing_centre_back-2-4"  # as printed

    blue_bench = create(auth_client, edition, team_card="ITA", bench=bench("red:goal_poacher-9"))
    codes, body = violations(blue_bench)
    assert codes == ["wrong_colour"]
    assert body["details"]["violations"][0]["details"]["bench"] is True


def test_card_on_the_pitch_and_on_the_bench_is_used_twice(auth_client, edition):
    response = create(auth_client, edition, name="X", picks=picks(), bench=bench(CHEAP[9]))
    codes, body = violations(response)
    assert codes == ["card_used_twice"]
    twice = body["details"]["violations"][0]
    assert twice["rule"] == "HX-B1.5" and twice["card"] == CHEAP[9]
    assert twice["details"]["slots"] == [9] and twice["details"]["bench"] == 1
    assert "as number 9 and also for the bench" in twice["message"]


def test_card_twice_on_the_bench_is_used_twice(auth_client, edition):
    response = create(auth_client, edition, name="X", picks=picks(), bench=bench(*BENCH, BENCH[0]))
    codes, body = violations(response)
    assert codes == ["card_used_twice"]
    assert body["details"]["violations"][0]["details"] == {"slots": [], "bench": 2}


def test_wrong_colour_on_the_bench(auth_client, edition):
    response = create(auth_client, edition, name="X", picks=picks(), bench=bench("red:winger-9-11"))
    codes, body = violations(response)
    assert codes == ["wrong_colour"]
    wrong = body["details"]["violations"][0]
    assert wrong["rule"] == "HX-B1.3" and wrong["slot"] is None
    assert wrong["details"]["card_colour"] == "red" and wrong["details"]["team_colour"] == "blue"


def test_unknown_card_on_the_bench(auth_client, edition):
    response = create(auth_client, edition, name="X", picks=picks(), bench=bench("blue:libero-1"))
    codes, body = violations(response)
    assert codes == ["unknown_card"] and body["rule"] == "HX-B1.2"


def test_too_many_bench_cards(auth_client, edition):
    six = [
        "blue:box_to_box-7-8",
        "blue:defensive_leader-4-5",
        "blue:winger-9-11",
        "blue:playmaker-10",
        "blue:man_marker-4",
        "blue:wing_back-2",
    ]
    response = create(auth_client, edition, name="X", picks=picks(), bench=bench(*six))
    codes, body = violations(response)
    assert codes == ["bench_too_long"]
    too_long = body["details"]["violations"][0]
    assert too_long["rule"] == "HX-B1.7" and too_long["details"] == {"count": 6, "limit": 5}
    five = create(auth_client, edition, name="Five", picks=picks(), bench=bench(*six[:5]))
    assert five.status_code == 201, five.content


@pytest.mark.parametrize("captain", [0, 1, 12, 99])
def test_captain_outside_the_slots(auth_client, edition, captain):
    response = create(auth_client, edition, name="X", picks=picks(), captain=captain)
    codes, body = violations(response)
    assert codes == ["captain_not_a_slot"]
    assert body["rule"] == "HX-B1.8" and body["details"]["violations"][0]["slot"] == captain


def test_every_violation_at_once(auth_client, edition):
    lineup = {**CHEAP, 2: "red:full_back-2"}
    response = create(
        auth_client,
        edition,
        name="Broken",
        picks=picks(lineup),
        bench=bench(CHEAP[9], "red:winger-9-11", "blue:libero-1", *BENCH, "blue:playmaker-10"),
        captain=12,
    )
    codes, _ = violations(response)
    assert codes == [
        "bench_too_long",
        "captain_not_a_slot",
        "card_used_twice",
        "unknown_card",
        "wrong_colour",
        "wrong_colour",
    ]
    assert not Team.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"bench": [{"card": "blue:winger-9-11", "gold": True}]}, "bench"),
        ({"bench": "blue:winger-9-11"}, "bench"),
        ({"bench": [{"card": "x"}] * 21}, "bench"),
        ({"captain": "seven"}, "captain"),
        ({"captain": -1}, "captain"),
        ({"captain": 100}, "captain"),
    ],
)
def test_malformed_bench_or_captain_is_400(auth_client, edition, body, field):
    response = create(auth_client, edition, name="X", picks=picks(), **body)
    error = assert_error_shape(response, 400)
    assert any(path == field or path.startswith(f"{field}.") for path in error["fields"])
    assert not Team.objects.exists()


def test_trixkick_team_refuses_a_bench_and_a_captain(auth_client, tk_edition):
    for body in ({"bench": bench("blue:winger-9-11")}, {"captain": 7}):
        response = create(auth_client, tk_edition, name="Tri", **body)
        assert_error_shape(response, 400, "lineup_not_allowed")
    assert not Team.objects.exists()


def test_patch_changes_the_bench_and_the_captain_and_refuses_a_bad_one(auth_client, edition):
    team = create(auth_client, edition, name="Home", picks=picks(), bench=bench(*BENCH)).json()
    url = f"/api/teams/{team['id']}/"

    changed = auth_client.patch(url, {"captain": 9, "bench": bench(BENCH[1])}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["lineup"]["captain"] == 9
    assert [e["card"] for e in changed.json()["lineup"]["bench"]] == [BENCH[1]]

    # a new lineup keeps the bench and the captain; the new no. 9 may not sit on the bench too
    kept = auth_client.patch(url, {"picks": picks(gold=(4,))}, format="json")
    assert kept.status_code == 200, kept.content
    assert kept.json()["lineup"]["captain"] == 9 and len(kept.json()["lineup"]["bench"]) == 1
    clash = {**CHEAP, 4: BENCH[1]}
    codes, _ = violations(auth_client.patch(url, {"picks": picks(clash)}, format="json"))
    assert codes == ["card_used_twice"]

    codes, _ = violations(
        auth_client.patch(url, {"captain": 1, "bench": bench(CHEAP[2])}, format="json")
    )
    assert codes == ["captain_not_a_slot", "card_used_twice"]
    unchanged = auth_client.get(url).json()["lineup"]
    assert unchanged["captain"] == 9 and [e["card"] for e in unchanged["bench"]] == [BENCH[1]]

    reset = auth_client.patch(url, {"captain": None, "bench": []}, format="json")
    assert reset.status_code == 200, reset.content
    assert reset.json()["lineup"]["captain"] == 6 and reset.json()["lineup"]["bench"] == []


# --- budget builds ---------------------------------------------------------------------------


def build_body(edition, orientation="balanced", budget_class="IV", lineup=CHEAP, **extra):
    return {
        "edition": edition.id,
        "name": "Sunday league",
        "orientation": orientation,
        "budget_class": budget_class,
        "picks": picks(lineup),
        **extra,
    }


def dry_run(client, edition, **extra):
    response = client.post("/api/builds/check/", build_body(edition, **extra), format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_dry_run_prices_the_bench_like_the_lineup(api_client, edition):
    without = dry_run(api_client, edition)
    result = dry_run(
        api_client,
        edition,
        bench=bench("blue:defensive_leader-4-5", "blue:box_to_box-7-8"),
        captain=10,
    )
    assert without["valid"] and result["valid"], result["violations"]
    assert result["bench"][0] == {
        "card": "blue:defensive_leader-4-5",
        "shield": "defensive",
        "price": 4,
        "cost": 4,  # silver price: a bench card comes on silver, no gold star
        "pool": "defensive",
    }
    box = result["bench"][1]
    assert (box["cost"], box["pool"], box["pool_chosen"]) == (3, "offensive", True)
    # 11 stars on the pitch + 7 on the bench: all 18 of balanced IV, one balanced 1-star
    # midfielder paid from the defensive pool so that both pools fit exactly
    total = sum(without["pools"][p]["spent"] for p in without["pools"])
    assert total == 11
    assert result["pools"] == {
        "defensive": {"budget": 9, "spent": 9, "left": 0},
        "offensive": {"budget": 9, "spent": 9, "left": 0},
    }


def test_bench_over_budget_and_wrong_pool(api_client, edition):
    # balanced IV: 9 + 9 stars; the lineup spends 4 defensive, 5 offensive and 2 balanced
    expensive = bench(
        "blue:defensive_leader-4-5",
        "blue:holding_midfielder-6-7",
        "blue:ball_playing_centre_back-2-4",
    )
    result = dry_run(api_client, edition, bench=expensive)
    assert [v["code"] for v in result["violations"]] == ["defensive_pool_exceeded"]
    over = result["violations"][0]
    # 4 defensive stars on the pitch + 4 + 3 + 3 on the bench; the balanced pair goes offensive
    assert over["rule"] == "HX-B2.2"
    assert over["details"] == {"pool": "defensive", "spent": 14, "budget": 9, "over": 5}
    assert result["pools"]["defensive"]["left"] == -5
    assert result["pools"]["offensive"] == {"budget": 9, "spent": 7, "left": 2}

    wrong = dry_run(
        api_client, edition, bench=bench("blue:winger-9-11", **{"blue:winger-9-11": "defensive"})
    )
    assert [(v["code"], v["card"]) for v in wrong["violations"]] == [
        ("wrong_pool", "blue:winger-9-11")
    ]


def test_dry_run_answers_every_violation_at_once(api_client, edition):
    result = dry_run(
        api_client,
        edition,
        bench=bench(
            CHEAP[2],
            "red:winger-9-11",
            "blue:defensive_leader-4-5",
            "blue:holding_midfielder-6-7",
            "blue:ball_playing_centre_back-2-4",
            "blue:man_marker-4",
        ),
        captain=12,
    )
    assert result["valid"] is False
    assert sorted(v["code"] for v in result["violations"]) == [
        "bench_too_long",
        "captain_not_a_slot",
        "card_used_twice",
        "defensive_pool_exceeded",
        "offensive_pool_exceeded",  # the red winger is priced too: 4 stars
        "wrong_colour",
    ]


def test_saved_build_keeps_its_bench_and_captain_and_its_team_plays_them(auth_client, edition):
    body = build_body(
        edition,
        bench=bench("blue:box_to_box-7-8", **{"blue:box_to_box-7-8": "offensive"}),
        captain=5,
    )
    response = auth_client.post("/api/builds/", body, format="json")
    assert response.status_code == 201, response.content
    build = response.json()
    assert build["status"] == "valid"
    assert build["bench"] == [{"card": "blue:box_to_box-7-8", "pool": "offensive"}]
    assert build["captain"] == 5

    team = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json")
    assert team.status_code == 201, team.content
    assert team.json()["lineup"]["captain"] == 5
    config = auth_client.get(f"/api/teams/{team.json()['id']}/side-config/").json()
    side = config["engine_side"]["lineup"]
    assert [e["card"] for e in side["bench"]] == ["blue:box_to_box-7-8"] and side["captain"] == 5

    # the team's bench changes through its build only
    refused = auth_client.patch(f"/api/teams/{team.json()['id']}/", {"captain": 7}, format="json")
    assert_error_shape(refused, 400, "lineup_from_build")

    # a bench over budget makes the build, and its team, invalid
    over = bench(
        "blue:defensive_leader-4-5",
        "blue:holding_midfielder-6-7",
        "blue:ball_playing_centre_back-2-4",
    )
    patched = auth_client.patch(f"/api/builds/{build['id']}/", {"bench": over}, format="json")
    assert patched.status_code == 200, patched.content
    assert patched.json()["status"] == "invalid"
    assert [v["code"] for v in patched.json()["violations"]] == ["defensive_pool_exceeded"]
    assert Team.objects.get(pk=team.json()["id"]).status == "invalid"

    fixed = auth_client.patch(
        f"/api/builds/{build['id']}/", {"bench": [], "captain": None}, format="json"
    )
    assert fixed.json()["status"] == "valid" and fixed.json()["captain"] is None
    lineup = auth_client.get(f"/api/teams/{team.json()['id']}/").json()["lineup"]
    assert lineup["bench"] == [] and lineup["captain"] == 6


def test_saved_build_answers_the_same_violations_as_the_dry_run(auth_client, edition):
    extra = {"bench": bench(CHEAP[2], "red:winger-9-11"), "captain": 1}
    checked = dry_run(auth_client, edition, **extra)
    saved = auth_client.post("/api/builds/", build_body(edition, **extra), format="json")
    assert saved.status_code == 201, saved.content
    assert saved.json()["status"] == "invalid"
    assert saved.json()["violations"] == checked["violations"]
    assert sorted(v["code"] for v in checked["violations"]) == [
        "captain_not_a_slot",
        "card_used_twice",
        "wrong_colour",
    ]
    made = auth_client.post(f"/api/builds/{saved.json()['id']}/team/", {}, format="json")
    assert_error_shape(made, 422, "build_invalid")
    assert Build.objects.get().team is None and not Team.objects.exists()


# --- a new edition version re-checks the bench (HX-B4.1) --------------------------------------


def test_new_edition_rechecks_the_bench_of_teams_and_builds(staff_client, auth_client, edition):
    lineup_team = create(
        auth_client, edition, name="L", picks=picks(), bench=bench("blue:winger-9-11"), captain=8
    ).json()
    build = auth_client.post(
        "/api/builds/", build_body(edition, bench=bench("blue:man_marker-4")), format="json"
    ).json()
    assert build["status"] == "valid"
    data = copy.deepcopy(edition.data)
    data["expansion"]["player_cards"] = [
        c for c in data["expansion"]["player_cards"] if c["id"] != "blue:winger-9-11"
    ]
    for card in data["expansion"]["player_cards"]:
        if card["id"] == "blue:man_marker-4":
            card["price"] = 9  # the bench card alone now overspends the defensive pool
    response = staff_client.patch(f"/api/editions/{edition.id}/", {"data": data}, format="json")
    assert response.status_code == 201, response.content

    team = Team.objects.get(pk=lineup_team["id"])
    assert team.status == "invalid"
    assert [(v["code"], v["card"]) for v in team.violations] == [
        ("unknown_card", "blue:winger-9-11")
    ]
    assert team.lineup["captain"] == 8  # kept as it was, not dropped
    rechecked = auth_client.get(f"/api/builds/{build['id']}/").json()
    assert rechecked["status"] == "invalid"
    assert [v["code"] for v in rechecked["violations"]] == ["defensive_pool_exceeded"]
    assert rechecked["bench"] == [{"card": "blue:man_marker-4", "pool": None}]


def test_a_trixkick_bench_is_refused_in_german(auth_client, tk_edition):
    response = auth_client.post(
        "/api/teams/",
        {"edition": tk_edition.id, "name": "Tri", "captain": 7},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    body = assert_error_shape(response, 400, "lineup_not_allowed")
    assert body["message"] == (
        "Bank und Kapitän gibt es nur bei Hat-Trick-Mannschaften; eine TriXKick-Mannschaft "
        "nennt ihre Auswechselspieler unter ihren Figuren."
    )
