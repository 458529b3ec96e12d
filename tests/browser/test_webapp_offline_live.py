"""Two phones at one table: moves logged offline reach the server once, a refused one is
shown with its sentence and resolved, and the other phone sees the moves live."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match, MatchEvent
from tests.browser.phone import browser, choice, db, phone, seq_of, shot, tap_and_wait

pytestmark = [pytest.mark.browser]


def _hat_trick_match(user, opponent=None) -> int:
    client = APIClient()
    client.force_authenticate(user)
    red = {"name": "Red"} if opponent is None else {"name": "Red", "user": opponent.username}
    response = client.post(
        "/api/matches/",
        {"game": "hat-trick", "sides": [{"name": "Blue", "user": user.username}, red]},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["match"]["id"]


def _stored(match_id):
    return list(
        MatchEvent.objects.filter(match_id=match_id)
        .order_by("seq")
        .values_list("seq", "kind", "notation")
    )


def _play_first_cards(page):
    choice(page, "Short pass, 2 footballs, left edge").tap()
    choice(page, "Short pass, 2 footballs, left edge").tap()


def test_three_moves_logged_offline_are_stored_once_and_a_refused_one_is_resolved(
    app_server, make_user, token_for
):
    ann = make_user("ann")
    match_id = _hat_trick_match(ann)
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')

        context.set_offline(True)
        page.get_by_text("Offline").wait_for()
        _play_first_cards(page)
        page.get_by_role("heading", name="1 move not yet stored on the server").wait_for()
        assert "Not checked yet" in page.locator("#hint").inner_text()
        page.get_by_role("button", name="Move nobody").tap()
        page.get_by_role("heading", name="2 moves").wait_for()
        page.get_by_role("button", name="Move a player").tap()
        page.get_by_role("button", name="No. 2", exact=True).tap()
        page.get_by_role("button", name="No. 2 forward").tap()
        page.get_by_role("heading", name="3 moves not yet stored on the server").wait_for()
        shot(page, "20-offline-queue")
        assert db(_stored, match_id) == []

        context.set_offline(False)
        page.wait_for_selector('.match-head[data-seq="3"]')
        page.get_by_text("Every move is stored.").wait_for()
        shot(page, "21-back-online")
        assert [kind for _, kind, _ in db(_stored, match_id)] == ["action"] * 3
        assert db(_stored, match_id)[0][2] == "S2l/S2l"

        # offline again: the second move queued is not allowed at that step
        context.set_offline(True)
        page.get_by_text("Offline").wait_for()
        _play_first_cards(page)
        page.get_by_role("button", name="Decline").tap()
        page.get_by_role("heading", name="2 moves not yet stored on the server").wait_for()
        context.set_offline(False)
        refusal = page.get_by_role("alert")
        refusal.wait_for()
        assert refusal.inner_text().startswith("Move 2 of the queue was refused:")
        shot(page, "22-queue-refused")
        assert len(db(_stored, match_id)) == 3  # all or nothing: none of the two
        page.get_by_role("button", name="Drop move 2 and the ones after it").tap()
        page.wait_for_selector('.match-head[data-seq="4"]')
        page.get_by_text("Every move is stored.").wait_for()
        assert [n for _, _, n in db(_stored, match_id)][3] == "S2l/S2l"
        context.close()


@pytest.mark.slow
def test_a_second_phone_sees_the_moves_live_and_a_stale_queue_is_resolved(
    app_server, make_user, token_for
):
    ann, ben = make_user("ann"), make_user("ben")
    match_id = _hat_trick_match(ann, opponent=ben)
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        ann_phone, ann_page = phone(b, app_server, token=tokens[0])
        ben_phone, ben_page = phone(b, app_server, token=tokens[1], language="de")
        ann_page.goto(f"/app/#/match/{match_id}")
        # ben finds ann's invitation on his phone's home screen and takes the red side
        ben_page.goto("/app/")
        ben_page.get_by_text("ann lädt dich ein, Seite 2 zu spielen").wait_for()
        shot(ben_page, "25-invitation-de")
        ben_page.get_by_role("button", name="Annehmen").tap()
        ann_page.wait_for_selector('.match-head[data-seq="0"]')
        ben_page.wait_for_selector('.match-head[data-seq="0"]')
        # both phones log any side here (each phone its own side: test_webapp_two_phones.py)
        ann_page.get_by_label("I log both sides").check()
        ben_page.get_by_label("Ich trage beide Seiten ein").check()

        _play_first_cards(ann_page)
        ann_page.wait_for_selector('.match-head[data-seq="1"]')
        ben_page.wait_for_selector('.match-head[data-seq="1"]')  # no tap on ben's phone
        assert ben_page.locator("#hint").inner_text().startswith("Schritt 2")
        ben_page.get_by_text("Letzter Zug: Kurzer Pass, 2 Fußbälle, linke Seite").wait_for()
        shot(ben_page, "23-live-second-phone-de")
        tap_and_wait(ben_page, ben_page.get_by_role("button", name="Niemanden ziehen"))
        ann_page.wait_for_selector('.match-head[data-seq="2"]')

        # ann goes offline and queues a move while ben logs one: 409 on sync, kept, resolved
        ann_phone.set_offline(True)
        ann_page.locator("button.move").first.tap()  # a player's move: no opener
        ann_page.get_by_role("heading", name="1 move not yet stored").wait_for()
        ben_page.get_by_role("button", name="Rückgängig").tap()
        ben_page.wait_for_selector('.match-head[data-seq="3"]')
        ann_phone.set_offline(False)
        conflict = ann_page.get_by_role("alert")
        conflict.wait_for()
        assert "Another phone logged 1 move meanwhile" in conflict.inner_text()
        shot(ann_page, "24-queue-conflict")
        ann_page.get_by_role("button", name="Discard mine").tap()
        ann_page.get_by_text("Every move is stored.").wait_for()
        assert seq_of(ann_page) == 3
        assert db(lambda: Match.objects.get(pk=match_id).seq) == 3
        ann_phone.close()
        ben_phone.close()


def test_the_service_worker_sends_the_queue_once_the_page_is_closed(
    app_server, make_user, token_for
):
    """Background Sync: three moves queued offline, the app closed, the network back; the
    browser wakes the service worker with the "moves" sync, and it stores the batch once."""
    ann = make_user("ann")
    match_id = _hat_trick_match(ann)
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token)
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.state)") in (
            "activating",
            "activated",
        )
        cdp = context.new_cdp_session(page)
        registrations = {}
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda e: registrations.update(
                {r["scopeURL"]: r["registrationId"] for r in e["registrations"]}
            ),
        )
        cdp.send("ServiceWorker.enable")

        context.set_offline(True)
        page.get_by_text("Offline").wait_for()
        _play_first_cards(page)
        page.get_by_role("button", name="Move nobody").tap()
        page.get_by_role("button", name="Move a player").tap()
        page.get_by_role("button", name="No. 2", exact=True).tap()
        page.get_by_role("button", name="No. 2 forward").tap()
        page.get_by_role("heading", name="3 moves not yet stored on the server").wait_for()
        tags = "navigator.serviceWorker.ready.then((r) => r.sync.getTags())"
        assert page.evaluate(tags) == ["moves"]  # the browser is asked to wake the worker
        assert db(_stored, match_id) == []
        page.goto("about:blank")  # the app is closed; only its service worker is left
        context.set_offline(False)

        # Chromium fires the sync by itself once no open page is offline (as soon as the app
        # is closed, here); should it not within two seconds, the DevTools protocol fires it
        scope = f"{app_server}/app/"

        def stored(seconds: float) -> int:
            for _ in range(int(seconds * 10)):
                if len(db(_stored, match_id)) == 3:
                    break
                page.wait_for_timeout(100)
            return len(db(_stored, match_id))

        assert scope in registrations, registrations
        if stored(2) < 3:
            cdp.send(
                "ServiceWorker.dispatchSyncEvent",
                {
                    "origin": app_server,
                    "registrationId": registrations[scope],
                    "tag": "moves",
                    "lastChance": False,
                },
            )
            stored(10)
        assert [kind for _, kind, _ in db(_stored, match_id)] == ["action"] * 3
        # the sync again (the browser retries a sync it thinks failed): the queue is gone,
        # nothing is stored twice
        cdp.send(
            "ServiceWorker.dispatchSyncEvent",
            {
                "origin": app_server,
                "registrationId": registrations[scope],
                "tag": "moves",
                "lastChance": True,
            },
        )
        page.wait_for_timeout(500)
        assert len(db(_stored, match_id)) == 3
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="3"]')
        page.get_by_text("Every move is stored.").wait_for()
        context.close()


def test_without_background_sync_the_queue_is_sent_once_the_page_is_closed(
    app_server, make_user, token_for
):
    """A browser without Background Sync (Firefox, Safari; here Chromium with it taken away
    before the app loads): three moves queued while the server cannot be reached, the server
    back and the app closed before it noticed; the page hands the queue to its service worker
    as it closes, and the worker stores it, once."""
    ann = make_user("ann")
    match_id = _hat_trick_match(ann)
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token)
        context.add_init_script(
            "delete window.SyncManager; delete ServiceWorkerRegistration.prototype.sync;"
        )
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="0"]')
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert page.evaluate("() => 'SyncManager' in window") is False

        # the network is up, but the server's events cannot be reached
        context.route("**/api/matches/*/events/**", lambda route: route.abort())
        _play_first_cards(page)
        page.get_by_role("heading", name="1 move not yet stored on the server").wait_for()
        page.get_by_role("button", name="Move nobody").tap()
        page.get_by_role("button", name="Move a player").tap()
        page.get_by_role("button", name="No. 2", exact=True).tap()
        page.get_by_role("button", name="No. 2 forward").tap()
        page.get_by_role("heading", name="3 moves not yet stored on the server").wait_for()
        page.wait_for_timeout(1500)  # its last try to send them refused too
        assert db(_stored, match_id) == []
        context.unroute("**/api/matches/*/events/**")
        page.wait_for_timeout(1500)  # the server back: the app does not know it yet
        assert db(_stored, match_id) == []
        page.goto("about:blank")  # the app is closed before it tried again

        for _ in range(100):
            if len(db(_stored, match_id)) == 3:
                break
            page.wait_for_timeout(100)
        assert [kind for _, kind, _ in db(_stored, match_id)] == ["action"] * 3
        page.goto(f"/app/#/match/{match_id}")
        page.wait_for_selector('.match-head[data-seq="3"]')
        page.get_by_text("Every move is stored.").wait_for()
        assert len(db(_stored, match_id)) == 3  # nothing stored twice
        context.close()
