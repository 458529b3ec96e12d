"""Every screen of the app in both languages and both colour schemes (a phone set to light
or to dark; each language and each scheme once, English light and German dark: the words do
not change with the colours, nor the colours with the words) at 390x844, pictured
(``SCREENSHOT_DIR``) and checked on the way: nothing wider than the phone, no serious
accessibility fault (no word without the contrast it needs among them, axe's
color-contrast), no word of the other language or key left untranslated, the step's hint and
first choice on screen."""

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import browser, db, phone, shot
from tests.browser.test_webapp_season import _client, _log, _playout
from tests.helpers import accept_invitations, log_random_play, open_match

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

#: the hint and the first choice on screen above the bar pinned to the bottom
IN_REACH = """() => {
  const hint = document.getElementById("hint");
  const first = document.querySelector("section.moves button.move, #as-before, #as-before-mine");
  const bar = document.querySelector(".sticky")?.getBoundingClientRect().top ?? innerHeight;
  if (!hint || !first) return "";
  const h = hint.getBoundingClientRect(), b = first.getBoundingClientRect();
  if (h.top < 0 || h.bottom > bar) return `hint at ${h.top}..${h.bottom}, bar at ${bar}`;
  if (b.bottom > bar) return `first choice ends at ${b.bottom}, bar at ${bar}`;
  return "";
}"""

#: the choices on screen differ from ``before`` (a tap has been answered)
CHANGED = '(before) => document.querySelector("section.moves")?.innerHTML !== before'

#: words a screen in German should not show (English left over), and keys never translated
ENGLISH = ("Card of", "Shooting card", "Goalkeeper", "Waiting for", "Set up", "Move nobody")
ENGLISH += ("Play now", "Fixtures", "decided by", "Champion", "Awards", "Season", "to be decided")


def _matches(ann, ben) -> dict:
    def open_(game, sides, options=None):
        client = APIClient()
        client.force_authenticate(ann)
        return open_match(client, game, sides, options=options or {})["match"]["id"], client

    solo = [{"name": "Ann", "user": "ann"}, {"name": "Guests"}]
    two = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]
    out = {}
    out["hat-trick"], _ = open_("hat-trick", solo)
    out["keeper"], client = open_("hat-trick", solo)
    log_random_play(
        client,
        out["keeper"],
        lambda s, legal: any(
            e["type"] == "keeper_draw" and e["max_cards"] for e in legal["actions"]
        ),
    )
    out["two"], _ = open_("hat-trick", two)
    out["trixkick"], client = open_("trixkick", solo, {"fouls": True})
    log_random_play(
        client,
        out["trixkick"],
        lambda state, legal: (
            state.moves > 40
            and any(e["type"] == "place" for e in legal["actions"])
            and all(p.status != "play" for p in state.pieces.values())
        ),
    )
    out["trixkick-play"], client = open_("trixkick", solo)
    log_random_play(client, out["trixkick-play"], lambda state, _legal: state.moves > 30)
    amigo = [{"name": "Ann", "user": "ann"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]
    out["amigo"], client = open_("amigo-hattrick", amigo, {"games": 1})
    dealt = client.post(
        f"/api/matches/{out['amigo']}/events/",
        {"expected_seq": 0, "action": {"type": "deal"}},
        format="json",
    )
    assert dealt.status_code == 201, dealt.content
    return out


def _competitions(ann, ben, cleo, dan, eve, finn) -> dict:
    """Ann's league of four with two rounds played, her cup of four with the semi-finals played,
    and Ben's league she is asked to (her list shows the invitation)."""
    people = {"ann": ann, "ben": ben, "cleo": cleo, "dan": dan, "eve": eve, "finn": finn}

    def competition(owner, fmt, invite, **fields):
        body = {"name": f"{fmt} of {owner}", "game": "hat-trick", "format": fmt, "invite": invite}
        made = _client(people[owner]).post("/api/competitions/", {**body, **fields})
        assert made.status_code == 201, made.content
        return made.json()

    def join(c):
        for m in c["members"]:
            if m["status"] == "invited":
                answer = _client(people[m["user"]]).post(
                    f"/api/competitions/members/{m['id']}/accept/", {}
                )
                assert answer.status_code == 200, answer.content

    def play(c, fixture):
        home = next(m["user"] for m in c["members"] if m["id"] == fixture["home"])
        client = _client(people[home])
        opened = client.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {})
        assert opened.status_code == 201, opened.content
        match_id = opened.json()["match"]["id"]
        accept_invitations(match_id)
        _log(client, match_id, _playout(match_id, client, last_by=None))

    out = {}
    for fmt, settings in (("league", {"double": True}), ("cup", {"third_place": True})):
        c = competition("ann", fmt, ["ben", "cleo", "dan"], settings=settings)
        join(c)
        assert _client(ann).post(f"/api/competitions/{c['id']}/draw/", {}).status_code == 200
        rounds = _client(ann).get(f"/api/competitions/{c['id']}/fixtures/").json()["rounds"]
        for played in rounds[: 2 if fmt == "league" else 1]:
            for fixture in played["fixtures"]:
                play(c, fixture)
        out[fmt] = c["id"]
    # groups of three, then a cup of the first two of each; a Swiss of six: drawn only
    for fmt, settings in (("groups_cup", {"groups": 2, "qualifiers": 2}), ("swiss", {})):
        c = competition("ann", fmt, ["ben", "cleo", "dan", "eve", "finn"], settings=settings)
        join(c)
        drawn = _client(ann).post(f"/api/competitions/{c['id']}/draw/", {})
        assert drawn.status_code == 200, drawn.content
        out[fmt] = c["id"]
    competition("ben", "league", ["ann"])
    return out


