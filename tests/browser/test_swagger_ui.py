"""The Swagger UI renders in a real browser, from local assets, and lists the endpoints."""

import pytest

from tests.browser.phone import browser

pytestmark = [pytest.mark.browser, pytest.mark.phone_only, pytest.mark.django_db(transaction=True)]


def test_swagger_ui_lists_the_endpoints(live_server):
    outside_requests = []
    with browser() as b:
        page = b.new_page()
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
    assert "Tabletop Football Companion API" in title
    flat = [p.replace("\u200b", "") for p in paths]
    assert "/api/health/" in flat
    assert "/api/auth/login/" in flat
    assert not outside_requests, f"the docs page fetched outside assets: {outside_requests}"
