"""The web app runs under its Content-Security-Policy: the shell page sends it, and signing in,
the phone's referee (its Web Worker running the engines in WebAssembly), opening a match and
logging a move all work with not one violation reported."""

import pytest

from tests.browser.phone import browser, phone, tap_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.mark.slow
def test_the_app_and_its_referee_work_under_the_csp(app_server, make_user, token_for):
    ann = make_user("ann")
    token = token_for(ann)
    with browser() as b:
        # a first start: CPython started and the engines imported in the worker, under the policy
        context, page = phone(b, app_server, token=token, referee="cold")
        context.add_init_script(RECORD_VIOLATIONS)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        shell = page.goto("/app/")
        policy = shell.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        # the referee's worker boots Pyodide and the engines under the policy
        page.wait_for_selector("html[data-referee]", state="attached", timeout=120_000)
        page.goto("/app/#/new")
        page.get_by_text("Hattrick (Amigo)").tap()
        page.get_by_label("Games to play").fill("1")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
        page.wait_for_selector("#picture svg")
        tap_and_wait(page, page.get_by_role("button", name="Shuffle and deal in the app"))
        assert page.evaluate("window.cspViolations") == []
        assert errors == []
        # an inline script slipped into the page would not run, and is reported
        page.evaluate(
            """() => { const s = document.createElement("script");
                       s.textContent = "window.injected = true";
                       document.body.append(s); }"""
        )
        page.wait_for_function("window.cspViolations.length > 0")
        assert page.evaluate("window.injected") is None
        assert page.evaluate("window.cspViolations")[0].startswith("script-src")
        context.close()
