"""Joining a match by a code, from a second phone: the host shows the code's QR code and link,
the friend opens the link and plays as a guest (or from their account), the host sees the side
taken; a code that opens nothing says so in a sentence; the guest keeps the match by
registering afterwards, and it counts for the new account once."""

from datetime import timedelta

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from rest_framework.test import APIClient

from teams.models import Edition
from tests.browser.phone import accessible, browser, db, phone, shot
from tests.ops.conftest import create_build

pytestmark = [pytest.mark.browser]


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _match(host) -> int:
    """A Hat-Trick match of the host's against a side nobody plays yet."""
    response = _client(host).post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [{"name": "Ann", "user": host.username}, {"name": "Away"}],
            "options": {"kickoff": 0},
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["match"]["id"]


def _guest_moves(match_id) -> int:
    """The moves logged with the guest's token (a guest is no account: no author)."""
    from matches.models import MatchEvent

    return MatchEvent.objects.filter(match_id=match_id, kind="action", author=None).count()


def _finish(host, match_id) -> None:
    """The rest of the match logged through the API by the host (the long stretch)."""
    from matches.engine import get_engine
    from tests.helpers import log_random_play

    engine = get_engine("hat-trick")
    log_random_play(_client(host), match_id, lambda state, legal: engine.outcome(state) is not None)


def _pass_ended_sentence() -> str:
    from matches.guests import services

    return str(services.guest_pass_ended().message)


def _played(username) -> int:
    """Hat-Trick matches played by the manager, as the stats API counts them (0: none, or no
    such manager yet)."""
    answer = APIClient().get(f"/api/stats/managers/{username}/")
    if answer.status_code == 404:
        return 0
    assert answer.status_code == 200, answer.content
    games = {row["game"]: row for row in answer.json()}
    return games["hat-trick"]["played"] if "hat-trick" in games else 0


def _tap_a_move(pages) -> bool:
    """The first phone with a choice of its own open at this step taps its first button (a
    phone that waits for the other shows none; one whose face-down card is in has it
    pressed). The step may move on between the look and the tap (the other phone's move
    arrives): then no button is there to tap, and the next phone is looked at. -> whether one
    was tapped."""
    for page in pages:
        moves = page.locator("section.moves button.move")
        if (
            moves.count()
            and not page.locator('section.moves button.move[aria-pressed="true"]').count()
        ):
            try:
                moves.first.tap(timeout=3_000)
            except PlaywrightTimeoutError:
                continue
            return True
    return False


