"""Every error code where it happens: the codes come from one registry, each operation lists
the codes of each status it answers as an enum, and an answer with a code its operation does
not list fails (``tests.error_contract``, active in every test).

Here each code the issue of listing was about is driven through HTTP, and its operation's
enum is read back from the served schema: the engines' refusals by cause and by rule of each
game, malformed moves on the single and the batch append, a too long Idempotency-Key on every
write of the log, a wrong password, an expired token.
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from companion.api.codes import REGISTRY
from companion.models import Device
from teams.services import reference_editions_load
from tests.error_contract import listed_codes
from tests.helpers import assert_error_shape, open_match, token_for

pytestmark = pytest.mark.django_db

EVENTS = "api/matches/<int:pk>/events/"
BATCH = "api/matches/<int:pk>/events/batch/"


@pytest.fixture(autouse=True)
def editions(db):
    return reference_editions_load()


@pytest.fixture
def client(make_user):
    user = make_user("ann", password="a-long-secret-pw")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def refused(client, match: dict, action, status: int, route: str = EVENTS) -> dict:
    pk, seq = match["match"]["id"], match["current"]["seq"]
    if route == EVENTS:
        url, body = f"/api/matches/{pk}/events/", {"expected_seq": seq, "action": action}
    else:
        url, body = f"/api/matches/{pk}/events/batch/", {"expected_seq": seq, "actions": [action]}
    response = client.post(url, body, format="json")
    error = assert_error_shape(response, status)
    assert error["code"] in listed_codes("POST", route, status), error
    return error


@pytest.mark.parametrize(
    ("game", "sides"), [("hat-trick", 2), ("trixkick", 2), ("amigo-hattrick", 4)]
)
def test_engine_refusals_by_rule_and_by_cause_are_listed(client, game, sides):
    match = open_match(client, game, [{"name": f"S{i}"} for i in range(sides)])
    first = match["current"]["legal"]["ready"][0]
    pk = match["match"]["id"]
    logged = client.post(
        f"/api/matches/{pk}/events/", {"expected_seq": 0, "action": first}, format="json"
    )
    assert logged.status_code == 201, logged.content
    match = {"match": match["match"], "current": logged.json()["current"]}
    wrong = first  # the same move again: the rules refuse it now
    for route in (EVENTS, BATCH):
        error = refused(client, match, wrong, 422, route)
        assert error["rule"] and error["details"]["rule_url"]
        assert error["code"] in REGISTRY.group("engine_refusal", 422)
        malformed = refused(client, match, {"type": "no-such-move"}, 400, route)
        assert malformed["code"] in REGISTRY.group("engine_input", 400)
        cause = malformed.get("details", {}).get("cause")
        if game != "amigo-hattrick":  # Amigo names an unknown move by its own code
            assert cause in REGISTRY.causes(), malformed
    schema_cause = listed_codes("POST", EVENTS, 400)
    assert "invalid_action" in schema_cause


def test_an_idempotency_key_too_long_is_listed_on_every_write_of_the_log(client):
    match = open_match(client, "hat-trick", [{"name": "S0"}, {"name": "S1"}])
    pk, seq = match["match"]["id"], match["current"]["seq"]
    key = {"HTTP_IDEMPOTENCY_KEY": "k" * 201}
    writes = [
        (EVENTS, "events/", {"expected_seq": seq, "action": match["current"]["legal"]["ready"][0]}),
        (BATCH, "events/batch/", {"expected_seq": seq, "actions": [{"type": "pass"}]}),
        ("api/matches/<int:pk>/undo/", "undo/", {"expected_seq": seq}),
        ("api/matches/<int:pk>/redo/", "redo/", {"expected_seq": seq}),
        ("api/matches/<int:pk>/abandon/", "abandon/", {"expected_seq": seq}),
    ]
    for route, suffix, body in writes:
        response = client.post(f"/api/matches/{pk}/{suffix}", body, format="json", **key)
        assert_error_shape(response, 400, "invalid_idempotency_key")
        assert "invalid_idempotency_key" in listed_codes("POST", route, 400), route
    response = client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "A"}, {"name": "B"}]},
        format="json",
        **key,
    )
    assert_error_shape(response, 400, "invalid_idempotency_key")


def test_a_wrong_password_is_listed_on_login(make_user):
    make_user("bob", password="a-long-secret-pw")
    response = APIClient().post(
        "/api/auth/login/", {"username": "bob", "password": "wrong"}, format="json"
    )
    assert_error_shape(response, 400, "invalid_credentials")
    assert "invalid_credentials" in listed_codes("POST", "api/auth/login/", 400)


def test_an_expired_token_is_listed_everywhere(client, settings):
    Device.objects.update(last_used_at=timezone.now() - timedelta(days=400))
    assert_error_shape(client.get("/api/matches/"), 401, "token_expired")
    from companion.openapi import error_codes
    from tests.error_contract import _schema

    document = _schema()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if "401" in operation["responses"]:
                codes = error_codes(document, operation["responses"]["401"])
                assert "token_expired" in codes, (method, path)


def test_every_code_of_the_registry_is_described_and_has_a_status():
    for entry in REGISTRY.all():
        assert entry.description and entry.statuses, entry
        assert REGISTRY.status(entry.code) in entry.statuses


def test_the_contract_check_finds_a_code_the_operation_does_not_list():
    assert listed_codes("POST", "api/auth/login/", 400) is not None
    assert "stale_sequence" not in listed_codes("POST", "api/auth/login/", 400)
    assert listed_codes("POST", "api/auth/login/", 418) is None


@pytest.mark.parametrize("game", ["hat-trick", "trixkick", "amigo-hattrick"])
def test_each_game_says_which_of_its_codes_refuse_malformed_input(game):
    """The shapes' ``input_codes`` (400) are exactly the codes of the engine's refusals of input;
    no refusal by the rules (422) is among them (the source scans of the catalog tests)."""
    from matches.engine import game_shapes
    from tests.i18n.test_catalogs import raised_errors, refused_inputs

    inputs = game_shapes(game).input_codes
    assert {code for _, code, *_ in refused_inputs(game)} <= inputs
    assert not {code for _, code, *_ in raised_errors(game)} & inputs
