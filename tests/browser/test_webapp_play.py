"""The phone web app at a real table: sign in, start matches and log them by tapping only."""

import pytest

from matches.models import Match, MatchEvent
from tests.browser.phone import (
    browser,
    choice,
    db,
    phone,
    seq_of,
    shot,
    smallest_picture_text,
    tap_and_wait,
)

pytestmark = [pytest.mark.browser]


#: Amigo's card numbers that spill over their card's face (the hand, ten a row)
SPILLED = """() => [...document.querySelectorAll(".grid.faces.small .card.amigo")].flatMap((card) => {
  const c = card.getBoundingClientRect(), n = card.querySelector(".num").getBoundingClientRect();
  const inside = n.left >= c.left - 0.5 && n.right <= c.right + 0.5 && card.scrollWidth <= card.clientWidth;
  return inside ? [] : [`${card.textContent}: ${n.left}..${n.right} in ${c.left}..${c.right}`];
})"""


@pytest.mark.slow
def test_sign_in_play_amigo_to_the_end_then_hat_trick_with_undo(app_server, make_user):
    make_user("ann", password="a-long-secret-pw")
    with browser() as b:
        context, page = phone(b, app_server)
        outside = []
        page.on(
            "request",
            lambda r: (
                None
                if r.url.startswith(app_server) or r.url.startswith(("data:", "blob:"))
                else outside.append(r.url)
            ),
        )
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto("/app/")
        page.get_by_label("Username").fill("ann")
        page.get_by_label("Password").fill("a-long-secret-pw")
        shot(page, "01-sign-in")
        page.get_by_role("button", name="Sign in").tap()
        page.get_by_role("heading", name="My running matches").wait_for()
        shot(page, "02-home")
        # Chromium reads the manifest without an error and finds the app installable (but for
        # the private window every test browser context is)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert {e["errorId"] for e in installability} <= {"in-incognito"}, installability
        cdp.detach()

        # Hattrick (Amigo): four players, one game, the cards shuffled and dealt by the app
        page.get_by_role("link", name="New match").tap()
        page.get_by_text("Hattrick (Amigo)").tap()
        page.get_by_label("Games to play").fill("1")
        shot(page, "03-new-amigo")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
        assert "deals game 1" in page.locator("#hint").inner_text()
        shot(page, "04-amigo-deal")
        seq = tap_and_wait(page, page.get_by_role("button", name="Shuffle and deal in the app"))
        shot(page, "05-amigo-hand")
        # ten cards a row, two-digit numbers among them: every number inside its card's face
        assert page.locator(".grid.faces.small .card.amigo").count() >= 10
        spilled = page.evaluate(SPILLED)
        assert not spilled, spilled
        while page.locator('.match-head[data-status="in_progress"]').count():
            seq = tap_and_wait(page, page.locator("button.move").first, seq=seq)
            if seq == 20:
                page.wait_for_selector('#picture[data-seq="20"] g.card.last')
                assert smallest_picture_text(page) >= 11
                shot(page, "06-amigo-tricks")
        # the winner (or a draw), the final table and how it ended
        over = page.locator("#over")
        over.wait_for()
        assert over.inner_text().startswith("The match is over: ")
        assert "final table" in over.inner_text()
        shot(page, "07-amigo-over")
        amigo = db(Match.objects.get, game="amigo-hattrick")
        assert amigo.status == "finished" and amigo.seq == seq > 40
        # its report, a page to share with its picture as the link's preview
        link = page.get_by_role("link", name="Match report")
        assert link.get_attribute("href") == f"/matches/{amigo.id}/report/"
        report = page.request.get(link.get_attribute("href"))
        assert report.status == 200
        assert f'content="{app_server}/api/matches/{amigo.id}/report.png' in report.text()

        # Hat-Trick: the first turn of docs/api.md, by tapping card faces and players
        page.get_by_role("link", name="New match").tap()
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
        assert page.locator("#hint").inner_text().startswith("Step 1")
        shot(page, "08-hat-trick-step-1")
        # the faces, no opener: both sides' cards at once, a row each
        assert page.locator("p.group").all_inner_texts() == ["Card of ann", "Card of Away"]
        choice(page, "Short pass, 2 footballs, left edge").tap()
        shot(page, "09-hat-trick-card-of-red")
        tap_and_wait(page, choice(page, "Short pass, 2 footballs, left edge"))
        assert page.locator("#hint").inner_text().startswith("Step 2")
        shot(page, "10-hat-trick-step-2")
        tap_and_wait(page, page.get_by_role("button", name="Move nobody"))
        # red's no. 2 is tapped on the picture of the pitch: his one way, forward, is logged
        page.wait_for_selector('#picture[data-seq="2"] g.player.target[data-field="d6"]')
        choice(page, "No. 2 forward (d6→d5)").wait_for()  # the list is there too, no opener
        shot(page, "11-hat-trick-players-to-tap")
        tap_and_wait(page, page.locator('#picture g.player[data-field="d6"]'))
        assert page.locator("#hint").inner_text().startswith("Step 1")
        assert page.locator(".last").inner_text() == "Last move: No. 2 forward"
        # and what followed, in the API's sentences
        assert "moves a player" in page.locator(".effects").inner_text()
        page.wait_for_selector('#picture[data-seq="3"] g.last-move')
        assert page.locator('#picture g.player[data-field="d5"]').count() == 1
        assert smallest_picture_text(page) >= 11
        shot(page, "12-hat-trick-after-turn")

        page.get_by_role("button", name="Undo").tap()
        page.wait_for_selector('.match-head[data-seq="4"]')
        assert page.locator("#hint").inner_text().startswith("Step 2")
        page.get_by_role("button", name="Redo").tap()
        page.wait_for_selector('.match-head[data-seq="5"]')
        assert page.locator("#hint").inner_text().startswith("Step 1")
        # the move the redo brought back is said again
        page.locator(".last", has_text="Last move: No. 2 forward").wait_for()
        kinds = db(
            lambda: list(
                MatchEvent.objects.filter(match__game="hat-trick")
                .order_by("seq")
                .values_list("kind", flat=True)
            )
        )
        assert kinds == ["action", "action", "action", "undo", "redo"]
        assert seq_of(page) == 5

        # the finished match in the history, stepped through
        page.get_by_role("link", name="History").tap()
        page.locator("#history a").first.wait_for()
        shot(page, "13-history")
        page.get_by_role("link", name="Hattrick (Amigo)").tap()
        page.get_by_role("button", name="Start").tap()
        page.locator("#at", has_text="after move 0 of").wait_for()
        page.get_by_role("button", name="Next").tap()
        page.locator("#at", has_text="after move 1 of").wait_for()
        page.get_by_role("button", name="Next").tap()
        page.locator("#at", has_text="after move 2 of").wait_for()
        page.wait_for_selector("#picture svg")
        shot(page, "14-history-step-through")
        page.get_by_role("button", name="Export the match file").tap()

        # the manager's stats after the finished match
        page.get_by_role("link", name="Stats").tap()
        page.get_by_role("link", name="Hattrick (Amigo)").tap()
        page.locator(".record dd").first.wait_for()
        assert page.locator(".record dd").first.inner_text() == "1"
        page.wait_for_selector("#rating-chart svg")
        shot(page, "15-stats")
        context.close()
    assert not errors, errors
    assert not outside, f"the app fetched outside addresses: {outside}"


