"""The web app's shell: one page, a web manifest and a service worker scoped to /app/."""


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
    assert data["icons"][0]["src"] == "/static/webapp/icon.svg"


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
