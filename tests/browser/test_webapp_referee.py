"""The referee in the pocket, at the table: a tap is refereed by the phone's own engine at once
while the server's answer is slow, a move another phone logged first rolls the phone's move
back with a sentence, and offline the phone offers the checked next moves; back online
everything is stored once. Without the runtime the app works as before (the other browser
tests block its files)."""

from __future__ import annotations

import statistics
import time

import pytest
from rest_framework.test import APIClient

from matches.models import MatchEvent
from tests.browser.phone import SCREENSHOTS, browser, choice, db, phone, shot
from tests.helpers import open_match
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.browser,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

# seconds the server's answer to an append is held back: four times the 100 ms a tap may take
# to show the next choices, so a phone that waited for the server would fail
DELAY = 0.4

# The addresses the referee's cache holds (the service worker keeps the runtime and the
# engines' zip there).
REFEREE_CACHE = """async () => (await (await caches.open("companion-referee")).keys())
  .map((r) => new URL(r.url).pathname)"""

# Tap the first move button, again and again, until a move is made (the phone shows one more
# move than before); the time from that tap until the next choices are on screen, in ms.
TAP_NEXT = """async () => {
  const head = () => document.querySelector(".match-head");
  const shown = Number(head().dataset.shown);
  for (let i = 0; i < 6; i++) {
    const before = document.querySelector("section.moves")?.innerHTML;
    const button = document.querySelector("section.moves button.move");
    if (!button) return null;
    const t0 = performance.now();
    button.click();
    while (document.querySelector("section.moves")?.innerHTML === before) {
      if (performance.now() - t0 > 3000) return null;
      await new Promise((r) => setTimeout(r, 1));
    }
    if (Number(head().dataset.shown) > shown) return performance.now() - t0;
  }
  return null;
}"""


def _match(user, game="hat-trick", sides=None) -> int:
    client = APIClient()
    client.force_authenticate(user)
    sides = sides or [{"name": "Blue", "user": user.username}, {"name": "Red"}]
    return open_match(client, game, sides)["match"]["id"]


def _stored(match_id) -> list:
    return list(
        MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("seq", "kind")
    )


@pytest.fixture
def hat_trick_table(make_user, token_for):
    """Ann, a Hat-Trick match of hers (Blue, against Red) and her phone's token."""
    ann = make_user("ann")
    return ann, _match(ann), token_for(ann)


def _back_online_stored(context, page, match_id, moves: int) -> None:
    """The network back: the queue is sent, each move stored once, nothing refused."""
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector(f'.match-head[data-seq="{moves}"]', timeout=60_000)
    assert [seq for seq, _ in db(_stored, match_id)] == list(range(1, moves + 1))
    assert page.locator("[role=alert]").count() == 0


def _one_status(page, said: str, never: str) -> None:
    """The screen says ``said`` of where the moves are, once, and nothing that disagrees
    (``never``): one status line, not two."""
    text = page.locator("#app").inner_text()
    assert text.count(said) == 1 and never not in text, text


def _open_with_referee(page, match_id):
    page.goto(f"/app/#/match/{match_id}")
    page.wait_for_selector('.match-head[data-seq="0"]')
    page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)


@pytest.mark.slow
def test_a_tap_is_refereed_at_once_while_the_server_answers_slowly(app_server, hat_trick_table):
    ann, match_id, token = hat_trick_table
    moves = 24
    with browser() as b:
        context, page = phone(b, app_server, token=token, referee=True)

        def slow(route):
            if route.request.method == "POST":
                time.sleep(DELAY)
            route.continue_()

        context.route("**/api/matches/*/events/**", slow)
        _open_with_referee(page, match_id)
        page.wait_for_function("() => document.querySelector('section.moves button.move') !== null")
        times = []
        for _ in range(moves):
            elapsed = page.evaluate(TAP_NEXT)
            assert elapsed is not None, "no next choices after a tap"
            times.append(elapsed)
            if len(times) == 3:
                # the phone shows the move, and says where the moves are, in one status
                _one_status(page, "Checked on this phone; being stored", "Every move is stored.")
        page.screenshot(path=str(SCREENSHOTS / "referee-instant-online-pending.png"))
        page.wait_for_function(
            f"() => document.querySelector('.match-head').dataset.seq === '{moves}'",
            timeout=moves * DELAY * 1000 + 30_000,
        )
        page.locator("#queue-state", has_text="Every move is stored.").wait_for()
        _one_status(page, "Every move is stored.", "Checked on this phone")
        shot(page, "referee-instant-online")
        median = statistics.median(times)
        print(f"next choices after a tap: median {median:.1f} ms, max {max(times):.1f} ms")
        # well inside the server's delay: the phone did not wait for the server's answer
        assert median < DELAY * 1000 / 2, times
        assert [seq for seq, _ in db(_stored, match_id)] == list(range(1, moves + 1))
        assert page.locator(".error, [role=alert]").count() == 0


