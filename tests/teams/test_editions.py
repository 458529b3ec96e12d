"""Editions: the reference catalog, card filters, versioning on edit, re-checks."""

import copy

import pytest

from teams import services
from teams.models import Build, Card, Edition, Team
from tests.helpers import assert_error_shape
from tests.teams.conftest import picks
from tests.teams.test_builds import OFFENSIVE_II

pytestmark = pytest.mark.django_db


def cards(client, edition, query=""):
    response = client.get(f"/api/editions/{edition.id}/cards/?page_size=200&{query}")
    assert response.status_code == 200, response.content
    return response.json()["results"]


def test_reference_catalog_holds_the_expansion(api_client, edition):
    players = cards(api_client, edition, "kind=player")
    assert len(players) == 64
    assert sum(1 for c in players if c["colour"] == "blue") == 32
    assert {c["type"] for c in players} == {"defensive", "balanced", "offensive"}
    assert any(len(c["numbers"]) == 2 for c in players)
    card = next(c for c in players if c["code"] == "blue:holding_midfielder-6-7")
    assert card["numbers"] == [6, 7] and card["price"] == 3
    assert card["data"]["silver"]["ability"] == "holding_midfielder.silver"
    assert card["data"]["gold"]["attack"] >= card["data"]["silver"]["attack"]
    assert len(cards(api_client, edition, "kind=budget_card")) == 3
    assert len(cards(api_client, edition, "kind=style_card")) == 12
    detail = api_client.get(f"/api/editions/{edition.id}/").json()
    assert detail["is_reconstruction"] is True
    assert detail["data"]["expansion"]["reconstruction"] is True
    assert len(detail["data"]["expansion"]["abilities"]) == 44


def test_filter_by_shirt_number_includes_double_numbers(api_client, edition):
    nines = cards(api_client, edition, "kind=player&number=9&colour=blue")
    assert {c["code"] for c in nines} == {
        "blue:goal_poacher-9",
        "blue:winger-9-11",
        "blue:centre_forward-9",
        "blue:false_nine-9",
        "blue:defensive_forward-9-11",
    }
    assert all(9 in c["numbers"] for c in nines)


def test_filter_by_type_and_price(api_client, edition):
    balanced = cards(api_client, edition, "kind=player&type=balanced")
    assert len(balanced) == 18 and {c["type"] for c in balanced} == {"balanced"}
    cheap = cards(api_client, edition, "kind=player&price=1")
    assert cheap and {c["price"] for c in cheap} == {1}
    band = cards(api_client, edition, "kind=player&price_min=3&price_max=4&type=offensive")
    assert band and all(3 <= c["price"] <= 4 and c["type"] == "offensive" for c in band)
    combined = cards(api_client, edition, "kind=player&number=7&type=defensive&price=2")
    assert {c["code"] for c in combined} == {"blue:ball_winner-7", "red:ball_winner-7"}


def test_card_filters_use_indexes():
    names = {index.name for index in Card._meta.indexes}
    assert {"card_number_idx", "card_number_alt_idx", "card_shield_idx", "card_price_idx"} <= names


def test_bad_filters_are_400(api_client, edition):
    for query in ("number=abc", "price=-1", "kind=dragon", "price_min=x"):
        response = api_client.get(f"/api/editions/{edition.id}/cards/?{query}")
        assert_error_shape(response, 400, "invalid")
    assert_error_shape(api_client.get("/api/editions/999999/cards/"), 404)


def test_editions_are_public_to_read(api_client, edition):
    listed = api_client.get("/api/editions/?game=hat-trick").json()["results"]
    assert [e["id"] for e in listed] == [edition.id]
    assert api_client.get("/api/editions/?game=trixkick").json()["results"] == []


def _raise_price(data, card_id, price):
    data = copy.deepcopy(data)
    for card in data["expansion"]["player_cards"]:
        if card["id"] == card_id:
            card["price"] = price
    return data


def test_only_staff_edit_editions(api_client, auth_client, edition):
    url = f"/api/editions/{edition.id}/"
    assert api_client.patch(url, {"title": "x"}, format="json").status_code in (401, 403)
    assert_error_shape(auth_client.patch(url, {"title": "x"}, format="json"), 403)


