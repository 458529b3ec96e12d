"""A stream whose client reads nothing holds up no other stream of the match, and gets every
event once and in order when it reads again; under uvicorn's httptools protocol the messages go
straight to each connection's transport until it is full, then through ``send``."""

from __future__ import annotations

import re
import socket
import time

import httpx
import pytest

from matches.engine import get_engine
from matches.live import delivery
from matches.models import Match
from tests.live_server import asgi_server
from tests.matches.play import random_actions
from tests.matches.test_live_credentials import Follower
from tests.matches.test_live_stream import create_match, token_headers

pytestmark = pytest.mark.django_db(transaction=True)
LOGGED = 300  # before the slow stream opens: about 180 KB, far more than its connection takes
MORE = 5


@pytest.mark.slow
def test_a_client_that_reads_nothing_holds_up_no_other_stream(make_user, settings, monkeypatch):
    settings.LIVE_KEEPALIVE_SECONDS = 60
    direct = {True: 0, False: 0}  # written straight to the transport / left to ``send``
    write = delivery.Direct.write

    def counted(self, framed):
        done = write(self, framed)
        direct[done] += 1
        return done

    monkeypatch.setattr(delivery.Direct, "write", counted)
    ann = token_headers(make_user("ann"))
    # small kernel buffers on both ends: the server has to keep what the slow client leaves
    with asgi_server(send_buffer=4096) as base:
        created = create_match(
            base,
            ann,
            {
                "game": "amigo-hattrick",
                "sides": [{"name": "Ann", "user": "ann"}] + [{"name": f"G{i}"} for i in (1, 2, 3)],
                "options": {"games": 9},
            },
        )
        match_id = created["match"]["id"]
        start = get_engine("amigo-hattrick").state_from_json(Match.objects.get(pk=match_id).state)
        actions = [a for a, _ in random_actions("amigo-hattrick", start, seed=11, players=4)]
        assert len(actions) >= LOGGED + MORE
        phone = httpx.Client(base_url=base, headers=ann, timeout=20)

        def log(seq: int) -> None:
            response = phone.post(
                f"/api/matches/{match_id}/events/",
                json={"expected_seq": seq, "action": actions[seq]},
            )
            assert response.status_code == 201, response.text

        for seq in range(LOGGED):
            log(seq)
        host, port = base.removeprefix("http://").split(":")
        slow = socket.socket()
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: fills fast
        slow.connect((host, int(port)))
        slow.sendall(
            f"GET /api/matches/{match_id}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        )
        time.sleep(1.0)  # the whole log is on its way to the slow stream, which reads nothing
        follower = Follower(base, match_id, ann)
        try:
            for seq in range(LOGGED, LOGGED + MORE):
                log(seq)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                seqs = [data["seq"] for event, data, _at in follower.messages if event == "event"]
                if seqs and seqs[-1] == LOGGED + MORE:
                    break
                time.sleep(0.05)
            assert seqs == list(range(1, LOGGED + MORE + 1))  # in time, all, in order

            slow.settimeout(10)  # the slow client reads at last: it has missed nothing
            received = b""
            while f"\nid: {LOGGED + MORE}\n".encode() not in received:
                received += slow.recv(65536)
            ids = [int(found) for found in re.findall(rb"\nid: (\d+)\n", received)]
            assert ids == list(range(1, LOGGED + MORE + 1))
        finally:
            slow.close()
            phone.close()
            httpx.post(f"{base}/api/auth/logout/", headers=ann)  # the follower's stream ends
        follower.ended(within=5)
    assert direct[True] >= MORE  # the follower's messages, straight to its transport
    assert direct[False] >= 1  # the slow stream's transport was full: through ``send``
