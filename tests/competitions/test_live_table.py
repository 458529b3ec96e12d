"""``GET /api/competitions/{id}/stream/`` against a live ASGI server (uvicorn), as the members'
phones showing the table use it: the table sent again when a fixture's match ends, is undone
or done again, within a second of the move, through the match streams' machinery.

On the embedded default (SQLite, eager Celery) the streams are woken in-process; in CI's
PostgreSQL + Redis pass the same tests go through Redis pub/sub (``LIVE_REDIS_URL`` follows the
broker). ``test_live_table_worker.py`` has the rebuild made by a real Celery worker.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import httpx
import pytest
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from competitions import live
from matches.engine import get_engine
from matches.live import wakeups
from tests.api.test_protocol_drift import strict
from tests.competitions.conftest import _random_action, create, join_all
from tests.helpers import accept_invitations, assert_error_shape, token_for
from tests.live_server import asgi_server
from tests.matches.test_live_stream import _Response

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "trixkick"
#: a short TriXKick match: the first goal wins it
OPTIONS = {"match_length": {"kind": "goals", "goals": 1}}
#: the longest a member's phone may wait for the table after the final move (the issue's)
WITHIN = 1.0


def token_headers(user, language: str = "en") -> dict:
    return {"Authorization": f"Token {token_for(user)}", "Accept-Language": language}


def stream_url(base: str, competition_id: int) -> str:
    return f"{base}/api/competitions/{competition_id}/stream/"


class Follower:
    """A stream read in a thread: its messages (``id``, ``event``, ``data`` parsed) and the
    monotonic time each came."""

    def __init__(self, url: str, headers: dict) -> None:
        self.messages: list[dict] = []
        self.status: int | None = None
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(url, headers), daemon=True)
        self.thread.start()
        assert self.opened.wait(20)

    def _run(self, url: str, headers: dict) -> None:
        with httpx.Client(timeout=30) as client, client.stream("GET", url, headers=headers) as r:
            self.status = r.status_code
            self.opened.set()
            message: dict = {}
            for line in r.iter_lines():
                if line == "":
                    if "data" in message:
                        message["data"] = json.loads(message["data"])
                        message["at"] = time.monotonic()
                        self.messages.append(message)
                    message = {}
                elif not line.startswith((":", "retry:")):
                    name, _, value = line.partition(": ")
                    message[name] = value

    def wait(self, count: int, within: float = 10) -> dict:
        """The ``count``-th message, once it has come (within ``within`` seconds)."""
        deadline = time.monotonic() + within
        while len(self.messages) < count:
            assert time.monotonic() < deadline, f"{len(self.messages)} messages, not {count}"
            time.sleep(0.005)
        return self.messages[count - 1]

    def ended(self, within: float = 5) -> dict:
        self.thread.join(within)
        assert not self.thread.is_alive(), "the stream is still open"
        assert self.messages[-1]["event"] == "end"
        return self.messages[-1]["data"]


def _phone(user) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def played(table: dict) -> dict[str, int]:
    return {row["user"]: row["played"] for row in table["tables"][0]["rows"]}


def league_one_move_from_the_end(phone, *, visibility: str = "private", seed: int = 13) -> dict:
    """Ann's league with Ben (TriXKick, one fixture), its match opened by Ben with "Play now"
    and played, through the API, to one move before its end: the competition's id, the
    match's id, its seq and the final move."""
    ann, ben = phone("ann"), phone("ben")
    competition = create(
        ann, name="Friday league", game=GAME, invite=["ben"], visibility=visibility
    )
    join_all(phone, competition)
    cid = competition["id"]
    assert ann.post(f"/api/competitions/{cid}/draw/").status_code == 200
    fixture = ann.get(f"/api/competitions/{cid}/fixtures/").json()["rounds"][0]["fixtures"][0]
    opened = ben.post(f"/api/competitions/fixtures/{fixture['id']}/play/")
    assert opened.status_code == 201, opened.content
    match_id = opened.json()["match"]["id"]
    accept_invitations(match_id)  # Ann takes her side from her phone
    engine = get_engine(GAME)
    state = engine.state_from_json(ben.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng, actions = random.Random(seed), []
    while engine.outcome(state) is None:
        action = _random_action(GAME, state, rng)
        actions.append(action)
        state = engine.apply(state, engine.parse_action(action)).state
    seq = 0
    for first in range(0, len(actions) - 1, 400):
        logged = ben.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions[first : min(first + 400, len(actions) - 1)]},
        )
        assert logged.status_code == 201, logged.content
        seq = logged.json()["match"]["seq"]
    return {"id": cid, "match": match_id, "seq": seq, "last": actions[-1]}


