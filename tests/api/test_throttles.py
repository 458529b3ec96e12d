"""Throttles that cannot be dodged: X-Forwarded-For is trusted only from configured proxies,
and the browser and admin login forms share the API's login rate."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db

WRONG = {"username": "target", "password": "guess-number-one"}
RIGHT = {"username": "target", "password": "the-right-password"}


@pytest.fixture
def tight(monkeypatch, make_user):
    from django.core.cache import cache

    cache.clear()
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {"login": "3/min", "register": "3/min"}
    )
    make_user("target", password=RIGHT["password"])
    yield
    cache.clear()


@pytest.fixture
def proxies(settings):
    def set_count(count: int) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": count}
        assert count == api_settings.NUM_PROXIES

    return set_count


def test_trusted_proxies_are_off_by_default():
    assert api_settings.NUM_PROXIES == 0


def test_rotating_x_forwarded_for_does_not_dodge_the_login_throttle(tight):
    client = APIClient()
    answers = [
        client.post(
            "/api/auth/login/",
            WRONG,
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.{i // 250}.{i % 250}",
        )
        for i in range(100)
    ]
    statuses = [answer.status_code for answer in answers]
    assert statuses[:3] == [400, 400, 400]
    assert set(statuses[3:]) == {429}
    body = assert_error_shape(answers[-1], 429, "throttled")
    assert body["details"]["retry_after"] > 0
    right = client.post("/api/auth/login/", RIGHT, format="json", HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert_error_shape(right, 429, "throttled")


def test_registration_is_not_dodged_either(tight):
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/register/",
            {"username": f"newbie{i}", "password": "tabletop-2026!"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.1.0.{i}",
        ).status_code
        for i in range(6)
    ]
    assert statuses == [201, 201, 201, 429, 429, 429]


def test_behind_one_proxy_the_last_forwarded_address_is_the_client(tight, proxies):
    proxies(1)
    client = APIClient()
    # the client forges the left part; the proxy appends the address it saw
    for forged in ("1.1.1.1", "2.2.2.2", "3.3.3.3"):
        client.post(
            "/api/auth/login/", WRONG, format="json", HTTP_X_FORWARDED_FOR=f"{forged}, 198.51.100.7"
        )
    blocked = client.post(
        "/api/auth/login/", RIGHT, format="json", HTTP_X_FORWARDED_FOR="4.4.4.4, 198.51.100.7"
    )
    assert_error_shape(blocked, 429, "throttled")
    other = client.post(
        "/api/auth/login/", RIGHT, format="json", HTTP_X_FORWARDED_FOR="198.51.100.8"
    )
    assert other.status_code == 200, other.content  # another client behind the same proxy


def _form_login(client: Client, url: str, password: str, **extra):
    client.get(url)  # the form sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    return client.post(
        url, {"username": "target", "password": password, "csrfmiddlewaretoken": token}, **extra
    )


@pytest.mark.parametrize("url", ["/api-auth/login/", "/admin/login/"])
def test_the_browser_and_admin_login_forms_are_throttled(tight, url, django_user_model):
    django_user_model.objects.filter(username="target").update(is_staff=True)
    client = Client(enforce_csrf_checks=True)
    for i in range(3):
        answer = _form_login(client, url, "wrong-password", HTTP_X_FORWARDED_FOR=f"10.2.0.{i}")
        assert answer.status_code == 200  # the form again, with its error
    answer = _form_login(client, url, RIGHT["password"])
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session  # no session came of it
    assert client.get("/api/me/").status_code in (401, 403)


def test_the_login_forms_and_the_api_share_one_counter(tight):
    client = Client(enforce_csrf_checks=True)
    _form_login(client, "/api-auth/login/", "wrong-password")
    _form_login(client, "/admin/login/", "wrong-password")
    APIClient().post("/api/auth/login/", WRONG, format="json")
    assert_error_shape(APIClient().post("/api/auth/login/", RIGHT, format="json"), 429)


def test_a_form_login_under_the_rate_still_logs_in(tight):
    client = Client(enforce_csrf_checks=True)
    answer = _form_login(client, "/api-auth/login/", RIGHT["password"])
    assert answer.status_code == 302
    assert client.get("/api/me/").json()["username"] == "target"


# --- failed logins per account, from any address --------------------------------------------------


@pytest.fixture
def per_account(tight, monkeypatch):
    """Three failed logins per account per 15 minutes; the per-address rate stays 3/min."""
    from companion.api.throttles import AccountLoginThrottle

    monkeypatch.setattr(AccountLoginThrottle, "THROTTLE_RATES", {"login_account": "3/15m"})
    clock = {"now": 1_000_000.0}
    monkeypatch.setattr(AccountLoginThrottle, "timer", lambda self: clock["now"])
    return clock


def _from(address: str) -> APIClient:
    return APIClient(REMOTE_ADDR=address)


def test_guesses_from_many_addresses_against_one_account_are_bounded(per_account):
    for i in range(3):  # each from a fresh address: the per-address throttle never sees two
        wrong = _from(f"198.51.100.{i}").post("/api/auth/login/", WRONG, format="json")
        assert_error_shape(wrong, 400, "invalid_credentials")
    held = _from("198.51.100.50").post("/api/auth/login/", RIGHT, format="json")
    body = assert_error_shape(held, 429, "throttled")
    assert 0 < body["details"]["retry_after"] <= 15 * 60
    assert int(held["Retry-After"]) > 0
    # the name is the account, whatever its case or spaces; other accounts are not held
    variant = {**WRONG, "username": " TARGET "}
    assert (
        _from("198.51.100.51").post("/api/auth/login/", variant, format="json").status_code == 429
    )
    other = {"username": "someone-else", "password": "x"}
    assert _from("198.51.100.52").post("/api/auth/login/", other, format="json").status_code == 400
    # once the period has passed since the guesses, the account takes logins again
    per_account["now"] += 15 * 60 + 1
    assert _from("198.51.100.53").post("/api/auth/login/", RIGHT, format="json").status_code == 200


def test_a_stranger_cannot_lock_the_owner_out_at_an_address_they_logged_in_from(per_account):
    owner = _from("203.0.113.7")
    assert owner.post("/api/auth/login/", RIGHT, format="json").status_code == 200
    for i in range(6):  # a stranger spends guesses on the account, from many addresses
        _from(f"198.51.100.{i}").post("/api/auth/login/", WRONG, format="json")
    assert _from("198.51.100.99").post("/api/auth/login/", RIGHT, format="json").status_code == 429
    assert owner.post("/api/auth/login/", RIGHT, format="json").status_code == 200


def test_the_login_forms_count_failures_against_the_account_too(per_account):
    for i in range(3):
        client = Client(enforce_csrf_checks=True, REMOTE_ADDR=f"198.51.100.{i}")
        assert _form_login(client, "/api-auth/login/", "wrong-password").status_code == 200
    client = Client(enforce_csrf_checks=True, REMOTE_ADDR="198.51.100.40")
    answer = _form_login(client, "/admin/login/", RIGHT["password"])
    assert answer.status_code == 429 and int(answer["Retry-After"]) > 0
    assert _from("198.51.100.41").post("/api/auth/login/", RIGHT, format="json").status_code == 429
