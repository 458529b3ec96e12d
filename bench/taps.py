"""Benchmark: taps per move at the table, two phones, each manager logging their own side.

Debian's Chromium at 390x844 with touch, two phones (two browser contexts) signed in as the two
managers of a match of each game, on the project's ASGI application over a fresh database.
Each phone taps what its screen offers (a random choice among its buttons, level by level)
whenever it has something to choose; the other waits, as at the table.

Reported per game and per phone:
- taps per move (the taps a phone made for each move it logged or helped log): median, p95, max;
- steps whose hint or any of its choices (up to eight) needed a scroll (not on screen above
  the Undo bar);
- tap-to-screen time: from the tap that completes a move to the other phone showing it
  (median, p95).

Targets (issue "two phones at one table"): Hat-Trick median 1 tap per move per phone, p95 <= 2;
no step needing a scroll in any game.

Run: ``python bench/taps.py [--moves N]`` (needs Chromium; not part of the test suite).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PASSWORD = "a-long-secret-pw"

#: the hint and every choice of the step (up to eight) on screen, above the bar pinned to the
#: bottom, unscrolled
IN_REACH = """() => {
  const hint = document.getElementById("hint");
  const choices = [...document.querySelectorAll("section.moves button.move")].slice(0, 8);
  const bar = document.querySelector(".sticky")?.getBoundingClientRect().top ?? innerHeight;
  if (!hint || !choices.length) return true;
  const h = hint.getBoundingClientRect();
  return window.scrollY === 0 && h.top >= 0 && h.bottom <= bar
    && choices.every((b) => b.getBoundingClientRect().bottom <= bar);
}"""


#: the other phone shows the match at this seq or later
SHOWN = "(n) => Number(document.querySelector('.match-head')?.dataset.seq) >= n"


def managers():
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    users = [get_user_model().objects.create_user(n, password=PASSWORD) for n in ("ann", "ben")]
    tokens = []
    for user in users:
        answer = APIClient().post(
            "/api/auth/login/", {"username": user.username, "password": PASSWORD}, format="json"
        )
        tokens.append(answer.json()["token"])
    return users, tokens


def open_match(ann, game: str) -> int:
    from rest_framework.test import APIClient

    from tests.helpers import accept_invitations

    client = APIClient()
    client.force_authenticate(ann)
    sides = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]
    options = {}
    if game == "amigo-hattrick":
        sides += [{"name": "Cy"}, {"name": "Di"}]
        options = {"games": 1}
    if game == "trixkick":
        options = {"match_length": {"kind": "goals", "goals": 2}, "fouls": True}
    answer = client.post(
        "/api/matches/", {"game": game, "sides": sides, "options": options}, format="json"
    )
    match_id = answer.json()["match"]["id"]
    accept_invitations(match_id)
    return match_id


def seq(page) -> int:
    return int(page.locator(".match-head").get_attribute("data-seq"))


def play(pages, moves: int, rng: random.Random) -> dict:
    # a phone's taps made while the match stood at a step count for the move that step makes
    # (a face-down card tapped before the other phone's counts for the same move)
    at_step = {name: {} for name in pages}
    hints = {name: {} for name in pages}  # the hints a phone tapped at, per step
    out_of_reach = dict.fromkeys(pages, 0)
    missed = []  # moves the other phone did not show within 15 s
    scrolls = []  # (phone, hint) of every step whose hint or a choice was out of reach
    shown = []
    # TriXKick's re-set-ups (after a foul, a goal or a period: a set-up after play): the taps
    # each phone made from its start to its end; "as before" is tapped whenever offered
    resetups: list[dict] = []
    setup_taps = None
    stalls = 0
    played = False  # the first set-up of the match is not a re-set-up
    while seq(next(iter(pages.values()))) < moves and stalls < 40:
        before = {name: seq(page) for name, page in pages.items()}
        if any(page.locator(".over").count() for page in pages.values()):
            break
        acted = False
        first = next(iter(pages.values()))
        in_setup = first.locator(".match-head").get_attribute("data-setup") == "1"
        if in_setup and setup_taps is None and seq(first) > 0 and played:
            setup_taps = dict.fromkeys(pages, 0)
        elif not in_setup and setup_taps is not None:
            resetups.append(setup_taps)
            setup_taps = None
        played = played or not in_setup
        for name, page in pages.items():
            again = page.locator("#as-before-mine, #as-before")
            if again.count():
                try:
                    again.first.tap(timeout=3_000)
                except Exception:  # the screen changed under the finger
                    continue
                if setup_taps is not None:
                    setup_taps[name] += 1
                acted = True
                page.wait_for_timeout(60)
                continue
            buttons = page.locator("section.moves button.move")
            count = buttons.count()
            if not count or page.locator("#waiting", has_text="card is in").count():
                continue
            if not page.evaluate(IN_REACH):
                out_of_reach[name] += 1
                scrolls.append((name, page.locator("#hint").first.inner_text(timeout=1_000)[:60]))
            step = seq(page)
            hint = page.locator("#hint").first.inner_text(timeout=1_000)[:60]
            try:
                buttons.nth(rng.randrange(count)).tap(timeout=3_000)
            except Exception:  # the screen changed under the finger (the other phone's move)
                continue
            at_step[name][step] = at_step[name].get(step, 0) + 1
            if setup_taps is not None:
                setup_taps[name] += 1
            hints[name].setdefault(step, []).append(hint)
            acted = True
            tapped = time.perf_counter()
            page.wait_for_timeout(60)
            if seq(page) > before[name]:
                for other_name, other in pages.items():
                    if other_name != name:
                        try:
                            other.wait_for_function(
                                SHOWN, arg=seq(page), timeout=15_000, polling=20
                            )
                        except Exception:  # never shown: counted, and the phone reloaded
                            missed.append(seq(page))
                            other.reload()
                            other.wait_for_selector(".match-head")
                            continue
                        shown.append(time.perf_counter() - tapped)
                break
            if page.get_by_role("alert").count():  # a random pick the rules refuse
                page.reload()
                page.wait_for_selector(".match-head")
        stalls = 0 if acted else stalls + 1
        if not acted:
            pages[next(iter(pages))].wait_for_timeout(300)
    last = seq(next(iter(pages.values())))
    taps = {  # the step still open when the run stopped made no move: left out
        name: [n for step, n in counts.items() if step < last] for name, counts in at_step.items()
    }
    slow = [  # (phone, taps, hints) of every move that took a phone more than two taps
        (name, n, hints[name][step])
        for name, counts in at_step.items()
        for step, n in counts.items()
        if n > 2 and step < last
    ]
    return {
        "taps": taps,
        "out_of_reach": out_of_reach,
        "shown": shown,
        "slow": slow,
        "resetups": resetups,
        "scrolls": scrolls,
        "missed": missed,
    }


def foul_setups(ann, count: int) -> list[int]:
    """TriXKick matches (a phone each) logged up to a re-set-up after a foul (a free kick or a
    penalty), the last full set-up before it to go by."""
    from rest_framework.test import APIClient

    from tests.helpers import trixkick_second_setup

    client = APIClient()
    client.force_authenticate(ann)
    out = []
    for n in range(count):
        match_id = open_match(ann, "trixkick")
        trixkick_second_setup(
            client, match_id, kinds=("free_kick", "penalty"), seeds=range(10 * n, 10 * n + 200)
        )
        out.append(match_id)
    return out


def resetup(pages, rng: random.Random) -> dict:
    """Both phones at a re-set-up: each taps "as before" when offered, else (a piece the rules
    refuse where it stood) places what is left as its screen offers. The taps each made."""
    taps = dict.fromkeys(pages, 0)
    first = next(iter(pages.values()))
    for _ in range(80):
        if first.locator(".match-head").get_attribute("data-setup") != "1":
            break
        for name, page in pages.items():
            again = page.locator("#as-before-mine")
            buttons = page.locator("section.moves button.move")
            target = (
                again
                if again.count()
                else buttons.nth(rng.randrange(buttons.count()))
                if buttons.count()
                else None
            )
            if target is None:
                continue
            try:
                target.tap(timeout=3_000)
            except Exception:  # the screen changed under the finger
                continue
            taps[name] += 1
            page.wait_for_timeout(300)
        first.wait_for_timeout(200)
    return taps


def pct(values, q):
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def open_phones(browser, url: str, tokens, match_id: int) -> dict:
    """Ann's and Ben's phones, each signed in with its token, on the match's screen."""
    pages = {}
    for name, token in zip(("ann", "ben"), tokens, strict=True):
        context = browser.new_context(base_url=url, **PHONE)
        context.add_init_script(f"localStorage.setItem('token', {token!r});")
        page = context.new_page()
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector(".match-head")
        pages[name] = page
    return pages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=400, help="at most this many per match")
    parser.add_argument(
        "--games", default="hat-trick,trixkick,amigo-hattrick", help="comma-separated games"
    )
    parser.add_argument(
        "--detail", action="store_true", help="list the hints of every move over two taps"
    )
    parser.add_argument(
        "--resetups",
        type=int,
        default=3,
        help="TriXKick re-set-ups after a foul to measure with both phones (0: none)",
    )
    args = parser.parse_args()
    _django.setup()
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    settings.WHITENOISE_USE_FINDERS = True  # the app's modules as `make run` serves them
    settings.WHITENOISE_AUTOREFRESH = True

    from tests.live_server import asgi_server

    (ann, _ben), tokens = managers()
    rng = random.Random(25)
    games = tuple(args.games.split(","))
    matches = {game: open_match(ann, game) for game in games}  # before Playwright's event loop
    fouls = foul_setups(ann, args.resetups) if args.resetups else []
    with asgi_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for game in games:
            match_id = matches[game]
            pages = open_phones(browser, url, tokens, match_id)
            result = play(pages, args.moves, rng)
            print(f"{game}: {seq(pages['ann'])} moves")
            for name, counts in result["taps"].items():
                median = statistics.median(counts) if counts else 0
                print(
                    f"  {name}: taps per move median {median}, p95 {pct(counts, 0.95)}, "
                    f"max {max(counts, default=0)}; steps needing a scroll "
                    f"{result['out_of_reach'][name]}"
                )
            if result["resetups"]:
                for name in pages:
                    counts = [r[name] for r in result["resetups"]]
                    print(
                        f"  {name}: re-set-up taps ({len(counts)} re-set-ups) median "
                        f"{statistics.median(counts)}, max {max(counts)}"
                    )
            if result["missed"]:
                print(f"  moves the other phone did not show within 15 s: {result['missed']}")
            shown = result["shown"]
            print(
                f"  tap to the other phone's screen: median {statistics.median(shown) if shown else 0:.3f} s, "
                f"p95 {pct(shown, 0.95):.3f} s"
            )
            if args.detail:
                for name, count, hints in result["slow"]:
                    print(f"    {name} {count} taps: " + " | ".join(hints))
                for name, hint in result["scrolls"]:
                    print(f"    {name} needed a scroll at: {hint}")
            for page in pages.values():
                page.context.close()
        per_phone = {"ann": [], "ben": []}
        offered = {"no": 0}
        for match_id in fouls:
            pages = open_phones(browser, url, tokens, match_id)
            try:
                for page in pages.values():
                    page.wait_for_selector("#as-before-mine", timeout=20_000)
            except Exception:  # nothing to go by (a piece that never stood): not counted
                offered["no"] += 1
                for page in pages.values():
                    page.context.close()
                continue
            for name, count in resetup(pages, rng).items():
                per_phone[name].append(count)
            for page in pages.values():
                page.context.close()
        if fouls:
            print(f"trixkick re-set-up after a foul, as before ({len(fouls)} re-set-ups):")
            for name, counts in per_phone.items():
                print(f"  {name}: taps {counts}, max {max(counts, default=0)}")
            print(f"  'as before' not offered: {offered['no']}")
        browser.close()


if __name__ == "__main__":
    main()
