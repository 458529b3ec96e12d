from __future__ import annotations

import random

import pytest
from django.conf import settings
from django.test import TestCase, override_settings
from rest_framework.test import APIClient

from matches.engine import get_engine
from teams.services import reference_editions_load
from tests.games import toy
from tests.helpers import accept_invitations
from tests.matches.play import next_action


@pytest.fixture(autouse=True)
def pile():
    """The toy fourth game (tests/games/toy) installed beside the shipped ones: competitions
    are for every registered game."""
    with override_settings(COMPANION_GAMES=[*settings.COMPANION_GAMES, toy.__name__]):
        yield


@pytest.fixture
def people(db, make_user):
    reference_editions_load()
    return {name: make_user(name) for name in ("ann", "ben", "cleo", "dan", "eve", "finn")}


@pytest.fixture
def phone(people):
    """The API as one person's phone: ``phone("ann")``."""
    clients = {}

    def make(name: str) -> APIClient:
        if name not in clients:
            client = APIClient()
            client.default_format = "json"
            client.force_authenticate(people[name])
            clients[name] = client
        return clients[name]

    return make


def create(client, **fields) -> dict:
    body = {"name": "Thursday league", "game": "hat-trick", "format": "league", **fields}
    response = client.post("/api/competitions/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def join_all(phone, competition: dict) -> None:
    """Everyone asked says yes, from their own phone."""
    for member in competition["members"]:
        if member["status"] == "invited":
            response = phone(member["user"]).post(
                f"/api/competitions/members/{member['id']}/accept/", {}, format="json"
            )
            assert response.status_code == 200, response.content


def committed():
    """What runs after a request's commit (the match's hand-off to the jobs) runs as in a
    server: the test's transaction never commits."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def _random_action(game: str, state, rng: random.Random) -> dict:
    engine = get_engine(game)
    legal = engine.legal_actions(state)
    if game == "hat-trick":
        from matches.engine.hat_trick.sampling import random_action

        return engine.action_to_json(random_action(legal, rng))
    if game == "amigo-hattrick":
        return next_action(game, state, rng, len(engine.summary(state).get("totals") or [0] * 4))
    if game == "trixkick":
        return engine.action_to_json(rng.choice(engine.concrete_legal_actions(state)))
    entry = rng.choice(legal["actions"])  # the toy game: one value of each listed field
    return {k: rng.choice(v) if isinstance(v, list) else v for k, v in entry.items()}


def finish(client, match_id: int, *, seed: int = 0) -> dict:
    """The match played to its end by random legal moves (a test's fast path: the moves go
    through the API as one batch), after every invited manager accepted."""
    accept_invitations(match_id)
    match = client.get(f"/api/matches/{match_id}/").json()
    game, engine = match["game"], get_engine(match["game"])
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng = random.Random(seed)
    actions = []
    while engine.outcome(state) is None:
        action = _random_action(game, state, rng)
        actions.append(action)
        state = engine.apply(state, engine.parse_action(action)).state
    seq = match["seq"]
    for first in range(0, len(actions), 400):
        with committed():
            logged = client.post(
                f"/api/matches/{match_id}/events/batch/",
                {"expected_seq": seq, "actions": actions[first : first + 400]},
                format="json",
            )
        assert logged.status_code == 201, logged.content
        seq = logged.json()["match"]["seq"]
    match = client.get(f"/api/matches/{match_id}/").json()
    assert match["status"] == "finished"
    return match


def member_ids(competition: dict) -> dict[str, int]:
    return {m["user"]: m["id"] for m in competition["members"]}
