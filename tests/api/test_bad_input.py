"""Bad input of every kind answers in the error shape, never a 500 or an HTML page.

Tampered cursors, deeply nested JSON, bodies over the limit, bad encodings, NUL characters,
huge ids and floats: each request below is one a client can send, and each answer is JSON
``{code, message, ...}`` with a 4xx status.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from matches.models import Match, MatchEvent
from teams.models import Edition
from teams.services import reference_editions_load
from tests.helpers import assert_error_shape
from tests.matches.play import amigo_deal
from tests.ops.conftest import amigo_payload

pytestmark = pytest.mark.django_db


def _cursor(raw: str) -> str:
    return base64.b64encode(raw.encode()).decode()


@pytest.fixture
def editions(db):
    return reference_editions_load()


@pytest.fixture
def world(editions, make_user):
    """A logged-in manager with a public match, and the ids the lists need."""
    user = make_user("ann")
    client = APIClient()
    client.force_authenticate(user)
    match = client.post("/api/matches/", amigo_payload("ann"), format="json").json()
    edition = Edition.objects.filter(game="hat-trick").order_by("pk").first()
    return {"client": client, "match": match["match"]["id"], "edition": edition.pk}


def _lists(world) -> list[str]:
    return [
        "/api/matches/",
        f"/api/matches/{world['match']}/events/",
        "/api/editions/",
        f"/api/editions/{world['edition']}/cards/",
        "/api/teams/",
        "/api/builds/",
        "/api/stats/games/hat-trick/leaderboard/",
        "/api/stats/games/hat-trick/leaderboard/?sort=win_rate",
        "/api/stats/games/hat-trick/players/",
        "/api/stats/managers/ann/ratings/?game=hat-trick",
        "/api/stats/teams/",
        "/api/stats/teams/?game=hat-trick&sort=rating",
    ]


TAMPERED = [
    "cD1hYmM=",  # base64 of "p=abc", the probe's cursor
    _cursor("p=2026-13-45T99:00:00"),
    _cursor("p=-1e309"),
    _cursor("p=nan"),
    _cursor("o=abc"),
    _cursor("o=-5"),
    _cursor("r=maybe&p=1"),
    "!!!not-base64!!!",
    _cursor("p=\x00"),
]


@pytest.mark.parametrize("cursor", TAMPERED)
def test_every_paginated_list_refuses_a_tampered_cursor_with_400(world, cursor):
    for anonymous in (False, True):
        client = APIClient() if anonymous else world["client"]
        for url in _lists(world):
            sep = "&" if "?" in url else "?"
            response = client.get(f"{url}{sep}cursor={cursor}")
            body = assert_error_shape(response, 400, "invalid_cursor")
            assert "cursor" in body["message"].lower(), (url, body)


def test_a_position_beyond_the_id_column_is_400_on_lists_ordered_by_integers(world):
    huge = _cursor("p=99999999999999999999999999")
    for url in (
        f"/api/matches/{world['match']}/events/",
        f"/api/editions/{world['edition']}/cards/",
    ):
        assert_error_shape(APIClient().get(f"{url}?cursor={huge}"), 400, "invalid_cursor")


def test_the_probes_exact_event_request_is_400(world):
    response = APIClient().get(f"/api/matches/{world['match']}/events/?cursor=cD1hYmM=")
    assert_error_shape(response, 400, "invalid_cursor")


def test_a_real_cursor_still_pages(world):
    client = world["client"]
    for _ in range(3):
        client.post("/api/matches/", amigo_payload("ann"), format="json")
    first = client.get("/api/matches/?page_size=2").json()
    assert first["next"]
    second = client.get(first["next"])
    assert second.status_code == 200 and len(second.json()["results"]) == 2


# --- nesting and size ---------------------------------------------------------------------------


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [1000, 100_000])
def test_deeply_nested_json_is_400_also_anonymously_to_login(world, levels):
    response = APIClient().post("/api/auth/login/", _deep(levels), content_type="application/json")
    body = assert_error_shape(response, 400, "too_deep")
    assert body["details"]["max_depth"] > 0
    deep_object = '{"a":' * levels + "1" + "}" * levels
    response = world["client"].post(
        f"/api/matches/{world['match']}/events/", deep_object, content_type="application/json"
    )
    assert_error_shape(response, 400, "too_deep")


def test_nesting_up_to_the_cap_is_parsed(world):
    from django.conf import settings

    levels = settings.API_MAX_JSON_DEPTH
    body = json.dumps(
        {"username": "ann", "password": "x" * 10, "extra": json.loads(_deep(levels - 1))}
    )
    response = APIClient().post("/api/auth/login/", body, content_type="application/json")
    assert_error_shape(response, 400, "invalid_credentials")


def test_a_10_mb_body_is_413_in_the_error_shape(world):
    big = json.dumps({"text": "x" * (10 * 1024 * 1024)})
    for client, url in (
        (APIClient(), "/api/auth/login/"),
        (world["client"], "/api/matches/import/"),
        (world["client"], f"/api/matches/{world['match']}/events/"),
    ):
        response = client.post(url, big, content_type="application/json")
        body = assert_error_shape(response, 413, "payload_too_large")
        assert body["details"]["max_bytes"] > 0
        assert response["Content-Type"].startswith("application/json")


def test_a_form_body_over_the_limit_is_413():
    limit_plus = b"a=" + b"x" * (3 * 1024 * 1024)
    response = Client().generic(
        "POST", "/api/auth/login/", limit_plus, content_type="application/x-www-form-urlencoded"
    )
    assert_error_shape(response, 413, "payload_too_large")


# --- hosts, encodings, NUL, huge ids, floats ------------------------------------------------------


@override_settings(ALLOWED_HOSTS=["testserver"])
def test_a_bad_host_header_under_api_is_json_400():
    response = Client().get("/api/matches/", HTTP_HOST="evil.example.com")
    body = assert_error_shape(response, 400, "bad_request")
    assert response["Content-Type"].startswith("application/json"), body
    response = Client().get("/api/health/", HTTP_HOST="bad host!")
    assert_error_shape(response, 400, "bad_request")


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b'{"username": "\xff\xfe", "password": "x"}', "application/json"),
        (b'{"username": "a", "password": "x"}', "application/json; charset=no-such-charset"),
        (b'{"username": "a", "password": "x"}', "application/json; charset=utf-32"),
        (b"\xef\xbb\xbf{}", "application/json"),
        (b'{"username": "a\\ud800", "password": "x"}', "application/json"),
        (b"NaN", "application/json"),
        (b'{"username": 1e999, "password": "x"}', "application/json"),
        (b"", "application/json"),
        (b"not json", "application/json"),
        (b"<xml/>", "application/xml"),
    ],
)
def test_bad_encodings_are_4xx_in_the_error_shape(body, content_type):
    response = APIClient().generic("POST", "/api/auth/login/", body, content_type=content_type)
    assert 400 <= response.status_code < 500, response.content
    assert_error_shape(response, response.status_code)


def test_nul_characters_are_4xx(world):
    client = world["client"]
    answers = [
        client.get("/api/matches/?manager=a%00b"),
        client.get("/api/matches/?game=hat%00trick"),
        client.get("/api/stats/managers/a%00b/"),
        client.get("/api/stats/games/hat-trick/players/?team=a%00"),
        client.get("/api/stats/teams/a%00b/"),
        APIClient().post(
            "/api/auth/login/", {"username": "a\x00", "password": "b\x00"}, format="json"
        ),
        client.post("/api/matches/import/", {"text": "[Game \x00]\n1. x"}, format="json"),
        client.post("/api/teams/", {"name": "a\x00", "edition": world["edition"]}, format="json"),
    ]
    for response in answers:
        assert 400 <= response.status_code < 500, (response.request, response.content)
        assert_error_shape(response, response.status_code)


@pytest.mark.parametrize("huge", ["99999999999999999999999999", str(2**63), str(2**64 + 1)])
def test_huge_ids_are_404_or_400(world, huge):
    client = world["client"]
    for url in (
        f"/api/matches/{huge}/",
        f"/api/matches/{huge}/events/",
        f"/api/matches/{huge}/state/",
        f"/api/matches/{huge}/export/",
        f"/api/editions/{huge}/cards/",
        f"/api/teams/{huge}/",
        f"/api/stats/matches/{huge}/players/",
        f"/api/matches/?team={huge}",
        f"/api/matches/{world['match']}/state/?seq={huge}",
        f"/api/stats/games/hat-trick/leaderboard/?min_played={huge}",
        f"/api/matches/?page_size={huge}",
    ):
        response = client.get(url)
        assert response.status_code in (400, 404), (url, response.content)
        assert_error_shape(response, response.status_code)
    response = client.post(
        f"/api/matches/{world['match']}/events/",
        {"expected_seq": int(huge), "action": {"type": "deal"}},
        format="json",
    )
    assert response.status_code in (400, 409), response.content
    assert_error_shape(response, response.status_code)


def test_floats_where_integers_belong_are_400(world):
    client = world["client"]
    for url in (
        "/api/matches/?page_size=2.5",
        f"/api/matches/{world['match']}/state/?seq=1.5",
        "/api/stats/games/hat-trick/leaderboard/?min_played=1e3",
    ):
        assert_error_shape(client.get(url), 400)
    for value in (1.5, "1e3", float("1e300")):
        response = client.post(
            f"/api/matches/{world['match']}/events/",
            json.dumps({"expected_seq": value, "action": {"type": "deal"}}),
            content_type="application/json",
        )
        assert_error_shape(response, 400)


# --- the schema and the server agree -------------------------------------------------------------


def test_what_the_schema_forbids_is_refused(world):
    client = world["client"]
    for url in (
        "/api/matches/?game=chess",  # not one of the schema's game keys
        "/api/editions/?game=chess",
        "/api/matches/?status=",  # empty is none of the choices
        "/api/matches/?visibility=",
        "/api/matches/?result=",
        "/api/matches/?team=",
        "/api/matches/?created_after=",
        "/api/matches/?page_size=lots",  # no longer ignored
        "/api/stats/games/hat-trick/leaderboard/?sort=best",
    ):
        body = assert_error_shape(client.get(url), 400, "invalid")
        assert body["fields"], url
    response = client.get(f"/api/matches/{world['match']}/state/?seq=999")
    body = assert_error_shape(response, 400, "seq_out_of_range")
    assert body["details"]["current_seq"] == 0


def test_what_the_schema_allows_is_answered(world):
    client = world["client"]
    assert client.get("/api/matches/?manager=").status_code == 200  # free text: empty = all
    assert client.get("/api/matches/?game=amigo-hattrick").json()["results"]
    assert client.get("/api/stats/games/hat-trick/leaderboard/?min_played=0").status_code == 200


def test_the_schema_states_the_bounds_the_server_checks(world):
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()

    def param(path, name):
        for item in schema["paths"][path]["get"]["parameters"]:
            if item["name"] == name:
                return item["schema"]
        raise AssertionError((path, name))

    assert param("/api/matches/", "page_size") == {"type": "integer", "minimum": 1, "maximum": 100}
    assert param("/api/matches/", "team")["minimum"] == 1
    game = param("/api/matches/", "game")["$ref"].rsplit("/", 1)[1]
    assert set(schema["components"]["schemas"][game]["enum"]) == {
        "hat-trick",
        "trixkick",
        "amigo-hattrick",
    }
    board = "/api/stats/games/{game}/leaderboard/"
    assert param(board, "page_size") == {"type": "integer", "minimum": 1, "maximum": 100}
    assert param(board, "min_played")["minimum"] == 0


def _schema() -> dict:
    return APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def test_an_action_is_an_object_with_a_type_in_the_schema_and_null_is_refused(world):
    schema = _schema()["components"]["schemas"]
    action = schema["AppendInputRequest"]["properties"]["action"]
    assert action["allOf"] == [{"$ref": "#/components/schemas/GameAction"}]
    assert "nullable" not in action
    batch = schema["BatchAppendInputRequest"]["properties"]["actions"]["items"]
    assert batch == {"$ref": "#/components/schemas/GameAction"}
    for game in schema["GameAction"]["anyOf"]:
        for member in schema[game["$ref"].rsplit("/", 1)[1]]["oneOf"]:
            shape = schema[member["$ref"].rsplit("/", 1)[1]]
            assert shape["type"] == "object" and "type" in shape["required"]
    url = f"/api/matches/{world['match']}/events/"
    body = assert_error_shape(
        world["client"].post(url, {"expected_seq": 0, "action": None}, format="json"), 400
    )
    assert body["fields"]["action"][0]["code"] == "null"


def test_an_empty_import_is_outside_the_schema_and_refused(world):
    body = _schema()["paths"]["/api/matches/import/"]["post"]["requestBody"]["content"]
    assert body["text/plain"]["schema"]["minLength"] == 1
    assert body["text/plain"]["schema"]["maxLength"] <= 1_048_576  # fits in a body
    client = world["client"]
    assert_error_shape(client.post("/api/matches/import/", "", content_type="text/plain"), 400)
    assert_error_shape(client.post("/api/matches/import/", {"text": ""}, format="json"), 400)


def test_empty_parameters_follow_the_schema(world):
    params = {
        p["name"]: p["schema"]
        for p in _schema()["paths"]["/api/stats/head-to-head/"]["get"]["parameters"]
    }
    assert params["manager"]["minLength"] == 1  # required: empty is refused
    client = world["client"]
    h2h = "/api/stats/head-to-head/?game=hat-trick&manager=&opponent=ann"
    assert_error_shape(client.get(h2h), 400)
    # optional text filters sent empty mean "not filtered", as their schema allows
    assert client.get("/api/stats/teams/?manager=").status_code == 200
    assert client.get("/api/stats/games/hat-trick/players/?manager=&team=").status_code == 200
    # an empty choice or id is none of the schema's values
    for url in (
        "/api/stats/teams/?game=",
        "/api/stats/teams/?sort=",
        "/api/stats/games/hat-trick/leaderboard/?sort=",
        "/api/stats/games/hat-trick/leaderboard/?min_played=",
        "/api/editions/?game=",
        "/api/editions/?slug=",
        "/api/teams/?status=",
        "/api/teams/?owner=",
        "/api/builds/?status=",
        "/api/invitations/?status=",
    ):
        body = assert_error_shape(client.get(url), 400, "invalid")
        assert list(body["fields"].values())[0][0]["code"] == "blank", url


def test_the_body_limit_answers_under_asgi_too(world):
    import asyncio

    from django.test import AsyncClient

    async def post():
        return await AsyncClient().post(
            "/api/auth/login/", b"x" * (2 * 1024 * 1024), content_type="application/json"
        )

    response = asyncio.run(post())
    assert response.status_code == 413
    assert json.loads(response.content)["code"] == "payload_too_large"


# --- lone UTF-16 surrogates and deep match file headers ------------------------------------------

SURROGATE = "\\ud800"  # as it travels: a JSON escape (a lone surrogate is not a character)


def _raw(client, method: str, url: str, body: str):
    return client.generic(method, url, body.encode(), content_type="application/json")


def _lone(body: dict, text: str = "@") -> str:
    """``body`` as JSON with the first string ``text`` made a lone surrogate."""
    raw = json.dumps(body)
    assert f'"{text}"' in raw
    return raw.replace(f'"{text}"', f'"{SURROGATE}"', 1)


def _first_action(client, match_id: int) -> tuple[int, dict]:
    state = client.get(f"/api/matches/{match_id}/state/").json()
    return state["seq"], amigo_deal(random.Random(1), 4)


def test_a_lone_surrogate_anywhere_in_a_json_body_is_400_and_changes_nothing(world):
    client = world["client"]
    seq, deal = _first_action(client, world["match"])
    before = (Match.objects.count(), MatchEvent.objects.count())
    events = f"/api/matches/{world['match']}/events/"
    answers = [
        _raw(
            APIClient(),
            "POST",
            "/api/builds/check/",
            _lone({"edition": 1, "orientation": "@", "budget_class": "II", "picks": []}),
        ),
        _raw(client, "POST", "/api/matches/", _lone({"game": "@", "sides": []})),
        _raw(client, "POST", "/api/matches/", _lone(amigo_payload("ann"), "Guest 1")),
        _raw(client, "POST", events, _lone({"expected_seq": seq, "action": {"type": "@"}})),
        _raw(client, "POST", events, _lone({"expected_seq": seq, "action": deal}, "red")),
        _raw(client, "PATCH", "/api/me/", _lone({"language": "@"})),
        _raw(client, "POST", "/api/teams/", _lone({"@": 1})),  # in a key, too
        _raw(APIClient(), "POST", "/api/auth/login/", _lone({"username": "@", "password": "x"})),
    ]
    for response in answers:
        body = assert_error_shape(response, 400, "parse_error")
        assert "surrogate" in body["message"], body
    assert (Match.objects.count(), MatchEvent.objects.count()) == before
    # a pair of surrogates is one character (an emoji): accepted
    ok = _raw(
        client,
        "POST",
        "/api/matches/",
        json.dumps(amigo_payload("ann")).replace('"Guest 1"', '"Fans \\ud83d\\ude00"'),
    )
    assert ok.status_code == 201, ok.content
    assert "Fans \U0001f600" in [side["name"] for side in ok.json()["match"]["sides"]]


def _import(client, text: str, *, plain: bool = False):
    if plain:
        return client.generic(
            "POST", "/api/matches/import/", text.encode(), content_type="text/plain"
        )
    return client.post("/api/matches/import/", {"text": text}, format="json")


@pytest.mark.parametrize("plain", [False, True])
def test_a_deeply_nested_match_file_header_is_400(world, plain):
    before = Match.objects.count()
    deep = "[Options " + "[" * 5000 + "]" * 5000 + "]"  # the probe's 10 KB header
    text = '[Game "amigo-hattrick"]\n' + deep + "\n"
    body = assert_error_shape(_import(world["client"], text, plain=plain), 400)
    assert body["code"] == "invalid_match_file" and "deeper" in body["message"], body
    objects = '[Options {"a": ' * 1 + '{"a": ' * 3000 + "1" + "}" * 3001 + "]"
    body = assert_error_shape(_import(world["client"], objects, plain=plain), 400)
    assert body["code"] == "invalid_match_file", body
    assert Match.objects.count() == before


@pytest.mark.parametrize("plain", [False, True])
def test_a_lone_surrogate_in_a_match_file_header_is_400(world, plain):
    client = world["client"]
    text = client.get(f"/api/matches/{world['match']}/export/").content.decode()
    assert '"Guest 1"' in text
    before = Match.objects.count()
    bad = text.replace('"Guest 1"', f'"Guest {SURROGATE}"')
    body = assert_error_shape(_import(client, bad, plain=plain), 400, "invalid_match_file")
    assert "surrogate" in body["message"]
    assert Match.objects.count() == before
