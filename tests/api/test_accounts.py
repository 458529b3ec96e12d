import pytest

from tests.helpers import assert_error_shape

pytestmark = pytest.mark.django_db


def register(client, username="bob", password="tabletop-2026!"):
    return client.post(
        "/api/auth/register/", {"username": username, "password": password}, format="json"
    )


def test_register_login_me_logout_flow(api_client):
    response = register(api_client)
    assert response.status_code == 201, response.content
    assert response.json()["user"]["username"] == "bob"

    login = api_client.post(
        "/api/auth/login/", {"username": "bob", "password": "tabletop-2026!"}, format="json"
    )
    assert login.status_code == 200
    token = login.json()["token"]

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = api_client.get("/api/me/")
    assert me.status_code == 200 and me.json()["username"] == "bob"

    assert api_client.post("/api/auth/logout/").status_code == 204
    assert_error_shape(api_client.get("/api/me/"), 401, "authentication_failed")


def test_register_rejects_taken_username_case_insensitively(api_client):
    assert register(api_client).status_code == 201
    body = assert_error_shape(register(api_client, username="BOB"), 400, "invalid")
    assert body["fields"]["username"][0]["code"] == "username_taken"


def test_register_rejects_weak_password(api_client):
    body = assert_error_shape(register(api_client, password="12345678"), 400, "invalid")
    assert "password" in body["fields"]


def test_login_with_wrong_password(api_client):
    register(api_client)
    response = api_client.post(
        "/api/auth/login/", {"username": "bob", "password": "wrong-one!"}, format="json"
    )
    assert_error_shape(response, 400, "invalid_credentials")


def test_session_login_for_browsable_api(client, make_user):
    make_user("carol", "another-long-pw")
    assert client.login(username="carol", password="another-long-pw")
    assert client.get("/api/me/").json()["username"] == "carol"
