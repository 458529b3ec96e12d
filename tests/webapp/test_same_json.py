"""The phone confirms a move its referee foresaw by the server's answer (match/send.js,
``sameEvents``): the answer to a write with an ``Idempotency-Key`` has its keys sorted (a
replay is then the first answer byte for byte), the referee's effects come in the engines'
order, and ``same.js`` compares the two as JSON values, not as strings."""

from __future__ import annotations

import json
import random

import pytest
from rest_framework.test import APIClient

from matches.engine import get_engine
from matches.engine.hat_trick.sampling import random_action
from matches.engine.referee import Table
from teams.services import reference_editions_load
from tests.webapp.test_words import STATIC, run_module

pytestmark = pytest.mark.django_db
ENGINE = get_engine("hat-trick")

SCRIPT = """
const { sameJSON } = await import(%(same)s);
const pairs = JSON.parse(process.argv[1]);
console.log(JSON.stringify(pairs.map(([local, events]) => {
  const answered = events.flatMap((e) => e.effects).map((e) => ({ kind: e.kind, side: e.side, data: e.data, text: e.text }));
  return [sameJSON(local, answered), JSON.stringify(local) === JSON.stringify(answered)];
})));
"""


def test_the_referees_effects_are_the_servers_whatever_the_order_of_their_keys(make_user):
    reference_editions_load()
    client = APIClient()
    client.force_authenticate(make_user("ann"))
    opening = {"game": "hat-trick", "sides": [{"name": "Blue", "user": "ann"}, {"name": "Red"}]}
    match_id = client.post("/api/matches/", opening, format="json").json()["match"]["id"]
    rng = random.Random(5)
    pairs = []
    for seq in range(6):
        state = client.get(f"/api/matches/{match_id}/state/").json()["state"]
        table = Table("hat-trick", state)
        action = ENGINE.action_to_json(
            random_action(ENGINE.legal_actions(ENGINE.state_from_json(state)), rng)
        )
        local = table.apply(action, picture=False)
        assert local["ok"], local
        answer = client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"move-{seq}",
        )
        assert answer.status_code == 201, answer.content
        pairs.append([local["effects"], answer.json()["events"]])
    script = SCRIPT % {"same": json.dumps((STATIC / "same.js").as_uri())}
    results = run_module(script, json.dumps(pairs))
    assert all(alike for alike, _as_text in results), results
    assert not all(as_text for _alike, as_text in results)  # the keys' order did differ
