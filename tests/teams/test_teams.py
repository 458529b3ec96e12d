"""Teams: lineups, printed team cards, TriXKick pieces, and what a match receives."""

import pytest

from teams.models import Team
from teams.selectors import edition_is_used, team_side_config
from tests.helpers import assert_error_shape
from tests.teams.conftest import CHEAP, picks

pytestmark = pytest.mark.django_db


def create(client, edition, **body):
    return client.post("/api/teams/", {"edition": edition.id, **body}, format="json")


def test_lineup_team_with_gold_flags_and_star_keeper(auth_client, edition):
    response = create(
        auth_client,
        edition,
        name="Home",
        colours=["#ff0000", "#ffffff"],
        style="physical",
        picks=picks(gold=(4, 9)),
        star_keeper=True,
    )
    assert response.status_code == 201, response.content
    team = response.json()
    assert team["source"] == "lineup" and team["status"] == "valid"
    lineup = team["lineup"]
    assert sorted(map(int, lineup["slots"])) == list(range(2, 12))
    assert lineup["gold"] == [4, 9] and lineup["star_keeper"] is True
    assert lineup["slots"]["4"]["gold"] is True
    assert lineup["slots"]["4"]["defence"] == 4  # the stopper's gold side
    assert lineup["slots"]["5"]["defence"] == 3  # silver side


def test_double_number_card_on_either_slot(auth_client, edition):
    for slot in (2, 4):
        lineup = {**CHEAP, slot: "blue:ball_playing_centre_back-2-4"}
        response = create(auth_client, edition, name=f"on {slot}", picks=picks(lineup))
        assert response.status_code == 201, response.content
        assert response.json()["lineup"]["slots"][str(slot)]["numbers"] == [2, 4]


def test_broken_lineup_is_422_with_every_violation(auth_client, edition):
    lineup = {**CHEAP, 2: "red:full_back-2", 3: "blue:winger-9-11", 9: "blue:winger-9-11"}
    del lineup[11]
    response = create(auth_client, edition, name="Broken", picks=picks(lineup))
    body = assert_error_shape(response, 422, "invalid_lineup")
    found = sorted(v["code"] for v in body["details"]["violations"])
    assert found == ["card_used_twice", "slot_not_covered", "wrong_colour", "wrong_slot"]


def test_team_card_taken_as_it_is_gives_the_match_lineup(auth_client, edition):
    response = create(auth_client, edition, team_card="ITA", card_colour="red")
    assert response.status_code == 201, response.content
    team = Team.objects.get(pk=response.json()["id"])
    config = team_side_config(team=team)
    assert config["name"] == "Italy" and config["team_id"] == team.id
    assert config["edition_id"] == edition.id and config["game"] == "hat-trick"
    assert config["style"] == "tactical"
    lineup = config["lineup"]
    assert lineup["source"] == "team_card" and lineup["team_card"] == "ITA"
    assert lineup["colour"] == "red"
    # "Bei Italien ist es der Ballspielende IV" at number 2; Italy's keeper is a star keeper.
    assert lineup["slots"]["2"]["card"] == "red:ball_playing_centre_back-2-4"
    assert lineup["slots"]["2"]["role"] == "ball_playing_centre_back"
    assert lineup["star_keeper"] is True
    assert lineup["gold"] == [4, 5, 6]
    assert {lineup["slots"][s]["gold"] for s in ("4", "5", "6")} == {True}
    assert lineup["slots"]["9"]["gold"] is False
    assert len({entry["card"] for entry in lineup["slots"].values()}) == 10
    assert all(int(s) in e["numbers"] for s, e in lineup["slots"].items())


def test_every_printed_team_card_makes_a_valid_team(auth_client, edition):
    cards = auth_client.get(f"/api/editions/{edition.id}/cards/?kind=team_card").json()["results"]
    assert len(cards) == 24
    for card in cards:
        team_card = card["data"]["id"]
        response = create(auth_client, edition, team_card=team_card)
        assert response.status_code == 201, (team_card, response.content)
        assert response.json()["style"] == card["data"]["style"]


def test_brazil_plays_technical(auth_client, edition):
    team = create(auth_client, edition, team_card="BRA").json()
    assert team["style"] == "technical"


def test_unknown_team_card(auth_client, edition):
    body = assert_error_shape(create(auth_client, edition, team_card="XYZ"), 422, "invalid_lineup")
    assert body["details"]["violations"][0]["code"] == "unknown_team_card"


def test_side_config_over_http_and_invalid_team(auth_client, edition):
    team = create(auth_client, edition, name="X", picks=picks()).json()
    config = auth_client.get(f"/api/teams/{team['id']}/side-config/").json()
    assert set(config) >= {"name", "team_id", "lineup"}
    Team.objects.filter(pk=team["id"]).update(status="invalid")
    response = auth_client.get(f"/api/teams/{team['id']}/side-config/")
    assert_error_shape(response, 422, "team_invalid")


