import pytest
import yaml
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.mark.any_database
@pytest.mark.slow
def test_schema_builds_and_validates(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    assert schema["openapi"].startswith("3.")
    for path in (
        "/api/health/",
        "/api/auth/login/",
        "/api/editions/",
        "/api/editions/{id}/",
        "/api/editions/{id}/cards/",
        "/api/teams/",
        "/api/teams/{id}/",
        "/api/teams/{id}/side-config/",
        "/api/builds/",
        "/api/builds/check/",
        "/api/builds/{id}/",
        "/api/builds/{id}/team/",
    ):
        assert path in schema["paths"], path


def test_schema_endpoint_and_docs_pages(api_client):
    assert api_client.get("/api/schema/").status_code == 200
    docs = api_client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html and "cdn" not in html.lower()
    redoc = api_client.get("/api/redoc/")
    assert redoc.status_code == 200 and "cdn" not in redoc.content.decode().lower()


def test_api_root_lists_resources(api_client):
    body = api_client.get("/api/").json()
    assert body["docs"].endswith("/api/docs/")
    assert body["health"].endswith("/api/health/")
