"""Everything declared: the bearer scheme works as a generator sends it, conditional answers,
languages and help links are in the schema, and the schema names its version, contact and
licence."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import token_for

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return APIClient().get("/api/schema/", {"format": "json"}).json()


def test_a_bearer_token_and_a_token_token_both_log_in(make_user):
    token = token_for(make_user("ann"))
    for word in ("Bearer", "Token"):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"{word} {token}")
        assert client.get("/api/me/").json()["username"] == "ann"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert client.get("/api/me/").status_code == 401


def test_the_token_scheme_is_http_bearer(schema):
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")


def test_conditional_answers_languages_and_help_links_are_declared(schema):
    paths = schema["paths"]
    for path in ("/api/matches/{id}/export/", "/api/matches/{id}/svg/"):
        operation = paths[path]["get"]
        assert "304" in operation["responses"], path
        assert "ETag" in operation["responses"]["200"]["headers"], path
        assert "If-None-Match" in {p["name"] for p in operation["parameters"]}, path
    append = paths["/api/matches/{id}/events/"]["post"]["responses"]
    assert "Link" in append["422"]["headers"]
    for item in paths.values():
        for operation in item.values():
            for response in operation["responses"].values():
                assert "Content-Language" in response["headers"]


def test_the_schema_names_its_version_contact_and_licence_and_each_operation_its_own_words(
    schema,
):
    info = schema["info"]
    assert info["version"] and info["contact"]["name"] and info["license"]["name"]
    listing = schema["paths"]["/api/matches/"]
    assert listing["post"]["description"] != listing["get"]["description"]
    assert "Idempotency-Key" in listing["post"]["description"]
