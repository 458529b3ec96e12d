"""In thumb reach: at 390x844 the step's hint and its next choices are on screen without
scrolling on every step of a match of each game (the picture gives way: it comes after them);
the phone's Back button inside a choice of several taps steps back inside it."""

import random

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import IN_REACH, browser, choice, db, phone, shot
from tests.helpers import open_match
from webapp.runtime import runtime_version

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

#: what a tap may change: the choices, the move shown, an alert
SCREEN = """() => [document.querySelector("section.moves")?.innerHTML,
  document.querySelector(".match-head")?.dataset.shown,
  document.querySelectorAll("[role=alert]").length].join("|")"""

#: wait (up to 3 s) until the screen differs from ``before``, then for the frame after it
ANSWERED = f"""async (before) => {{
  const screen = {SCREEN};
  const t0 = performance.now();
  while (screen() === before && performance.now() - t0 < 3000) {{
    await new Promise((resolve) => setTimeout(resolve, 5));
  }}
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}}"""


def _match(user, game: str) -> int:
    client = APIClient()
    client.force_authenticate(user)
    sides = {
        "amigo-hattrick": [{"name": "Ann", "user": user.username}]
        + [{"name": n} for n in ("Bo", "Cy", "Di")],
    }.get(game, [{"name": "Ann", "user": user.username}, {"name": "Guests"}])
    options = {"games": 1} if game == "amigo-hattrick" else {}
    return open_match(client, game, sides, options=options)["match"]["id"]


def _walk(page, game: str, moves: int, state: str) -> tuple[list[str], dict]:
    """Tap random choices for ``moves`` moves, checking at every level of every step that the
    hint and its choices are in reach. -> the problems found, and the states seen."""
    rng = random.Random(5)
    problems: list[str] = []
    seen = {"storing": 0, "queued": 0, "steps": 0}
    shown = lambda: page.locator(".match-head").get_attribute("data-shown")  # noqa: E731
    for _ in range(moves):
        before_move = shown()
        if page.locator(".over").count():
            break
        for depth in range(6):  # a move of several taps: each level in reach
            seen["storing"] += page.locator(".storing").count()
            seen["queued"] += page.locator("section.queue").count()
            seen["steps"] += 1
            problem = page.evaluate(IN_REACH)
            if problem:
                problems.append(f"{state} move {before_move} level {depth}: {problem}")
                shot(page, f"80-out-of-reach-{game}-{state}-{before_move}-{depth}")
            buttons = page.locator("section.moves button.move")
            if buttons.count() == 0:
                break
            before = page.evaluate(SCREEN)
            buttons.nth(rng.randrange(buttons.count())).tap()
            confirm = page.locator("#multi-ok")
            if confirm.count():
                confirm.tap()
            page.evaluate(ANSWERED, before)
            if shown() != before_move or page.get_by_role("alert").count():
                break
        if page.get_by_role("alert").count():
            if state == "offline":
                break  # a queue refused is the player's to resolve (test_webapp_offline_live)
            page.reload()  # a refused pick: take another
            page.wait_for_selector(".match-head")
    return problems, seen


@pytest.mark.parametrize(
    ("game", "moves"), [("hat-trick", 40), ("trixkick", 25), ("amigo-hattrick", 25)]
)
@pytest.mark.slow
def test_hint_and_next_choices_are_in_reach_on_every_step(
    app_server, make_user, token_for, game, moves
):
    ann = make_user("ann")
    match_id = db(_match, ann, game)
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')
        problems, _ = _walk(page, game, moves, "online")
    assert not problems, "\n".join(problems)


#: the page's fetch of a move (POST .../events/) sent 0.8 s late
SLOW_MOVES = """(() => {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input.url;
    const method = init?.method || (typeof input === "string" ? "GET" : input.method);
    if (method === "POST" && /\\/api\\/matches\\/\\d+\\/events\\//.test(url)) {
      return new Promise((resolve) => setTimeout(resolve, 800)).then(() => send(input, init));
    }
    return send(input, init);
  };
})();"""


@pytest.mark.parametrize("state", ["offline", "storing"])
@pytest.mark.parametrize(("game", "moves"), [("hat-trick", 30), ("trixkick", 22)])
@pytest.mark.slow
@pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)")
def test_in_reach_offline_with_a_growing_queue_and_while_moves_are_stored(
    app_server, make_user, token_for, game, moves, state
):
    """With the phone's referee: offline, every move joins the queue (any length of it), and
    with a slow server every move is shown as checked here and being stored; the hint and the
    choices stay on the screen, under one status line, on every step."""
    ann = make_user("ann")
    match_id = db(_match, ann, game)
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token, referee=True)
        if state == "storing":
            # every move's answer 0.8 s late, held in the page (a route handler that sleeps
            # holds the test's own thread too, so on a loaded machine the answers came back
            # before the step was looked at)
            context.add_init_script(SLOW_MOVES)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        if state == "offline":
            context.set_offline(True)
            page.get_by_text("Offline").wait_for()
        problems, seen = _walk(page, game, moves, state)
        if state == "offline":
            assert (
                page.locator("section.queue h2")
                .inner_text()
                .endswith("not yet stored on the server")
            )
            shot(page, f"81-in-reach-{game}-offline-queue")
    assert not problems, "\n".join(problems)
    # the state was the one meant: a queue on most steps offline, moves being stored (the
    # server's answer held back) on many steps online
    if state == "offline":
        assert seen["queued"] >= seen["steps"] // 2, seen
    else:
        assert seen["storing"] >= 5, seen


def test_back_inside_a_choice_steps_back_inside_it(app_server, make_user, token_for):
    ann = make_user("ann")
    match_id = db(_match, ann, "hat-trick")
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto("/app/#/")
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')
        # both sides' cards at once, a row each
        assert page.locator("p.group").all_inner_texts() == ["Card of Ann", "Card of Guests"]
        choice(page, "Short pass, 2 footballs, left edge").tap()
        page.locator("button.picked").wait_for()  # Ann's card picked, Guests' still to pick
        page.go_back()
        page.locator("button.picked").wait_for(state="detached")
        assert page.url.endswith(f"#/match/{match_id}")
        # both cards: the move is logged, and Back then leaves the match
        choice(page, "Short pass, 2 footballs, left edge").tap()
        choice(page, "Short pass, 3 footballs, right edge").tap()
        page.wait_for_selector('.match-head[data-seq="1"]')
        page.wait_for_timeout(200)
        page.go_back()
        page.wait_for_function("() => !location.hash.startsWith('#/match/')")
