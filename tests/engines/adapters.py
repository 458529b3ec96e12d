"""The three engines' adapters of ``Phone`` (tests/engines/phones.py), each started once per
test process and stopped when the run ends (``stop_all``).

- Chromium: Debian's ``chromium`` through Playwright (the worker's one browser of
  tests/browser/phone.py); a phone is a browser context.
- Firefox: Debian's ``firefox-esr`` through puppeteer-core over WebDriver BiDi, in node
  (tests/engines/firefox.mjs, one JSON line per command); a phone is a browser context.
- WebKit: Debian's WebKitGTK (``webkit2gtk-driver``'s WebKitWebDriver and the MiniBrowser of
  ``libwebkit2gtk-4.1-0``) through Selenium, in an Xvfb display of its own (MiniBrowser has no
  headless mode); a phone is a WebDriver session, a browser of its own, its page 390x844.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tests.engines.phones import HEIGHT, WIDTH, Phone, missing_programs, required

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER_PATH") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))), "MiniBrowser"
)
ENGINES = ("chromium", "firefox", "webkit")


class ChromiumPhone(Phone):
    engine = "chromium"

    def __init__(self, base_url: str, language: str) -> None:
        from tests.browser.phone import _Chromium

        super().__init__(base_url)
        self.context = _Chromium.get().new_context(
            base_url=base_url,
            viewport={"width": WIDTH, "height": HEIGHT},
            device_scale_factor=2,
            locale=language,
        )
        self.context.set_default_timeout(60_000)
        self.page = self.context.new_page()

    def goto(self, path: str) -> None:
        self.page.goto(path)

    def reload(self) -> None:
        self.page.reload()

    def run(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path), full_page=True)

    def quit(self) -> None:
        self.context.close()


class _FirefoxBridge:
    """The node process that holds the test process's one Firefox."""

    process: subprocess.Popen | None = None
    lock = threading.Lock()
    last = 0

    @classmethod
    def call(cls, op: str, **args: Any) -> Any:
        with cls.lock:
            if cls.process is None or cls.process.poll() is not None:
                cls.start()
            assert cls.process and cls.process.stdin and cls.process.stdout
            cls.last += 1
            cls.process.stdin.write(json.dumps({"id": cls.last, "op": op, **args}) + "\n")
            cls.process.stdin.flush()
            line = cls.process.stdout.readline()
        if not line:
            raise RuntimeError("Firefox's bridge ended (its output is in the test's log)")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"firefox {op}: {answer['error']}")
        return answer["value"]

    @classmethod
    def start(cls) -> None:
        env = {**os.environ, "FIREFOX_PATH": FIREFOX}
        cls.process = subprocess.Popen(
            ["node", str(Path(__file__).with_name("firefox.mjs"))],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert cls.process.stdout
        ready = cls.process.stdout.readline()
        if not ready:
            raise RuntimeError("Firefox did not start through puppeteer-core")

    @classmethod
    def stop(cls) -> None:
        if cls.process is None:
            return
        try:
            if cls.process.poll() is None and cls.process.stdin:
                cls.process.stdin.write(json.dumps({"id": 0, "op": "quit"}) + "\n")
                cls.process.stdin.close()
            cls.process.wait(20)
        except subprocess.TimeoutExpired:
            cls.process.kill()
            cls.process.wait()
        cls.process = None


class FirefoxPhone(Phone):
    engine = "firefox"
    opened = 0

    def __init__(self, base_url: str, language: str) -> None:
        super().__init__(base_url)
        FirefoxPhone.opened += 1
        self.id = FirefoxPhone.opened
        _FirefoxBridge.call("open", phone=self.id, width=WIDTH, height=HEIGHT, language=language)

    def goto(self, path: str) -> None:
        _FirefoxBridge.call("goto", phone=self.id, url=self.base_url + path)

    def reload(self) -> None:
        _FirefoxBridge.call("reload", phone=self.id)

    def run(self, expression: str) -> Any:
        return _FirefoxBridge.call("evaluate", phone=self.id, source=expression)

    def click(self, selector: str) -> None:
        _FirefoxBridge.call("click", phone=self.id, selector=selector)

    def screenshot(self, path: Path) -> None:
        _FirefoxBridge.call("screenshot", phone=self.id, path=str(path))

    def quit(self) -> None:
        _FirefoxBridge.call("close", phone=self.id)


# MiniBrowser's toolbar (GTK 3) made as narrow as it goes, by a style sheet of the test's own
# (XDG_CONFIG_HOME): with its usual buttons and address field the window cannot be narrower
# than 447 pixels, wider than the phone. The page is WebKit's, untouched by it.
NARROW_TOOLBAR = """toolbar, toolbar *, headerbar, headerbar *, entry, button, label {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
}
"""


class _Xvfb:
    """The test process's X display for WebKitGTK's MiniBrowser, and the GTK settings of its
    windows (``config``: their XDG_CONFIG_HOME)."""

    process: subprocess.Popen | None = None
    display = ""
    config: tempfile.TemporaryDirectory | None = None

    @classmethod
    def gtk_config(cls) -> str:
        if cls.config is None:
            cls.config = tempfile.TemporaryDirectory(prefix="webkit-gtk-")
            style = Path(cls.config.name) / "gtk-3.0" / "gtk.css"
            style.parent.mkdir()
            style.write_text(NARROW_TOOLBAR, encoding="utf-8")
        return cls.config.name

    @classmethod
    def get(cls) -> str:
        if cls.process is not None and cls.process.poll() is None:
            return cls.display
        read, write = os.pipe()
        cls.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as chosen:
            cls.display = ":" + chosen.readline().strip()
        return cls.display

    @classmethod
    def stop(cls) -> None:
        if cls.process is not None:
            cls.process.terminate()
            cls.process.wait(10)
            cls.process = None
        if cls.config is not None:
            cls.config.cleanup()
            cls.config = None


class WebKitPhone(Phone):
    engine = "webkit"
    full_page = False

    def __init__(self, base_url: str, language: str) -> None:
        from selenium import webdriver

        super().__init__(base_url)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        env = {
            **os.environ,
            "DISPLAY": _Xvfb.get(),
            "LANGUAGE": language,
            "XDG_CONFIG_HOME": _Xvfb.gtk_config(),
        }
        service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(120)
        # the page 390x844 CSS pixels, as in the other engines: the window that tall plus what
        # its toolbar takes
        self.driver.set_window_rect(width=WIDTH, height=HEIGHT)
        chrome = HEIGHT - self.driver.execute_script("return window.innerHeight")
        if chrome:
            self.driver.set_window_rect(width=WIDTH, height=HEIGHT + chrome)

    def goto(self, path: str) -> None:
        self.driver.get(self.base_url + path)

    def reload(self) -> None:
        self.driver.refresh()

    def run(self, expression: str) -> Any:
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({expression}))"
            ".then((value) => done({value}), (error) => done({error: String(error)}));"
        )
        if "error" in answer:
            raise RuntimeError(f"webkit: {answer['error']}")
        return answer.get("value")

    def click(self, selector: str) -> None:
        """Found again when the app draws the screen anew between finding and clicking (a move
        another phone made), as Playwright's and puppeteer's locators do."""
        from selenium.common.exceptions import (
            ElementNotInteractableException,
            StaleElementReferenceException,
        )
        from selenium.webdriver.common.by import By

        for attempt in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except (StaleElementReferenceException, ElementNotInteractableException):
                if attempt == 4:
                    raise
                time.sleep(0.1)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        self.driver.quit()


def _missing(engine: str) -> list[str]:
    if engine == "chromium":
        from tests.browser.phone import CHROMIUM

        return missing_programs(CHROMIUM)
    if engine == "firefox":
        missing = missing_programs(FIREFOX, "node")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            missing.append("puppeteer-core (npm ci)")
        return missing
    missing = missing_programs(WEBKIT_DRIVER, MINIBROWSER, "Xvfb")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install -e '.[dev]')")
    return missing


def open_phone(engine: str, base_url: str, language: str = "en") -> Phone:
    """A new phone of this engine (skipped here, failed in CI, where the engine is missing)."""
    required(engine, _missing(engine))
    kind = {"chromium": ChromiumPhone, "firefox": FirefoxPhone, "webkit": WebKitPhone}[engine]
    return kind(base_url, language)


def stop_all() -> None:
    from tests.browser.phone import stop_browser

    try:
        _FirefoxBridge.stop()
        _Xvfb.stop()
    finally:
        stop_browser()