def test_unused_edition_is_edited_in_place(staff_client, edition):
    url = f"/api/editions/{edition.id}/"
    data = _raise_price(edition.data, "blue:full_back-2", 2)
    response = staff_client.patch(url, {"title": "Mine", "data": data}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["id"] == edition.id and response.json()["version"] == 1
    assert Card.objects.get(edition=edition, code="blue:full_back-2").price == 2


def test_used_edition_gets_a_new_version_and_builds_are_rechecked(
    staff_client, auth_client, edition
):
    build = auth_client.post(
        "/api/builds/",
        {
            "edition": edition.id,
            "name": "B",
            "orientation": "offensive",
            "budget_class": "II",
            "picks": picks(OFFENSIVE_II),
        },
        format="json",
    ).json()
    assert build["status"] == "valid"
    team = auth_client.post(f"/api/builds/{build['id']}/team/", {}, format="json").json()
    lineup_team = auth_client.post(
        "/api/teams/", {"edition": edition.id, "name": "L", "picks": picks()}, format="json"
    ).json()
    old_data = copy.deepcopy(edition.data)

    # The defensive players of the build cost 8 of 9 stars; make the man-marker cost 4.
    data = _raise_price(edition.data, "blue:man_marker-4", 4)
    response = staff_client.patch(f"/api/editions/{edition.id}/", {"data": data}, format="json")
    assert response.status_code == 201, response.content
    new = response.json()
    assert new["version"] == 2 and new["previous"] == edition.id

    edition.refresh_from_db()
    assert edition.data == old_data  # never changed in place
    assert Card.objects.get(edition_id=new["id"], code="blue:man_marker-4").price == 4

    rechecked = auth_client.get(f"/api/builds/{build['id']}/").json()
    assert rechecked["edition"] == new["id"]
    assert rechecked["status"] == "invalid"
    assert [v["code"] for v in rechecked["violations"]] == ["defensive_pool_exceeded"]
    assert rechecked["invalid_reason"] == (
        "Re-checked against hat-trick/reference v2: The players paid from the defensive stars "
        "cost 10; the budget card allows 9."
    )
    # stored as code and parameters: each reader gets the reason in his language
    german = auth_client.get(f"/api/builds/{build['id']}/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["invalid_reason"] == (
        "Erneut geprüft gegen hat-trick/reference v2: Die aus den Sternen „defensiv“ bezahlten "
        "Spieler kosten 10; die Budgetkarte erlaubt 9."
    )
    assert german["violations"][0]["message"] in german["invalid_reason"]
    assert Build.objects.filter(pk=build["id"]).exists()  # kept, not deleted

    made = auth_client.get(f"/api/teams/{team['id']}/").json()
    assert made["status"] == "invalid" and made["invalid_reason"]
    assert_error_shape(
        auth_client.get(f"/api/teams/{team['id']}/side-config/"), 422, "team_invalid"
    )
    # the plain lineup team does not depend on prices: moved, still valid
    kept = auth_client.get(f"/api/teams/{lineup_team['id']}/").json()
    assert kept["status"] == "valid" and kept["edition"] == new["id"]


def test_removed_card_invalidates_teams(staff_client, auth_client, edition):
    team = auth_client.post(
        "/api/teams/", {"edition": edition.id, "name": "L", "picks": picks()}, format="json"
    ).json()
    data = copy.deepcopy(edition.data)
    data["expansion"]["player_cards"] = [
        c for c in data["expansion"]["player_cards"] if c["id"] != "blue:goal_poacher-9"
    ]
    response = staff_client.patch(f"/api/editions/{edition.id}/", {"data": data}, format="json")
    assert response.status_code == 201
    team = Team.objects.get(pk=team["id"])
    assert team.status == "invalid"
    assert [v["code"] for v in team.violations] == ["unknown_card"]


def test_malformed_edition_data_is_400(staff_client, edition):
    url = f"/api/editions/{edition.id}/"
    assert_error_shape(staff_client.patch(url, {"data": "x"}, format="json"), 400, "invalid")
    assert_error_shape(staff_client.patch(url, {"data": [1, 2]}, format="json"), 400, "invalid")
    data = copy.deepcopy(edition.data)
    data["expansion"]["player_cards"][0]["numbers"] = "6/7"
    data["expansion"]["budget_cards"][0]["classes"]["I"] = {"defensive": "many"}
    body = assert_error_shape(staff_client.patch(url, {"data": data}, format="json"), 400)
    assert body["code"] == "invalid_catalog" and len(body["details"]["problems"]) == 2
    assert Edition.objects.count() == 1


def test_ability_effects_and_style_cards_the_engine_would_refuse_are_400(staff_client, edition):
    url = f"/api/editions/{edition.id}/"
    data = copy.deepcopy(edition.data)
    data["expansion"]["abilities"][0]["effect"] = {"kind": "teleport"}
    data["expansion"]["abilities"][1]["effect"]["when"] = "at_half_time"
    data["expansion"]["style_cards"][0]["play"] = {"kind": "block"}
    data["expansion"]["style_cards"][1]["earn"] = {"actions": ["header"], "count": 2}
    body = assert_error_shape(staff_client.patch(url, {"data": data}, format="json"), 400)
    problems = body["details"]["problems"]
    assert body["code"] == "invalid_catalog" and len(problems) == 4
    assert problems[0].startswith("expansion.abilities[0].effect: effect kind must be one of")
    assert problems[1].startswith("expansion.abilities[1].effect: when must be one of")
    assert problems[2].startswith("expansion.style_cards[0].play: a style card's effect kind")
    assert problems[3].startswith("expansion.style_cards[1].earn: earn.actions must list")
    assert Edition.objects.count() == 1
    # a correct edit of an effect is stored
    good = copy.deepcopy(edition.data)
    good["expansion"]["style_cards"][0]["play"]["amount"] = 2
    assert staff_client.patch(url, {"data": good}, format="json").status_code == 200


def test_edition_used_by_a_build_through_the_service(auth_client, user, edition):
    services.build_create(
        owner=user,
        edition=edition,
        name="B",
        orientation="balanced",
        budget_class="I",
        colour="blue",
        picks=picks(),
    )
    new, created = services.edition_update(edition=edition, title="Renamed")
    assert created and new.version == 2 and new.title == "Renamed"
    assert Build.objects.get().edition == new and Build.objects.get().status == "valid"


def test_admin_change_of_a_used_edition_makes_a_new_version(client, user, edition):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-123456789")
    services.build_create(
        owner=user,
        edition=edition,
        name="B",
        orientation="balanced",
        budget_class="I",
        colour="blue",
        picks=picks(),
    )
    client.force_login(admin)
    url = f"/admin/teams/edition/{edition.id}/change/"
    page = client.get(url)
    assert page.status_code == 200
    form = {
        "game": edition.game,
        "slug": edition.slug,
        "version": edition.version,
        "title": "Edited in the admin",
        "data": __import__("json").dumps(edition.data),
        "notes": "",
        "is_reconstruction": "on",
    }
    response = client.post(url, form)
    assert response.status_code == 302, response.content[:2000]
    edition.refresh_from_db()
    assert edition.title == "Hat-Trick reference"
    assert Edition.objects.filter(previous=edition, title="Edited in the admin").exists()


def test_admin_rejects_a_malformed_catalog(client, edition):
    import json

    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-123456789")
    client.force_login(admin)
    data = copy.deepcopy(edition.data)
    data["expansion"]["player_cards"][0]["shield"] = "sideways"
    url = f"/admin/teams/edition/{edition.id}/change/"
    form = {"title": "T", "data": json.dumps(data), "notes": "", "is_reconstruction": "on"}
    response = client.post(url, form)
    assert response.status_code == 200 and b"shield must be" in response.content
    edition.refresh_from_db()
    assert edition.title == "Hat-Trick reference"


def test_reference_editions_load_adds_the_team_catalogs(api_client):
    first = services.reference_editions_load()
    again = services.reference_editions_load()
    assert [e.id for e in first] == [e.id for e in again]  # unchanged data: no new version
    hat_trick = next(e for e in first if e.game == "hat-trick")
    assert hat_trick.is_reconstruction
    assert len(hat_trick.data["expansion"]["player_cards"]) == 64
    assert hat_trick.data["players"]  # the engine's base game cards stay as they are
    assert len(cards(api_client, hat_trick, "kind=player")) == 64
    assert len(cards(api_client, hat_trick, "kind=base_player&number=9")) == 2
    trixkick = next(e for e in first if e.game == "trixkick")
    pieces = cards(api_client, trixkick, "kind=piece")
    assert len(pieces) == 3 + 10 + 6
    assert len(cards(api_client, trixkick, "kind=piece&type=keepers")) == 3


def test_loading_again_keeps_a_staff_edit_of_the_reference(staff_client):
    loaded = next(e for e in services.reference_editions_load() if e.game == "hat-trick")
    response = staff_client.patch(
        f"/api/editions/{loaded.id}/", {"title": "Our printing"}, format="json"
    )
    assert response.status_code == 200  # unused: edited in place
    again = next(e for e in services.reference_editions_load() if e.game == "hat-trick")
    assert again.id == loaded.id and again.title == "Our printing"
