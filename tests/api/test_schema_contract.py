"""The served schema as a client generator reads it: JSON bodies, documented errors and headers."""

import pytest

ERROR_REF = "#/components/schemas/Error"
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def test_request_bodies_are_json_only_except_the_match_import(schema):
    for path, method, operation in operations(schema):
        body = operation.get("requestBody")
        if body is None:
            continue
        types = set(body["content"])
        allowed = {"application/json", "text/plain"} if path == "/api/matches/import/" else set()
        assert types - allowed <= {"application/json"}, (method, path, types)


def test_every_operation_documents_its_errors_with_the_one_error_component(schema):
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        assert {"401", "503"} <= set(responses), (method, path)
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= set(responses), (method, path)
        if "{" in path:
            assert "404" in responses, (method, path)
        if method != "get" and "{" in path:
            assert "403" in responses, (method, path)
        for status, response in responses.items():
            if status >= "400" and path != "/api/health/":  # the probe's 503 says what is down
                assert response["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}
                assert response["description"], (method, path, status)
        for status in ("429", "503"):
            if status in responses:
                assert "Retry-After" in responses[status]["headers"], (method, path)
        assert operation.get("description"), (method, path)


def test_the_error_component_has_the_documented_shape(schema):
    error = schema["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"code", "message", "rule", "details", "fields"}
    assert error["required"] == ["code", "message"]
    field_error = error["properties"]["fields"]["additionalProperties"]["items"]
    assert field_error == {"$ref": "#/components/schemas/FieldError"}


def test_the_match_log_writes_name_their_conflict_codes(schema):
    for suffix in ("events/", "events/batch/", "undo/", "redo/", "abandon/"):
        operation = schema["paths"][f"/api/matches/{{id}}/{suffix}"]["post"]
        assert "`stale_sequence`" in operation["responses"]["409"]["description"]
        assert "429" in operation["responses"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        component = schema["components"]["schemas"][body.rsplit("/", 1)[1]]
        assert "expected_seq" in component["required"], suffix


def test_writes_that_honour_an_idempotency_key_declare_it_and_the_replay_header(schema):
    honoured = {
        ("post", "/api/matches/"),
        ("post", "/api/matches/import/"),
        ("post", "/api/teams/"),
        ("post", "/api/builds/"),
        *(("post", f"/api/matches/{{id}}/{s}") for s in ("events/", "events/batch/")),
        *(("post", f"/api/matches/{{id}}/{s}/") for s in ("undo", "redo", "abandon")),
    }
    for path, method, operation in operations(schema):
        headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
        if (method, path) in honoured:
            assert "Idempotency-Key" in headers, (method, path)
            created = operation["responses"]["201"]
            assert "Idempotent-Replayed" in created["headers"], (method, path)


def test_commands_are_named_without_a_create_suffix(schema):
    ids = {
        (method, path): operation["operationId"] for path, method, operation in operations(schema)
    }
    assert ids[("post", "/api/matches/{id}/undo/")] == "matches_undo"
    assert ids[("post", "/api/auth/login/")] == "auth_login"
    assert ids[("post", "/api/matches/")] == "matches_create"


def test_tags_are_declared_with_descriptions_and_a_server_is_named(schema):
    declared = {tag["name"]: tag.get("description") for tag in schema["tags"]}
    assert all(declared.values())
    for _, _, operation in operations(schema):
        assert set(operation["tags"]) <= set(declared)
    assert schema["servers"]


def test_parameters_and_inputs_are_typed(schema):
    for path, _, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["name"] == "game":
                assert parameter["schema"]["enum"], path
            if parameter["name"] == "page_size":
                assert parameter["schema"]["maximum"], path
    sides = schema["components"]["schemas"]["MatchCreateInputRequest"]["properties"]["sides"]
    assert sides["minItems"] == 2
    legal = schema["components"]["schemas"]["LegalOutput"]
    assert {"hint", "actor", "step", "actions", "ready"} <= set(legal["required"])