@pytest.fixture
def quiet(settings):
    # no keep-alive re-read within a test: every change must come through the channel
    settings.LIVE_KEEPALIVE_SECONDS = 60


def test_the_table_comes_live_when_the_match_ends_and_goes_when_it_is_undone(phone, people, quiet):
    league = league_one_move_from_the_end(phone)
    cid, match_id = league["id"], league["match"]
    ann_headers, ben_headers = token_headers(people["ann"]), token_headers(people["ben"])
    with asgi_server() as base:
        ann = Follower(stream_url(base, cid), ann_headers)
        assert ann.status == 200
        first = ann.wait(1)  # the table as it is, at once
        assert first["event"] == "table" and first["data"]["event"] == "table"
        assert played(first["data"]["table"]) == {"ann": 0, "ben": 0}
        read = httpx.get(f"{base}/api/competitions/{cid}/table/", headers=ann_headers)
        # the table's ETag (GET table/ sends it weak when it compresses the answer)
        assert first["id"] == first["data"]["etag"] == read.headers["ETag"].removeprefix("W/")
        assert first["data"]["table"] == read.json()  # as GET table/ answers it
        assert first["data"]["bracket"] is None and first["data"]["bracket_etag"] is None

        with httpx.Client(base_url=base, headers=ben_headers, timeout=20) as ben:
            # Ben logs the final move from his phone: Ann's table shows the result
            sent = time.monotonic()
            final = ben.post(
                f"/api/matches/{match_id}/events/",
                json={"expected_seq": league["seq"], "action": league["last"]},
            )
            answered = time.monotonic()
            assert final.status_code == 201, final.text
            assert final.json()["match"]["status"] == "finished"
            ended = ann.wait(2, within=WITHIN)
            assert ended["at"] - sent < WITHIN, ended["at"] - sent
            print(
                f"\nthe table on Ann's phone {1000 * (ended['at'] - sent):.0f} ms after Ben "
                f"sent the final move ({1000 * (ended['at'] - answered):.0f} ms after its answer)"
            )
            assert played(ended["data"]["table"]) == {"ann": 1, "ben": 1}
            assert ended["data"]["status"] == "finished"  # one fixture: the season is over
            assert ended["data"]["table"]["champion"] is not None
            after = httpx.get(f"{base}/api/competitions/{cid}/table/", headers=ann_headers)
            assert (
                ended["id"] == after.headers["ETag"].removeprefix("W/")
                and ended["data"]["table"] == after.json()
            )

            # a phone that held the table of before comes back: the new one at once
            late = Follower(stream_url(base, cid), {**ann_headers, "Last-Event-ID": first["id"]})
            assert late.wait(1)["id"] == ended["id"]

            # a mis-tap: Ben undoes the final move; the result leaves the table, live
            sent = time.monotonic()
            undone = ben.post(
                f"/api/matches/{match_id}/undo/", json={"expected_seq": league["seq"] + 1}
            )
            assert undone.status_code == 201, undone.text
            answered = time.monotonic()
            reopened = ann.wait(3, within=WITHIN)
            # (an undo replays the match's log: its own time is the log's, not the stream's)
            assert reopened["at"] - answered < WITHIN, reopened["at"] - answered
            print(
                f"out of the table {1000 * (reopened['at'] - sent):.0f} ms after Ben sent the "
                f"undo ({1000 * (reopened['at'] - answered):.0f} ms after its answer)"
            )
            assert played(reopened["data"]["table"]) == {"ann": 0, "ben": 0}
            assert reopened["data"]["status"] == "running"
            assert reopened["data"]["table"]["champion"] is None
            # the table is a pure function of the matches: the one before the final move
            assert reopened["id"] == first["id"]

            # the phone comes back after a drop with the last id: nothing new, nothing sent
            again = Follower(
                stream_url(base, cid), {**ann_headers, "Last-Event-ID": reopened["id"]}
            )
            time.sleep(0.5)
            assert again.messages == []
            redone = ben.post(
                f"/api/matches/{match_id}/redo/", json={"expected_seq": league["seq"] + 2}
            )
            assert redone.status_code == 201, redone.text
            for follower, count in ((ann, 4), (again, 1)):
                message = follower.wait(count, within=WITHIN)
                assert message["id"] == ended["id"]  # the result is back
                assert played(message["data"]["table"]) == {"ann": 1, "ben": 1}
        # Ann logs out on her phone: its streams end and say why
        assert httpx.post(f"{base}/api/auth/logout/", headers=ann_headers).status_code == 204
        for follower in (ann, again, late):
            end = follower.ended()
            assert end["reason"] == "revoked" and "table" in end["message"]
    assert len(ann.messages) == 5  # three tables after the first, then the end: none twice


