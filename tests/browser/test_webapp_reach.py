"""In thumb reach: at 390x844 the step's hint and its next choices are on screen without
scrolling on every step of a match of each game (the picture gives way: it comes after them);
the phone's Back button inside a choice of several taps steps back inside it."""

import random

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import browser, choice, db, phone, seq_of, shot
from tests.helpers import open_match

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

#: the hint, and the first row of choices, above the bar pinned to the bottom
IN_REACH = """() => {
  const hint = document.getElementById("hint");
  const first = document.querySelector("section.moves button.move");
  const bar = document.querySelector(".sticky").getBoundingClientRect().top;
  if (!hint || !first) return "no hint or no choice";
  const h = hint.getBoundingClientRect(), b = first.getBoundingClientRect();
  if (window.scrollY !== 0) return `scrolled by ${window.scrollY}`;
  if (h.top < 0 || h.bottom > bar) return `hint at ${h.top}..${h.bottom}, bar at ${bar}`;
  if (b.bottom > bar) return `first choice ends at ${b.bottom}, bar at ${bar}`;
  return "";
}"""


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
    rng = random.Random(5)
    problems = []
    with browser() as b:
        _, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')
        for _ in range(moves):
            seq = seq_of(page)
            if page.locator(".over").count():
                break
            for depth in range(6):  # a move of several taps: each level in reach
                problem = page.evaluate(IN_REACH)
                if problem:
                    problems.append(f"seq {seq} level {depth}: {problem}")
                    shot(page, f"80-out-of-reach-{game}-{seq}-{depth}")
                buttons = page.locator("section.moves button.move")
                if buttons.count() == 0:
                    break
                before = page.evaluate(SCREEN)
                buttons.nth(rng.randrange(buttons.count())).tap()
                confirm = page.locator("#multi-ok")
                if confirm.count():
                    confirm.tap()
                page.evaluate(ANSWERED, before)
                if seq_of(page) != seq or page.get_by_role("alert").count():
                    break
            if page.get_by_role("alert").count():  # a refused pick: take another
                page.reload()
                page.wait_for_selector(".match-head")
    assert not problems, "\n".join(problems)


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
