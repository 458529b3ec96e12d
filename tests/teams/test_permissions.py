"""Owners write, others read; lists show your own by default; malformed input is a 400."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import assert_error_shape
from tests.teams.conftest import picks

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_team(auth_client, edition):
    return auth_client.post(
        "/api/teams/", {"edition": edition.id, "name": "A", "picks": picks()}, format="json"
    ).json()


@pytest.fixture
def alice_build(auth_client, edition):
    body = {
        "edition": edition.id,
        "name": "AB",
        "orientation": "balanced",
        "budget_class": "II",
        "picks": picks(),
    }
    return auth_client.post("/api/builds/", body, format="json").json()


def test_others_cannot_write_a_team(other_client, alice_team):
    url = f"/api/teams/{alice_team['id']}/"
    assert_error_shape(other_client.patch(url, {"name": "mine"}, format="json"), 403)
    assert_error_shape(other_client.delete(url), 403)
    assert other_client.get(url).status_code == 200  # reading is allowed


def test_others_cannot_write_a_build(other_client, alice_build):
    url = f"/api/builds/{alice_build['id']}/"
    assert_error_shape(other_client.patch(url, {"name": "mine"}, format="json"), 403)
    assert_error_shape(other_client.delete(url), 403)
    assert_error_shape(other_client.post(f"{url}team/", {}, format="json"), 403)


def test_owner_deletes(auth_client, alice_team, alice_build):
    assert auth_client.delete(f"/api/teams/{alice_team['id']}/").status_code == 204
    assert auth_client.delete(f"/api/builds/{alice_build['id']}/").status_code == 204
    assert_error_shape(auth_client.get(f"/api/teams/{alice_team['id']}/"), 404)


def test_lists_show_your_own_by_default(
    auth_client, other_client, edition, alice_team, alice_build
):
    other_client.post(
        "/api/teams/", {"edition": edition.id, "name": "B", "picks": picks()}, format="json"
    )
    mine = auth_client.get("/api/teams/").json()["results"]
    assert [t["name"] for t in mine] == ["A"]
    theirs = other_client.get("/api/teams/").json()["results"]
    assert [t["name"] for t in theirs] == ["B"]
    everyone = auth_client.get("/api/teams/?owner=all").json()["results"]
    assert sorted(t["name"] for t in everyone) == ["A", "B"]
    assert [t["name"] for t in auth_client.get("/api/teams/?owner=bob").json()["results"]] == ["B"]
    assert other_client.get("/api/builds/").json()["results"] == []
    assert [b["name"] for b in auth_client.get("/api/builds/").json()["results"]] == ["AB"]
    assert auth_client.get("/api/builds/?status=valid").json()["results"][0]["name"] == "AB"


def test_anonymous_cannot_create(api_client, edition):
    response = api_client.post(
        "/api/teams/", {"edition": edition.id, "name": "A", "picks": picks()}, format="json"
    )
    assert response.status_code in (401, 403)
    assert_error_shape(response, response.status_code)
    # the dry run needs no account
    body = {"edition": edition.id, "orientation": "balanced", "budget_class": "II", "picks": []}
    assert api_client.post("/api/builds/check/", body, format="json").status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        [],
        "nonsense",
        {"orientation": "balanced"},
        {"edition": 999999, "orientation": "balanced", "budget_class": "II", "picks": []},
        {"edition": "x", "orientation": "balanced", "budget_class": "II", "picks": []},
        {"orientation": "sideways", "budget_class": "II", "picks": []},
        {"orientation": "balanced", "budget_class": "V", "picks": []},
        {"orientation": "balanced", "budget_class": "II", "picks": "all"},
        {"orientation": "balanced", "budget_class": "II", "picks": [{"slot": 12, "card": "x"}]},
        {"orientation": "balanced", "budget_class": "II", "picks": [{"slot": "two"}]},
        {"orientation": "balanced", "budget_class": "II", "picks": [None]},
        {"orientation": "balanced", "budget_class": "II", "picks": [], "card_colour": "green"},
        {
            "orientation": "balanced",
            "budget_class": "II",
            "picks": [{"slot": 2, "card": "x", "pool": "both"}],
        },
    ],
)
def test_malformed_build_input_is_400(auth_client, edition, body):
    if isinstance(body, dict) and "edition" not in body:
        body = {"edition": edition.id, **body}
    for url in ("/api/builds/check/", "/api/builds/"):
        response = auth_client.post(url, body, format="json")
        payload = assert_error_shape(response, 400)
        assert payload["code"] == "invalid"


def test_malformed_team_input_is_400(auth_client, edition, tk_edition):
    cases = [
        {"edition": edition.id, "name": "A", "picks": picks(), "team_card": "ITA"},
        {"edition": edition.id, "name": "A"},
        {"edition": edition.id, "name": "A", "picks": picks(), "style": "boring"},
        {"edition": edition.id, "name": "A", "colours": "red"},
        {"edition": edition.id, "name": "x" * 101, "picks": picks()},
        {"edition": tk_edition.id, "name": "T", "pieces": {"field": "KL"}},
    ]
    for body in cases:
        assert_error_shape(auth_client.post("/api/teams/", body, format="json"), 400)


def test_build_on_a_trixkick_edition_is_400(auth_client, tk_edition):
    body = {"edition": tk_edition.id, "orientation": "balanced", "budget_class": "II", "picks": []}
    assert_error_shape(auth_client.post("/api/builds/check/", body, format="json"), 400)


def test_budget_team_cannot_take_a_style(auth_client, alice_build):
    team = auth_client.post(f"/api/builds/{alice_build['id']}/team/", {}, format="json").json()
    response = auth_client.patch(f"/api/teams/{team['id']}/", {"style": "total"}, format="json")
    assert_error_shape(response, 400, "style_not_allowed")
    response = auth_client.patch(f"/api/teams/{team['id']}/", {"picks": picks()}, format="json")
    assert_error_shape(response, 400, "lineup_from_build")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
pick_like = st.fixed_dictionaries(
    {},
    optional={
        "slot": json_values | st.integers(0, 13),
        "card": json_values | st.sampled_from(["blue:full_back-2", "red:winger-9-11", "x"]),
        "gold": json_values,
        "pool": json_values | st.sampled_from(["defensive", "offensive"]),
    },
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "orientation": json_values | st.sampled_from(["defensive", "offensive"]),
            "budget_class": json_values | st.sampled_from(["I", "IV"]),
            "card_colour": json_values | st.just("red"),
            "star_keeper": json_values,
            "picks": st.lists(pick_like | json_values, max_size=12) | json_values,
        },
    )
)
def test_no_build_input_gives_a_500(auth_client, edition, body):
    body = {"edition": edition.id, **body}
    for url in ("/api/builds/check/", "/api/builds/", "/api/teams/"):
        response = auth_client.post(url, body, format="json")
        assert response.status_code in (200, 201, 400, 422), response.content
        if response.status_code >= 400:
            assert_error_shape(response, response.status_code)


def test_lists_are_filtered_by_game(auth_client, alice_team, alice_build):
    """A client that knows some games only reads their teams (CHANGELOG.md, "Enums")."""
    for path in ("/api/teams/", "/api/builds/"):
        named = [t["name"] for t in auth_client.get(f"{path}?game=hat-trick").json()["results"]]
        assert named == [alice_team["name"] if path == "/api/teams/" else alice_build["name"]]
        assert auth_client.get(f"{path}?game=trixkick").json()["results"] == []
        assert_error_shape(auth_client.get(f"{path}?game=chess"), 400)
        assert_error_shape(auth_client.get(f"{path}?game="), 400)