@pytest.mark.slow
def test_a_friend_scans_the_code_plays_as_a_guest_and_keeps_the_match(
    app_server, make_user, token_for
):
    ann = make_user("ann")
    match_id = db(_match, ann)
    host_token = token_for(ann)
    with browser() as b:
        _, host = phone(b, app_server, token=host_token)
        _, friend = phone(b, app_server)  # never signed in
        host.goto(f"/app/#/match/{match_id}")
        host.wait_for_selector('.match-head[data-seq="0"]')
        host.get_by_role("button", name="Let a friend join").tap()
        qr = host.locator("#join-qr svg")
        qr.wait_for()
        box = qr.bounding_box()
        assert box["width"] >= 240 and box["height"] >= 240, box  # scanned across the table
        link = host.locator("#join-link")
        path = link.get_attribute("href")
        assert path.startswith("/app/join/") and link.inner_text() == f"{app_server}{path}"
        shot(host, "140-host-shows-the-join-code")

        friend.goto(path)
        friend.wait_for_selector("#join-offer")
        assert friend.locator("#join-sides").inner_text() == "Ann – Away"
        assert friend.locator("#join-side").inner_text() == "You play side 2: Away."
        shot(friend, "141-friend-opens-the-code")
        friend.get_by_role("button", name="Play as a guest").tap()
        friend.wait_for_selector('.match-head[data-seq="0"]')
        assert friend.url.endswith(f"/app/#/match/{match_id}")
        # the host's phone sees the side taken, and leaves it to the guest's phone
        guest_side = host.locator("#guest-side-1")
        guest_side.wait_for()
        assert guest_side.inner_text() == "A guest plays Away on their phone."
        assert host.locator("#join-qr").count() == 0
        assert host.get_by_role("button", name="Take Away back").count() == 1
        shot(host, "142-host-sees-the-guest")

        # the guest logs its side by tapping, the host its own, each on their phone
        for _ in range(60):
            if db(_guest_moves, match_id) >= 3:
                break
            # (a tap may open a level of the choice; the next one goes on from there)
            friend.wait_for_timeout(400 if _tap_a_move([friend, host]) else 300)
        assert db(_guest_moves, match_id) >= 3
        shot(friend, "143-guest-logs-its-side")

        # the rest through the API; the guest's pass ends with the match
        db(_finish, ann, match_id)
        ended = friend.locator("#missing")
        ended.wait_for()
        assert ended.inner_text() == db(_pass_ended_sentence)
        keep = friend.locator("#keep-match-go")
        assert db(_played, "eve") == 0
        shot(friend, "144-guest-offered-to-keep-the-match")
        keep.tap()
        friend.get_by_label("Username").fill("eve")
        friend.get_by_label("Password").fill("a-long-secret-pw")
        friend.get_by_role("button", name="Create an account").tap()
        claimed = friend.locator("#claimed")
        claimed.wait_for()
        assert claimed.inner_text() == "The Hat-Trick match you played as Away counts for you now."
        shot(friend, "145-guest-kept-the-match")
        assert friend.evaluate("() => localStorage.getItem('guestPasses')") is None
        friend.get_by_role("link", name="Open").tap()
        friend.wait_for_selector("#over")
    side = db(lambda: _client(ann).get(f"/api/matches/{match_id}/").json()["sides"][1])
    assert side["user"] == "eve"
    assert db(_played, "eve") == 1


def _code(host, match_id) -> dict:
    made = _client(host).post(f"/api/matches/{match_id}/join-codes/", {"side": 1}, format="json")
    assert made.status_code == 201, made.content
    return made.json()


def _codes_that_open_nothing(host) -> dict:
    """A used, an expired, a cancelled and a made-up code, each of a match of its own."""
    from django.utils import timezone

    from matches.models import JoinCode

    used = _code(host, _match(host))
    assert APIClient().post(f"/api/join/{used['code']}/guest/").status_code == 201
    expired = _code(host, _match(host))
    JoinCode.objects.filter(pk=expired["id"]).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    cancelled = _code(host, _match(host))
    gone = _client(host).delete(f"/api/matches/{cancelled['match']}/join-codes/{cancelled['id']}/")
    assert gone.status_code == 204
    return {
        "join_code_used": used["code"],
        "join_code_expired": expired["code"],
        "join_code_cancelled": cancelled["code"],
        "made-up": "bm90LWEtY29kZS1vZi1vdXJz",
    }


def _said(code: str, language: str) -> dict:
    return APIClient().get(f"/api/join/{code}/", HTTP_ACCEPT_LANGUAGE=language).json()


