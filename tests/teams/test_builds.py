"""Budget builds (HX-B2): pools, violations, dry run, and turning a build into a team."""

import pytest

from matches.engine.hat_trick.expansion.teams import budget, catalog
from matches.engine.teams import BuildRequest
from teams.catalogs import catalog_file
from tests.helpers import assert_error_shape
from tests.teams.conftest import CHEAP, picks

pytestmark = pytest.mark.django_db


def check(client, edition, orientation, budget_class, lineup=CHEAP, **kwargs):
    body = {
        "edition": edition.id,
        "orientation": orientation,
        "budget_class": budget_class,
        "picks": picks(lineup, gold=kwargs.pop("gold", ()), pool=kwargs.pop("pool", {})),
        **kwargs,
    }
    response = client.post("/api/builds/check/", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def codes(result) -> list[str]:
    return sorted(v["code"] for v in result["violations"])


def test_printed_budget_row_offensive_class_two_is_9_and_21(api_client, edition):
    result = check(api_client, edition, "offensive", "II", lineup={})
    assert result["pools"]["defensive"]["budget"] == 9
    assert result["pools"]["offensive"]["budget"] == 21
    cards = api_client.get(f"/api/editions/{edition.id}/cards/?kind=budget_card").json()
    offensive = next(c for c in cards["results"] if c["type"] == "offensive")
    assert offensive["data"]["classes"]["II"] == {"defensive": 9, "offensive": 21}


def test_dry_run_counts_the_stars_left_in_each_pool(api_client, edition):
    """HX-B2.4: with no pool given, the server pays each balanced player wholly from one pool
    and reports its choice (``pool_chosen``)."""
    result = check(api_client, edition, "offensive", "II")
    assert result["valid"] is True and result["violations"] == []
    # 4 defensive stars; the two balanced midfielders (1 each) and 5 offensive stars.
    assert result["pools"]["defensive"]["spent"] + result["pools"]["offensive"]["spent"] == 11
    assert result["pools"]["defensive"]["spent"] >= 4
    by_slot = {p["slot"]: p for p in result["picks"]}
    assert by_slot[6]["pool"] in ("defensive", "offensive") and by_slot[6]["pool_chosen"]
    assert by_slot[2]["pool"] == "defensive" and by_slot[9]["pool"] == "offensive"
    assert "pool_chosen" not in by_slot[2] and "pool_chosen" not in by_slot[9]
    # each pool is charged the whole cost of the balanced players put in it
    for pool in ("defensive", "offensive"):
        assert result["pools"][pool]["spent"] == sum(
            p["cost"] for p in result["picks"] if p["pool"] == pool
        )


def test_dry_run_works_step_by_step_with_a_partial_lineup(api_client, edition):
    result = check(api_client, edition, "balanced", "II", lineup={2: CHEAP[2]})
    assert result["valid"] is False
    assert codes(result).count("slot_not_covered") == 9
    assert result["pools"]["defensive"] == {"budget": 15, "spent": 1, "left": 14}


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

DEFENSIVE_II = {
    2: "blue:ball_playing_centre_back-2-4",
    3: "blue:full_back-3",
    4: "blue:defensive_leader-4-5",
    5: "blue:man_marker-5",
    6: "blue:holding_midfielder-6-7",
    7: "blue:ball_winner-7",
    8: "blue:box_to_box-7-8",
    10: "blue:attacking_midfielder-10",
    9: "blue:goal_poacher-9",
    11: "blue:goal_poacher-11",
}


def test_valid_offensive_build(api_client, edition):
    result = check(api_client, edition, "offensive", "II", lineup=OFFENSIVE_II, gold=(9,))
    assert result["valid"], result["violations"]
    assert result["pools"]["defensive"] == {"budget": 9, "spent": 8, "left": 1}
    # 14 offensive + the balanced box-to-box player (3, paid wholly from offence) + 1 gold
    assert result["pools"]["offensive"] == {"budget": 21, "spent": 18, "left": 3}


def test_valid_defensive_build(api_client, edition):
    result = check(api_client, edition, "defensive", "II", lineup=DEFENSIVE_II, star_keeper=True)
    assert result["valid"], result["violations"]
    assert result["star_keeper_cost"] == 2
    assert result["pools"]["defensive"]["budget"] == 21
    assert result["pools"]["offensive"]["budget"] == 9


def test_valid_balanced_build(api_client, edition):
    result = check(api_client, edition, "balanced", "II", gold=(2, 3, 4, 5, 9, 11))
    assert result["valid"], result["violations"]
    assert result["pools"]["defensive"]["budget"] == 15


def test_gold_upgrade_costs_one_extra_star(api_client, edition):
    silver = check(api_client, edition, "offensive", "II")
    gold = check(api_client, edition, "offensive", "II", gold=(9,))
    assert gold["pools"]["offensive"]["spent"] == silver["pools"]["offensive"]["spent"] + 1
    nine = next(p for p in gold["picks"] if p["slot"] == 9)
    assert nine["price"] == 2 and nine["cost"] == 3 and nine["gold"] is True


def test_HX_B2_6_star_keeper_costs_two_stars_from_the_defensive_pool(api_client, edition):
    without = check(api_client, edition, "offensive", "II", lineup=OFFENSIVE_II)
    result = check(api_client, edition, "offensive", "II", lineup=OFFENSIVE_II, star_keeper=True)
    assert without["valid"] and without["star_keeper_cost"] == 0
    assert result["star_keeper_cost"] == 2
    assert result["pools"]["defensive"]["spent"] == without["pools"]["defensive"]["spent"] + 2
    assert result["pools"]["offensive"] == without["pools"]["offensive"]
    # 8 + 2 stars against the 9 of the defensive pool
    assert codes(result) == ["defensive_pool_exceeded"]
    assert result["pools"]["defensive"]["spent"] == 10
    assert result["violations"][0]["rule"] == "HX-B2.2"


def test_HX_B2_6_star_keeper_price_and_pool_are_edition_data():
    exp = catalog_file(catalog.CATALOG_FILE)
    assert (exp["star_keeper_price"], exp["star_keeper_pool"]) == (2, "defensive")
    exp.update(star_keeper_price=3, star_keeper_pool="offensive")
    build = {"orientation": "offensive", "budget_class": "II", "colour": "blue"}
    data = {"expansion": exp}
    without = budget.check_build(data, BuildRequest(picks=picks(OFFENSIVE_II), **build))
    result = budget.check_build(
        data, BuildRequest(picks=picks(OFFENSIVE_II), star_keeper=True, **build)
    )
    assert result["valid"] and result["star_keeper_cost"] == 3
    assert result["pools"]["defensive"] == without["pools"]["defensive"]
    assert result["pools"]["offensive"]["spent"] == without["pools"]["offensive"]["spent"] + 3


def test_double_numbers_fill_either_slot(api_client, edition):
    on_two = {**CHEAP, 2: "blue:ball_playing_centre_back-2-4"}
    on_four = {**CHEAP, 4: "blue:ball_playing_centre_back-2-4"}
    assert check(api_client, edition, "balanced", "I", lineup=on_two)["valid"]
    assert check(api_client, edition, "balanced", "I", lineup=on_four)["valid"]
    on_three = {**CHEAP, 3: "blue:ball_playing_centre_back-2-4"}
    result = check(api_client, edition, "balanced", "I", lineup=on_three)
    assert codes(result) == ["wrong_slot"]
    assert result["violations"][0]["details"]["numbers"] == [2, 4]


def test_slot_not_covered(api_client, edition):
    lineup = {k: v for k, v in CHEAP.items() if k != 11}
    result = check(api_client, edition, "balanced", "II", lineup=lineup)
    assert codes(result) == ["slot_not_covered"]
    assert result["violations"][0]["slot"] == 11
    assert result["violations"][0]["rule"] == "HX-B1.1"


def test_card_used_twice(api_client, edition):
    lineup = {**CHEAP, 9: "blue:winger-9-11", 11: "blue:winger-9-11"}
    result = check(api_client, edition, "balanced", "II", lineup=lineup)
    assert codes(result) == ["card_used_twice"]
    assert result["violations"][0]["details"]["slots"] == [9, 11]


def test_wrong_colour(api_client, edition):
    result = check(api_client, edition, "balanced", "II", lineup={**CHEAP, 2: "red:full_back-2"})
    assert codes(result) == ["wrong_colour"]
    assert result["violations"][0]["card"] == "red:full_back-2"


def test_red_builds_use_red_cards(api_client, edition):
    red = {slot: card.replace("blue:", "red:") for slot, card in CHEAP.items()}
    assert check(api_client, edition, "balanced", "II", lineup=red, card_colour="red")["valid"]


def test_defensive_pool_exceeded(api_client, edition):
    # offensive IV: 5 defensive stars; 4 defensive stars + 2 gold upgrades = 6.
    result = check(api_client, edition, "offensive", "IV", gold=(2, 3))
    assert codes(result) == ["defensive_pool_exceeded"]
    violation = result["violations"][0]
    assert violation["details"] == {"pool": "defensive", "spent": 6, "budget": 5, "over": 1}
    assert result["pools"]["defensive"]["left"] == -1


def test_offensive_pool_exceeded(api_client, edition):
    # defensive IV: 5 offensive stars; 5 offensive stars + 1 gold upgrade = 6.
    result = check(api_client, edition, "defensive", "IV", gold=(9,))
    assert codes(result) == ["offensive_pool_exceeded"]
    assert result["pools"]["offensive"]["left"] == -1
    # the balanced midfielders were put where they fit: the defensive pool
    assert {p["pool"] for p in result["picks"] if p["shield"] == "balanced"} == {"defensive"}


SPLIT = {
    2: "blue:full_back-2",
    3: "blue:full_back-3",
    4: "blue:man_marker-4",
    5: "blue:man_marker-5",
    7: "blue:ball_winner-7",
    6: "blue:utility_man-5-6",
    8: "blue:wide_midfielder-8",
    10: "blue:wide_midfielder-10",
    9: "blue:goal_poacher-9",
    11: "blue:goal_poacher-11",
}


def test_HX_B2_4_balanced_player_split(api_client, edition):
    # balanced IV: 9 + 9. Defensive players 8, offensive 8 (with one gold), and a balanced
    # player of 2: 18 stars would suffice only by paying him 1 + 1.
    result = check(api_client, edition, "balanced", "IV", lineup=SPLIT, gold=(11,))
    assert codes(result) == ["balanced_player_split"]
    violation = result["violations"][0]
    assert violation["rule"] == "HX-B2.4"
    assert violation["details"]["cards"] == ["blue:utility_man-5-6"]
    assert (violation["details"]["needed"], violation["details"]["available"]) == (18, 18)
    # he is still paid wholly from one pool, which that pool cannot afford
    six = next(p for p in result["picks"] if p["slot"] == 6)
    assert six["cost"] == 2 and six["pool"] in ("defensive", "offensive") and six["pool_chosen"]
    assert result["pools"][six["pool"]] == {"budget": 9, "spent": 10, "left": -1}


def test_HX_B2_4_balanced_player_with_chosen_pool_that_does_not_fit(api_client, edition):
    """The manager's choice of pool stands, even where the other pool would have fitted."""
    chosen = check(api_client, edition, "offensive", "IV", pool={6: "defensive", 7: "defensive"})
    assert codes(chosen) == ["defensive_pool_exceeded"]
    by_slot = {p["slot"]: p for p in chosen["picks"]}
    assert by_slot[6]["pool"] == by_slot[7]["pool"] == "defensive"
    assert "pool_chosen" not in by_slot[6] and "pool_chosen" not in by_slot[7]
    # left to the server, both go where they fit
    free = check(api_client, edition, "offensive", "IV")
    assert free["valid"], free["violations"]
    assert {p["pool"] for p in free["picks"] if p["slot"] in (6, 7)} == {"offensive"}


def test_defensive_player_cannot_be_paid_from_offence(api_client, edition):
    result = check(api_client, edition, "offensive", "II", pool={2: "offensive"})
    assert codes(result) == ["wrong_pool"]


def test_several_violations_at_once(api_client, edition):
    lineup = dict(CHEAP)
    lineup[2] = "red:full_back-2"
    lineup[9] = "blue:winger-9-11"
    lineup[11] = "blue:winger-9-11"
    del lineup[10]
    lineup[8] = "blue:playmaker-10"
    result = check(api_client, edition, "defensive", "IV", lineup=lineup, gold=(9, 11))
    assert codes(result) == [
        "card_used_twice",
        "offensive_pool_exceeded",
        "slot_not_covered",
        "wrong_colour",
        "wrong_slot",
    ]
    assert result["valid"] is False
    assert all(v["message"] and v["rule"].startswith("HX-B") for v in result["violations"])


def test_unknown_card_is_a_violation(api_client, edition):
    result = check(api_client, edition, "balanced", "II", lineup={**CHEAP, 2: "blue:nobody"})
    assert codes(result) == ["unknown_card"]


def test_saved_build_becomes_a_team_a_match_can_use(auth_client, edition):
    body = {
        "edition": edition.id,
        "name": "Sunday league",
        "orientation": "offensive",
        "budget_class": "II",
        "picks": picks(OFFENSIVE_II, gold=(9,)),
    }
    response = auth_client.post("/api/builds/", body, format="json")
    assert response.status_code == 201, response.content
    build = response.json()
    assert build["status"] == "valid" and build["pools"]["offensive"]["left"] == 3
    response = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json")
    assert response.status_code == 201, response.content
    team = response.json()
    assert team["source"] == "build" and team["build"] == build["id"]
    assert team["style"] == ""  # budget teams earn a style during the match (HX-B3.3)
    config = auth_client.get(f"/api/teams/{team['id']}/side-config/").json()
    assert config["team_id"] == team["id"] and config["name"] == "Sunday league"
    assert config["lineup"]["slots"]["9"]["card"] == "blue:centre_forward-9"
    assert config["lineup"]["gold"] == [9]
    assert config["lineup"]["budget"]["orientation"] == "offensive"
    # asking again answers the same team
    again = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json")
    assert again.status_code == 200 and again.json()["id"] == team["id"]


def test_invalid_build_is_saved_but_does_not_become_a_team(auth_client, edition):
    body = {
        "edition": edition.id,
        "name": "Draft",
        "orientation": "offensive",
        "budget_class": "IV",
        "picks": picks(gold=(2, 3)),
    }
    build = auth_client.post("/api/builds/", body, format="json").json()
    assert build["status"] == "invalid"
    assert [v["code"] for v in build["violations"]] == ["defensive_pool_exceeded"]
    response = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json")
    body = assert_error_shape(response, 422, "build_invalid")
    assert body["details"]["violations"][0]["code"] == "defensive_pool_exceeded"
    fixed = auth_client.patch(
        f"/api/builds/{build['id']}/", {"picks": picks()}, format="json"
    ).json()
    assert fixed["status"] == "valid" and fixed["violations"] == []
