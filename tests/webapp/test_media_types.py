"""The picture and the match file answer a client that asks for them by media type, as the
schema declares them (the web app sends Accept: image/svg+xml and text/plain)."""

import pytest

from teams.services import reference_editions_load


@pytest.fixture
def match_id(auth_client, user):
    reference_editions_load()
    response = auth_client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "Blue", "user": user.username}, {"name": "Red"}]},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["match"]["id"]


def test_picture_by_its_media_type(auth_client, match_id):
    response = auth_client.get(f"/api/matches/{match_id}/svg/", HTTP_ACCEPT="image/svg+xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert response.content.startswith(b"<svg")


def test_match_file_by_its_media_type(auth_client, match_id):
    response = auth_client.get(f"/api/matches/{match_id}/export/", HTTP_ACCEPT="text/plain")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert b'[Game "hat-trick"]' in response.content


def test_an_error_stays_json_in_the_error_shape(auth_client, match_id):
    response = auth_client.get("/api/matches/999999/svg/", HTTP_ACCEPT="image/svg+xml")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
