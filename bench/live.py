"""Live streams under load: many open streams, phones appending, on one machine.

A uvicorn process serves the project (one worker; the in-process channel, or Redis pub/sub
with ``--redis``) on a temporary SQLite database (or ``DATABASE_URL``). This process opens
``--streams`` Server-Sent-Event streams spread over ``--matches`` public matches, then one phone
per match logs ``--moves`` moves, waiting ``--think`` seconds between them, all phones at once.

Measured in the same run:
- the append's own latency (request sent to answer received), p50 and p95;
- delivery: from the append's answer to each watcher's receipt of that event, p50 and p95
  (negative when the stream was faster than the answer: the event is published at commit,
  before the answer is written);
- the server's memory per open stream (its resident size with the streams open, less before
  them, over their number);
- that every watcher received every event of its match, in order, once.

Target: delivery p95 no more than the append's p50. Loopback only; every loop is bounded.

Run: ``python bench/live.py`` (defaults: 500 streams over 50 matches, 20 moves a phone);
``--redis redis://127.0.0.1:6379/0`` to wake the streams through Redis pub/sub.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

_django.setup()

import httpx  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402

from companion.devices import device_create  # noqa: E402
from matches import services  # noqa: E402
from matches.engine import get_engine  # noqa: E402
from tests.matches.play import random_actions  # noqa: E402

logging.getLogger("httpx").setLevel(logging.WARNING)  # no line per request
ROOT = Path(__file__).resolve().parent.parent
GAME = "amigo-hattrick"
ENGINE = get_engine(GAME)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status(pid: int) -> dict[str, int]:
    """The server's resident memory (KiB) and thread count."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "Threads"):
            found[key] = int(value.split()[0])
    return found


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def prepare(matches: int, moves: int) -> list[dict]:
    """Matches (public, four sides), each with its phone's token and the moves it will log."""
    User = get_user_model()
    plans = []
    for index in range(matches):
        user = User.objects.create_user(f"phone{index}", password="a-long-secret-pw")
        _device, token = device_create(user=user, name="bench")
        created = services.match_create(
            user=user,
            game=GAME,
            sides=[{"name": name} for name in ("Ann", "Ben", "Cat", "Dan")],
            options={"games": 3},
        )
        actions = [
            action for action, _state in random_actions(GAME, created.state, seed=index, players=4)
        ][:moves]
        plans.append({"match": created.match.pk, "token": token, "actions": actions})
    connection.close()
    return plans


class Watcher:
    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.received: list[tuple[int, float]] = []  # (seq, monotonic time)
        self.open = asyncio.Event()

    async def run(self, client: httpx.AsyncClient, until: int, deadline: float) -> None:
        url = f"/api/matches/{self.match_id}/stream/"
        async with client.stream("GET", url, params={"after": 0}) as response:
            assert response.status_code == 200, response.status_code
            self.open.set()
            seq = None
            async for line in response.aiter_lines():
                if line.startswith("id: "):
                    seq = int(line[4:])
                elif line == "" and seq is not None:
                    self.received.append((seq, time.monotonic()))
                    if seq >= until or time.monotonic() > deadline:
                        return
                    seq = None


async def phone(client: httpx.AsyncClient, plan: dict, think: float, answers: dict, appends):
    headers = {"Authorization": f"Token {plan['token']}"}
    rng = random.Random(plan["match"])
    await asyncio.sleep(rng.random() * think)  # the phones do not start in step
    for seq, action in enumerate(plan["actions"]):
        started = time.monotonic()
        response = await client.post(
            f"/api/matches/{plan['match']}/events/",
            json={"expected_seq": seq, "action": action},
            headers=headers,
        )
        answered = time.monotonic()
        assert response.status_code == 201, response.text[:300]
        appends.append(answered - started)
        answers[(plan["match"], seq + 1)] = answered
        await asyncio.sleep(think)


