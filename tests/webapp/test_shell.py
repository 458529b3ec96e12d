"""The web app's shell: one page, a web manifest and a service worker scoped to /app/."""

import struct

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.no_services


def test_shell_page_loads_the_modules_from_this_server(client):
    response = client.get("/app/")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<script type="module" src="/static/webapp/app.js">' in page
    assert '<link rel="manifest" href="/app/manifest.webmanifest">' in page
    assert "http://" not in page and "https://" not in page  # nothing from elsewhere


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


def test_shell_takes_no_writes(client):
    assert client.post("/app/").status_code == 405
