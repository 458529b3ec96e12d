import pytest

from teams.services import reference_editions_load
from tests.browser.phone import serving_referee_start, stop_browser
from tests.live_server import asgi_server


@pytest.fixture
def app_server(transactional_db, settings):
    """The project's ASGI application (live streams need it) with the static files found
    in the apps, as `make run` serves them (and the referee's saved start for the phones that
    take it: tests/browser/phone.py)."""
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True
    reference_editions_load()
    with asgi_server(wrap=serving_referee_start) as url:
        yield url


@pytest.fixture(scope="session", autouse=True)
def _one_chromium_per_worker():
    """The browser tests share their worker's Chromium (tests/browser/phone.py); it is shut
    when the run ends."""
    yield
    stop_browser()