def test_a_move_another_phone_logged_first_rolls_the_phones_move_back(app_server, hat_trick_table):
    ann, match_id, token = hat_trick_table
    other = APIClient()
    other.force_authenticate(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token, referee=True)
        first = {"done": False}

        def other_phone_first(route):
            if route.request.method == "POST" and not first["done"]:
                first["done"] = True
                legal = db(other.get, f"/api/matches/{match_id}/state/").json()["legal"]
                stored = db(
                    other.post,
                    f"/api/matches/{match_id}/events/",
                    {"expected_seq": 0, "action": legal["ready"][-1]},
                    format="json",
                )
                assert stored.status_code == 201, stored.content
            route.continue_()

        context.route("**/api/matches/*/events/**", other_phone_first)
        _open_with_referee(page, match_id)
        assert page.evaluate(TAP_NEXT) is not None
        alert = page.locator("[role=alert]")
        alert.wait_for()
        assert "The server did not store your move" in alert.inner_text()
        # the phone shows what the server holds: the other phone's move, nothing of its own
        page.wait_for_selector('.match-head[data-seq="1"][data-shown="1"]')
        assert db(_stored, match_id) == [(1, "action")]
        server = db(other.get, f"/api/matches/{match_id}/state/").json()
        assert page.locator("#hint").inner_text() == server["legal"]["hint"]
        shot(page, "referee-rolled-back")


@pytest.mark.slow
def test_offline_the_phone_offers_the_checked_moves_and_all_are_stored_once(
    app_server, hat_trick_table
):
    ann, match_id, token = hat_trick_table
    moves = 12
    with browser() as b:
        context, page = phone(b, app_server, token=token, language="de", referee=True)
        _open_with_referee(page, match_id)
        context.set_offline(True)
        for n in range(1, moves + 1):
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
            # the phone's own hint, in German, not the unchecked vocabulary
            hint = page.locator("#hint").inner_text()
            assert "Noch nicht geprüft" not in hint and hint
            _one_status(page, "Auf diesem Telefon geprüft", "Alle Züge sind gespeichert.")
        shot(page, "referee-offline-checked")
        _back_online_stored(context, page, match_id, moves)
        # stored: said once, and nothing left of the offline sentence
        page.locator("#queue-state", has_text="Alle Züge sind gespeichert.").wait_for()
        _one_status(page, "Alle Züge sind gespeichert.", "sobald das Netz zurück ist")


@pytest.mark.slow
def test_a_phone_holding_other_engines_than_the_servers_loads_the_servers(
    app_server, hat_trick_table, monkeypatch
):
    import io
    import zipfile

    from webapp import engine_bundle as bundles

    ann, match_id, token = hat_trick_table
    with browser() as b:
        _context, page = phone(b, app_server, token=token, referee=True)
        _open_with_referee(page, match_id)
        old = page.evaluate("() => document.documentElement.dataset.referee")
        assert old == bundles.engine_bundle().digest

        # the server now runs other engines (a new release)
        built = bundles._build

        def changed():
            bundle = built()
            buffer = io.BytesIO(bundle.content)
            with zipfile.ZipFile(buffer, "a") as zf:
                zf.writestr("matches/engine/release.py", "RELEASE = 2\n")
            return bundles.EngineBundle(buffer.getvalue(), "f" * 16)

        monkeypatch.setattr(bundles, "_build", changed)
        bundles.engine_bundle.cache_clear()
        try:
            page.goto("/app/#/")  # the next screen asks which engines the server runs
            page.wait_for_function(
                "() => document.documentElement.dataset.referee === 'ffffffffffffffff'",
                timeout=60_000,
            )
            page.goto(f"/app/#/match/{match_id}")
            page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector('.match-head[data-seq="1"]')
        finally:
            bundles.engine_bundle.cache_clear()