def test_trixkick_pieces_set_up_by_tapping_the_board(app_server, make_user, token_for):
    ann = make_user("ann")
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token, language="de")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("/app/#/new")
        page.get_by_text("TriXKick").tap()
        page.get_by_role("button", name="Spiel beginnen").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
        assert page.locator(".match-head h1").inner_text() == "ann – Gast"
        shot(page, "40-trixkick-set-up-de")
        assert smallest_picture_text(page) >= 11
        # a piece is chosen by its symbols, its field tapped on the board
        page.get_by_role("button", name="KKL aufstellen").tap()
        page.locator('#picture rect.field.target[data-field="B5"]').wait_for()
        shot(page, "41-trixkick-fields-to-tap")
        tap_and_wait(page, page.locator('#picture rect.field[data-field="B5"]'))
        assert page.locator(".last").inner_text() == "Letzter Zug: KKL aufstellen nach B5"
        page.wait_for_selector('#picture[data-seq="1"] g.last-move')
        assert page.locator('#picture g.piece[data-field="B5"]').count() == 1
        shot(page, "42-trixkick-piece-set-up")

        # without a network: ann's KKL on C2 from the buttons the referee gave, then the whole
        # vocabulary (nobody checks yet) for the guest's KKR on B6; both stored on return
        context.set_offline(True)
        page.get_by_text("Offline").wait_for()
        page.get_by_role("button", name="KKL aufstellen").tap()
        page.get_by_role("button", name="nach C2").tap()
        page.get_by_role("heading", name="1 Zug noch nicht auf dem Server gespeichert").wait_for()
        page.get_by_role("button", name="Einen Spieler aufstellen").tap()
        page.get_by_role("button", name="KKR (Gast) aufstellen").tap()
        page.get_by_role("button", name="nach B6").tap()
        page.get_by_role("heading", name="2 Züge noch nicht auf dem Server gespeichert").wait_for()
        page.get_by_text("Die Züge zeigen").tap()  # the queue's moves, folded under one line
        queued = page.locator("#queue-state li").all_inner_texts()
        assert queued == ["KKL aufstellen nach C2", "KKR aufstellen nach B6"]
        shot(page, "43-trixkick-offline-de")
        context.set_offline(False)
        page.wait_for_selector('.match-head[data-seq="3"]')
        page.get_by_text("Alle Züge sind gespeichert.").wait_for()
        context.close()
    assert not errors, errors