SENTENCES = {
    "join_code_used": "This code has been used already. Ask the host to show a new one.",
    "join_code_expired": "This code is not valid (any more). Ask the host to show a new one.",
    "join_code_cancelled": "The host has cancelled this code.",
    "made-up": "This code is not valid (any more). Ask the host to show a new one.",
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_code_that_opens_nothing_says_so_in_a_sentence(
    app_server, make_user, token_for, language
):
    codes = db(_codes_that_open_nothing, make_user("ann"))
    with browser() as b:
        # the German phone set to dark colours: each sentence readable in both colour sets
        scheme = "dark" if language == "de" else "light"
        _, page = phone(b, app_server, language=language, color_scheme=scheme)
        for kind, code in codes.items():
            page.goto(f"/app/join/{code}")
            problem = page.locator("#join-problem")
            problem.wait_for()
            expected = db(_said, code, language)
            assert expected["code"] == ("join_code_expired" if kind == "made-up" else kind)
            assert problem.get_attribute("data-code") == expected["code"]
            assert problem.inner_text() == expected["message"]
            if language == "en":
                assert expected["message"] == SENTENCES[kind]
            else:
                assert expected["message"] != SENTENCES[kind]  # said in German
            assert page.get_by_role("button", name="Play as a guest").count() == 0
            accessible(page, f"join code {kind}, {scheme}")
            shot(page, f"146-code-{kind}-{language}")


def _build_of(user) -> None:
    edition = Edition.objects.get(game="hat-trick", slug="reference").pk
    create_build(_client(user), edition, name="Harbour Blues")


def _take_code(code: str) -> str:
    answer = APIClient().post(f"/api/join/{code}/guest/")
    assert answer.status_code == 201, answer.content
    return answer.json()["token"]


def _guest_reads(token: str, match_id: int) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get(f"/api/matches/{match_id}/").status_code


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.slow
def test_a_signed_in_friend_brings_a_build_and_a_guest_side_is_taken_back(
    app_server, make_user, token_for, language
):
    ann, ben = make_user("ann"), make_user("ben")
    db(_build_of, ben)
    first, second = db(_match, ann), db(_match, ann)
    words = {
        "en": (
            "Let a friend join",
            "Play this side as ben",
            "Take Away back",
            "Cancel",
            "The code is cancelled.",
        ),
        "de": (
            "Mitspieler per Code einladen",
            "Diese Seite als ben spielen",
            "Away zurücknehmen",
            "Abbrechen",
            "Der Code ist zurückgezogen.",
        ),
    }[language]
    tokens = token_for(ann), token_for(ben)
    with browser() as b:
        _, host = phone(b, app_server, token=tokens[0], language=language)
        _, friend = phone(b, app_server, token=tokens[1], language=language)
        host.goto(f"/app/#/match/{first}")
        host.get_by_role("button", name=words[0]).tap()
        path = host.locator("#join-link").get_attribute("href")
        friend.goto(path)
        friend.locator("select[name=bring]").select_option(
            label="Harbour Blues (budget build)"
            if language == "en"
            else "Harbour Blues (Budgetkader)"
        )
        shot(friend, f"147-friend-brings-a-build-{language}")
        friend.get_by_role("button", name=words[1]).tap()
        friend.locator(".match-head h1", has_text="Ann – Harbour Blues").wait_for()
        host.locator(".match-head h1", has_text="Ann – Harbour Blues").wait_for()
        host.locator("#share-note").wait_for()
        assert host.locator("[data-take-back]").count() == 0
        shot(host, f"148-host-sees-the-friend-{language}")
        side = db(lambda: _client(ann).get(f"/api/matches/{first}/").json()["sides"][1])
        assert (side["user"], side["name"]) == ("ben", "Harbour Blues") and side["team"]

        # on the second match the host shows a code and cancels it: it opens nothing now
        host.goto(f"/app/#/match/{second}")
        host.get_by_role("button", name=words[0]).tap()
        cancelled = host.locator("#join-link").get_attribute("href").rsplit("/", 1)[1]
        host.get_by_role("button", name=words[3]).tap()
        host.locator("#share-note", has_text=words[4]).wait_for()
        assert host.locator("#join-qr").count() == 0
        assert db(_said, cancelled, language)["code"] == "join_code_cancelled"
        # a guest (from a phone not in this test) on a new code, taken back by the host
        host.get_by_role("button", name=words[0]).tap()
        code = host.locator("#join-link").get_attribute("href").rsplit("/", 1)[1]
        token = db(_take_code, code)
        take_back = host.get_by_role("button", name=words[2])
        take_back.wait_for()
        assert db(_guest_reads, token, second) == 200
        take_back.tap()
        host.locator("#share-note", has_text="Away").wait_for()
        host.get_by_role("button", name=words[0]).wait_for()  # the side is free again
        assert db(_guest_reads, token, second) == 401
