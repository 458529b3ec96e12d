"""What a phone downloads: slim write answers, 304 for what it has, only what is new, gzip."""

import gzip
import json
import random

from matches.models import MatchEvent
from tests.helpers import assert_error_shape
from tests.matches.play import amigo_deal

NEXT = {"game", "seq", "summary", "legal", "outcome", "to_move"}


def url(match, suffix=""):
    return f"/api/matches/{match['match']['id']}/{suffix}"


def test_a_write_answers_with_what_comes_next_and_the_state_only_when_asked(
    amigo_match, players, client_for
):
    client = client_for(players[0])
    assert set(amigo_match["current"]) == NEXT
    deal = amigo_deal(random.Random(4), 4)
    slim = client.post(
        url(amigo_match, "events/"), {"expected_seq": 0, "action": deal}, format="json"
    )
    assert slim.status_code == 201, slim.content
    body = slim.json()
    assert set(body) == {"match", "events", "current"}
    assert set(body["match"]) == {"id", "game", "seq", "status", "result", "finished_at"}
    assert set(body["current"]) == NEXT
    assert body["current"]["legal"]["hint"] and body["current"]["legal"]["actions"]
    assert [e["seq"] for e in body["events"]] == [1]

    undo = client.post(url(amigo_match, "undo/?include=state"), {"expected_seq": 1}, format="json")
    full = undo.json()["current"]
    assert undo.json()["match"] == client.get(url(amigo_match)).json()
    assert set(full) == NEXT | {"state", "reference"}
    assert full == client.get(url(amigo_match, "state/")).json()


def test_a_malformed_include_is_400_and_logs_nothing(amigo_match, players, client_for):
    client = client_for(players[0])
    deal = amigo_deal(random.Random(4), 4)
    response = client.post(
        url(amigo_match, "events/?include=everything"),
        {"expected_seq": 0, "action": deal},
        format="json",
    )
    body = assert_error_shape(response, 400, "invalid")
    assert "include" in body["fields"]
    assert MatchEvent.objects.count() == 0


def test_state_and_events_answer_304_until_something_is_logged(amigo_match, players, client_for):
    client = client_for(players[0])
    for suffix in ("state/", "events/", "events/?after=0"):
        first = client.get(url(amigo_match, suffix))
        etag = first.headers["ETag"]
        again = client.get(url(amigo_match, suffix), HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and again.content == b""
        assert again.headers["ETag"] == etag
    etags = {s: client.get(url(amigo_match, s)).headers["ETag"] for s in ("state/", "events/")}
    deal = amigo_deal(random.Random(4), 4)
    client.post(url(amigo_match, "events/"), {"expected_seq": 0, "action": deal}, format="json")
    for suffix, etag in etags.items():
        changed = client.get(url(amigo_match, suffix), HTTP_IF_NONE_MATCH=etag)
        assert changed.status_code == 200 and changed.headers["ETag"] != etag
    # what one reader may see is not another's: another query is another tag
    assert (
        client.get(url(amigo_match, "state/?seq=0")).headers["ETag"]
        != client.get(url(amigo_match, "state/")).headers["ETag"]
    )


def test_events_after_n_are_only_the_new_ones(amigo_match, players, client_for):
    client = client_for(players[0])
    rng = random.Random(4)
    deal = amigo_deal(rng, 4)
    client.post(url(amigo_match, "events/"), {"expected_seq": 0, "action": deal}, format="json")
    client.post(url(amigo_match, "undo/"), {"expected_seq": 1}, format="json")
    everything = client.get(url(amigo_match, "events/")).json()["results"]
    assert [e["seq"] for e in everything] == [1, 2]
    new = client.get(url(amigo_match, "events/?after=1")).json()["results"]
    assert new == everything[1:]  # the same items, as the stream sends them
    assert client.get(url(amigo_match, "events/?after=2")).json()["results"] == []
    body = assert_error_shape(client.get(url(amigo_match, "events/?after=-1")), 400)
    assert "after" in body["fields"]


def test_answers_are_gzipped_for_clients_that_accept_it(amigo_match, players, client_for):
    client = client_for(players[0])
    plain = client.get(url(amigo_match, "state/"))
    packed = client.get(url(amigo_match, "state/"), HTTP_ACCEPT_ENCODING="gzip")
    assert packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.content)) == plain.json()
    assert len(packed.content) < len(plain.content)
    # the ETag still answers 304 once compressed (a weak tag)
    again = client.get(
        url(amigo_match, "state/"),
        HTTP_ACCEPT_ENCODING="gzip",
        HTTP_IF_NONE_MATCH=packed.headers["ETag"],
    )
    assert again.status_code == 304


def test_a_replay_answers_the_query_it_repeats(amigo_match, players, client_for):
    """A retry replays the stored answer only for the same query: a slim first answer is not
    passed off as the answer to ``?include=state`` (the same key with it is 422)."""
    client = client_for(players[0])
    deal = {"expected_seq": 0, "action": amigo_deal(random.Random(4), 4)}
    first = client.post(url(amigo_match, "events/"), deal, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 201 and "state" not in first.json()["current"]

    asks_for_state = client.post(
        url(amigo_match, "events/?include=state"), deal, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert_error_shape(asks_for_state, 422, "idempotency_key_reused")
    again = client.post(url(amigo_match, "events/"), deal, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()

    play = {"expected_seq": 1, "action": first.json()["current"]["legal"]["ready"][0]}
    full = client.post(
        url(amigo_match, "events/?include=state"), play, format="json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert full.status_code == 201 and "state" in full.json()["current"]
    retry = client.post(
        url(amigo_match, "events/?include=state"), play, format="json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json() == full.json() and "state" in retry.json()["current"]
    assert MatchEvent.objects.filter(match_id=amigo_match["match"]["id"]).count() == 2