@pytest.mark.parametrize(
    ("game", "sides"),
    [
        ("trixkick", [{"name": "Ann", "user": "ann"}, {"name": "Bo"}]),
        (
            "amigo-hattrick",
            [{"name": "Ann", "user": "ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dan"}],
        ),
    ],
)
@pytest.mark.slow
def test_offline_trixkick_and_amigo_moves_are_checked_on_the_phone(
    app_server, make_user, token_for, game, sides
):
    ann = make_user("ann")
    match_id = _match(ann, game, sides)
    token = token_for(ann)
    moves = 15
    with browser() as b:
        context, page = phone(b, app_server, token=token, language="de", referee=True)
        _open_with_referee(page, match_id)
        context.set_offline(True)
        for n in range(1, moves + 1):
            assert page.evaluate(TAP_NEXT) is not None, f"no move {n}"
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
            assert "Noch nicht geprüft" not in page.locator("#hint").inner_text()
        shot(page, f"referee-offline-{game}")
        _back_online_stored(context, page, match_id, moves)


# As TAP_NEXT, but a seeded random button each time (a set of cards: confirmed at once).
TAP_RANDOM = """async (seed) => {
  let x = seed;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const head = () => document.querySelector(".match-head");
  const shown = Number(head().dataset.shown);
  for (let i = 0; i < 8; i++) {
    const before = document.querySelector("section.moves")?.innerHTML;
    const ok = document.querySelector("#multi-ok");
    const buttons = [...document.querySelectorAll("section.moves button.move")];
    if (!buttons.length && !ok) return null;
    (ok || buttons[Math.floor(rand() * buttons.length)]).click();
    const t0 = performance.now();
    while (document.querySelector("section.moves")?.innerHTML === before) {
      if (performance.now() - t0 > 3000) return null;
      await new Promise((r) => setTimeout(r, 1));
    }
    if (Number(head().dataset.shown) > shown) return true;
  }
  return null;
}"""


def _effect_kinds(match_id) -> list[str]:
    kinds = []
    for effects in MatchEvent.objects.filter(match_id=match_id).values_list("effects", flat=True):
        kinds += [effect["kind"] for effect in effects or ()]
    return kinds


@pytest.mark.slow
def test_offline_hat_trick_with_the_expansion_through_a_scoring_chance(
    app_server, make_user, token_for
):
    from tests.matches.test_hat_trick_expansion_through_api import team_from_build

    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    team = team_from_build(client)
    match_id = _match(ann, sides=[{"name": "Home", "user": "ann", "team": team}, {"name": "Guest"}])
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token, language="de", referee=True)
        _open_with_referee(page, match_id)
        context.set_offline(True)
        moves = 0
        texts = ""
        while moves < 200 and not ("Tor für" in texts or "Gehalten." in texts):
            assert page.evaluate(TAP_RANDOM, 7 + moves * 31) is not None, f"move {moves + 1}"
            moves += 1
            page.wait_for_selector(f'.match-head[data-shown="{moves}"]')
            assert "Noch nicht geprüft" not in page.locator("#hint").inner_text()
            if page.locator("ul.effects").count():
                texts += page.locator("ul.effects").inner_text()
        shot(page, "referee-offline-hat-trick-chance")
        _back_online_stored(context, page, match_id, moves)
        kinds = db(_effect_kinds, match_id)
        assert "scoring_opportunity" in kinds and ({"goal", "save"} & set(kinds))
        # the expansion's abilities, checked offline too
        assert {"ability_announced", "ability_used"} & set(kinds)