def test_a_stranger_cannot_open_a_private_competitions_stream(phone, people):
    competition = create(phone("ann"), game=GAME, invite=["ben"], visibility="private")
    join_all(phone, competition)
    eve = people["eve"]
    open_before = wakeups.hub.count()
    with asgi_server() as base:
        url = stream_url(base, competition["id"])
        for headers in (token_headers(eve), {}):  # a stranger, and nobody logged in
            answer = httpx.get(url, headers=headers, timeout=10)
            assert_error_shape(_Response(answer), 404, "not_found")
            assert answer.headers["content-type"].startswith("application/json")
        missing = httpx.get(stream_url(base, 999999), headers=token_headers(eve), timeout=10)
        assert_error_shape(_Response(missing), 404, "not_found")
        for bad in ({"params": {"after": "yesterday"}}, {"headers": {"Last-Event-ID": "12"}}):
            headers = {**token_headers(people["ben"]), **bad.get("headers", {})}
            answer = httpx.get(url, params=bad.get("params"), headers=headers, timeout=10)
            body = assert_error_shape(_Response(answer), 400, "invalid")
            assert "after" in body["fields"]
        assert wakeups.hub.count() == open_before  # none of these was counted as a stream


def test_a_member_who_declines_loses_the_stream_and_the_streams_count_in_the_limits(
    phone, people, settings, quiet
):
    """A private competition's invited member may follow its table until they decline; a
    table's streams and a match's count together in the viewer's limit."""
    settings.LIVE_STREAMS_PER_USER = 2
    ann = phone("ann")
    competition = create(ann, name="Cup night", game=GAME, invite=["ben"], visibility="private")
    member = next(m for m in competition["members"] if m["user"] == "ben")
    match = ann.post(
        "/api/matches/", {"game": GAME, "sides": [{"name": "A"}, {"name": "B"}]}
    ).json()["match"]
    ben_headers = token_headers(people["ben"], "de")
    with asgi_server() as base:
        table = Follower(stream_url(base, competition["id"]), ben_headers)
        assert table.status == 200 and table.wait(1)["event"] == "table"
        on_match = Follower(f"{base}/api/matches/{match['id']}/stream/", ben_headers)
        assert on_match.status == 200
        refused = httpx.get(stream_url(base, competition["id"]), headers=ben_headers, timeout=10)
        assert_error_shape(_Response(refused), 429, "throttled")
        assert refused.headers["Retry-After"]
        declined = phone("ben").post(f"/api/competitions/members/{member['id']}/decline/")
        assert declined.status_code == 200, declined.content
        end = table.ended()
        assert end["reason"] == "access_lost"
        assert end["message"] == "Du kannst diesen Wettbewerb nicht mehr verfolgen."
        # his stream of the match goes on; the table's no longer counts: one more may open
        assert on_match.thread.is_alive()
        again = httpx.get(stream_url(base, competition["id"]), headers=ben_headers, timeout=10)
        assert_error_shape(_Response(again), 404, "not_found")
        httpx.post(f"{base}/api/auth/logout/", headers=ben_headers)
        on_match.ended()


