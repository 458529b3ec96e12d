"""Defence in depth: TRACE is 405 to anyone, SVG answers, the web app's shell and the API's
documentation pages carry a Content-Security-Policy, and the production proxy does not
announce its version."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from rest_framework.test import APIClient

from teams.services import reference_editions_load
from tests.helpers import assert_error_shape
from tests.ops.conftest import amigo_payload

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "url", ["/api/matches/", "/api/me/", "/api/auth/login/", "/api/stats/teams/", "/api/nowhere/"]
)
def test_trace_is_405_in_the_error_shape_also_anonymously(url, make_user):
    for client in (APIClient(), APIClient()):
        response = client.generic("TRACE", url)
        body = assert_error_shape(response, 405, "method_not_allowed")
        assert "TRACE" in body["message"]
        assert "TRACE" not in response["Allow"]
        client.force_authenticate(make_user())
    assert "GET" in APIClient().generic("TRACE", "/api/matches/")["Allow"]
    assert APIClient().generic("CONNECT", "/api/matches/").status_code == 405


def test_trace_outside_the_api_is_405_too():
    response = Client().generic("TRACE", "/app/")
    assert response.status_code == 405 and response["Allow"] == ""


@pytest.fixture
def finished_picture_urls(make_user):
    reference_editions_load()
    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    match_id = client.post("/api/matches/", amigo_payload("ann"), format="json").json()["match"]
    return [
        f"/api/matches/{match_id['id']}/svg/",
        "/api/stats/managers/ann/rating.svg?game=amigo-hattrick",
    ]


def test_svg_answers_run_nothing_and_load_nothing(finished_picture_urls):
    for url in finished_picture_urls:
        response = APIClient().get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("image/svg")
        policy = response["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "sandbox" in policy, url
        assert "script" not in policy
    # a JSON error of the same view is not an image: no picture policy needed
    missing = APIClient().get("/api/matches/999999/svg/")
    assert missing.status_code == 404 and "Content-Security-Policy" not in missing


def test_the_shell_page_forbids_inline_script():
    response = Client().get("/app/")
    assert response.status_code == 200
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert b"<script>" not in response.content  # nothing inline for the policy to block


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_documentation_pages_run_no_inline_script(path):
    response = Client().get(path)
    assert response.status_code == 200
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'none'"
    html = response.content.decode()
    assert "<script>" not in html and "<style>" not in html  # nothing inline
    assert "https://" not in html  # everything from this server
    scripts = re.findall(r'<script src="([^"]+)"></script>', html)
    assert scripts and all(src.startswith("/") for src in scripts)
    if path == "/api/docs/":  # Swagger UI's start, served as a script of its own
        start = Client().get(scripts[-1])
        assert start.status_code == 200
        assert start["Content-Type"].startswith("application/javascript")
        assert b"SwaggerUIBundle(" in start.content


def test_nginx_does_not_announce_its_version():
    conf = (ROOT / "docker" / "nginx" / "companion.conf.template").read_text()
    assert "server_tokens off;" in conf
