"""The Swagger UI renders in a real browser, from local assets, and lists the endpoints."""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def chromium_path():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI but missing at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM} (install Debian's 'chromium' package)")
    return CHROMIUM


def test_swagger_ui_lists_the_endpoints(live_server, chromium_path):
    from playwright.sync_api import sync_playwright

    outside_requests = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_path,
            args=CHROMIUM_ARGS,
        )
        try:
            page = browser.new_page()
            page.on(
                "request",
                lambda request: (
                    None
                    if request.url.startswith(live_server.url) or request.url.startswith("data:")
                    else outside_requests.append(request.url)
                ),
            )
            page.goto(f"{live_server.url}/api/docs/")
            page.wait_for_selector(".opblock-summary-path", timeout=20_000)
            paths = page.locator(".opblock-summary-path").all_inner_texts()
            title = page.locator(".info .title").inner_text()
        finally:
            browser.close()
    assert "Tabletop Football Companion API" in title
    flat = [p.replace("\u200b", "") for p in paths]
    assert "/api/health/" in flat
    assert "/api/auth/login/" in flat
    assert not outside_requests, f"the docs page fetched outside assets: {outside_requests}"