def test_every_message_validates_against_the_schema_and_resumes_under_wsgi(phone, people):
    """The stream under WSGI (the test client): the table now, then the end; nothing when the
    reader holds it already. Every message is typed by the schema's ``TableStreamMessage``
    and its ``data`` by the answer's ``TableStreamData``."""
    from tests.api.test_stream_schema import messages

    ann = phone("ann")
    competition = create(ann, name="Cup night", game=GAME, format="cup", invite=["ben"])
    join_all(phone, competition)
    cid = competition["id"]
    assert ann.post(f"/api/competitions/{cid}/draw/").status_code == 200
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    stream = schema["paths"]["/api/competitions/{id}/stream/"]["get"]["responses"]["200"]
    assert stream["content"]["text/event-stream"]["schema"]["$ref"].endswith("/TableStreamData")
    root = {"components": {"schemas": strict(schema["components"]["schemas"])}}
    whole = Draft202012Validator({**root, "$ref": "#/components/schemas/TableStreamMessage"})
    data = Draft202012Validator({**root, "$ref": "#/components/schemas/TableStreamData"})

    reader = APIClient()  # anyone reads a public competition's table
    answer = reader.get(f"/api/competitions/{cid}/stream/", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/event-stream")
    control, parsed = messages(b"".join(answer.streaming_content).decode())
    assert control[0].startswith("retry: ") and len(parsed) == 1
    message = parsed[0]
    for validator, value in ((whole, message), (data, message["data"])):
        errors = sorted(validator.iter_errors(value), key=str)
        assert not errors, errors[0].message
    table = reader.get(f"/api/competitions/{cid}/table/", HTTP_ACCEPT_LANGUAGE="de")
    bracket = reader.get(f"/api/competitions/{cid}/bracket/")
    assert message["id"] == message["data"]["etag"] == table["ETag"]
    assert message["data"]["table"] == table.json()
    assert message["data"]["bracket"] == bracket.json()  # a cup's message carries its bracket
    assert message["data"]["bracket_etag"] == bracket["ETag"]
    # the reader holds this table (its ETag, quoted or not): nothing until it changes
    for held in (table["ETag"], table["ETag"].strip('"')):
        again = reader.get(
            f"/api/competitions/{cid}/stream/", {"after": held}, HTTP_ACCEPT_LANGUAGE="de"
        )
        assert messages(b"".join(again.streaming_content).decode())[1] == []
    # in English the table's words differ, and so does its ETag: the English one is sent
    english = reader.get(f"/api/competitions/{cid}/stream/", HTTP_LAST_EVENT_ID=table["ETag"])
    assert len(messages(b"".join(english.streaming_content).decode())[1]) == 1
    end = {"event": "end", "reason": "access_lost", "message": "."}
    assert not list(data.iter_errors(end))
    assert not list(whole.iter_errors({"event": "end", "data": end}))
    assert list(data.iter_errors({**message["data"], "event": "event"}))


PHONES = 200


class ManyPhones:
    """``count`` phones following one table from one thread (one event loop): when each got
    the table after the first."""

    def __init__(self, url: str, count: int) -> None:
        self.changed: list[float] = []
        self.ready = threading.Event()
        self.thread = threading.Thread(target=asyncio.run, args=(self._main(url, count),))
        self.thread.start()
        assert self.ready.wait(120)

    async def _one(self, client, url: str, opened: asyncio.Semaphore) -> None:
        async with client.stream("GET", url) as response:
            tables = 0
            async for line in response.aiter_lines():
                if line.startswith("data: "):
                    tables += 1
                    if tables == 1:
                        opened.release()
                    else:
                        self.changed.append(time.monotonic())
                        return

    async def _main(self, url: str, count: int) -> None:
        limits = httpx.Limits(max_connections=None)
        async with httpx.AsyncClient(timeout=60, limits=limits) as client:
            opened = asyncio.Semaphore(0)
            tasks = [asyncio.create_task(self._one(client, url, opened)) for _ in range(count)]
            for _ in tasks:
                await opened.acquire()
            self.ready.set()
            await asyncio.gather(*tasks)


def test_two_hundred_phones_on_one_table_get_it_from_one_read(phone, settings, quiet):
    """A public league followed by 200 phones: the organiser's walkover reaches every one
    within a second, from one read of the competition (not one per phone)."""
    settings.LIVE_STREAMS_PER_USER = PHONES  # all from one anonymous address
    ann = phone("ann")
    competition = create(ann, game=GAME, invite=["ben"], seed=7)
    join_all(phone, competition)
    cid = competition["id"]
    assert ann.post(f"/api/competitions/{cid}/draw/").status_code == 200
    fixture = ann.get(f"/api/competitions/{cid}/fixtures/").json()["rounds"][0]["fixtures"][0]
    ben = next(m["id"] for m in competition["members"] if m["user"] == "ben")
    with asgi_server() as base:
        phones = ManyPhones(stream_url(base, cid), PHONES)
        before = live.reads
        sent = time.monotonic()
        awarded = ann.post(f"/api/competitions/fixtures/{fixture['id']}/walkover/", {"winner": ben})
        assert awarded.status_code == 200, awarded.content
        phones.thread.join(30)
        assert len(phones.changed) == PHONES
        last = max(phones.changed) - sent
        read = live.reads - before
        print(f"\n{PHONES} phones had the new table within {1000 * last:.0f} ms ({read} read)")
        assert last < WITHIN, last
        assert read <= 2  # a wake-up or two, each one read for all
