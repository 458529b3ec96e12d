"""The web app's shell: one page, a web manifest and a service worker scoped to /app/."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static" / "webapp"

pytestmark = pytest.mark.no_services


def test_shell_page_loads_the_modules_from_this_server(client):
    response = client.get("/app/")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<script type="module" src="/static/webapp/app.js">' in page
    assert '<link rel="manifest" href="/app/manifest.webmanifest">' in page
    assert "http://" not in page and "https://" not in page  # nothing from elsewhere
    assert "{#" not in page and "{%" not in page  # no template text left in the page
    for name in ("theme-start.js", "app.css", "icon.svg"):  # by the names the worker keeps
        assert f'"/static/webapp/{name}"' in page, name


def test_manifest_makes_the_app_installable(client):
    response = client.get("/app/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["start_url"] == "/app/" and data["scope"] == "/app/"
    assert data["display"] == "standalone"
    pngs = {icon["sizes"]: icon for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(pngs)
    assert any(icon.get("purpose", "any") == "any" for icon in pngs.values())
    for icon in data["icons"]:
        assert icon["src"].startswith("/static/webapp/")
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, f"{icon['src']} is not a static file"
        if icon["type"] == "image/png":
            with open(path, "rb") as f:
                head = f.read(24)
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", head[16:24])
            assert icon["sizes"] == f"{width}x{height}"


def test_manifest_names_the_app_in_the_readers_language(client):
    english = client.get("/app/manifest.webmanifest").json()
    assert (english["name"], english["short_name"], english["lang"]) == (
        "Tabletop Football Companion",
        "Companion",
        "en",
    )
    response = client.get("/app/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    german = response.json()
    assert (german["name"], german["short_name"], german["lang"]) == (
        "Begleiter für Fußball-Tischspiele",
        "Begleiter",
        "de",
    )
    assert "Accept-Language" in response["Vary"]


def test_service_worker_is_served_at_the_app_scope(client):
    response = client.get("/app/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    source = response.content.decode()
    assert 'from "/static/webapp/queue.js"' in source
    assert "__STATIC__" not in source


def test_service_worker_keeps_every_module_of_the_app_for_offline_use(client):
    """The shell list is every file of static/webapp/ (the generic game module, the match screen's
    parts, the referee's protocol among them), so a module added is kept without a list to edit;
    the two workers are served at /app/ instead."""
    source = client.get("/app/sw.js").content.decode()
    listed = re.search(r"const FILES = \[(.*?)\];", source, re.S)
    pages = re.search(r"const PAGES = \[(.*?)\];", source, re.S)
    assert listed and pages and "__SHELL_FILES__" not in source
    assert "const SHELL = [...PAGES, ...FILES];" in source
    kept = set(re.findall(r'"([^"]+)"', listed.group(1) + pages.group(1)))
    files = {
        path.relative_to(STATIC).as_posix()
        for path in STATIC.rglob("*")
        if path.is_file() and path.name not in ("sw.js", "referee-worker.js")
    }
    assert {"games/generic.js", "match/screen.js", "referee-protocol.js", "app.js"} <= files
    assert not {"games/hat-trick.js", "games/trixkick.js"} & files  # in their packages
    assert set(json.loads(re.search(r"\.\.\.(\[.*?\])\.map", listed.group(1)).group(1))) == files
    assert {"/app/", "/app/manifest.webmanifest", "/app/referee-worker.js"} <= kept


def test_referee_worker_imports_the_protocol_from_this_server(client):
    response = client.get("/app/referee-worker.js")
    assert response.status_code == 200
    source = response.content.decode()
    assert 'from "/static/webapp/referee-protocol.js"' in source
    assert "__STATIC__" not in source


def test_shell_takes_no_writes(client):
    assert client.post("/app/").status_code == 405