def test_without_the_runtime_the_app_logs_online_and_offline_as_before(app_server, hat_trick_table):
    ann, match_id, token = hat_trick_table
    with browser() as b:
        context, page = phone(b, app_server, token=token)  # the runtime's files blocked
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('html[data-referee="off"]', timeout=60_000)
        page.wait_for_selector('.match-head[data-seq="0"]')  # the match read (it may come after)
        assert page.locator('.match-head[data-refereed="false"]').count() == 1
        assert page.locator("[role=alert]").count() == 0  # nothing alarming
        choice(page, "Short pass, 2 footballs, left edge").tap()  # blue's
        choice(page, "Short pass, 2 footballs, left edge").tap()  # red's
        page.wait_for_selector('.match-head[data-seq="1"]')  # stored by the server
        context.set_offline(True)
        page.get_by_role("button", name="Move nobody").tap()
        page.get_by_role("heading", name="1 move not yet stored on the server").wait_for()
        assert "Not checked yet" in page.locator("#hint").inner_text()  # as before
        _back_online_stored(context, page, match_id, 2)


def test_the_first_visit_keeps_every_file_the_referee_loaded(app_server, hat_trick_table):
    """On a phone's first visit the app's service worker is still being installed when the
    referee starts: the referee waits until it controls the page, so that every file its worker
    loads (the runtime's module among them, and the engines' zip) is in the phone's cache after
    this one visit, and the next start finds them there, with a network or without."""
    ann, match_id, token = hat_trick_table
    with browser() as b:
        _context, page = phone(b, app_server, token=token, referee=True)
        _open_with_referee(page, match_id)
        info = page.evaluate("async () => (await fetch('/app/referee.json')).json()")
        cached = page.evaluate(REFEREE_CACHE)
        loaded = {
            info["runtime"] + name
            for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
        }
        loaded |= {info["stdlib"], info["bundle"]}
        assert loaded <= set(cached), sorted(loaded - set(cached))


def test_the_referee_starts_without_a_network_from_the_phones_caches(app_server, hat_trick_table):
    ann, match_id, token = hat_trick_table
    with browser() as b:
        context, page = phone(b, app_server, token=token, language="de", referee=True)
        _open_with_referee(page, match_id)
        page.evaluate("() => navigator.serviceWorker.ready")
        page.reload()  # now under the service worker: it keeps the runtime and the engines
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        cached = page.evaluate(REFEREE_CACHE)
        assert any(p.endswith("pyodide.asm.wasm") for p in cached), cached
        assert any(p.startswith("/app/engine/") for p in cached), cached

        context.set_offline(True)
        page.reload()  # the app opened again at the table, without a network
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        assert page.evaluate("() => window.refereeBoot.phases.restored")
        for n in (1, 2, 3):
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
            assert "Noch nicht geprüft" not in page.locator("#hint").inner_text()
        _back_online_stored(context, page, match_id, 3)


@pytest.mark.slow
def test_reopened_offline_with_a_queue_the_phone_referees_it_on_the_last_state_it_had(
    app_server, hat_trick_table
):
    """Three moves stored, four queued offline, the app opened again without a network: it
    shows the three stored moves and the four queued, checked by the phone's referee on the
    state the server last gave (not the match as first read, nor the unchecked vocabulary)."""
    ann, match_id, token = hat_trick_table
    with browser() as b:
        context, page = phone(b, app_server, token=token, referee=True)
        _open_with_referee(page, match_id)
        page.evaluate("() => navigator.serviceWorker.ready")
        page.reload()  # now under the service worker, which keeps the shell and the runtime
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        for n in (1, 2, 3):
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
        page.wait_for_selector('.match-head[data-seq="3"]')
        page.locator("#queue-state", has_text="Every move is stored.").wait_for()
        context.set_offline(True)
        for n in (4, 5, 6, 7):
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
        hint = page.locator("#hint").inner_text()
        page.get_by_role("heading", name="4 moves not yet stored on the server").wait_for()

        page.reload()  # the app opened again at the table, without a network
        page.wait_for_selector('.match-head[data-refereed="true"]', timeout=60_000)
        head = page.locator(".match-head")
        assert (head.get_attribute("data-seq"), head.get_attribute("data-shown")) == ("3", "7")
        page.get_by_role("heading", name="4 moves not yet stored on the server").wait_for()
        assert page.locator("#hint").inner_text() == hint  # the referee's, as before closing
        assert "Not checked yet" not in page.locator("#app").inner_text()
        page.get_by_text("Checked on this phone; stored on the server when").wait_for()
        page.locator("#turn").wait_for()  # whose turn, as the referee finds it
        shot(page, "referee-reopened-offline-queue")
        assert page.evaluate(TAP_NEXT) is not None  # and it goes on refereeing
        page.wait_for_selector('.match-head[data-shown="8"]')
        _back_online_stored(context, page, match_id, 8)


