import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def make_user(db, django_user_model):
    counter = {"n": 0}

    def make(username: str | None = None, password: str = "a-long-secret-pw"):
        counter["n"] += 1
        return django_user_model.objects.create_user(
            username=username or f"manager{counter['n']}", password=password
        )

    return make


@pytest.fixture
def user(make_user):
    return make_user("alice")


@pytest.fixture
def auth_client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client
