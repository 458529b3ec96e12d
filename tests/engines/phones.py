"""A phone in any of the three browser engines, for scenarios written once (tests/engines).

A scenario sees a ``Phone``: it opens a path of the app, runs a script in the page (``evaluate``,
``wait``), taps an element and takes a screenshot; each engine has its adapter (Chromium through
Playwright, Firefox ESR through puppeteer-core over WebDriver BiDi, WebKitGTK through Selenium's
WebKitWebDriver), all three Debian's own browsers. The network is cut outside the browser
(tests/engines/network.py), the same for every engine."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

import pytest

WIDTH, HEIGHT = 390, 844
SCREENSHOTS = Path(
    os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[2] / "var" / "screenshots")
)
BLANK = "/__tests__/engines/page"
STATIC = "setProperty('position', 'static', 'important')"
UNSTATIC = (
    "removeProperty('position')"  # a blank page of the app's origin (tests/engines/network.py)
)

#: seconds a wait may last before the test fails: a bound for a page that does not come, not a
#: speed (in CI a phone shares two cores with two passes of the suite; WebKit under Xvfb is the
#: slowest of the three)
WAIT_S = 60.0

# Waits in the page until the function is true of its argument, for at most `ms`; gives its
# last value (a page that navigates away meanwhile ends the wait early). The function comes as
# source, not as a string to evaluate: the app's Content-Security-Policy refuses eval.
WAIT = """async (test, arg, ms) => {
  const end = performance.now() + ms;
  for (;;) {
    const value = await test(arg);
    if (value || performance.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}"""

# Signs the phone in and gives it its engine's saved referee start, where one is held: from the
# blank page, before the app is opened (as a phone that used the app yesterday has both).
SIGN_IN = """async ([token, language, engine]) => {
  localStorage.setItem("token", token);
  localStorage.setItem("language", language);
  const held = await fetch(`/__tests__/engines/start/${engine}`);
  if (held.status !== 200) return false;
  const path = held.headers.get("x-start-path");
  const type = { "Content-Type": "application/octet-stream" };
  const body = await held.arrayBuffer();
  await (await caches.open("companion-referee-start")).put(path, new Response(body, { headers: type }));
  return true;
}"""

# Hands the referee's saved start in this phone's cache to the test server, for the next phones
# of the same engine.
TAKE_START = """async (engine) => {
  const cache = await caches.open("companion-referee-start");
  const [key] = await cache.keys();
  if (!key) return false;
  const body = await (await cache.match(key)).arrayBuffer();
  const path = encodeURIComponent(new URL(key.url).pathname);
  const sent = await fetch(`/__tests__/engines/start/${engine}?path=${path}`, { method: "POST", body });
  return sent.ok;
}"""


HAS_TEXT = "([s, text]) => (document.querySelector(s)?.textContent ?? '').includes(text)"


class Phone(ABC):
    """One phone: its own storage, cache and service worker, 390 CSS pixels wide."""

    engine: str
    full_page = True  # its screenshots show the whole page (WebKit's: the screen only)

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.started_cold = False

    @abstractmethod
    def goto(self, path: str) -> None: ...

    @abstractmethod
    def reload(self) -> None:
        """The page opened again, as the phone's user opens the app again."""

    @abstractmethod
    def run(self, expression: str) -> Any:
        """The value of a script expression in the page (a promise is awaited)."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """The engine's own click on the first element the CSS selector finds."""

    @abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abstractmethod
    def quit(self) -> None: ...

    def evaluate(self, function: str, arg: Any = None) -> Any:
        """The value of a script function (its source) applied to ``arg`` in the page."""
        return self.run(f"({function})({json.dumps(arg)})")

    def wait(self, function: str, arg: Any = None, timeout: float = WAIT_S) -> Any:
        """Wait until the function is true of ``arg`` in the page; its value."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            chunk = max(0.1, min(left, 10))
            try:
                value = self.run(f"({WAIT})(({function}), {json.dumps(arg)}, {int(chunk * 1000)})")
            except Exception:  # noqa: BLE001 - a navigation ended the script: wait on
                value = None
            if value or time.monotonic() > end:
                break
        if not value:
            self.shot("failed-wait")
        assert value, f"{self.engine}: not within {timeout} s: {function} ({arg!r})"
        return value

    def wait_for(self, selector: str, timeout: float = WAIT_S) -> None:
        self.wait("(s) => document.querySelector(s) !== null", selector, timeout)

    def wait_text(self, selector: str, text: str, timeout: float = WAIT_S) -> None:
        """Wait until the element's text holds ``text``; failing, say what it held instead."""
        try:
            self.wait(HAS_TEXT, [selector, text], timeout)
        except AssertionError as failed:
            raise AssertionError(f"{failed}; {selector} reads {self.text(selector)!r}") from None

    def text(self, selector: str) -> str:
        return self.evaluate("(s) => document.querySelector(s)?.innerText ?? ''", selector)

    def count(self, selector: str) -> int:
        return self.evaluate("(s) => document.querySelectorAll(s).length", selector)

    def sign_in(self, token: str, language: str = "en") -> None:
        """Signed in, with the engine's saved referee start where one is held."""
        self.goto(BLANK)
        # a phone's screen in every engine
        size = self.evaluate("() => [window.innerWidth, window.innerHeight]")
        assert size == [WIDTH, HEIGHT], f"{self.engine}: the page is {size}, not {WIDTH}x{HEIGHT}"
        self.started_cold = not self.evaluate(SIGN_IN, [token, language, self.engine])

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"engines-{self.engine}-{name}.png"
        if not self.full_page:
            self.screenshot(path)
            return path
        # a picture of the whole page: the bar pinned to the bottom of the screen drawn where
        # the page ends, not over its middle (as tests/browser/phone.py's shot)
        sticky = "() => document.querySelectorAll('.sticky').forEach((e) => e.style.{})"
        with contextlib.suppress(Exception):  # a page on its way elsewhere: as it is
            self.run(f"({sticky.format(STATIC)})()")
        try:
            self.screenshot(path)
        finally:
            with contextlib.suppress(Exception):
                self.run(f"({sticky.format(UNSTATIC)})()")
        return path

    def close(self) -> None:
        """Closed; the saved start of a phone that started cold kept for the next ones."""
        try:
            if self.started_cold and self.base_url:
                self.evaluate(TAKE_START, self.engine)
        except Exception:  # noqa: BLE001 - its page gone or the network cut: the next one
            pass
        finally:
            self.quit()


def required(engine: str, missing: list[str]) -> None:
    """Skip a test of an engine that is not installed here; in CI (CI=true) fail it."""
    if not missing:
        return
    message = f"{engine} is missing: {', '.join(missing)} (.ci/services.sh installs it)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def missing_programs(*programs: str) -> list[str]:
    return [p for p in programs if not (shutil.which(p) or os.path.exists(p))]