def test_a_new_service_worker_keeps_the_referees_saved_start(app_server, make_user, token_for):
    """A new version of the app's service worker drops the caches older versions kept, but
    not the referee's saved start: the phone's next start is not a cold one."""
    token = token_for(make_user("ann"))
    with browser() as b:
        _context, page = phone(b, app_server, token=token)
        page.goto("/app/manifest.webmanifest")  # the app's origin, before its service worker
        page.evaluate(
            """async () => {
                 const start = await caches.open("companion-referee-start");
                 await start.put("/app/referee-start/runtime/engines", new Response("saved"));
                 await (await caches.open("companion-shell-v1")).put("/app/", new Response("old"));
               }"""
        )
        page.goto("/app/")
        names = page.evaluate(
            """async () => {
                 const registration = await navigator.serviceWorker.ready;
                 while (registration.active.state !== "activated") {
                   await new Promise((resolve) => setTimeout(resolve, 20));
                 }
                 return (await caches.keys()).sort();
               }"""
        )
        assert "companion-shell-v1" not in names and "companion-referee-start" in names, names
        kept = page.evaluate(
            """async () => {
                 const start = await caches.open("companion-referee-start");
                 const hit = await start.match("/app/referee-start/runtime/engines");
                 return hit ? hit.text() : null;
               }"""
        )
        assert kept == "saved"


def test_a_batch_stored_whose_answer_was_lost_is_not_sent_twice(app_server, hat_trick_table):
    """Three moves queued offline; back online their batch is stored but its answer never
    reaches the phone (the connection drops). A fourth move makes a new batch of all four: the
    server's conflict shows its three moves in between are the queue's own, so the phone drops
    them and sends the fourth alone. Four moves stored, none twice, no question asked."""
    ann, match_id, token = hat_trick_table
    with browser() as b:
        context, page = phone(b, app_server, token=token, referee=True)
        # the page alone sends the queue (no Background Sync to send it besides)
        context.add_init_script(
            "delete window.SyncManager; delete ServiceWorkerRegistration.prototype.sync;"
        )
        _open_with_referee(page, match_id)
        context.set_offline(True)
        for n in (1, 2, 3):
            assert page.evaluate(TAP_NEXT) is not None
            page.wait_for_selector(f'.match-head[data-shown="{n}"]')
        lost = []

        def answer_lost(route):
            if lost:
                route.continue_()
                return
            lost.append(route.fetch().status)  # the server stores it; the phone never hears
            route.abort("connectionreset")

        context.route("**/events/batch/**", answer_lost)
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        # (the batch goes out at once; up to 30 s on a machine loaded by other tests)
        for _ in range(300):
            if lost:
                break
            page.wait_for_timeout(100)
        assert lost == [201]
        assert [seq for seq, _ in db(_stored, match_id)] == [1, 2, 3]
        page.get_by_role("heading", name="3 moves not yet stored on the server").wait_for()
        assert page.evaluate(TAP_NEXT) is not None
        page.wait_for_selector('.match-head[data-seq="4"]', timeout=30_000)
        assert [seq for seq, _ in db(_stored, match_id)] == [1, 2, 3, 4]
        assert page.locator("[role=alert]").count() == 0
        page.locator("#queue-state", has_text="Every move is stored.").wait_for()
        shot(page, "referee-lost-answer-stored-once")
