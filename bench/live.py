"""Live streams at scale on the production serving design, all in one run.

The services, on loopback, as ``docker/compose.yaml`` runs them: nginx (the compose file's
server block, sized for streams) in front of gunicorn with sync workers for the API and
uvicorn (one process, on a Unix socket; ``--live-socket tcp`` for loopback TCP) for the
streams, PostgreSQL (``DATABASE_URL``; the database is dropped and created anew) and a private
Redis for the streams' pub/sub. Reader processes (``--readers``) open the streams over raw
sockets (Server-Sent Events, chunked), spread over two public matches; at
each step (``--steps``, default 0, 1,000, 5,000 and 10,000 open streams) two phones log
``--moves`` moves each, one to each match, while a health and a login probe run.

Reported per step:
- threads and resident memory of the stream server, and per stream (against step 0);
- the API's threads (all gunicorn processes);
- append p50 / p95 and the p50's ratio to step 0's (the no-stream figure, same run);
- delivery p50 / p95: from the append's answer to a stream's receipt of that event (negative
  when the stream was faster than the answer: the event is published at commit);
- that every open stream got every event of its match once and in order;
- health and login probes (p50 / max);
- the stream server's CPU time per delivered event (independent of what else runs).

Targets (issue: live at scale): no thread per stream, <= 20 KiB per stream, append p50 <= 1.3x
the no-stream figure, delivery p95 <= 250 ms, every event once and in order.

Run: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/companion_live python bench/live.py``
(``--steps 0,500 --moves 5`` for a quick look; ``--direct`` leaves nginx out).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402
    SERVERS,
    Service,
    _prepare_database,
    free_port,
    redis_available,
    service_env,
    start_redis,
    start_web,
    wait_for,
)

logging.getLogger("httpx").setLevel(logging.WARNING)
GAME = "amigo-hattrick"


def proc_status(pid: int) -> dict[str, int]:
    """A process's resident memory (KiB) and thread count."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "Threads"):
            found[key] = int(value.split()[0])
    return found


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_pids(pid: int) -> list[int]:
    """A process and its children, and theirs (uvicorn's supervisor and workers)."""
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else ():
        pids += tree_pids(int(child))
    return pids


def tree_status(pid: int) -> dict[str, int]:
    """Resident memory (KiB), threads and file descriptors of a process and its children."""
    total = {"VmRSS": 0, "Threads": 0, "fds": 0}
    for one in tree_pids(pid):
        status = proc_status(one)
        total["VmRSS"] += status["VmRSS"]
        total["Threads"] += status["Threads"]
        total["fds"] += len(os.listdir(f"/proc/{one}/fd"))
    return total


def tree_threads(pid: int) -> int:
    """Threads of a process and its children (gunicorn's master and workers)."""
    total = proc_status(pid)["Threads"]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else ():
        total += tree_threads(int(child))
    return total


def tree_cpu(pid: int) -> float:
    """CPU time of a process and its children (nginx's master and workers)."""
    total = cpu_seconds(pid)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else ():
        total += tree_cpu(int(child))
    return total


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


# --- the reader process: thousands of streams over raw sockets ---------------------------------


#: An event's ``id:`` line; a message is written whole in one chunk and its JSON has no raw
#: newline, so a line that starts with ``id: `` after a newline is an event's id, whatever the
#: chunked framing around it.
EVENT_ID = re.compile(rb"\nid: (\d+)\n")


