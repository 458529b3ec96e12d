"""Security settings and rules: deploy checks, authentication on every write, object-level
permissions across users, throttling, CORS and CSRF for a phone client, no committed secret."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import URLPattern, URLResolver
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from companion.urls import api_patterns
from matches.models import IdempotencyRecord, Match, MatchEvent
from teams.models import Build, Edition, Team
from tests.helpers import assert_error_shape
from tests.ops.conftest import create_build, create_match, create_team

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k" * 20 + "-production-like-random-characters-0123456789abcdefXYZ"

# Writes anyone may send: creating an account, logging in, and the build dry run (saves nothing).
ANONYMOUS_WRITES = {
    ("post", "auth/register/"),
    ("post", "auth/login/"),
    ("post", "builds/check/"),
    ("post", "auth/password/reset/"),
    ("post", "auth/password/reset/confirm/"),
    ("post", "games/<slug:game>/tutorials/<slug:tutorial>/check/"),  # play-along, saves nothing
    # a scanned join code played without an account (a guest's pass; tests/matches/test_guests.py)
    ("post", "join/<str:code>/guest/"),
}
WRITE_METHODS = ("post", "put", "patch", "delete")


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- production settings -----------------------------------------------------------------------


@pytest.mark.no_services
def test_production_settings_pass_check_deploy():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DJANGO_SETTINGS_MODULE": "companion.settings.production",
            "SECRET_KEY": STRONG_KEY,
            "ALLOWED_HOSTS": "companion.example.com",
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.no_services
@pytest.mark.parametrize(
    "env",
    [
        {"SECRET_KEY": ""},
        {"SECRET_KEY": "short"},
        {"SECRET_KEY": STRONG_KEY, "DEBUG": "1"},
    ],
    ids=["no-key", "short-key", "debug"],
)
def test_production_settings_refuse_to_start_unsafely(env):
    result = _manage(
        "check", env={"DJANGO_SETTINGS_MODULE": "companion.settings.production", **env}
    )
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr


# --- every write needs an account ----------------------------------------------------------


def _routes(patterns, prefix: str = ""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "view_class", None) or getattr(
                pattern.callback, "cls", None
            )
            yield route, view


def api_writes() -> list[tuple[str, str]]:
    """(method, route) of every write operation under /api/, from the URL conf itself."""
    writes = []
    for route, view in _routes(api_patterns):
        assert view is not None, f"{route} is not a class-based view"
        writes += [(method, route) for method in WRITE_METHODS if hasattr(view, method)]
    return sorted(writes)


def test_the_walk_finds_the_writes_and_the_schema_lists_them():
    from drf_spectacular.generators import SchemaGenerator

    writes = api_writes()
    assert len(writes) >= 15, writes
    schema = SchemaGenerator().get_schema(request=None, public=True)
    documented = {
        (method, re.sub(r"\{[^}]+\}", "{}", path))
        for path, operations in schema["paths"].items()
        for method in operations
        if method in WRITE_METHODS
    }
    for method, route in writes:
        path = "/api/" + re.sub(r"<[^>]+>", "{}", route)
        assert (method, path) in documented, (method, path)


@pytest.fixture
def objects(editions, make_user, phone):
    owner = make_user("owner")
    client = phone(owner)
    edition = Edition.objects.filter(game="hat-trick").order_by("pk").first()
    return {
        "user": owner,
        "match": create_match(client, "owner"),
        "team": create_team(client, edition.pk),
        "build": create_build(client, edition.pk),
        "edition": edition.pk,
    }


def _concrete(route: str, objects: dict) -> str:
    def value(match: re.Match) -> str:
        name = match.group(1).split(":")[-1]
        if name == "pk":
            for prefix, key in (("matches", "match"), ("teams", "team"), ("builds", "build")):
                if route.startswith(prefix):
                    return str(objects[key])
            return str(objects["edition"])
        if name == "match_id":
            return str(objects["match"])
        return "1" if match.group(1).startswith("int:") else "x"

    return "/api/" + re.sub(r"<([^>]+)>", value, route)


def _counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (Match, MatchEvent, IdempotencyRecord, Team, Build, Edition)
    }


@pytest.mark.django_db
def test_every_write_without_credentials_is_401_and_writes_nothing(objects):
    anonymous = APIClient(enforce_csrf_checks=True)
    before = _counts()
    checked = 0
    for method, route in api_writes():
        if (method, route) in ANONYMOUS_WRITES:
            continue
        url = _concrete(route, objects)
        response = getattr(anonymous, method)(
            url, {"expected_seq": 0, "action": {"type": "deal"}}, format="json"
        )
        body = assert_error_shape(response, 401, "not_authenticated")
        assert response["WWW-Authenticate"].startswith("Token"), (url, body)
        # a bad token is refused the same way
        bad = APIClient()
        bad.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
        assert_error_shape(getattr(bad, method)(url, {}, format="json"), 401)
        checked += 1
    assert checked >= 15
    assert _counts() == before


@pytest.mark.django_db
def test_the_anonymous_writes_are_the_intended_ones(editions, make_user):
    make_user("walker", password="a-long-secret-pw")
    anonymous = APIClient()
    login = anonymous.post(
        "/api/auth/login/",
        {"username": "walker", "password": "a-long-secret-pw"},
        format="json",
    )
    assert login.status_code == 200 and login.json()["token"]
    edition = Edition.objects.filter(game="hat-trick").first()
    check = anonymous.post(
        "/api/builds/check/",
        {"edition": edition.pk, "orientation": "balanced", "budget_class": "II", "picks": []},
        format="json",
    )
    assert check.status_code == 200
    assert Build.objects.count() == 0
    # a reset mail to an unknown address: the same 202, no mail, nothing written
    reset = anonymous.post("/api/auth/password/reset/", {"email": "no@one.example"}, format="json")
    assert reset.status_code == 202
    confirm = anonymous.post(
        "/api/auth/password/reset/confirm/",
        {"uid": "MQ", "token": "nope", "new_password": "a-brand-new-pw-42"},
        format="json",
    )
    assert_error_shape(confirm, 400, "invalid_reset_token")
    # a made-up join code: nothing to play, nothing written
    assert_error_shape(anonymous.post("/api/join/made-up/guest/"), 404, "join_code_expired")


# --- object-level permissions ----------------------------------------------------------------


@pytest.fixture
def two_managers(editions, make_user, phone):
    ann, bob = make_user("ann"), make_user("bob")
    return ann, bob, phone(ann), phone(bob)


MATCH_READS = ("", "state/", "events/", "svg/", "export/")
MATCH_WRITES = ("events/", "events/batch/", "undo/", "redo/", "abandon/")


def _write_body(suffix: str) -> dict:
    if suffix == "events/":
        return {"expected_seq": 0, "action": {"type": "deal"}}
    if suffix == "events/batch/":
        return {"expected_seq": 0, "actions": [{"type": "deal"}]}
    return {"expected_seq": 0}


@pytest.mark.django_db
def test_a_private_match_is_invisible_and_unwritable_to_others(two_managers):
    ann, bob, ann_phone, bob_phone = two_managers
    private = create_match(bob_phone, "bob", visibility="private")
    for suffix in MATCH_READS:
        assert_error_shape(ann_phone.get(f"/api/matches/{private}/{suffix}"), 404, "not_found")
        assert_error_shape(APIClient().get(f"/api/matches/{private}/{suffix}"), 404)
        assert bob_phone.get(f"/api/matches/{private}/{suffix}").status_code == 200
    assert_error_shape(ann_phone.get(f"/api/stats/matches/{private}/players/"), 404)
    assert private not in [m["id"] for m in ann_phone.get("/api/matches/").json()["results"]]
    assert private in [m["id"] for m in bob_phone.get("/api/matches/").json()["results"]]
    for suffix in MATCH_WRITES:
        url = f"/api/matches/{private}/{suffix}"
        assert_error_shape(ann_phone.post(url, _write_body(suffix), format="json"), 404)
    assert MatchEvent.objects.filter(match_id=private).count() == 0
    assert Match.objects.get(pk=private).status == "in_progress"


@pytest.mark.django_db
def test_a_public_match_is_readable_but_only_its_managers_write(two_managers, make_user, phone):
    ann, bob, ann_phone, bob_phone = two_managers
    cat = make_user("cat")
    public = create_match(bob_phone, "bob", "cat")
    for suffix in MATCH_READS:
        assert ann_phone.get(f"/api/matches/{public}/{suffix}").status_code == 200
    for suffix in MATCH_WRITES:
        url = f"/api/matches/{public}/{suffix}"
        assert_error_shape(ann_phone.post(url, _write_body(suffix), format="json"), 403)
    assert MatchEvent.objects.filter(match_id=public).count() == 0
    # cat plays a side, so cat may log
    cat_phone = phone(cat)
    appended = cat_phone.post(
        f"/api/matches/{public}/events/",
        {"expected_seq": 0, "action": {"type": "deal"}},
        format="json",
    )
    assert appended.status_code == 201, appended.content


@pytest.mark.django_db
def test_teams_and_builds_are_written_by_their_owner_only(two_managers):
    ann, bob, ann_phone, bob_phone = two_managers
    edition = Edition.objects.filter(game="hat-trick").order_by("pk").first()
    team, build = create_team(bob_phone, edition.pk), create_build(bob_phone, edition.pk)
    attempts = [
        ("patch", f"/api/teams/{team}/", {"name": "Stolen"}),
        ("delete", f"/api/teams/{team}/", None),
        ("patch", f"/api/builds/{build}/", {"name": "Stolen"}),
        ("delete", f"/api/builds/{build}/", None),
        ("post", f"/api/builds/{build}/team/", {}),
    ]
    for method, url, body in attempts:
        assert_error_shape(getattr(ann_phone, method)(url, body, format="json"), 403)
    assert Team.objects.get(pk=team).name == "Blues"
    assert Build.objects.get(pk=build).name == "Budget"
    assert Team.objects.filter(owner=ann).count() == 0
    # a match cannot be opened with somebody else's team
    response = ann_phone.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "X", "team": team}, {"name": "Y"}]},
        format="json",
    )
    assert response.status_code in (400, 403), response.content
    assert Match.objects.count() == 0
    # editions are edited by staff only
    response = ann_phone.patch(f"/api/editions/{edition.pk}/", {"title": "Mine"}, format="json")
    assert_error_shape(response, 403)


# --- throttling --------------------------------------------------------------------------------


@pytest.fixture
def tight_throttles(monkeypatch, clean_cache):
    monkeypatch.setattr(
        ScopedRateThrottle,
        "THROTTLE_RATES",
        {"login": "3/min", "register": "3/min", "append": "3/min"},
    )


@pytest.mark.django_db
def test_login_is_throttled_with_the_error_shape(tight_throttles, make_user):
    make_user("target", password="the-right-password")
    client = APIClient()
    wrong = {"username": "target", "password": "guess-number-one"}
    for _ in range(3):
        assert_error_shape(
            client.post("/api/auth/login/", wrong, format="json"), 400, "invalid_credentials"
        )
    right = {"username": "target", "password": "the-right-password"}
    response = client.post("/api/auth/login/", right, format="json")
    body = assert_error_shape(response, 429, "throttled")
    assert body["details"]["retry_after"] > 0
    assert int(response["Retry-After"]) > 0
    assert "token" not in body


@pytest.mark.django_db
def test_appends_are_throttled_with_the_error_shape(tight_throttles, two_managers):
    ann, bob, ann_phone, _ = two_managers
    match_id = create_match(ann_phone, "ann")
    state = ann_phone.get(f"/api/matches/{match_id}/state/").json()
    assert state["seq"] == 0
    url = f"/api/matches/{match_id}/events/"
    assert ann_phone.post(url, {"expected_seq": 0, "action": {"type": "deal"}}, format="json")
    for _ in range(2):
        ann_phone.post(url, {"expected_seq": 99, "action": {"type": "deal"}}, format="json")
    response = ann_phone.post(url, {"expected_seq": 1, "action": {"type": "deal"}}, format="json")
    body = assert_error_shape(response, 429, "throttled")
    assert body["details"]["retry_after"] > 0
    assert MatchEvent.objects.filter(match_id=match_id).count() == 1
    # reads are not throttled
    for _ in range(5):
        assert ann_phone.get(url).status_code == 200


@pytest.mark.no_services
def test_production_throttle_rates_are_set():
    from django.conf import settings

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert {"login", "register", "append"} <= set(rates)
    from companion.settings import base

    assert base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"] == os.environ.get(
        "THROTTLE_LOGIN", "20/min"
    )


# --- CORS and CSRF for a phone client --------------------------------------------------------

PHONE_ORIGIN = "https://app.companion.example"


@pytest.mark.django_db
@override_settings(CORS_ALLOWED_ORIGINS=[PHONE_ORIGIN])
def test_cors_preflight_allows_the_phone_origin_and_its_headers(two_managers):
    ann, _bob, ann_phone, _ = two_managers
    match_id = create_match(ann_phone, "ann")
    client = APIClient()
    response = client.options(
        f"/api/matches/{match_id}/events/",
        HTTP_ORIGIN=PHONE_ORIGIN,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key",
    )
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == PHONE_ORIGIN
    allowed = {h.strip() for h in response["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "POST" in response["Access-Control-Allow-Methods"]
    # another origin gets no CORS grant
    other = client.options(
        f"/api/matches/{match_id}/events/",
        HTTP_ORIGIN="https://evil.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "Access-Control-Allow-Origin" not in other
    # and nothing outside /api/ is opened up
    admin = client.get("/admin/login/", HTTP_ORIGIN=PHONE_ORIGIN)
    assert "Access-Control-Allow-Origin" not in admin


@pytest.mark.no_services
def test_no_origin_is_allowed_by_default():
    from django.conf import settings

    assert not getattr(settings, "CORS_ALLOW_ALL_ORIGINS", False)
    assert not getattr(settings, "CORS_ORIGIN_ALLOW_ALL", False)
    assert not settings.CORS_ALLOWED_ORIGINS or os.environ.get("CORS_ALLOWED_ORIGINS")


@pytest.mark.django_db
def test_token_auth_needs_no_csrf_token(two_managers):
    ann, *_ = two_managers
    from tests.helpers import token_for

    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(ann)}")
    response = client.post(
        "/api/matches/", {"game": "amigo-hattrick", "sides": _guests()}, format="json"
    )
    assert response.status_code == 201, response.content


def _guests() -> list[dict]:
    return [{"name": f"Guest {i}"} for i in range(4)]


@pytest.mark.django_db
def test_session_auth_needs_the_csrf_token(two_managers):
    ann, *_ = two_managers
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(ann)
    body = {"game": "amigo-hattrick", "sides": _guests()}
    refused = client.post("/api/matches/", body, format="json")
    assert_error_shape(refused, 403, "permission_denied")
    assert "CSRF" in refused.json()["message"]
    assert Match.objects.count() == 0
    # the browsable API's login page hands out the cookie; the header carries it back
    client.get("/api-auth/login/")
    token = client.cookies["csrftoken"].value
    accepted = client.post("/api/matches/", body, format="json", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 201, accepted.content


# --- no secret in the repository -------------------------------------------------------------

PRIVATE_KEY = re.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY")
TOKENS = re.compile(
    r"AKIA[0-9A-Z]{16}"  # AWS access key id
    r"|gh[pousr]_[A-Za-z0-9]{36,}"  # GitHub tokens
    r"|xox[baprs]-[A-Za-z0-9-]{10,}"  # Slack tokens
    r"|sk_live_[A-Za-z0-9]{20,}"  # Stripe live keys
)
# ``SECRET_KEY = "…"``, ``SECRET_KEY: …``, ``SECRET_KEY=…``, ``("SECRET_KEY", "…")``
SECRET_ASSIGNMENT = re.compile(
    r"""SECRET_KEY["']?\s*[=:,]\s*["']?([A-Za-z0-9_\-+/=!@#%^&*]{16,})"""
)


