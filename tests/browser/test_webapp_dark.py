"""The app's colours: as the phone is set, or light or dark whatever it says (a choice the
phone keeps across a reload, on <html> before the first paint); and the pictures drawn in the
page (the pitch, the board, the card table, the rating chart) in dark colours when the app is
dark, every word of them readable (contrast 4.5:1 at the least)."""

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import accessible, browser, db, phone, shot
from tests.helpers import log_random_play, open_match

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

#: an element's computed colour (``prop``: "fill", "stroke", "color", "background-color") as
#: [r, g, b], the first found for the selector; null when there is none
COLOUR = """([selector, prop]) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const value = getComputedStyle(el).getPropertyValue(prop);
  const m = value.match(/rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)/);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : value;
}"""


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _colour(page, selector: str, prop: str = "fill"):
    value = page.evaluate(COLOUR, [selector, prop])
    assert isinstance(value, list), f"{selector} {prop}: {value!r}"
    return value


def _page_colours(page) -> tuple[list, list]:
    """The page's ground (on <html>) and its words."""
    return _colour(page, "html", "background-color"), _colour(page, "body", "color")


def _shown_and_running(ann) -> dict:
    client = APIClient()
    client.force_authenticate(ann)
    solo = [{"name": "Ann", "user": "ann"}, {"name": "Away"}]
    one_goal = {"match_length": {"kind": "goals", "goals": 1}}
    over = open_match(client, "trixkick", solo, options=one_goal)["match"]["id"]
    log_random_play(client, over, lambda _state, legal: not legal.get("actions"))
    pitch = open_match(client, "hat-trick", solo)["match"]["id"]
    steps = iter(range(6))
    log_random_play(client, pitch, lambda _state, _legal: next(steps, None) is None)
    four = [{"name": "Ann", "user": "ann"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]
    table = open_match(client, "amigo-hattrick", four, options={"games": 1})["match"]["id"]
    dealt = client.post(
        f"/api/matches/{table}/events/",
        {"expected_seq": 0, "action": {"type": "deal"}},
        format="json",
    )
    assert dealt.status_code == 201, dealt.content
    return {"over": over, "pitch": pitch, "table": table}


def test_the_colours_chosen_are_kept_and_beat_the_phones_setting(app_server, make_user, token_for):
    token = token_for(make_user("ann"))
    with browser() as b:
        # a phone set to light: the app light, until Dark is chosen
        _, page = phone(b, app_server, token=token, color_scheme="light")
        page.goto("/app/#/")
        page.locator("#running li").first.wait_for()
        light = _page_colours(page)
        assert _luminance(light[0]) > 0.8 and page.get_attribute("html", "data-theme") == "light"
        assert (
            page.get_by_role("button", name="As the phone").get_attribute("aria-pressed") == "true"
        )
        page.get_by_role("button", name="Dark").tap()
        assert page.get_attribute("html", "data-theme") == "dark"
        dark = _page_colours(page)
        assert _luminance(dark[0]) < 0.02 and _contrast(*dark) >= 4.5
        # kept: on <html> before the app's modules have run, and the screen dark again
        page.reload(wait_until="commit")
        page.wait_for_selector("html[data-theme='dark']", state="attached")
        page.locator("#running li").first.wait_for()
        assert _page_colours(page) == dark
        assert page.get_by_role("button", name="Dark").get_attribute("aria-pressed") == "true"
        shot(page, "130-home-dark-chosen")

        # a phone set to dark: the app dark, until Light is chosen, which a reload keeps
        _, page = phone(b, app_server, token=token, color_scheme="dark")
        page.goto("/app/#/")
        page.locator("#running li").first.wait_for()
        assert _page_colours(page) == dark
        page.get_by_role("button", name="Light").tap()
        assert _page_colours(page) == light
        page.reload()
        page.locator("#running li").first.wait_for()
        assert page.get_attribute("html", "data-theme") == "light"
        assert _page_colours(page) == light
        # and back to the phone's own setting (dark), which a reload keeps too
        page.get_by_role("button", name="As the phone").tap()
        assert _page_colours(page) == dark
        page.reload()
        page.locator("#running li").first.wait_for()
        assert page.get_attribute("html", "data-theme") == "dark"  # the phone's, on <html>
        assert _page_colours(page) == dark
        # as the phone: the phone set to light and back, the app follows it at once
        page.emulate_media(color_scheme="light")
        page.wait_for_selector("html[data-theme='light']", state="attached")
        assert _page_colours(page) == light
        page.emulate_media(color_scheme="dark")
        page.wait_for_selector("html[data-theme='dark']", state="attached")
        assert _page_colours(page) == dark
        # a choice made beats the phone's setting changed afterwards
        page.get_by_role("button", name="Light").tap()
        page.emulate_media(color_scheme="light")
        page.emulate_media(color_scheme="dark")
        assert page.get_attribute("html", "data-theme") == "light"
        assert _page_colours(page) == light

        # put on <html> by the page's head, not by the app's modules: with them refused, the
        # page is drawn in the colours chosen all the same (from its first paint)
        context, page = phone(b, app_server, token=token, color_scheme="light")
        context.add_init_script("localStorage.setItem('theme', 'dark')")
        context.route("**/webapp/app.js", lambda route: route.abort())
        page.goto("/app/")
        assert page.get_attribute("html", "data-theme") == "dark"
        assert _page_colours(page)[0] == dark[0]
        assert page.locator("main .loading").count() == 1  # (no module ran)


def _picture_colours(page, box: str, parts: dict[str, str]) -> dict[str, list]:
    page.wait_for_selector(f"{box} svg")
    return {name: _colour(page, f"{box} svg {sel}", prop) for name, (sel, prop) in parts.items()}


#: each picture's ground, and parts drawn on it that must stay readable (words) or seen
PICTURES = {
    "pitch": (
        "pitch",
        "#picture",
        {
            "ground": ("rect.bg", "fill"),
            "grass": ("rect.pitch", "fill"),
            "words": ("text.ink", "fill"),
            "turn": ("text.turn", "fill"),
        },
    ),
    "board": ("over", "#picture", {"ground": ("rect.bg", "fill"), "goal": ("rect.goal", "fill")}),
    "table": (
        "table",
        "#picture",
        {"ground": ("rect.bg", "fill"), "words": ("text.ink", "fill")},
    ),
    "chart": (
        None,
        "#rating-chart",
        {
            "ground": ("rect.bg", "fill"),
            "words": ("text.ink", "fill"),
            "line": ("polyline.line", "stroke"),
        },
    ),
}


def _open(page, matches: dict, key: str | None) -> None:
    if key is None:
        page.goto("/app/#/stats?game=trixkick")
        page.locator("#cards-h").wait_for()
    else:
        page.goto(f"/app/#/match/{matches[key]}")
        page.wait_for_selector(".match-head")


@pytest.mark.slow
def test_the_pictures_are_drawn_dark_on_a_dark_phone(app_server, make_user, token_for):
    ann = make_user("ann")
    matches = db(_shown_and_running, ann)
    token = token_for(ann)
    seen: dict[str, dict] = {}
    with browser() as b:
        for scheme in ("light", "dark"):
            _, page = phone(b, app_server, token=token, color_scheme=scheme)
            for name, (key, box, parts) in PICTURES.items():
                _open(page, matches, key)
                seen[f"{name}-{scheme}"] = _picture_colours(page, box, parts)
            if scheme == "dark":
                _open(page, matches, "pitch")
                shot(page, "131-hat-trick-dark")
                _open(page, matches, None)
                page.wait_for_selector("#rating-chart svg")
                shot(page, "132-stats-dark")
                # the phone's setting overruled: Light chosen, the chart light again at once
                page.evaluate("localStorage.setItem('theme', 'light')")
                page.reload()
                seen["chart-chosen-light"] = _picture_colours(
                    page, "#rating-chart", PICTURES["chart"][2]
                )
    problems = []
    for name in PICTURES:
        light, dark = seen[f"{name}-light"], seen[f"{name}-dark"]
        if light["ground"] == dark["ground"]:
            problems.append(f"{name}: the same ground in both, {dark['ground']}")
        if _luminance(dark["ground"]) > 0.06:
            problems.append(f"{name}: a light ground when dark, {dark['ground']}")
        for part in ("words", "turn"):
            for scheme, colours in (("light", light), ("dark", dark)):
                if part in colours and _contrast(colours[part], colours["ground"]) < 4.5:
                    problems.append(
                        f"{name} {scheme}: {part} {colours[part]} on {colours['ground']}"
                    )
    assert _luminance(seen["pitch-dark"]["grass"]) < _luminance(seen["pitch-light"]["grass"])
    assert seen["chart-chosen-light"] == seen["chart-light"]
    assert not problems, "\n".join(problems)


def _public_finished(ann) -> int:
    client = APIClient()
    client.force_authenticate(ann)
    solo = [{"name": "Ann", "user": "ann"}, {"name": "Away"}]
    one_goal = {"match_length": {"kind": "goals", "goals": 1}}
    made = open_match(client, "trixkick", solo, options=one_goal, visibility="public")
    log_random_play(client, made["match"]["id"], lambda _state, legal: not legal.get("actions"))
    return made["match"]["id"]


def test_the_report_page_follows_the_phone_and_the_colours_chosen(app_server, make_user):
    match_id = db(_public_finished, make_user("ann"))
    with browser() as b:
        _, page = phone(b, app_server, color_scheme="dark")
        page.goto(f"/matches/{match_id}/report/")
        ground = _colour(page, "body", "background-color")
        words = _colour(page, "body", "color")
        assert _luminance(ground) < 0.02 and _contrast(ground, words) >= 4.5
        accessible(page, "report-dark")
        # Light chosen in the app (the same site): the report light too
        page.evaluate("localStorage.setItem('theme', 'light')")
        page.reload()
        ground = _colour(page, "body", "background-color")
        assert _luminance(ground) > 0.8 and _contrast(ground, _colour(page, "body", "color")) >= 4.5
        accessible(page, "report-chosen-light")
