"""Benchmark: the phone's referee (the server's engines in Pyodide, in a Web Worker, in
Chromium) against the bare runtime and against the same engines on the server, in the same run.

The static files are collected and compressed as in production (collectstatic with
whitenoise's compressed manifest storage: gzip, and Brotli with the `brotli` package) and served
by the project's ASGI application on a temporary database; Debian's Chromium (390x844, touch)
opens the app signed in.

Reported:
- bytes on the wire (compressed bodies) of the first load, until the referee is ready, and of
  the runtime, its standard library (the cut `make install` made, webapp/runtime.py) and the
  engines' zip within it;
- the browser's CPU seconds (every process of the browser, from /proc) and the wall clock of
  three starts: the bare runtime (a blank page of the same server starts a module worker that
  loads Pyodide with the same files and runs one line of Python; a new phone, empty caches),
  the app's own referee worker started cold from such a page (the runtime, the engines, their
  words, the memory snapshot made; its phases in ms), the app's cold start (a new phone: the app, its service worker, the runtime, the engines and
  their words, the memory snapshot kept) and its restored start (the same phone opening the app
  again: the service worker's cache and the snapshot); with ``--later N``, N more restored
  starts of the same phone, reported beside the first (docs/webapp.md);
- the worker's WebAssembly memory;
- per move, ``apply`` + ``legal_actions`` with its hint (``Table.apply`` without a picture) in
  the worker and on the server, over the same random matches of all three games: medians
  and their ratio.

Targets: first load <= 4 MB on the wire; the referee's worker started cold (the runtime, the
engines and their words) costs at most 25% more browser CPU than the bare runtime's start; the
app's restored start at most a fifth of its cold one; a move on the phone <= 5x the server's
time for the same move.

Run: ``python bench/phone_engine.py [--matches N] [--starts N] [--later N]`` (needs ``npm ci``, ``make install``'s cut
of the standard library, and Chromium).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
TARGET_FIRST_LOAD = 4_000_000
TARGET_ENGINES_OVER_RUNTIME = 0.25  # the app's cold start over the bare runtime's, browser CPU
TARGET_RESTORED_SHARE = 0.2  # a restored start's browser CPU over a cold one's
TARGET_RATIO = 5.0
BLANK = "/__bench__/blank"

# The bare runtime: a module worker (from a blank page of the server, which has no
# Content-Security-Policy) loads Pyodide with the files the app's referee loads and runs one line.
BARE_START = """async ([runtime, stdlib]) => {
  const base = location.origin + runtime;
  const options = stdlib ? `{ indexURL: "${base}", stdLibURL: "${location.origin + stdlib}" }` : `{ indexURL: "${base}" }`;
  const source = `import { loadPyodide } from "${base}pyodide.mjs";
    const python = await loadPyodide(${options});
    postMessage(python.runPython("1 + 1"));`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(String(event.message)));
  });
}"""


# The app's own referee worker, started from the blank page with the boot message the app sends
# (the runtime, the engines and their words, the memory snapshot kept): its phases.
REFEREE_START = """async () => {
  const info = await (await fetch("/app/referee.json")).json();
  const worker = new Worker("/app/referee-worker.js", { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => (event.data.ok ? resolve(event.data.phases) : reject(new Error(JSON.stringify(event.data))));
    worker.onerror = (event) => reject(new Error(String(event.message)));
    worker.postMessage({ id: 1, op: "boot", runtime: info.runtime, stdlib: info.stdlib, bundle: info.bundle, engine: info.engine });
  });
}"""


def serving_blank(app):
    """The server's application, which also serves a blank page (for the bare runtime)."""

    async def application(scope, receive, send):
        if scope["type"] != "http" or scope.get("path") != BLANK:
            return await app(scope, receive, send)
        body = b"<!doctype html><title>runtime</title>"
        headers = [(b"content-type", b"text/html"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return application


def collect_static() -> None:
    from django.conf import settings
    from django.core.management import call_command

    settings.STATIC_ROOT = Path(tempfile.mkdtemp(prefix="bench-static-"))
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = False
    call_command("collectstatic", "--noinput", verbosity=0)


def user_and_token() -> str:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    get_user_model().objects.create_user("bench", password="a-long-secret-pw")
    response = APIClient().post(
        "/api/auth/login/", {"username": "bench", "password": "a-long-secret-pw"}, format="json"
    )
    return response.json()["token"]


def random_matches(count: int) -> list[tuple[str, dict, list]]:
    """(game, initial state JSON, actions) of ``count`` random matches of each game."""
    from matches.engine import first_action, get_engine
    from matches.engine.referee import Table
    from tests.matches.play import amigo_deal

    setups = {
        "hat-trick": ([{"name": "Blue"}, {"name": "Red"}], {}),
        "trixkick": ([{"name": "A"}, {"name": "B"}], {}),
        "amigo-hattrick": (
            [{"name": n} for n in ("Ann", "Ben", "Cat", "Dan")],
            {"games": 1, "hands": "known"},
        ),
    }
    out = []
    for game, (sides, options) in setups.items():
        engine = get_engine(game)
        edition = engine.default_edition()
        for seed in range(count):
            rng = random.Random(seed)
            state = engine.initial_state(edition=edition, sides=sides, options=options)
            start = engine.state_to_json(state)
            table = Table(game, start)
            actions = []
            while engine.outcome(table.state) is None and len(actions) < 400:
                legal = engine.legal_actions(table.state)
                if game == "amigo-hattrick" and legal.get("step") == "deal":
                    action = amigo_deal(rng, len(sides))
                else:
                    entry = rng.choice(legal["actions"])
                    action = first_action(game, entry, legal)
                assert table.apply(action, picture=False)["ok"]
                actions.append(action)
            out.append((game, start, actions))
    return out


def server_times(matches) -> list[float]:
    from matches.engine.referee import Table

    times = []
    for game, start, actions in matches:
        table = Table(game, start)
        for action in actions:
            t0 = time.perf_counter()
            table.apply(action, picture=False)
            times.append((time.perf_counter() - t0) * 1000)
    return times


PHONE_MOVES = """async ([matches]) => {
  const times = [];
  for (const [game, start, actions] of matches) {
    await window.referee.refLoad("bench", game, start, "en");
    for (const action of actions) {
      const answer = await window.referee.refApply("bench", action, "en", {picture: false});
      if (!answer?.ok) throw new Error(JSON.stringify(answer));
      times.push(answer.ms);
    }
  }
  return times;
}"""


def report(rounds: list, first_load: dict[str, int], memory, phone_times: list, matches) -> bool:
    """Print the measures of ``rounds`` (bare, worker, cold, restored: wall, CPU, value; and the
    later restored starts, a list of the same), the first load's bytes, the phone's and the
    server's times per move; whether each target is met."""
    from webapp.engine_bundle import engine_bundle

    def median(i: int, j: int) -> float:
        return statistics.median(r[i][j] for r in rounds)

    bare_wall, bare_cpu = median(0, 0), median(0, 1)
    worker_wall, worker_cpu = median(1, 0), median(1, 1)
    cold_wall, cold_cpu = median(2, 0), median(2, 1)
    cached_wall, cached_cpu = median(3, 0), median(3, 1)
    server = server_times(matches)

    total = sum(first_load.values())
    runtime = sum(v for k, v in first_load.items() if "/pyodide/" in k)
    stdlib = sum(v for k, v in first_load.items() if "/python_stdlib" in k)
    engines = sum(v for k, v in first_load.items() if k.startswith("/app/engine/"))
    phone_median, server_median = statistics.median(phone_times), statistics.median(server)
    ratio = phone_median / server_median
    over = worker_cpu / bare_cpu - 1
    share = cached_cpu / cold_cpu
    print(f"first load on the wire:    {total / 1e6:6.2f} MB  (target <= 4 MB)")
    print(
        f"  of it the runtime:       {runtime / 1e6:6.2f} MB  (its standard library {stdlib / 1e6:.2f} MB)"
    )
    print(f"  of it the engines' zip:  {engines / 1e6:6.2f} MB  ({len(engine_bundle().content)} B)")
    print(f"starts measured {len(rounds)} times each, medians:")
    print(f"bare runtime start:        {bare_wall:6.2f} s   (browser CPU {bare_cpu:.2f} s)")
    print(
        f"referee worker, cold:      {worker_wall:6.2f} s   (browser CPU {worker_cpu:.2f} s: "
        f"{over:+.0%} over the bare runtime; target <= +25%)"
    )
    print(
        f"app ready, cold:           {cold_wall:6.2f} s   (browser CPU {cold_cpu:.2f} s: the app, "
        f"its service worker and the referee's worker)"
    )
    print(
        f"app ready, restored:       {cached_wall:6.2f} s   (browser CPU {cached_cpu:.2f} s: "
        f"{share:.0%} of the cold start; target <= 20%)"
    )
    if rounds[0][4]:
        later = [run[1] / r[2][1] for r in rounds for run in r[4]]
        print(
            f"later restored starts:     {len(later)}, of the cold start {min(later):.0%} to "
            f"{max(later):.0%} (median {statistics.median(later):.0%}; the target is the first's)"
        )
    print(f"worker's wasm memory:      {(memory or {}).get('heap', 0) / 1e6:6.1f} MB")
    print(f"moves compared:            {len(phone_times)}")
    print(f"apply+legal, phone median: {phone_median:8.3f} ms (p95 {_p95(phone_times):.3f})")
    print(f"apply+legal, server median:{server_median:8.3f} ms (p95 {_p95(server):.3f})")
    print(f"phone / server:            {ratio:6.2f} x  (target <= 5x)")
    ok = (
        total <= TARGET_FIRST_LOAD
        and over <= TARGET_ENGINES_OVER_RUNTIME
        and share <= TARGET_RESTORED_SHARE
        and ratio <= TARGET_RATIO
    )
    print(f"load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("targets met" if ok else "TARGETS MISSED")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=2, help="random matches of each game")
    parser.add_argument("--starts", type=int, default=3, help="times each start is measured")
    parser.add_argument(
        "--later", type=int, default=0, help="restored starts measured after the first, each round"
    )
    args = parser.parse_args()
    _django.setup()
    collect_static()
    token = user_and_token()
    matches = random_matches(args.matches)
    from playwright.sync_api import sync_playwright

    from tests.live_server import asgi_server

    with asgi_server(wrap=serving_blank) as url, sync_playwright() as p:
        phones = Phones(p, url, token)
        rounds, first = [], {}
        for n in range(args.starts):
            row, facts = measure_round(
                phones, later=args.later, matches=matches if n == 0 else None
            )
            first = first or facts
            rounds.append(row)
            bare, worker, cold, restored, later = row
            print(
                f"round {n + 1}: browser CPU s: bare runtime {bare[1]:.2f}, referee worker "
                f"{worker[1]:.2f} {worker[2]}, app cold {cold[1]:.2f} {cold[2]}, "
                f"restored {restored[1]:.2f} {restored[2]}"
                + "".join(f", then {run[1]:.2f} {run[2]}" for run in later),
                flush=True,
            )
        phones.browser.close()

    ok = report(rounds, first["first_load"], first["memory"], first["phone_times"], matches)
    sys.exit(0 if ok else 1)


class Phones:
    """New phones of one browser, signed in with the bench's token; the bytes on the wire of
    each answer, while a context counts them (``count``)."""

    def __init__(self, playwright, url: str, token: str):
        self.playwright, self.url, self.token = playwright, url, token
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.wire: dict[str, int] = {}

    def new(self, profile: str | None = None):
        """A new phone: a fresh context, or with ``profile`` a browser of its own on that
        profile directory, its caches on disk as a phone's browser keeps them (a context
        made with new_context is off the record: the compiled code of the WebAssembly,
        which a phone's browser keeps beside its cache, is not kept there)."""
        shape = {
            "base_url": self.url,
            "viewport": {"width": 390, "height": 844},
            "has_touch": True,
            "is_mobile": True,
        }
        if profile is None:
            context = self.browser.new_context(**shape)
        else:
            context = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=["--no-sandbox"], **shape
            )
        context.add_init_script(f"localStorage.setItem('token', {self.token!r});")
        return context

    def blank(self):
        """A new phone on the server's blank page: its context and page."""
        context = self.new()
        page = context.new_page()
        page.goto(BLANK)
        return context, page

    def count(self, request) -> None:
        try:
            size = request.sizes()["responseBodySize"]
        except Exception:  # a request the browser cancelled
            return
        path = request.url.removeprefix(self.url)
        self.wire[path] = self.wire.get(path, 0) + size


def measure_round(phones: Phones, *, later: int, matches: list | None) -> tuple[tuple, dict]:
    """One round of starts, each on a new phone: the bare runtime, the referee's worker (the
    runtime, engines, words, snapshot), the app cold, then restored on the same phone (a profile
    on disk) and ``later`` times more. With ``matches`` (the first round), also the first load's
    bytes, the worker's memory and the moves timed on the phone, as the second value."""
    from webapp.runtime import runtime_url, stdlib_url

    context, page = phones.blank()
    bare = timed(partial(page.evaluate, BARE_START, [runtime_url(), stdlib_url()]))
    assert bare[2] == 2
    context.close()
    context, page = phones.blank()
    worker = timed(partial(page.evaluate, REFEREE_START))
    context.close()
    phones.wire.clear()
    profile = tempfile.mkdtemp(prefix="bench-phone-")
    context = phones.new(profile)
    page = context.new_page()
    facts = {}
    if matches is not None:  # the first load's bytes (asking each answer's size costs CPU)
        context.on("requestfinished", phones.count)
    cold = timed(partial(start, page))
    if matches is not None:
        context.remove_listener("requestfinished", phones.count)
        page.evaluate("async () => { window.referee = await import('/static/webapp/referee.js'); }")
        facts = {
            "first_load": dict(phones.wire),
            "memory": page.evaluate("() => window.referee.refMemory()"),
            "phone_times": page.evaluate(PHONE_MOVES, [matches]),
        }
    page.close()
    restored = []
    for _ in range(1 + later):  # the same phone opens the app again
        page = context.new_page()
        restored.append(timed(partial(start, page)))
        page.close()
    context.close()
    shutil.rmtree(profile, ignore_errors=True)
    return (bare, worker, cold, restored[0], restored[1:]), facts


def timed(run):
    """The wall clock, the browser's CPU seconds and the value of ``run()``, the browser idle
    before it."""
    quiet()
    t0, cpu0 = time.perf_counter(), children_cpu()
    value = run()
    return time.perf_counter() - t0, children_cpu() - cpu0, value


def start(page) -> dict:
    """Open the app until its referee is ready; the worker's phases."""
    page.goto("/app/")
    page.wait_for_selector("html[data-referee]:not([data-referee=off])", timeout=120_000)
    return page.evaluate("() => window.refereeBoot.phases")


def quiet(limit: float = 60.0) -> None:
    """Wait until the browser is idle (its processes use under a tenth of a core for a second;
    at most ``limit`` seconds): the work a start leaves behind (the WebAssembly compiled again
    by the optimizing tier, a snapshot written to the cache) is not counted in the next one."""
    end = time.monotonic() + limit
    before = children_cpu()
    while time.monotonic() < end:
        time.sleep(1.0)
        now = children_cpu()
        if now - before < 0.1:
            return
        before = now


def children_cpu() -> float:
    """CPU seconds used so far by this process's descendants (the browser's processes), from
    /proc: the start's own cost, whatever else the machine runs. Playwright's driver (a Node.js
    process between this one and the browser) is not the browser: its own CPU is left out."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    drivers: set[int] = set()
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
        if stat[stat.index("(") + 1 : stat.rindex(")")] == "node":
            drivers.add(int(entry.name))
    mine, changed = {os.getpid()}, True
    while changed:
        found = {pid for pid, parent in parents.items() if parent in mine} - mine
        changed = bool(found)
        mine |= found
    return sum(times.get(pid, 0.0) for pid in mine - drivers if pid != os.getpid())


def _p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95) - 1]


if __name__ == "__main__":
    main()