class Follower(asyncio.Protocol):
    """One stream over a raw socket: the request, the status, then the body as it arrives.

    While the phones log, a read only keeps its bytes and its moment of arrival (a phone does
    the parsing on a CPU of its own; here the readers share the server's two). ``digest``
    then goes through them in order: a byte-level scan for the ``id:`` lines (the messages
    are not parsed further); each id must be the one after the last (once, in order), and is
    recorded with the moment the read that completed its line arrived."""

    def __init__(self, match_id: int, after: int, received: list, opened) -> None:
        self.match_id = match_id
        self.expected = after + 1
        self.last = after
        self.problems = 0
        self.received = received
        self.opened = opened
        self.status: bytes | None = None
        self.pending = b""
        self.arrived: list[tuple[float, bytes]] = []

    def request(self) -> bytes:
        return (
            f"GET /api/matches/{self.match_id}/stream/?after={self.last} HTTP/1.1\r\n"
            f"Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
        )

    def connection_made(self, transport) -> None:
        transport.write(self.request())

    def data_received(self, data: bytes) -> None:
        if self.status is not None:
            self.arrived.append((time.monotonic(), data))
            return
        buffer = self.pending + data
        head, found, body = buffer.partition(b"\r\n\r\n")
        if not found:
            self.pending = buffer
            return
        self.status = head.split(b" ", 2)[1]
        if not self.opened.done():
            self.opened.set_result(None if self.status == b"200" else f"status {self.status}")
        self.pending = b"\n"
        self.arrived.append((time.monotonic(), body))

    def digest(self) -> None:
        """The ids of what has arrived, checked and recorded (see the class)."""
        arrived, self.arrived = self.arrived, []
        for at, data in arrived:
            buffer = self.pending + data
            end = buffer.rfind(b"\n")
            for found in EVENT_ID.finditer(buffer, 0, end + 1):
                seq = int(found.group(1))
                if seq != self.expected:
                    self.problems += 1
                self.expected = seq + 1
                self.last = seq
                self.received.append((self.match_id, seq, at))
            self.pending = buffer[end:] if end >= 0 else buffer
            if b"\r\n0\r\n\r\n" in buffer:
                self.problems += 1  # the server ended the stream: not expected in this run

    def connection_lost(self, exc) -> None:
        if not self.opened.done():
            self.opened.set_result(f"lost: {exc}")
        elif self.status == b"200":
            self.problems += 1  # the server ended the stream: not expected in this run


