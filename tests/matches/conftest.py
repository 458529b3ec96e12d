import pytest
from rest_framework.test import APIClient

from teams.services import reference_editions_load
from tests.helpers import open_match


@pytest.fixture(autouse=True)
def editions(db):
    return reference_editions_load()


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan")]


@pytest.fixture
def client_for():
    def make(user) -> APIClient:
        client = APIClient()
        client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def amigo_match(players, client_for):
    """A 4-player Amigo Hattrick match created by ann, with ben playing too; one game."""
    client = client_for(players[0])
    sides = [
        {"name": "Ann", "user": "ann"},
        {"name": "Ben", "user": "ben"},
        {"name": "Guest 1"},
        {"name": "Guest 2"},
    ]
    created = open_match(client, "amigo-hattrick", sides, options={"games": 1})  # ben says yes
    created["match"] = client.get(f"/api/matches/{created['match']['id']}/").json()
    return created
