"""The API's documentation pages render in a real browser, from local assets, under their
Content-Security-Policy (no inline script) with not one violation: Swagger UI lists the
endpoints, Redoc the operations.

The schema they read is 3.6 MB of JSON, which Redoc parses and lays out in about 5 s of one
core on an idle machine; in CI, beside two passes of the suite on two cores, a page gets a
fraction of a core. The waits below bound how long a page may take to show anything at all
(``RENDERED``), not how fast it is."""

import pytest

from tests.browser.phone import browser

pytestmark = [pytest.mark.browser, pytest.mark.phone_only, pytest.mark.django_db(transaction=True)]

#: milliseconds a page may take to render the schema and to answer "Try it out"
RENDERED = 120_000

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def _open(b, live_server, path: str):
    """A page on ``path`` that records what it fetched from elsewhere, the policy's
    violations and the console's errors; returns the page, the policy and those lists."""
    page = b.new_page()
    outside, console = [], []
    page.on(
        "requestfinished",
        lambda request: (
            None
            if request.url.startswith((live_server.url, "data:", "blob:"))
            else outside.append(request.url)
        ),
    )
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    page.add_init_script(RECORD_VIOLATIONS)
    answer = page.goto(f"{live_server.url}{path}")
    policy = answer.headers["content-security-policy"]
    return page, policy, outside, console


def _strict(policy: str) -> dict[str, str]:
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["default-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    return directives


def test_swagger_ui_lists_the_endpoints_under_its_policy(live_server):
    with browser() as b:
        page, policy, outside, console = _open(b, live_server, "/api/docs/")
        page.wait_for_selector(".opblock-summary-path", timeout=RENDERED)
        paths = page.locator(".opblock-summary-path").all_inner_texts()
        title = page.locator(".info .title").inner_text()
        # "Try it out" reaches the API under the policy too
        page.locator("#operations-health-health_retrieve .opblock-summary").click()
        page.get_by_role("button", name="Try it out").click()
        page.get_by_role("button", name="Execute").click()
        answered = page.locator(".live-responses-table tbody .response-col_status").first
        answered.wait_for(timeout=RENDERED)
        status = answered.inner_text()
        violations = page.evaluate("window.cspViolations")
    assert "Tabletop Football Companion API" in title
    flat = [p.replace("\u200b", "") for p in paths]
    assert "/api/health/" in flat
    assert "/api/auth/login/" in flat
    assert status.strip() in ("200", "503")
    assert not outside, f"the docs page fetched outside assets: {outside}"
    directives = _strict(policy)
    assert "unsafe-inline" not in directives["style-src"]
    assert violations == [] and console == [], (violations, console)


def test_redoc_lists_the_operations_under_its_policy(live_server):
    with browser() as b:
        page, policy, outside, console = _open(b, live_server, "/api/redoc/")
        page.locator("h2", has_text="Log in, get a token").wait_for(timeout=RENDERED)
        title = page.locator("h1").first.inner_text()
        violations = page.evaluate("window.cspViolations")
    assert "Tabletop Football Companion API" in title
    assert not outside, f"the Redoc page fetched outside assets: {outside}"
    _strict(policy)
    # the one thing refused is what the policy is for: Redoc's sidebar shows Redocly's logo
    # from Redocly's server; it is not fetched (the link beside it stays, without the picture)
    assert violations == [f"img-src {REDOCLY_LOGO}"], violations
    assert all(REDOCLY_LOGO in line for line in console), console


REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