async def measure(base: str, server_pid: int, plans: list[dict], args) -> dict:
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(60.0)
    matches = [plan["match"] for plan in plans]
    watchers = [Watcher(matches[i % len(matches)]) for i in range(args.streams)]
    until = {plan["match"]: len(plan["actions"]) for plan in plans}
    async with (
        httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as streams,
        httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as phones,
    ):
        await phones.get("/api/health/")
        await asyncio.sleep(0.5)
        before = proc_status(server_pid)
        deadline = time.monotonic() + 60 + args.moves * (args.think + 2)
        tasks = [asyncio.create_task(w.run(streams, until[w.match_id], deadline)) for w in watchers]
        await asyncio.wait_for(asyncio.gather(*(w.open.wait() for w in watchers)), 120)
        await asyncio.sleep(1.0)
        during = proc_status(server_pid)
        answers: dict[tuple[int, int], float] = {}
        appends: list[float] = []
        started = time.monotonic()
        await asyncio.gather(*(phone(phones, p, args.think, answers, appends) for p in plans))
        logging_time = time.monotonic() - started
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
    delivery = []
    complete = True
    for watcher in watchers:
        seqs = [seq for seq, _ in watcher.received]
        complete &= seqs == list(range(1, until[watcher.match_id] + 1))
        delivery += [at - answers[(watcher.match_id, seq)] for seq, at in watcher.received]
    return {
        "streams": len(watchers),
        "matches": len(plans),
        "appends": len(appends),
        "appends_per_s": len(appends) / logging_time,
        "deliveries": len(delivery),
        "complete": complete,
        "append_p50_ms": 1000 * statistics.median(appends),
        "append_p95_ms": 1000 * pct(appends, 0.95),
        "delivery_p50_ms": 1000 * statistics.median(delivery),
        "delivery_p95_ms": 1000 * pct(delivery, 0.95),
        "rss_before_mib": before["VmRSS"] / 1024,
        "rss_streams_mib": during["VmRSS"] / 1024,
        "kib_per_stream": (during["VmRSS"] - before["VmRSS"]) / len(watchers),
        "threads_before": before["Threads"],
        "threads_streams": during["Threads"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.5, help="seconds between a phone's moves")
    parser.add_argument("--redis", default="", help="LIVE_REDIS_URL for the server (default: none)")
    args = parser.parse_args()

    plans = prepare(args.matches, args.moves)
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "companion.settings.test",
        "LIVE_REDIS_URL": args.redis,
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    env.pop("CELERY_BROKER_URL", None)  # stats run in-process: no broker needed
    env.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "companion.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-access-log",
            "--log-level",
            "warning",
            "--no-proxy-headers",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(f"{base}/api/health/", timeout=1).status_code in (200, 503):
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        result = asyncio.run(measure(base, server.pid, plans, args))
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    channel = "Redis pub/sub" if args.redis else "in-process"
    print(
        f"live streams ({channel}, uvicorn, 1 worker, {connection.vendor}): "
        f"{result['streams']} streams over {result['matches']} matches, "
        f"{result['appends']} appends ({result['appends_per_s']:.0f}/s), "
        f"{result['deliveries']} deliveries, every stream complete, in order, once: "
        f"{'OK' if result['complete'] else 'NO'}"
    )
    print(
        f"append p50 {result['append_p50_ms']:.1f} ms, p95 {result['append_p95_ms']:.1f} ms; "
        f"delivery (answer to receipt) p50 {result['delivery_p50_ms']:.1f} ms, "
        f"p95 {result['delivery_p95_ms']:.1f} ms"
    )
    ratio = result["delivery_p95_ms"] / result["append_p50_ms"]
    verdict = "OK" if ratio <= 1.0 else "OVER"
    print(f"delivery p95 / append p50 = {ratio:.2f}x (target <= 1.0x) {verdict}")
    print(
        f"server memory: {result['rss_before_mib']:.1f} MiB before, "
        f"{result['rss_streams_mib']:.1f} MiB with the streams open: "
        f"{result['kib_per_stream']:.1f} KiB per open stream; threads "
        f"{result['threads_before']} before, {result['threads_streams']} with the streams open"
    )
    print(json.dumps(result))
    return 0 if result["complete"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
