"""Devices and accounts: a token per login, listed and revoked one by one, logout of one
device only, expiry after an idle time, password change, password reset by e-mail."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from companion.models import Device
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db
PASSWORD = "tabletop-2026!"


@pytest.fixture
def bob(make_user):
    user = make_user("bob", password=PASSWORD)
    user.email = "bob@example.com"
    user.save(update_fields=["email"])
    return user


def login(name: str = "", password: str = PASSWORD, **extra) -> tuple[APIClient, dict]:
    client = APIClient()
    body = {"username": "bob", "password": password}
    if name:
        body["device"] = name
    response = client.post("/api/auth/login/", body, format="json", **extra)
    assert response.status_code == 200, response.content
    data = response.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {data['token']}")
    return client, data


def test_each_login_is_its_own_device_with_its_own_token(bob):
    phone, first = login("Bob's phone")
    tablet, second = login(HTTP_USER_AGENT="CompanionTablet/2.1")
    assert first["token"] != second["token"] and first["device"] != second["device"]
    listed = phone.get("/api/auth/devices/").json()
    assert {d["name"] for d in listed} == {"Bob's phone", "CompanionTablet/2.1"}
    assert [d["current"] for d in listed if d["id"] == first["device"]] == [True]
    assert [d["current"] for d in listed if d["id"] == second["device"]] == [False]
    assert all(d["created_at"] and d["last_used_at"] for d in listed)
    assert tablet.get("/api/me/").json()["username"] == "bob"


def test_tokens_are_stored_as_digests_only(bob):
    _, data = login()
    stored = Device.objects.get(pk=data["device"])
    assert data["token"] not in stored.key_digest and len(stored.key_digest) == 64


def test_logout_ends_only_that_device(bob):
    phone, _ = login("phone")
    tablet, _ = login("tablet")
    assert phone.post("/api/auth/logout/").status_code == 204
    assert_error_shape(phone.get("/api/me/"), 401, "authentication_failed")
    assert tablet.get("/api/me/").status_code == 200
    assert [d["name"] for d in tablet.get("/api/auth/devices/").json()] == ["tablet"]


def test_a_device_is_revoked_on_its_own(bob, make_user):
    phone, _ = login("phone")
    lost, lost_data = login("lost phone")
    assert phone.delete(f"/api/auth/devices/{lost_data['device']}/").status_code == 204
    assert_error_shape(lost.get("/api/me/"), 401)
    assert phone.get("/api/me/").status_code == 200
    assert_error_shape(phone.delete(f"/api/auth/devices/{lost_data['device']}/"), 404, "not_found")
    # someone else's device is not found either
    other = make_user("eve", password=PASSWORD)
    eve = APIClient()
    eve.force_authenticate(other)
    _, kept = login("kept")
    assert_error_shape(eve.delete(f"/api/auth/devices/{kept['device']}/"), 404)
    assert Device.objects.filter(pk=kept["device"]).exists()


def test_a_token_expires_after_the_idle_time(bob, settings):
    settings.TOKEN_IDLE_DAYS = 7
    phone, data = login("phone")
    Device.objects.filter(pk=data["device"]).update(
        last_used_at=timezone.now() - timedelta(days=6, hours=23)
    )
    assert phone.get("/api/me/").status_code == 200  # used within the week: still good
    Device.objects.filter(pk=data["device"]).update(
        last_used_at=timezone.now() - timedelta(days=7, minutes=1)
    )
    body = assert_error_shape(phone.get("/api/me/"), 401, "token_expired")
    assert "log in again" in body["message"].lower()
    assert not Device.objects.filter(pk=data["device"]).exists()


def test_use_keeps_a_token_alive_and_is_recorded_at_most_once_a_minute(bob):
    phone, data = login()
    old = timezone.now() - timedelta(days=3)
    Device.objects.filter(pk=data["device"]).update(last_used_at=old)
    phone.get("/api/me/")
    touched = Device.objects.get(pk=data["device"]).last_used_at
    assert touched > old
    phone.get("/api/me/")
    assert Device.objects.get(pk=data["device"]).last_used_at == touched


def test_password_change_logs_out_the_other_devices(bob):
    phone, _ = login("phone")
    tablet, _ = login("tablet")
    wrong = phone.post(
        "/api/auth/password/",
        {"old_password": "not-it-at-all", "new_password": "another-long-pw-7"},
        format="json",
    )
    body = assert_error_shape(wrong, 400, "invalid")
    assert body["fields"]["old_password"][0]["code"] == "wrong_password"
    weak = phone.post(
        "/api/auth/password/", {"old_password": PASSWORD, "new_password": "12345678"}, format="json"
    )
    assert "new_password" in assert_error_shape(weak, 400)["fields"]
    done = phone.post(
        "/api/auth/password/",
        {"old_password": PASSWORD, "new_password": "another-long-pw-7"},
        format="json",
    )
    assert done.status_code == 204
    assert phone.get("/api/me/").status_code == 200
    assert_error_shape(tablet.get("/api/me/"), 401)
    login(password="another-long-pw-7")


def test_password_reset_by_mail(bob, mailoutbox):
    phone, _ = login("phone")
    anonymous = APIClient()
    response = anonymous.post(
        "/api/auth/password/reset/", {"email": "bob@example.com"}, format="json"
    )
    assert response.status_code == 202
    unknown = anonymous.post(
        "/api/auth/password/reset/", {"email": "who@example.com"}, format="json"
    )
    assert unknown.status_code == 202  # the same answer: no telling who has an account
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["bob@example.com"] and "bob" in mail.body
    uid = re.search(r"uid: (\S+)", mail.body).group(1)
    token = re.search(r"token: (\S+)", mail.body).group(1)

    bad = anonymous.post(
        "/api/auth/password/reset/confirm/",
        {"uid": uid, "token": token[:-2] + "xx", "new_password": "brand-new-pw-2026"},
        format="json",
    )
    assert_error_shape(bad, 400, "invalid_reset_token")
    done = anonymous.post(
        "/api/auth/password/reset/confirm/",
        {"uid": uid, "token": token, "new_password": "brand-new-pw-2026"},
        format="json",
    )
    assert done.status_code == 204
    assert_error_shape(phone.get("/api/me/"), 401)  # every device logged out
    again = anonymous.post(
        "/api/auth/password/reset/confirm/",
        {"uid": uid, "token": token, "new_password": "yet-another-pw-2026"},
        format="json",
    )
    assert_error_shape(again, 400, "invalid_reset_token")  # the link works once
    login(password="brand-new-pw-2026")


def test_password_reset_mail_links_to_the_configured_page(bob, mailoutbox, settings):
    settings.PASSWORD_RESET_URL = "https://app.example.com/reset"
    APIClient().post("/api/auth/password/reset/", {"email": "bob@example.com"}, format="json")
    assert re.search(r"https://app\.example\.com/reset\?uid=\S+&token=\S+", mailoutbox[0].body)


def test_the_embedded_default_prints_mail_on_the_console():
    from companion.settings import base

    assert base.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"


def test_a_session_logout_ends_the_session_and_leaves_the_devices(bob):
    from django.test import Client

    phone, _ = login("phone")
    browser = Client()
    assert browser.login(username="bob", password=PASSWORD)
    assert browser.get("/api/me/").status_code == 200
    assert browser.post("/api/auth/logout/").status_code == 204
    assert browser.get("/api/me/").status_code in (401, 403)
    assert phone.get("/api/me/").status_code == 200


def test_an_admin_sees_and_revokes_devices_but_never_their_keys(bob, admin_client):
    _, data = login("phone")
    page = admin_client.get("/admin/companion/device/")
    assert page.status_code == 200 and b"phone" in page.content
    detail = admin_client.get(f"/admin/companion/device/{data['device']}/change/")
    assert data["token"].encode() not in detail.content
    assert Device.objects.get(pk=data["device"]).key_digest.encode() not in detail.content
    admin_client.post(f"/admin/companion/device/{data['device']}/delete/", {"post": "yes"})
    assert not Device.objects.filter(pk=data["device"]).exists()