def _check(page, name: str, language: str, problems: list) -> None:
    shot(page, name)
    text = page.locator("#app").inner_text()
    if language == "de":
        problems += [f"{name}: English {w!r}" for w in ENGLISH if w in text]
    problems += [f"{name}: key {k}" for k in ("tkMine", "keeperD", "halfKept") if k in text]
    if page.locator("#hint").count():
        reach = page.evaluate(IN_REACH)
        if reach:
            problems.append(f"{name}: {reach}")


@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("de", "dark")])
@pytest.mark.slow
def test_every_screen_in_both_languages(app_server, make_user, token_for, language, scheme):
    ann, ben = make_user("ann"), make_user("ben")
    matches = db(_matches, ann, ben)
    others = [make_user(name) for name in ("cleo", "dan", "eve", "finn")]
    competitions = db(_competitions, ann, ben, *others)
    tokens = token_for(ann), token_for(ben)
    problems: list[str] = []
    at = lambda n: f"s{n:02d}-{language}{'-dark' if scheme == 'dark' else ''}"  # noqa: E731
    with browser() as b:
        _, page = phone(b, app_server, language=language, color_scheme=scheme)
        page.goto("/app/")
        page.evaluate(f"localStorage.setItem('language', {language!r})")
        page.reload()
        page.locator("#signin").wait_for()
        _check(page, f"{at(1)}-sign-in", language, problems)
        page.locator("input[name=username]").fill("ann")
        page.locator("input[name=password]").fill("wrong-password")
        page.locator("#signin button[type=submit]").tap()
        page.locator("#signin-error *").first.wait_for()
        _check(page, f"{at(2)}-sign-in-failed", language, problems)

        _, page = phone(b, app_server, token=tokens[0], language=language, color_scheme=scheme)
        page.goto("/app/#/")
        page.locator("#running a, #running li").first.wait_for()
        _check(page, f"{at(3)}-home", language, problems)
        page.goto("/app/#/new")
        page.locator("#new").wait_for()
        _check(page, f"{at(4)}-new-hat-trick", language, problems)
        for n, game in ((5, "trixkick"), (6, "amigo-hattrick")):
            page.locator(f"input[name=game][value={game}]").check()
            page.locator("#new").wait_for()
            _check(page, f"{at(n)}-new-{game}", language, problems)

        def match(key, n, name, *, wait="section.moves"):
            page.goto(f"/app/#/match/{matches[key]}")
            page.wait_for_selector(".match-head")
            page.wait_for_selector(wait)
            _check(page, f"{at(n)}-{name}", language, problems)

        match("hat-trick", 7, "hat-trick-step-1")
        page.locator('section.moves button.move[data-r="0"]').first.tap()
        page.locator("button.picked").wait_for()
        _check(page, f"{at(8)}-hat-trick-one-card-picked", language, problems)
        page.locator('section.moves button.move[data-r="1"]').first.tap()
        page.wait_for_selector('.match-head[data-seq="1"]')
        _check(page, f"{at(9)}-hat-trick-step-2", language, problems)
        page.locator("#fold").tap()
        _check(page, f"{at(10)}-picture-folded", language, problems)
        page.locator("#fold").tap()
        match("keeper", 11, "keeper-draw")
        before = page.locator("section.moves").inner_html()
        page.locator("section.moves ul.faces button.move").first.tap()
        page.wait_for_function(CHANGED, arg=before)
        _check(page, f"{at(12)}-keeper-drew", language, problems)
        match("trixkick", 13, "trixkick-set-up-again", wait="#as-before")
        match("trixkick-play", 14, "trixkick-play")
        match("amigo", 15, "amigo-play")
        page.goto("/app/#/history")
        page.locator("#history li").first.wait_for()
        _check(page, f"{at(16)}-history", language, problems)
        page.goto(f"/app/#/replay/{matches['hat-trick']}")
        page.locator("#seq").wait_for()
        page.locator("#picture svg").wait_for()
        _check(page, f"{at(17)}-replay", language, problems)
        page.goto("/app/#/build")
        page.locator("#pools").wait_for()  # the budget card's first dry run answered
        _check(page, f"{at(18)}-teams", language, problems)
        page.goto("/app/#/stats")
        page.locator("#cards-h").wait_for()
        _check(page, f"{at(19)}-stats", language, problems)
        page.locator('nav.tabs a[href="#/competitions"]').tap()
        page.locator("#competition-invitations").wait_for()
        _check(page, f"{at(24)}-competitions", language, problems)
        page.locator("#create-competition").tap()
        page.locator("#create").wait_for()
        _check(page, f"{at(25)}-competition-create", language, problems)
        for n, fmt in ((26, "cup"), (27, "groups_cup"), (28, "swiss")):
            page.locator(f"input[name=format][value={fmt}]").check()
            page.locator(f"input[name=format][value={fmt}]:checked").wait_for()
            _check(page, f"{at(n)}-competition-create-{fmt}", language, problems)
        page.locator("input[name=game][value=amigo-hattrick]").check()
        page.locator("input[name=format][value=series]:checked").wait_for()
        _check(page, f"{at(29)}-competition-create-series", language, problems)
        page.goto(f"/app/#/competitions/{competitions['league']}")
        page.locator("#positions-chart").wait_for()
        page.locator("#fixtures details[open] details.org").first.evaluate(
            "(d) => { d.open = true; }"
        )
        _check(page, f"{at(30)}-league", language, problems)
        page.goto(f"/app/#/competitions/{competitions['cup']}")
        page.locator("#bracket svg").wait_for()
        _check(page, f"{at(31)}-cup", language, problems)
        page.goto(f"/app/#/competitions/{competitions['groups_cup']}")
        page.locator("#competition-name", has_text="groups_cup of ann").wait_for()
        page.locator("table.standings").nth(1).wait_for()
        _check(page, f"{at(32)}-groups", language, problems)
        page.goto(f"/app/#/competitions/{competitions['swiss']}")
        page.locator("#competition-name", has_text="swiss of ann").wait_for()
        page.locator("table.standings").wait_for()
        _check(page, f"{at(33)}-swiss", language, problems)

        # two phones: one manager's card in, the other's phone told so
        _, ben_page = phone(b, app_server, token=tokens[1], language=language, color_scheme=scheme)
        for p in (page, ben_page):
            p.goto(f"/app/#/match/{matches['two']}")
            p.wait_for_selector("section.moves")
        page.locator("section.moves button.move").first.tap()
        page.locator("#waiting").wait_for()
        _check(page, f"{at(20)}-own-card-in", language, problems)
        ben_page.locator("#waiting").wait_for()
        _check(ben_page, f"{at(21)}-other-has-chosen", language, problems)
        ben_page.locator("section.moves button.move").first.tap()
        page.wait_for_selector('.match-head[data-seq="1"]')
        ben_page.wait_for_selector('.match-head[data-seq="1"]')
        _check(page, f"{at(22)}-own-turn", language, problems)
        _check(ben_page, f"{at(23)}-waiting-for-other", language, problems)
    assert not problems, "\n".join(problems)
