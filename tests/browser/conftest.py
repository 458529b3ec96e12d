import pytest
from rest_framework.authtoken.models import Token

from teams.services import reference_editions_load
from tests.live_server import asgi_server


@pytest.fixture
def app_server(transactional_db, settings):
    """The project's ASGI application (live streams need it) with the static files found
    in the apps, as `make run` serves them."""
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True
    reference_editions_load()
    with asgi_server() as url:
        yield url


@pytest.fixture
def token_for():
    def make(user) -> str:
        return Token.objects.get_or_create(user=user)[0].key

    return make
