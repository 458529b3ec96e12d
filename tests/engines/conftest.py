import asyncio
from dataclasses import dataclass

import pytest

from teams.services import reference_editions_load
from tests.engines.adapters import ENGINES, open_phone, stop_all
from tests.engines.network import Network, serving_tests
from tests.live_server import asgi_server


@dataclass
class Table:
    """The app served as `make run` serves it, reached by the phones through ``network``."""

    url: str
    network: Network


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return request.param


@pytest.fixture
def table(transactional_db, settings):
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True
    reference_editions_load()
    with asgi_server(wrap=serving_tests) as url:
        network = Network(int(url.rsplit(":", 1)[1]))
        try:
            yield Table(network.url, network)
        finally:
            network.close()


@pytest.fixture
def phones(engine, table):
    """Opens a phone of the test's engine on the table's network; all are closed when the test
    ends."""
    opened = []

    def open_(language: str = "en"):
        phone = open_phone(engine, table.url, language)
        opened.append(phone)
        return phone

    yield open_
    table.network.restore()
    try:
        for phone in opened:
            phone.close()
    finally:
        # Playwright's sync API marks its loop running after each call (tests/browser/phone.py),
        # and Django refuses the ORM under a running loop: the database's teardown needs none
        asyncio._set_running_loop(None)


@pytest.fixture(scope="session", autouse=True)
def _engines_stopped():
    yield
    stop_all()
