"""Same engine, same answers: random matches of all three games played through the API and,
move by move, through the phone's referee (Pyodide in a Web Worker, in Chromium); the legal
actions, the events, the hint and the picture are compared at every step.

``REFEREE_PARITY_MATCHES`` (default 1) sets how many matches of each kind are played on the
referee's first start, to the end (``REFEREE_PARITY_MAX_MOVES`` at most); one more is played
after the app is opened again, for ``REFEREE_PARITY_RESTARTED_MOVES`` moves (default 20): the
referee then starts from the memory snapshot it kept, and those moves show that it answers as
before, not a second whole match. The snapshot is the memory right after the engines were
imported, the point a first start passes too; what a restart can change lies outside that
memory (the engines' files and the language catalog read again, the worker's side), and shows
in the first answers: the match loaded, its legal moves, moves applied with their effects in
words, the picture, a refusal. The whole match before covers every phase of the game."""

from __future__ import annotations

import json
import os
import random

import pytest
from rest_framework.test import APIClient

from tests.browser.phone import browser, db, phone
from tests.matches.play import amigo_deal
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.browser,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

MATCHES = int(os.environ.get("REFEREE_PARITY_MATCHES", "1"))
MAX_MOVES = int(os.environ.get("REFEREE_PARITY_MAX_MOVES", "400"))
RESTARTED_MOVES = int(os.environ.get("REFEREE_PARITY_RESTARTED_MOVES", "20"))

START = """async () => {
  const referee = await import("/static/webapp/referee.js");
  window.referee = referee;
  return await referee.startReferee();
}"""


def start_referee(page) -> None:
    assert page.evaluate(START), "the phone's referee did not start"


def phone_load(page, table, game, state, language):
    return page.evaluate(
        "([t, g, s, l]) => window.referee.refLoad(t, g, s, l, {picture: true})",
        [table, game, state, language],
    )


def phone_apply(page, table, action, language):
    return page.evaluate(
        "([t, a, l]) => window.referee.refApply(t, a, l)", [table, action, language]
    )


def _sides_and_options(client, game: str, rng: random.Random, variant: int):
    if game == "hat-trick":
        from tests.matches.test_hat_trick_expansion_through_api import team_from_build

        team = db(team_from_build, client)
        sides = [{"name": "Home", "user": "ann", "team": team}, {"name": "Guest"}]
        return sides, {"kickoff": rng.randrange(2)}
    if game == "trixkick":
        sides = [{"name": "Ann", "user": "ann"}, {"name": "Bo"}]
        return sides, {"kickoff_side": rng.randrange(2)}
    sides = [{"name": "Ann", "user": "ann"}, {"name": "P2"}, {"name": "P3"}, {"name": "P4"}]
    return sides, {"games": 1, "hands": "known" if variant % 2 == 0 else "unknown"}


def _choose(game: str, legal: dict, rng: random.Random, players: int):
    if game == "amigo-hattrick" and legal.get("step") == "deal":
        return amigo_deal(rng, players)
    return rng.choice(legal["ready"])


def _svg(client, match_id: int, language: str) -> str:
    response = client.get(
        f"/api/matches/{match_id}/svg/", HTTP_ACCEPT="image/svg+xml", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return response.content.decode()


def _append(client, match_id: int, seq: int, action, language: str):
    return db(
        client.post,
        f"/api/matches/{match_id}/events/?include=state",
        {"expected_seq": seq, "action": action},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def _effects(events: list[dict]) -> list:
    return [
        {key: effect.get(key) for key in ("kind", "side", "data", "text")}
        for event in events
        for effect in event["effects"]
    ]


def _play(
    page, client, game: str, seed: int, language: str, max_moves: int = MAX_MOVES
) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    sides, options = _sides_and_options(client, game, rng, seed)
    created = db(
        client.post,
        "/api/matches/?include=state",
        {"game": game, "sides": sides, "options": options},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert created.status_code == 201, created.content
    match = created.json()["match"]
    match_id, seq = match["id"], match["seq"]
    current = db(
        client.get, f"/api/matches/{match_id}/state/", HTTP_ACCEPT_LANGUAGE=language
    ).json()
    loaded = phone_load(page, match_id, game, current["state"], language)
    assert loaded and loaded["ok"], loaded
    differences: list[str] = []
    if loaded["view"]["legal"] != current["legal"]:
        differences.append(f"{game} {seed} start: legal")
    moves = 0
    while current["outcome"] is None and moves < max_moves:
        action = _choose(game, current["legal"], rng, len(sides))
        mine = phone_apply(page, match_id, action, language)
        answer = _append(client, match_id, seq, action, language)
        assert answer.status_code == 201, (game, seed, action, answer.content)
        data = answer.json()
        seq, current = data["match"]["seq"], data["current"]
        moves += 1
        where = f"{game} seed {seed} move {moves} {json.dumps(action)}"
        if not (mine and mine["ok"]):
            differences.append(f"{where}: the phone refused: {mine}")
            break
        if mine["effects"] != _effects(data["events"]):
            differences.append(f"{where}: events {mine['effects']} != {_effects(data['events'])}")
        if mine["view"]["legal"] != current["legal"]:
            differences.append(f"{where}: legal {mine['view']['legal']} != {current['legal']}")
        if mine["view"]["outcome"] != current["outcome"]:
            differences.append(f"{where}: outcome")
        if mine["view"]["svg"] != db(_svg, client, match_id, language):
            differences.append(f"{where}: picture")
        if differences:
            break
    # an illegal move is refused by both, in the same words
    if current["outcome"] is None:
        bogus = {"type": "nonsense"}
        mine = phone_apply(page, match_id, bogus, language)
        refused = _append(client, match_id, seq, bogus, language).json()
        if (mine["error"]["code"], mine["error"]["message"]) != (
            refused["code"],
            refused["message"],
        ):
            differences.append(f"{game} refusal {mine['error']} != {refused}")
    return moves, differences


@pytest.mark.parametrize(
    ("game", "language"),
    [("hat-trick", "de"), ("trixkick", "en"), ("amigo-hattrick", "de")],
)
@pytest.mark.slow
def test_the_phones_engine_answers_as_the_server_does(
    app_server, make_user, token_for, game, language
):
    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    token = token_for(ann)
    with browser() as b:
        _context, page = phone(b, app_server, token=token, language=language, referee="cold")
        page.goto("/app/")
        start_referee(page)
        assert not page.evaluate("() => window.refereeBoot.phases.restored")
        total, differences = 0, []
        for index in range(MATCHES):
            moves, found = _play(page, client, game, seed=1000 + index, language=language)
            total += moves
            differences += found
        # the phone opens the app again: its referee starts from the memory it kept
        page.reload()
        start_referee(page)
        assert page.evaluate("() => window.refereeBoot.phases.restored")
        moves, found = _play(
            page, client, game, seed=2000, language=language, max_moves=RESTARTED_MOVES
        )
        total += moves
        differences += found
        assert differences == [], "\n".join(differences[:5])
        print(f"{game}: {total} moves compared")
        assert total >= 10, total
