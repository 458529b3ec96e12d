"""No surprises from the server: JSON errors under /api/ whatever the settings module, no
redirect of a path without its slash (a redirected POST comes back as a GET), out-of-range ids
and values outside an enum refused with a 400."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import path
from rest_framework.views import APIView

from matches.models import Match
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


class _Bug(APIView):
    permission_classes: list = []

    def get(self, request):
        raise RuntimeError("a bug")


urlpatterns = [path("api/t/bug/", _Bug.as_view())]

#: Requests no database is needed for, sent under each settings module in its own process.
_PROBE = """
import json, django
django.setup()
from django.test import Client
client = Client(raise_request_exception=False, HTTP_HOST="127.0.0.1")
out = []
for method, path in (("get", "/api/nothing/"), ("get", "/api/matches"), ("post", "/api/matches"),
                     ("put", "/api/games"), ("get", "/api/games/?format=")):
    r = getattr(client, method)(path, secure=True)
    out.append([method, path, r.status_code, r.get("Content-Type"), r.get("Location"),
                r.content.decode()])
print(json.dumps(out))
"""


@pytest.mark.parametrize("module", ["dev", "test", "production"])
def test_every_settings_module_answers_json_errors_and_never_redirects(module, tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": f"companion.settings.{module}",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    for method, where, status, content_type, location, body in answers:
        assert content_type == "application/json", (module, method, where, body)
        assert location is None, (module, method, where)
        error = json.loads(body)
        assert error["code"] and error["message"], error
        if where == "/api/nothing/":
            assert (status, error["code"]) == (404, "not_found")
        elif "?format=" in where:
            assert (status, error["code"]) == (400, "invalid")
            assert "format" in error["fields"]
        else:  # the path exists with its slash: 404 naming it
            assert (status, error["code"]) == (404, "not_found"), (module, method, where)
            assert error["details"]["path"] == where + "/"


@pytest.mark.parametrize("debug", [True, False])
def test_a_write_without_its_slash_is_a_404_and_creates_nothing(auth_client, settings, debug):
    settings.DEBUG = debug
    payload = {"game": "hat-trick", "sides": [{"name": "A"}, {"name": "B"}]}
    response = auth_client.post("/api/matches", payload, format="json")
    body = assert_error_shape(response, 404, "not_found")
    assert body["details"] == {"path": "/api/matches/"}
    assert "Location" not in response
    assert not Match.objects.exists()
    # the same body with the slash opens the match
    assert auth_client.post("/api/matches/", payload, format="json").status_code == 201


@pytest.mark.parametrize("debug", [True, False])
def test_outside_the_api_the_slash_redirect_stays_for_reads_only(client, settings, debug):
    settings.DEBUG = debug
    for method in ("get", "head"):
        response = getattr(client, method)("/app")
        assert response.status_code == 301
        assert response["Location"] == "/app/"
    # a write is never redirected (a client would follow it as a GET): nothing is at the path
    for method in ("post", "put", "patch", "delete"):
        response = getattr(client, method)("/app", "x=1", content_type="text/plain")
        assert response.status_code == 404, method
        assert "Location" not in response


@pytest.mark.urls("tests.api.test_no_surprises")
@pytest.mark.parametrize("debug", [True, False])
def test_a_bug_is_a_json_500_also_under_debug(settings, debug):
    from django.test import Client

    settings.DEBUG = debug
    response = Client(raise_request_exception=False).get("/api/t/bug/")
    assert_error_shape(response, 500, "server_error")
    assert response["Content-Type"] == "application/json"


@pytest.mark.parametrize(
    "where",
    [
        "/api/teams/?edition=9223372036854775808",
        "/api/builds/?edition=9223372036854775808",
        "/api/teams/?edition=99999999999999999999999",
        "/api/matches/?team=9223372036854775808",
    ],
)
def test_ids_beyond_the_id_column_are_a_400(auth_client, where):
    body = assert_error_shape(auth_client.get(where), 400, "invalid")
    assert set(body["fields"]) & {"edition", "team"}


def test_path_ids_beyond_the_id_column_are_no_such_object(auth_client):
    for where in ("/api/matches/99999999999999999999/", "/api/teams/99999999999999999999/"):
        assert_error_shape(auth_client.get(where), 404, "not_found")


def test_values_outside_an_enum_are_a_400(auth_client):
    payload = {"game": "hat-trick", "sides": [{"name": "A"}, {"name": "B"}]}
    for query in ("include=", "include=everything"):
        response = auth_client.post(f"/api/matches/?{query}", payload, format="json")
        body = assert_error_shape(response, 400, "invalid")
        assert "include" in body["fields"]
    assert not Match.objects.exists()
    for where in ("/api/schema/?format=", "/api/matches/?format=", "/api/matches/?format=xml"):
        body = assert_error_shape(auth_client.get(where), 400, "invalid")
        assert body["fields"]["format"][0]["code"] == "invalid_choice"
    match = auth_client.post("/api/matches/", payload, format="json").json()["match"]
    for query in ("seq=", "seq=2147483648"):
        response = auth_client.get(f"/api/matches/{match['id']}/state/?{query}")
        assert "seq" in assert_error_shape(response, 400, "invalid")["fields"]
    response = auth_client.get(f"/api/matches/{match['id']}/events/?after=")
    assert "after" in assert_error_shape(response, 400, "invalid")["fields"]