def test_edition_is_used_by_a_team(auth_client, edition):
    assert edition_is_used(edition=edition) is False
    create(auth_client, edition, name="X", picks=picks())
    assert edition_is_used(edition=edition) is True


def test_update_name_and_lineup(auth_client, edition):
    team = create(auth_client, edition, name="X", picks=picks()).json()
    response = auth_client.patch(
        f"/api/teams/{team['id']}/",
        {"name": "Y", "picks": picks(gold=(10,)), "star_keeper": True},
        format="json",
    )
    assert response.status_code == 200, response.content
    updated = response.json()
    assert updated["name"] == "Y" and updated["lineup"]["gold"] == [10]
    assert updated["lineup"]["star_keeper"] is True
    response = auth_client.patch(
        f"/api/teams/{team['id']}/", {"picks": picks({2: CHEAP[2]})}, format="json"
    )
    assert_error_shape(response, 422, "invalid_lineup")


def test_trixkick_team_of_pieces(auth_client, tk_edition):
    response = create(auth_client, tk_edition, name="Tri")
    assert response.status_code == 201, response.content
    lineup = response.json()["lineup"]
    assert len(lineup["field"]) == 10 and len(lineup["keepers"]) == 3
    assert lineup["keepers"] == ["K", "L", "R"]
    assert len(lineup["substitutes"]) == 6
    config = auth_client.get(f"/api/teams/{response.json()['id']}/side-config/").json()
    assert config["lineup"]["field"] == lineup["field"]


def test_trixkick_team_with_a_substitute_in_the_field(auth_client, tk_edition):
    field = ["KL", "LR", "KR", "KLR", "LLK", "LLR", "RRK", "KKL", "RRL", "KKLR"]
    subs = ["KKR", "RRKL"]
    response = create(
        auth_client, tk_edition, name="Tri", pieces={"field": field, "substitutes": subs}
    )
    assert response.status_code == 201, response.content


def test_trixkick_bad_pieces(auth_client, tk_edition):
    response = create(
        auth_client,
        tk_edition,
        name="Tri",
        pieces={"field": ["KL", "KL", "XYZ"], "keepers": ["K", "K", "R"]},
    )
    body = assert_error_shape(response, 422, "invalid_lineup")
    found = sorted(v["code"] for v in body["details"]["violations"])
    assert found == ["field_size", "piece_used_twice", "unknown_piece", "wrong_keepers"]


def test_trixkick_rejects_hat_trick_lineups(auth_client, tk_edition):
    assert_error_shape(create(auth_client, tk_edition, name="T", picks=picks()), 400)


def test_trixkick_side_config_is_accepted_by_the_engine(auth_client, tk_edition):
    from matches.engine import get_engine

    engine = get_engine("trixkick")
    field = ["KL", "LR", "KR", "KLR", "LLK", "LLR", "RRK", "KKL", "RRL", "KKLR"]
    team = create(
        auth_client, tk_edition, name="Tri", pieces={"field": field, "substitutes": ["KKR"]}
    ).json()
    config = auth_client.get(f"/api/teams/{team['id']}/side-config/").json()
    assert config["engine_side"] == {
        "name": "Tri",
        "pieces": {"field": field, "substitutes": ["KKR"]},
    }
    edition = engine.default_edition()
    state = engine.initial_state(
        edition=edition, sides=[config["engine_side"], {"name": "B"}], options={}
    )
    assert state is not None


def test_hat_trick_side_config_is_accepted_by_the_engine(auth_client, edition):
    from matches.engine import get_engine

    engine = get_engine("hat-trick")
    team = create(auth_client, edition, team_card="GER").json()
    config = auth_client.get(f"/api/teams/{team['id']}/side-config/").json()
    side = config["engine_side"]
    assert set(side) == {"name", "lineup"} and side["name"] == "Germany"
    assert set(side["lineup"]) == {"slots", "star_keeper", "style", "bench", "captain"}
    assert side["lineup"]["bench"] == [] and side["lineup"]["captain"] == 6  # the defaults
    assert side["lineup"]["slots"]["4"]["card"] == "blue:ball_playing_centre_back-2-4"
    assert side["lineup"]["slots"]["4"]["gold"] is True
    assert side["lineup"]["style"] == "total" and side["lineup"]["star_keeper"] is True
    state = engine.initial_state(edition=edition.data, sides=[side, {"name": "B"}], options={})
    assert state.setup.expansion.by_code[4].role == "ball_playing_centre_back"
    assert 4 in state.x.gold and state.x.star_keeper == (True, False)
