"""Every error status answers in the one error shape."""

from unittest import mock

import pytest
from django.db import DataError
from django.urls import path
from rest_framework import status
from rest_framework.views import APIView

from companion.errors import DomainError
from matches.engine import IllegalActionError
from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db


class _Conflict(APIView):
    permission_classes: list = []

    def get(self, request):
        raise DomainError(
            "stale_sequence", "Someone logged a move first.", details={"current_seq": 3}
        )


class _Illegal(APIView):
    permission_classes: list = []

    def get(self, request):
        raise IllegalActionError(
            "wrong_edge", "HT-2.1", "That player's footballs are on the other edge."
        )


class _Refused(APIView):
    permission_classes: list = []

    def get(self, request):
        raise DataError('time zone displacement out of range: "0047-07-23 09:07:59+17:24"')


urlpatterns = [
    path("api/t/conflict/", _Conflict.as_view()),
    path("api/t/illegal/", _Illegal.as_view()),
    path("api/t/refused/", _Refused.as_view()),
]


def test_400_field_errors(api_client):
    response = api_client.post("/api/auth/register/", {"username": "x"}, format="json")
    body = assert_error_shape(response, 400, "invalid")
    assert "password" in body["fields"]
    assert body["fields"]["password"][0]["code"] == "required"


def test_400_malformed_json(api_client):
    response = api_client.post("/api/auth/login/", "{not json", content_type="application/json")
    assert_error_shape(response, 400, "parse_error")


def test_401_without_credentials(api_client):
    assert_error_shape(api_client.get("/api/me/"), 401, "not_authenticated")


def test_401_bad_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token nope")
    assert_error_shape(api_client.get("/api/me/"), 401, "authentication_failed")


def test_404_unknown_api_url_is_json(api_client):
    assert_error_shape(api_client.get("/api/no/such/thing/"), 404, "not_found")


def test_405_method_not_allowed(api_client):
    assert_error_shape(api_client.delete("/api/health/"), 405, "method_not_allowed")


@pytest.mark.urls("tests.api.test_errors")
def test_409_conflict_carries_details(api_client):
    body = assert_error_shape(api_client.get("/api/t/conflict/"), 409, "stale_sequence")
    assert body["details"] == {"current_seq": 3}


@pytest.mark.urls("tests.api.test_errors")
def test_a_value_the_database_refuses_is_a_400_not_a_500(api_client):
    assert_error_shape(api_client.get("/api/t/refused/"), 400, "invalid_value")


@pytest.mark.urls("tests.api.test_errors")
def test_422_engine_error_names_the_rule(api_client):
    body = assert_error_shape(api_client.get("/api/t/illegal/"), 422, "wrong_edge")
    assert body["rule"] == "HT-2.1"


def test_403_when_authenticated_but_not_allowed(auth_client):
    # Logout is allowed to every authenticated user; the admin is not. Use the schema of a
    # permission-checked view: a logged-in non-staff user may not read another's private data.
    with mock.patch("companion.api.accounts.MeView.permission_classes", [_Deny]):
        assert_error_shape(
            auth_client.get("/api/me/"), status.HTTP_403_FORBIDDEN, "permission_denied"
        )


class _Deny:
    def has_permission(self, request, view):
        return False

    def has_object_permission(self, request, view, obj):
        return False


def test_unsupported_media_type(auth_client):
    response = auth_client.post("/api/auth/register/", "x=1", content_type="text/csv")
    assert_error_shape(response, 415, "unsupported_media_type")
