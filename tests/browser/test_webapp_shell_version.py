"""A file of the app changed on the server reaches the phone: the service worker answers the
app's files from its cache (not asking the network), and names their version (a hash of their
bytes, webapp/views.py), so the next visit finds a new service worker, which fetches the new
files; the page loaded after it runs them."""

import shutil
import time
from dataclasses import replace

import pytest

from matches.engine import register, unregister
from tests.browser.phone import browser, phone
from tests.games import toy

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

MODULE = f"/app/games/{toy.KEY}.js"
#: the mark the game's module exports, as the page imports it
MARK = f"() => import('{MODULE}').then((module) => module.shellMark)"
#: the service worker's cache of the app's files (its version in its name)
SHELL_CACHES = (
    """async () => (await caches.keys()).filter((name) => name.startsWith("companion-shell-"))"""
)


@pytest.fixture
def module(tmp_path):
    """An installed game whose phone module is a file this test changes."""
    data = tmp_path / "data"
    shutil.copytree(toy.GAME.data, data)
    game = register(replace(toy.GAME, data=data))
    yield data / "phone.js"
    unregister(game.key)


def _mark(module, mark: str) -> None:
    source = module.read_text(encoding="utf-8").split("\nexport const shellMark")[0]
    module.write_text(f'{source}\nexport const shellMark = "{mark}";\n', encoding="utf-8")


def test_a_changed_file_of_the_app_reaches_the_phone(app_server, make_user, token_for, module):
    _mark(module, "one")
    token = token_for(make_user("ann"))
    with browser() as b:
        _context, page = phone(b, app_server, token=token)
        page.goto("/app/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        [first] = page.evaluate(SHELL_CACHES)
        assert page.evaluate(MARK) == "one"

        _mark(module, "two")  # the server's file changed
        # the service worker answers it from its cache, as it was (the network not asked)
        cached = page.evaluate(f"() => fetch('{MODULE}').then((r) => r.text())")
        assert 'shellMark = "one"' in cached

        # the next visit: a new service worker, a cache of the new version, the old one dropped
        page.goto("/app/")
        deadline = time.monotonic() + 15
        while (names := page.evaluate(SHELL_CACHES)) in ([first], []) or len(names) > 1:
            assert time.monotonic() < deadline, names
            time.sleep(0.1)
        page.reload()
        assert page.evaluate(MARK) == "two"