def reader_main(conn, host: str, port: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def main():
        streams: list[Follower] = []
        received: list = []
        transports = []
        loop = asyncio.get_running_loop()
        while True:
            command = await loop.run_in_executor(None, conn.recv)
            if command[0] == "open":
                _, count, positions = command
                failures: list[str] = []
                started = time.monotonic()
                batch = 200  # opened at most this many at a time
                for first in range(0, count, batch):
                    size = min(batch, count - first)
                    waiting = []
                    for index in range(first, first + size):
                        match_id, after = positions[(len(streams) + index) % len(positions)]
                        stream = Follower(match_id, after, received, loop.create_future())
                        try:
                            transport, _ = await loop.create_connection(
                                lambda s=stream: s, host, port
                            )
                        except OSError as exc:
                            failures.append(f"connect: {exc}")
                            continue
                        streams.append(stream)
                        transports.append(transport)
                        waiting.append(stream.opened)
                    for failure in await asyncio.gather(*waiting):
                        if failure:
                            failures.append(failure)
                conn.send((len(streams), failures[:5], len(failures), time.monotonic() - started))
            elif command[0] == "report":
                for stream in streams:
                    stream.digest()
                got, received[:] = list(received), []
                lasts: dict[int, list[int]] = {}
                for stream in streams:
                    lasts.setdefault(stream.match_id, []).append(stream.last)
                conn.send((got, sum(s.problems for s in streams), lasts))
            else:
                for transport in transports:
                    transport.close()
                conn.send("closed")
                return

    try:
        import uvloop
    except ImportError:
        asyncio.run(main())
    else:
        uvloop.run(main())


class Readers:
    """The reader processes (``--readers``), each with its share of the streams."""

    def __init__(self, count: int, host: str, port: int) -> None:
        context = multiprocessing.get_context("fork")
        self.pipes = []
        self.processes = []
        for _ in range(count):
            parent, child = context.Pipe()
            process = context.Process(target=reader_main, args=(child, host, port), daemon=True)
            process.start()
            self.pipes.append(parent)
            self.processes.append(process)

    def open(self, count: int, positions: list) -> tuple[int, list, int, float]:
        shares = [
            count // len(self.pipes) + (i < count % len(self.pipes)) for i in range(len(self.pipes))
        ]
        for pipe, share in zip(self.pipes, shares, strict=True):
            pipe.send(("open", share, positions))
        answers = [pipe.recv() for pipe in self.pipes]
        return (
            sum(a[0] for a in answers),
            [s for a in answers for s in a[1]][:5],
            sum(a[2] for a in answers),
            max(a[3] for a in answers),
        )

    def report(self) -> tuple[list, int, dict]:
        for pipe in self.pipes:
            pipe.send(("report",))
        got, problems, lasts = [], 0, {}
        for pipe in self.pipes:
            more, wrong, their_lasts = pipe.recv()
            got += more
            problems += wrong
            for match_id, values in their_lasts.items():
                lasts.setdefault(match_id, []).extend(values)
        return got, problems, lasts

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send(("close",))
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            with contextlib.suppress(EOFError):
                pipe.recv()
            process.join(20)


class NativeReaders:
    """The same as ``Readers`` with the reader in C (``bench/live_reader.c``: the same checks
    on the bytes, less CPU per message on the CPUs the bench shares with the server)."""

    def __init__(self, count: int, host: str, port: int, binary: Path) -> None:
        self.host, self.port = host, port
        self.processes = [
            subprocess.Popen(
                [str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            for _ in range(count)
        ]

    @staticmethod
    def _send(process, line: str) -> None:
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def open(self, count: int, positions: list) -> tuple[int, list, int, float]:
        shares = [
            count // len(self.processes) + (i < count % len(self.processes))
            for i in range(len(self.processes))
        ]
        where = " ".join(f"{match_id} {after}" for match_id, after in positions)
        for process, share in zip(self.processes, shares, strict=True):
            self._send(process, f"open {share} {self.host} {self.port} {where}")
        total, failed, samples, seconds = 0, 0, [], 0.0
        for process in self.processes:
            for line in process.stdout:
                kind, _, rest = line.strip().partition(" ")
                if kind == "opened":
                    opened, failures, took = rest.split()
                    total += int(opened)
                    failed += int(failures)
                    seconds = max(seconds, float(took))
                elif kind == "failure":
                    samples.append(rest)
                elif kind == "done":
                    break
        return total, samples[:5], failed, seconds

    def report(self) -> tuple[list, int, dict]:
        for process in self.processes:
            self._send(process, "report")
        got, problems, lasts = [], 0, {}
        for process in self.processes:
            for line in process.stdout:
                kind, *values = line.split()
                if kind == "r":
                    got.append((int(values[0]), int(values[1]), float(values[2])))
                elif kind == "l":
                    lasts.setdefault(int(values[0]), []).append(int(values[1]))
                elif kind == "problems":
                    problems += int(values[0])
                elif kind == "end":
                    break
        return got, problems, lasts

    def close(self) -> None:
        for process in self.processes:
            with contextlib.suppress(OSError):
                self._send(process, "close")
        for process in self.processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()


def build_reader(logdir: Path) -> Path | None:
    """The C reader compiled into ``logdir``; ``None`` without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None
    binary = logdir / "live_reader"
    source = Path(__file__).with_name("live_reader.c")
    built = subprocess.run(
        [compiler, "-O2", "-o", str(binary), str(source)], capture_output=True, text=True
    )
    return binary if built.returncode == 0 else None


# --- the phones and the probes ------------------------------------------------------------------


def prepare(moves: int) -> dict:
    """Two phones with a public match each and the moves they will log."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from companion.devices import device_create
    from matches.log import services
    from tests.matches.play import random_actions

    User = get_user_model()
    plans = []
    for index in range(2):
        user = User.objects.create_user(f"phone{index}", password="a-long-secret-pw")
        created = services.match_create(
            user=user,
            game=GAME,
            sides=[{"name": name} for name in ("Ann", "Ben", "Cat", "Dan")],
            options={"games": 5},
        )
        actions = [a for a, _s in random_actions(GAME, created.state, seed=index, players=4)]
        assert len(actions) >= moves, "the planned match is shorter than the run"
        token = device_create(user=user, name="bench")[1]
        plans.append({"match": created.match.pk, "token": token, "actions": actions, "seq": 0})
    connection.close()
    return {"plans": plans}


async def phone(client, plan: dict, moves: int, think: float, answers: dict, appends: list):
    import httpx  # noqa: F401 (the client is an httpx.AsyncClient)

    headers = {"Authorization": f"Token {plan['token']}"}
    for _ in range(moves):
        seq = plan["seq"]
        started = time.monotonic()
        response = await client.post(
            f"/api/matches/{plan['match']}/events/",
            json={"expected_seq": seq, "action": plan["actions"][seq]},
            headers=headers,
        )
        answered = time.monotonic()
        assert response.status_code == 201, response.text[:300]
        appends.append(answered - started)
        answers[(plan["match"], seq + 1)] = answered
        plan["seq"] = seq + 1
        await asyncio.sleep(think * (0.5 + random.random()))


async def probe(client, stop: asyncio.Event, health: list, login: list, failures: list):
    while not stop.is_set():
        for path, into in (("/api/health/", health), ("/api/auth/login/", login)):
            started = time.monotonic()
            try:
                if into is health:
                    response = await client.get(path, timeout=10)
                else:
                    body = {"username": "prober", "password": "a-long-secret-pw"}
                    response = await client.post(path, json=body, timeout=10)
                if response.status_code != 200:
                    failures.append(f"{path} {response.status_code}")
            except Exception as exc:  # a timeout is a figure, not a crash
                failures.append(f"{path} {type(exc).__name__}")
            into.append(time.monotonic() - started)
        await asyncio.sleep(1.0)


async def one_step(base: str, plans: list, args) -> dict:
    import httpx

    answers: dict = {}
    appends: list = []
    health: list = []
    login: list = []
    failures: list = []
    limits = httpx.Limits(max_connections=20)
    async with (
        httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as phones,
        httpx.AsyncClient(base_url=base, timeout=30) as probes,
    ):
        stop = asyncio.Event()
        prober = asyncio.create_task(probe(probes, stop, health, login, failures))
        await asyncio.gather(
            *(phone(phones, plan, args.moves, args.think, answers, appends) for plan in plans)
        )
        stop.set()
        await prober
    return {
        "answers": answers,
        "appends": appends,
        "health": health,
        "login": login,
        "probe_failures": failures,
    }


# --- the run --------------------------------------------------------------------------------------


def start_proxy(api_port: int, live_upstream: int | str, logdir: Path, workers: int):
    from tests.ops.test_proxy import start_nginx

    return start_nginx(
        api_port, logdir, live_port=live_upstream, connections=32768, workers=workers
    )


def start_live_on_socket(env: dict, logdir: Path, *, workers: int) -> tuple[Service, str]:
    """The stream server (uvicorn) listening on a Unix socket in ``logdir``, as the compose
    file runs it next to the proxy; its ``unix:`` address for nginx."""
    path = logdir / "live.sock"
    logdir.chmod(0o711)  # nginx's workers (another user) reach the socket, not the logs
    command = SERVERS["uvicorn"](0, workers)
    at = command.index("--host")
    command[at : at + 4] = ["--uds", str(path)]
    service = Service("live", [sys.executable, "-m", *command], env, logdir)

    def up():
        if not service.alive():
            raise RuntimeError(f"uvicorn exited:\n{service.tail()}")
        import httpx

        try:
            with httpx.Client(transport=httpx.HTTPTransport(uds=str(path))) as client:
                return client.get("http://127.0.0.1/api/health/", timeout=2).status_code in (
                    200,
                    503,
                )
        except httpx.HTTPError:
            return False

    try:
        wait_for(up, timeout=60, what="uvicorn on its socket")
    except BaseException:
        service.stop()
        raise
    return service, f"unix:{path}"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="0,1000,5000,10000", help="open streams per step")
    parser.add_argument("--moves", type=int, default=10, help="moves per phone per step")
    parser.add_argument("--think", type=float, default=0.5, help="seconds between a phone's moves")
    parser.add_argument("--api-workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--direct", action="store_true", help="no nginx in front")
    parser.add_argument(
        "--proxy-workers", type=int, default=2, help="nginx workers (compose: one per CPU)"
    )
    parser.add_argument("--readers", type=int, default=2, help="reader processes")
    parser.add_argument(
        "--reader",
        choices=("c", "python"),
        default="c",
        help="the readers' code (c: bench/live_reader.c, built with cc; python without one)",
    )
    parser.add_argument(
        "--live-workers", type=int, default=1, help="uvicorn processes serving the streams"
    )
    parser.add_argument(
        "--live-socket",
        choices=("unix", "tcp"),
        default="unix",
        help="how nginx reaches the stream server (--direct: tcp)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    return parser.parse_args()


def missing_requirement(database_url: str, args: argparse.Namespace) -> str | None:
    """What the machine lacks for this run (a sentence), or None."""
    if not database_url.startswith("postgres") or not redis_available():
        return "bench/live.py needs PostgreSQL (DATABASE_URL) and redis-server"
    if not args.direct and not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        return "bench/live.py needs nginx (or --direct)"
    return None


class Stack(NamedTuple):
    """The running servers' process ids and where to reach them."""

    api_pid: int
    live_pid: int
    proxy_pid: int | None
    api_side: str  # where the phones and probes send their requests
    stream_base: str  # where the readers open their streams


def start_servers(
    env: dict, logdir: Path, args: argparse.Namespace, services: list[Service]
) -> Stack:
    """gunicorn for the API, uvicorn for the streams and (unless ``--direct``) nginx in front;
    each started service is appended to ``services`` at once, so the caller stops it."""
    api, api_base = start_web(env, logdir, workers=args.api_workers, server="gunicorn")
    services.append(api)
    if args.direct or args.live_socket == "tcp":
        live, live_base = start_web(env, logdir, workers=args.live_workers, server="uvicorn")
        live_upstream: int | str = int(live_base.rsplit(":", 1)[1])
    else:
        live, live_upstream = start_live_on_socket(env, logdir, workers=args.live_workers)
        live_base = ""
    services.append(live)
    if args.direct:
        # streams go straight to the stream server, the API to gunicorn
        return Stack(api.pid, live.pid, None, api_side=api_base, stream_base=live_base)
    proxy, base = start_proxy(
        int(api_base.rsplit(":", 1)[1]), live_upstream, logdir, args.proxy_workers
    )
    services.append(proxy)
    # through nginx, by path: streams to the stream server, the rest to the API
    return Stack(api.pid, live.pid, proxy.pid, api_side=base, stream_base=base)


def register_prober(api_side: str) -> None:
    """The login probe's account, registered through the API (the server's own hasher)."""
    import httpx

    registered = httpx.post(
        f"{api_side}/api/auth/register/",
        json={"username": "prober", "password": "a-long-secret-pw"},
        timeout=30,
    )
    assert registered.status_code == 201, registered.text


def start_readers(args: argparse.Namespace, logdir: Path, stream_base: str):
    """The reader processes (C where a compiler builds them, else Python) and their kind."""
    host, port = stream_base.removeprefix("http://").split(":")
    binary = build_reader(logdir) if args.reader == "c" else None
    if args.reader == "c" and binary is None:
        print("no C compiler (cc): the readers run in Python", file=sys.stderr)
    if binary:
        return NativeReaders(args.readers, host, int(port), binary), "C"
    return Readers(args.readers, host, int(port)), "Python"


def caught_up(plans: list, lasts: dict) -> bool:
    """Whether every stream has its match's last event."""
    return all(last == plan["seq"] for plan in plans for last in lasts.get(plan["match"], []))


def drain(reader, plans: list, *, timeout: float = 120) -> tuple[list, int, dict]:
    """The last deliveries: read until every stream has its match's last event (at most
    ``timeout`` seconds); what arrived, the readers' problems and each stream's last id."""
    got: list = []
    drained = time.monotonic() + timeout
    while True:
        time.sleep(1.0)
        more, problems, lasts = reader.report()
        got += more
        if caught_up(plans, lasts) or time.monotonic() > drained:
            return got, problems, lasts


def per_delivery_us(cpu: float, delivery: list) -> float | None:
    return round(1e6 * cpu / len(delivery), 1) if delivery else None


def run_step(
    target: int, open_now: int, stack: Stack, reader, plans: list, args: argparse.Namespace
) -> tuple[dict, dict]:
    """Open streams up to ``target``, let the phones play one step and wait for the deliveries;
    the step's row (without the ratios to step 0) and the stream server's /proc status."""
    opened_s = 0.0
    failed = 0
    if target > open_now:
        positions = [(plan["match"], plan["seq"]) for plan in plans]
        open_now, samples, failed, opened_s = reader.open(target - open_now, positions)
        if failed:
            print(f"  {failed} streams failed to open, e.g. {samples}")
    time.sleep(2.0)
    status = tree_status(stack.live_pid)
    api_threads = tree_threads(stack.api_pid)
    reader.report()  # forget what the opening delivered
    cpu_before = tree_cpu(stack.live_pid)
    readers_before = sum(cpu_seconds(p.pid) for p in reader.processes)
    proxy_before = tree_cpu(stack.proxy_pid) if stack.proxy_pid else 0.0
    step = asyncio.run(one_step(stack.api_side, plans, args))
    got, problems, lasts = drain(reader, plans)
    live_cpu = tree_cpu(stack.live_pid) - cpu_before
    readers_cpu = sum(cpu_seconds(p.pid) for p in reader.processes) - readers_before
    proxy_cpu = tree_cpu(stack.proxy_pid) - proxy_before if stack.proxy_pid else 0.0
    delivery = [
        at - step["answers"][(match_id, seq)]
        for match_id, seq, at in got
        if (match_id, seq) in step["answers"]
    ]
    expected = sum(len(lasts.get(plan["match"], [])) * args.moves for plan in plans)
    row = {
        "streams": open_now,
        "open_s": round(opened_s, 1),
        "open_failed": failed,
        "threads": status["Threads"],
        "rss_mib": round(status["VmRSS"] / 1024, 1),
        "fds": status["fds"],
        "api_threads": api_threads,
        "append_p50_ms": round(1000 * statistics.median(step["appends"]), 1),
        "append_p95_ms": round(1000 * pct(step["appends"], 0.95), 1),
        "deliveries": len(delivery),
        "deliveries_expected": expected,
        "delivery_p50_ms": round(1000 * statistics.median(delivery), 1) if delivery else None,
        "delivery_p95_ms": round(1000 * pct(delivery, 0.95), 1) if delivery else None,
        "complete_in_order": caught_up(plans, lasts)
        and problems == 0
        and len(delivery) == expected,
        # the stream server's CPU time per delivered event, whatever else the machine ran
        "live_cpu_us_per_delivery": per_delivery_us(live_cpu, delivery),
        "readers_cpu_us_per_delivery": per_delivery_us(readers_cpu, delivery),
        "proxy_cpu_us_per_delivery": per_delivery_us(proxy_cpu, delivery)
        if stack.proxy_pid
        else None,
        "load_average": os.getloadavg()[0],
        "health_p50_ms": round(1000 * statistics.median(step["health"]), 1),
        "health_max_ms": round(1000 * max(step["health"]), 1),
        "login_p50_ms": round(1000 * statistics.median(step["login"]), 1),
        "login_max_ms": round(1000 * max(step["login"]), 1),
        "probe_failures": step["probe_failures"][:3],
    }
    return row, status


def add_ratios(row: dict, status: dict, baseline: dict) -> None:
    """The step's figures against step 0's: append ratio, threads and memory per stream."""
    row["append_p50_ratio"] = round(row["append_p50_ms"] / baseline["append_p50_ms"], 2)
    if row["streams"]:
        row["threads_per_stream"] = round(
            (row["threads"] - baseline["threads"]) / row["streams"], 4
        )
        row["kib_per_stream"] = round(
            (status["VmRSS"] - baseline["rss_mib"] * 1024) / row["streams"], 1
        )


def print_report(rows: list[dict], args: argparse.Namespace, reader_kind: str) -> None:
    design = "direct" if args.direct else "nginx"
    socket_kind = "tcp" if args.direct else args.live_socket
    print(
        f"\nlive streams at scale: {design} -> gunicorn x{args.api_workers} (API) + uvicorn "
        f"x{args.live_workers} on {socket_kind} "
        f"(streams), PostgreSQL, Redis pub/sub; two phones, {args.moves} moves each per step; "
        f"{args.readers} {reader_kind} readers"
    )
    header = (
        "| streams | threads (per stream) | RSS MiB (KiB per stream) | append p50 / p95 ms "
        "(x 0 streams) | delivery p50 / p95 ms | all once, in order | health p50 / max ms "
        "| login p50 / max ms |"
    )
    print(header)
    print("|" + " --- |" * 8)
    for row in rows:
        print(
            f"| {row['streams']:,} | {row['threads']} ({row.get('threads_per_stream', '-')}) "
            f"| {row['rss_mib']} ({row.get('kib_per_stream', '-')}) "
            f"| {row['append_p50_ms']} / {row['append_p95_ms']} ({row['append_p50_ratio']}x) "
            f"| {row['delivery_p50_ms']} / {row['delivery_p95_ms']} "
            f"| {'yes' if row['complete_in_order'] else 'NO'} ({row['deliveries']:,}) "
            f"| {row['health_p50_ms']} / {row['health_max_ms']} "
            f"| {row['login_p50_ms']} / {row['login_max_ms']} |"
        )
    print("\nCPU per delivered event (stream server / readers / nginx), load average at the step:")
    for row in rows[1:]:
        print(
            f"- {row['streams']:,}: {row['live_cpu_us_per_delivery']} / "
            f"{row['readers_cpu_us_per_delivery']} / {row['proxy_cpu_us_per_delivery']} us; "
            f"load {row['load_average']:.1f}"
        )
    if args.json:
        print(json.dumps(rows))


def missed_targets(rows: list[dict]) -> list[str]:
    """The targets the run missed, each printed with its figure on the way."""
    last = rows[-1]
    missed = []
    if not all(row["complete_in_order"] for row in rows):
        missed.append("an event lost, doubled or out of order")
    if last["streams"]:
        checks = [
            ("threads per stream", last["threads_per_stream"], 0.01),
            ("KiB per stream", last["kib_per_stream"], 20),
            ("append p50 / 0 streams", last["append_p50_ratio"], 1.3),
            ("delivery p95 ms", last["delivery_p95_ms"] or float("inf"), 250),
        ]
        for name, value, target in checks:
            print(f"{name}: {value} (target <= {target})")
            if value > target:
                missed.append(name)
    return missed


def main() -> int:
    args = parse_args()
    steps = [int(step) for step in args.steps.split(",")]
    database_url = os.environ.get(
        "DATABASE_URL", "postgres://postgres@127.0.0.1:5432/companion_live"
    )
    missing = missing_requirement(database_url, args)
    if missing:
        print(missing, file=sys.stderr)
        return 2
    _prepare_database(database_url)
    plans = prepare(args.moves * len(steps) + 1)["plans"]

    logdir = Path(tempfile.mkdtemp(prefix="companion-live-"))
    redis_port = free_port()
    services = [start_redis(redis_port, logdir)]
    env = service_env(
        database_url,
        f"redis://127.0.0.1:{redis_port}/0",
        THROTTLE_ANON_READ="100000000/min",
        LIVE_STREAMS_PER_USER="1000000",
        LIVE_STREAMS_PER_PROCESS="1000000",
        TRUSTED_PROXIES="0" if args.direct else "1",
    )
    rows: list[dict] = []
    reader = None
    reader_kind = "?"
    try:
        stack = start_servers(env, logdir, args, services)
        register_prober(stack.api_side)
        reader, reader_kind = start_readers(args, logdir, stack.stream_base)
        time.sleep(1.0)
        open_now = 0
        for target in steps:
            row, status = run_step(target, open_now, stack, reader, plans, args)
            open_now = row["streams"]
            add_ratios(row, status, rows[0] if rows else row)
            rows.append(row)
            print(json.dumps(row), flush=True)
    finally:
        if reader is not None:
            reader.close()
        for service in reversed(services):
            service.stop()

    print_report(rows, args, reader_kind)
    missed = missed_targets(rows)
    if missed:
        print(f"TARGET MISSED: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
