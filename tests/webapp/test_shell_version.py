"""The version the service worker names (webapp/views.py ``shell_version``): a hash of the bytes
of every file it answers from its cache, so a file changed is a new service worker, which the
browser installs at the phone's next visit (tests/browser/test_webapp_shell_version.py)."""

import re
import shutil
from dataclasses import replace

import pytest

from matches.engine import register, unregister
from tests.games import toy
from webapp import views

pytestmark = pytest.mark.no_services


def _version(client) -> str:
    source = client.get("/app/sw.js").content.decode()
    found = re.search(r'^const VERSION = "([0-9a-f]{16})";$', source, re.M)
    assert found, source[:400]
    assert "const CACHE = `companion-shell-${VERSION}`;" in source
    return found.group(1)


@pytest.fixture
def files(tmp_path, monkeypatch, settings):
    """A copy of the app's static folder, read as while the server runs in development (the
    files may change: read again at each request)."""
    copy = tmp_path / "webapp"
    shutil.copytree(views.STATIC_DIR, copy)
    monkeypatch.setattr(views, "STATIC_DIR", copy)
    settings.WHITENOISE_AUTOREFRESH = True
    return copy


def test_the_version_is_the_same_while_no_file_changes(client, files):
    first = _version(client)
    assert _version(client) == first
    (files / "app.js").touch()  # read again, the same bytes
    assert _version(client) == first


@pytest.mark.parametrize(
    "name", ["app.js", "app.css", "words.json", "match/screen.js", "icon.svg", "referee-worker.js"]
)
def test_any_file_changed_is_a_new_version(client, files, name):
    before = _version(client)
    with (files / name).open("ab") as f:
        f.write(b"\n")
    assert _version(client) != before


def test_a_file_added_is_a_new_version_and_kept(client, files):
    before = _version(client)
    (files / "extra.js").write_text("export const x = 1;\n", encoding="utf-8")
    assert _version(client) != before
    assert '"extra.js"' in client.get("/app/sw.js").content.decode()


def test_a_games_module_changed_or_added_is_a_new_version(client, files, tmp_path):
    before = _version(client)
    data = tmp_path / "toy-data"
    shutil.copytree(toy.GAME.data, data)
    game = register(replace(toy.GAME, data=data))
    try:
        added = _version(client)
        assert added != before
        with (data / "phone.js").open("a", encoding="utf-8") as f:
            f.write("\nexport const changed = true;\n")
        assert _version(client) not in (before, added)
    finally:
        unregister(game.key)
    assert _version(client) == before


def test_in_production_the_files_are_hashed_once(client, settings):
    """Without autorefresh the files do not change while the process runs: they are hashed once
    (the same version as read afresh), not at each request."""
    settings.WHITENOISE_AUTOREFRESH = True
    fresh = _version(client)
    settings.WHITENOISE_AUTOREFRESH = False
    assert _version(client) == fresh
    assert _version(client) == fresh
    assert views._files_digest.once.cache_info().currsize == 1
