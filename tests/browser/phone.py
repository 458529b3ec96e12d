"""A phone for the web app's browser tests: Debian's Chromium at 390x844 with touch, on an
ASGI server in the test process (the app's static modules served by whitenoise's finders)."""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

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
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
    "locale": "en-GB",
}
SCREENSHOTS = Path(
    os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[2] / "var" / "screenshots")
)


def db(fn, *args, **kwargs):
    """Run an ORM query outside Playwright's event loop (the sync API runs one in this thread)."""
    from django.db import connections

    def run():
        try:
            return fn(*args, **kwargs)
        finally:
            connections.close_all()  # the thread's own connection, so the test database can go

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def chromium_or_skip() -> str:
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI but missing at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM} (install Debian's 'chromium' package)")
    return CHROMIUM


class _Chromium:
    """The worker's one Chromium, started on the first browser test and shut when the run ends
    (``stop_browser``): starting Playwright's driver and Chromium costs a second or more of CPU,
    a new context (a phone) a fraction of it.

    While Playwright's sync API is started, its event loop counts as running in this thread
    (Playwright marks it so after every call), and Django refuses ORM calls under a running
    loop. So the loop is marked running only inside ``browser()``: the tests in between see
    none, as before."""

    playwright = None
    chromium = None

    @classmethod
    def get(cls):
        if cls.chromium is not None and cls.chromium.is_connected():
            asyncio._set_running_loop(cls.playwright._loop)
            return cls.chromium
        cls.stop()
        from playwright.sync_api import sync_playwright

        path = chromium_or_skip()
        cls.playwright = sync_playwright().start()
        cls.chromium = cls.playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        return cls.chromium

    @classmethod
    def stop(cls) -> None:
        if cls.playwright is None:
            return
        asyncio._set_running_loop(cls.playwright._loop)
        try:
            if cls.chromium is not None and cls.chromium.is_connected():
                cls.chromium.close()
        finally:
            cls.playwright.stop()
            cls.playwright = cls.chromium = None
            asyncio._set_running_loop(None)


def stop_browser() -> None:
    _Chromium.stop()


class _RefereeStart:
    """The referee's saved start, carried from phone to phone within a test worker.

    A phone's referee starts CPython and imports the engines once (a cold start: about 6 s of
    CPU here), keeps a copy of its memory in its cache (``referee-worker.js``) and starts from
    that copy every time after (about 1.5 s). Each test's phone is a new browser context, with
    an empty cache, so each would start cold. Instead the first saved start of the worker is
    taken from its phone's cache when its test ends, and put into the cache of every later
    phone made with ``referee=True`` before the test opens the app: those phones start as a
    phone does on every day but its first. ``referee="cold"`` makes a phone that starts cold
    (tests of the first start, and of the start under the app's Content-Security-Policy)."""

    CACHE = "companion-referee-start"
    PAGE = "/__tests__/referee-start/page"
    BODY = "/__tests__/referee-start/body"
    path: str | None = None  # the path of the saved start's cache entry, which names the engines
    body: bytes | None = None

    @classmethod
    def held(cls) -> bool:
        from webapp.engine_bundle import engine_bundle

        if cls.path and not cls.path.endswith("/" + engine_bundle().digest):
            cls.path = cls.body = None  # taken while a test served other engines
        return cls.body is not None

    @classmethod
    def give(cls, page) -> None:
        """Put the saved start into the cache of ``page``'s phone (which then shows a blank page
        of the app's origin)."""
        page.goto(cls.PAGE)
        page.evaluate(
            """async ([name, path, from]) => {
                 const body = await (await fetch(from)).arrayBuffer();
                 const type = { "Content-Type": "application/octet-stream" };
                 await (await caches.open(name)).put(path, new Response(body, { headers: type }));
               }""",
            [cls.CACHE, cls.path, cls.BODY],
        )

    @classmethod
    def take(cls, context, origin: str) -> None:
        """Keep the saved start from the cache of a phone whose referee started cold, if it
        saved one."""
        if cls.held() or not context.pages:
            return
        try:
            cdp = context.new_cdp_session(context.pages[0])
            names = cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": origin})
            ids = [c["cacheId"] for c in names["caches"] if c["cacheName"] == cls.CACHE]
            if not ids:
                return
            entries = cdp.send(
                "CacheStorage.requestEntries", {"cacheId": ids[0], "skipCount": 0, "pageSize": 1}
            )["cacheDataEntries"]
            if not entries:
                return
            url = entries[0]["requestURL"]
            response = cdp.send(
                "CacheStorage.requestCachedResponse",
                {"cacheId": ids[0], "requestURL": url, "requestHeaders": []},
            )["response"]
        except Exception:  # noqa: BLE001 - the phone or its page already gone: the next one
            return
        cls.path = url.removeprefix(origin)
        cls.body = base64.b64decode(response["body"])


def serving_referee_start(app):
    """The test server's application, which also serves ``_RefereeStart``'s blank page and
    the saved start it puts into a phone's cache."""

    async def application(scope, receive, send):
        path = scope.get("path")
        if scope["type"] != "http" or path not in (_RefereeStart.PAGE, _RefereeStart.BODY):
            return await app(scope, receive, send)
        body = _RefereeStart.body if path == _RefereeStart.BODY else b"<!doctype html><title>"
        kind = b"application/octet-stream" if path == _RefereeStart.BODY else b"text/html"
        body = body or b""
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        status = 200 if body else 404
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return application


#: the phones whose referee may start cold in this test, by context, with their origin
_cold_starts: dict = {}


@contextmanager
def browser():
    """The worker's Chromium; every phone (context) opened in it is closed when the block ends,
    so a test starts with none: no page, storage, cache, service worker or route of another."""
    b = _Chromium.get()
    try:
        yield b
    finally:
        try:
            for context, origin in _cold_starts.items():
                _RefereeStart.take(context, origin)
            for context in list(b.contexts):
                context.close()
        finally:
            _cold_starts.clear()
            asyncio._set_running_loop(None)


def phone(
    b,
    base_url: str,
    *,
    token: str | None = None,
    language: str = "en",
    referee: bool | str = False,
    color_scheme: str = "light",
):
    """A new phone (browser context) with its page; signed in already when given a token.

    Without ``referee`` the phone's referee runtime cannot be fetched (its files are blocked):
    the phone referees on the server only, as one without the runtime does. With it, the
    phone's referee starts from the saved start of an earlier phone where the worker holds one
    (``_RefereeStart``); with ``referee="cold"`` it starts cold. ``color_scheme``: the phone's
    own setting, "light" or "dark" (the app follows it unless told otherwise)."""
    context = b.new_context(
        base_url=base_url, **{**PHONE, "locale": language}, color_scheme=color_scheme
    )
    # how long a wait may last before the test fails: a bound for a page that does not come,
    # not a speed (in CI a phone shares two cores with two passes of the suite); the waits
    # that time the live streams name their own bound (WITHIN)
    context.set_default_timeout(30_000)
    # axe-core for accessible(), given to every page as the browser's own script: the app's
    # Content-Security-Policy lets no inline script into the page
    context.add_init_script(script=_axe_source())
    if not referee:
        context.route("**/static/webapp/pyodide/**", lambda route: route.abort())
    if token:
        context.add_init_script(
            f"localStorage.setItem('token', {token!r});"
            f"localStorage.setItem('language', {language!r});"
        )
    page = context.new_page()
    if referee is True and _RefereeStart.held():
        _RefereeStart.give(page)
    elif referee:
        _cold_starts[context] = base_url
    return context, page


#: the hint and every choice of the step (up to eight) above the bar pinned to the bottom,
#: nothing scrolled, and one status line that says where the moves are
IN_REACH = """() => {
  const hint = document.getElementById("hint");
  const choices = [...document.querySelectorAll("section.moves button.move")].slice(0, 8);
  const bar = document.querySelector(".sticky").getBoundingClientRect().top;
  const status = document.querySelectorAll("#queue-state, .stored, .storing, section.queue").length;
  if (status !== 1) return `${status} status lines`;
  if (!hint || !choices.length) return "no hint or no choice";
  const h = hint.getBoundingClientRect();
  if (window.scrollY !== 0) return `scrolled by ${window.scrollY}`;
  if (h.top < 0 || h.bottom > bar) return `hint at ${h.top}..${h.bottom}, bar at ${bar}`;
  for (const [i, b] of choices.entries()) {
    const r = b.getBoundingClientRect();
    if (r.bottom > bar) return `choice ${i + 1} of ${choices.length} ends at ${r.bottom}, bar at ${bar}`;
  }
  return "";
}"""


def seq_of(page) -> int:
    return int(page.locator(".match-head").get_attribute("data-seq"))


def tap_and_wait(page, locator, *, seq: int | None = None) -> int:
    """Tap a move; wait until the match shows the next sequence number."""
    before = seq_of(page) if seq is None else seq
    locator.tap()
    page.wait_for_selector(f'.match-head[data-seq="{before + 1}"]')
    return before + 1


def _axe_source() -> str:
    from importlib.resources import files

    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def accessible(page, screen: str) -> None:
    """axe-core, run in the page, finds no serious or critical violation on this screen (the
    contrast of every word against what it is drawn on among them, in the colours shown)."""
    if not page.evaluate("() => Boolean(window.axe)"):  # a context made without phone()
        page.add_script_tag(content=_axe_source())
    result = page.evaluate(
        """() => axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
                                   rules: {"color-contrast": {enabled: true}}})
             .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))})))"""
    )
    # (a word short of its contrast fails, whatever impact axe gives it)
    serious = [
        v for v in result if v["impact"] in ("serious", "critical") or v["id"] == "color-contrast"
    ]
    assert not serious, f"{screen}: {serious}"


def shot(page, name: str) -> None:
    """Save a screenshot of this screen, and check its accessibility and width while at it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    head = page.locator(".match-head")
    if head.count() and page.locator("#queue-state.queue").count() == 0:
        # the picture of the position shown, not the one before
        page.wait_for_selector(
            f'#picture[data-seq="{head.get_attribute("data-seq")}"]', state="attached"
        )
    # a full-page picture: the bar pinned to the bottom of the screen is drawn where the page
    # ends (scrolled to the bottom, that is where it is), not over the middle of the page
    # (set through the CSSOM: the app's Content-Security-Policy refuses an inline style sheet)
    sticky = "document.querySelectorAll('.sticky').forEach((e) => e.style.{})"
    page.evaluate(sticky.format("setProperty('position', 'static', 'important')"))
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    page.evaluate(sticky.format("removeProperty('position')"))
    accessible(page, name)
    # nothing wider than the phone: no sideways scrolling on any screen
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: {width} px wide"


def smallest_picture_text(page) -> float:
    """The smallest type of the match picture on screen, in CSS pixels."""
    return page.evaluate(
        """() => Math.min(...[...document.querySelectorAll("#picture svg text")].map(
             (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))"""
    )


def choice(page, label: str):
    """The first button still to choose at this step with exactly this label (a card face
    of a row not yet picked, a player's move...)."""
    return page.locator(f'section.moves button.move[aria-label="{label}"]').first