def tracked_files() -> list[Path]:
    result = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        pytest.skip("not a git checkout")
    return [ROOT / name for name in result.stdout.split("\0") if name]


def _text(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:4096] or len(data) > 2_000_000:
        return None
    return data.decode("utf-8", errors="replace")


@pytest.mark.no_services
def test_no_private_key_or_service_token_is_committed():
    files = tracked_files()
    assert len(files) > 50
    found = []
    for path in files:
        if path.name in {".env", ".env.local", ".env.production"}:
            found.append(f"{path}: environment file")
        text = _text(path)
        if text is None:
            continue
        if PRIVATE_KEY.search(text) or TOKENS.search(text):
            found.append(str(path.relative_to(ROOT)))
    assert found == []


def committed_secret_keys() -> dict[str, str]:
    """Every literal SECRET_KEY value written in a tracked file (placeholders included)."""
    keys = {}
    for path in tracked_files():
        if path == Path(__file__).resolve():
            continue
        text = _text(path)
        if text is None or "SECRET_KEY" not in text:
            continue
        for match in SECRET_ASSIGNMENT.finditer(text):
            value = match.group(1)
            if not re.fullmatch(r"[A-Z_]+", value):  # a name, not a value
                keys[value] = str(path.relative_to(ROOT))
    return keys


@pytest.mark.no_services
def test_every_committed_secret_key_is_a_placeholder_production_refuses():
    keys = committed_secret_keys()
    # the development and test keys, the image's collectstatic placeholder
    assert len(keys) >= 2, keys
    for key, where in keys.items():
        result = _manage(
            "check",
            env={
                "DJANGO_SETTINGS_MODULE": "companion.settings.production",
                "SECRET_KEY": key,
            },
        )
        assert result.returncode != 0, f"production accepts the key committed in {where}"
        assert "ImproperlyConfigured" in result.stderr


@pytest.mark.no_services
def test_the_image_build_step_still_collects_static_files_with_its_placeholder():
    dockerfile = (ROOT / "docker/Dockerfile").read_text()
    placeholder = re.search(
        r"SECRET_KEY=(\S+)\s*\\\s*\n\s*python manage.py collectstatic", dockerfile
    )
    assert placeholder, "the Dockerfile's collectstatic step changed: update this test"
    result = _manage(
        "collectstatic",
        "--noinput",
        "--dry-run",
        env={
            "DJANGO_SETTINGS_MODULE": "companion.settings.production",
            "SECRET_KEY": placeholder.group(1),
        },
    )
    assert result.returncode == 0, result.stderr
