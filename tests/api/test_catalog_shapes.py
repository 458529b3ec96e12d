"""The editions, their cards, teams and what a side receives from a team keep to the served
schema, strictly (an object may carry no key its shape does not declare): each game's
reference edition, every card of it, and Hat-Trick teams made every way (picks, a printed team
card, a budget build, refused picks) and a TriXKick team of pieces, as the API answers them."""

from __future__ import annotations

import copy

import pytest
from jsonschema.exceptions import best_match

from tests.api.test_protocol_drift import Validator, components  # noqa: F401 (a fixture)
from tests.teams.conftest import CHEAP, picks
from tests.teams.test_builds import OFFENSIVE_II

pytestmark = pytest.mark.django_db


def checker(components):  # noqa: F811
    root = {"components": {"schemas": copy.deepcopy(components)}}

    def check(name: str, value) -> None:
        validator = Validator({**root, "$ref": f"#/components/schemas/{name}"})
        error = best_match(validator.iter_errors(value))
        assert error is None, f"{name}: {list(error.path)}: {error.message[:300]}"

    return check


@pytest.fixture
def editions():
    from teams.models import Edition
    from teams.services import reference_editions_load

    reference_editions_load()
    return {
        game: Edition.objects.filter(game=game).order_by("-version").first()
        for game in ("hat-trick", "trixkick", "amigo-hattrick")
    }


def test_every_reference_edition_and_each_of_its_cards(components, editions, api_client):  # noqa: F811
    check = checker(components)
    kinds = set()
    for game, edition in editions.items():
        answer = api_client.get(f"/api/editions/{edition.pk}/")
        assert answer.status_code == 200
        check("EditionDetailOutput", answer.json())
        assert answer.json()["game"] == game
        url = f"/api/editions/{edition.pk}/cards/?page_size=100"
        while url:
            page = api_client.get(url).json()
            for card in page["results"]:
                check("CardOutput", card)
                assert card["game"] == game
                kinds.add((game, card["kind"]))
            url = page["next"]
    assert kinds == {
        ("hat-trick", kind)
        for kind in ("base_player", "player", "team_card", "budget_card", "style_card")
    } | {("trixkick", "piece")}


def test_teams_made_every_way_and_their_sides(components, editions, auth_client):  # noqa: F811
    check = checker(components)
    hat_trick, trixkick = editions["hat-trick"].pk, editions["trixkick"].pk
    made = []
    for body in (
        {"edition": hat_trick, "name": "Picks", "picks": picks(CHEAP, gold=(9,))},
        {"edition": hat_trick, "team_card": "ITA", "card_colour": "red"},
        {"edition": trixkick, "name": "XI"},
    ):
        answer = auth_client.post("/api/teams/", body, format="json")
        assert answer.status_code == 201, answer.content
        made.append(answer.json())
    build = auth_client.post(
        "/api/builds/",
        {
            "edition": hat_trick,
            "name": "Sunday league",
            "orientation": "offensive",
            "budget_class": "II",
            "picks": picks(OFFENSIVE_II, gold=(9,)),
        },
        format="json",
    ).json()
    answer = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json")
    assert answer.status_code == 201, answer.content
    made.append(answer.json())
    refused = auth_client.post(
        "/api/teams/",
        {"edition": hat_trick, "name": "Two nines", "picks": picks({**CHEAP, 11: CHEAP[9]})},
        format="json",
    )
    assert refused.status_code in (201, 422), refused.content
    for team in made:
        check("TeamOutput", auth_client.get(f"/api/teams/{team['id']}/").json())
        side = auth_client.get(f"/api/teams/{team['id']}/side-config/")
        assert side.status_code == 200, side.content
        check("TeamSideConfig", side.json())
    assert {team["source"] for team in made} == {"lineup", "team_card", "build", "pieces"}
    assert made[3]["lineup"]["budget"]["class"] == "II"
    listed = auth_client.get("/api/teams/").json()
    for team in listed["results"]:
        check("TeamOutput", team)
    invalid = [team for team in listed["results"] if team["status"] == "invalid"]
    for team in invalid:
        assert team["lineup"] == {}
