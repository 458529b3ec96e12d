"""Load test on loopback: gunicorn (several workers), PostgreSQL, a private Redis, a real Celery
worker, and many simulated phones logging complete Amigo Hattrick matches at once.

Each phone (a thread with its own ``httpx`` client and token) opens matches and logs them move by
move, choosing legal moves from the state each answer returns (``tests/matches/play.py``). Phones
misbehave like phones at a table: some answers are "lost" and the request is retried with the
same ``Idempotency-Key`` (the server must replay the first answer), some requests are sent twice
at once, and some are deliberately stale (``expected_seq`` behind: the server must answer 409).

Reported: appends per second, requests per second, p50/p95/p99 latency of the appends. Then
every match is verified from the database: the log is complete (exactly the moves the phone saw
accepted, in order), its seqs are 1..n without gap or duplicate, the replay of the log equals the
stored snapshot, and every finished match has its stats (``MatchStatsState`` at the last seq and
one participation row per side) computed by the worker.

Run (PostgreSQL on 127.0.0.1:5432, ``redis-server`` on the PATH)::

    .venv/bin/python bench/load.py                      # modest size
    .venv/bin/python bench/load.py --phones 24 --matches 96 --web-workers 4   # full size

``DATABASE_URL`` chooses the server (default ``postgres://postgres@127.0.0.1:5432/companion_load``);
the database is dropped and created anew. The same functions run the small-size load test in
``tests/ops/test_load.py`` and the fault tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAME = "amigo-hattrick"
PLAYERS = 4
logging.getLogger("httpx").setLevel(logging.WARNING)  # not one line per request

# --- services: a private Redis, gunicorn, a Celery worker --------------------------------------


def free_port() -> int:
    """A loopback port nothing listens on, for a server this process is about to start.

    Under pytest-xdist each test worker (``PYTEST_XDIST_WORKER=gwN``) draws from a range of its
    own below the kernel's ephemeral ports, so two workers never pick the same port between this
    check and the server's bind; elsewhere the kernel picks one.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        low = 20000 + int(worker[2:]) * 400 % 10000
        for port in random.sample(range(low, low + 400), 400):
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate: Callable[[], Any], *, timeout: float, what: str, every: float = 0.1):
    """Poll ``predicate`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}")
        time.sleep(every)


class Service:
    """A child process with its log in a file; stopped (and reaped) on ``stop``."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], logdir: Path):
        self.name = name
        self.log_path = logdir / f"{name}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            cmd,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def tail(self, lines: int = 40) -> str:
        self.log.flush()
        text = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=timeout)
        self.log.close()


def redis_available() -> bool:
    return shutil.which("redis-server") is not None


def start_redis(port: int, logdir: Path) -> Service:
    service = Service(
        f"redis-{port}",
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(logdir),
        ],
        dict(os.environ),
        logdir,
    )
    wait_for(lambda: _tcp_open(port), timeout=20, what=f"redis on port {port}")
    return service


def _tcp_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def service_env(database_url: str, broker_url: str, **extra: str) -> dict[str, str]:
    """Environment of the web and worker processes: production settings on loopback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "companion.settings.production",
            "SECRET_KEY": secrets.token_urlsafe(64),
            "DEBUG": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url,
            "CELERY_BROKER_URL": broker_url,
            "CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
            # the phones of a load test log far faster than people at a table
            "THROTTLE_APPEND": "1000000/min",
            "THROTTLE_LOGIN": "100000/min",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra)
    return env


#: How the web process is run: the API's production server (gunicorn, sync workers), or the
#: ASGI application under uvicorn (what ``make run`` and the stream service run).
SERVERS = {
    "gunicorn": lambda port, workers: [
        "gunicorn",
        "companion.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--timeout",
        "60",
        "--graceful-timeout",
        "5",
    ],
    "uvicorn": lambda port, workers: [
        "uvicorn",
        "companion.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--no-proxy-headers",
        "--no-access-log",
        "--log-level",
        "warning",
    ],
}


def start_web(
    env: dict[str, str],
    logdir: Path,
    *,
    workers: int,
    port: int | None = None,
    server: str = "gunicorn",
):
    port = port or free_port()
    service = Service(
        f"web-{port}",
        [sys.executable, "-m", *SERVERS[server](port, workers)],
        env,
        logdir,
    )
    base = f"http://127.0.0.1:{port}"

    def up():
        if not service.alive():
            raise RuntimeError(f"{server} exited:\n{service.tail()}")
        import httpx

        try:
            return httpx.get(f"{base}/api/health/", timeout=2).status_code in (200, 503)
        except httpx.HTTPError:
            return False

    wait_for(up, timeout=60, what=server)
    return service, base


def start_worker(env: dict[str, str], logdir: Path, *, name: str, concurrency: int = 2):
    service = Service(
        f"worker-{name}",
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "companion",
            "worker",
            "--loglevel=INFO",
            f"--concurrency={concurrency}",
            "--pool=prefork",
            "-n",
            f"{name}@%h",
            "--without-gossip",
            "--without-mingle",
        ],
        env,
        logdir,
    )
    probe = Probe(env["CELERY_BROKER_URL"])

    def answers():
        if not service.alive():
            raise RuntimeError(f"worker exited:\n{service.tail()}")
        return probe.ping()

    wait_for(answers, timeout=90, what=f"worker {name}", every=0.5)
    return service


class Probe:
    """Pings workers and sends tasks by name on one broker.

    Celery lets ``CELERY_BROKER_URL`` in the environment win over an app's own ``broker_url``,
    but not over ``broker_read_url`` / ``broker_write_url``: the probe sets those, so it talks to
    this broker whatever the environment says.
    """

    def __init__(self, broker_url: str):
        from celery import Celery

        self.url = broker_url
        self.app = Celery("probe", broker=broker_url, set_as_current=False)
        self.app.conf.broker_read_url = broker_url
        self.app.conf.broker_write_url = broker_url

    def _connection(self):
        from kombu import Connection

        return Connection(self.url, connect_timeout=2, transport_options={"max_retries": 1})

    def ping(self, timeout: float = 0.5) -> list:
        try:
            with self._connection() as conn:
                return self.app.control.ping(timeout=timeout, connection=conn)
        except Exception:  # the broker is not there (yet)
            return []

    def send(self, name: str, *args) -> None:
        with self._connection() as conn:
            self.app.send_task(name, args=list(args), connection=conn)


def pool_children(pid: int) -> list[int]:
    """Process ids of a worker's pool processes (Linux)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(part) for part in text.split()]


@dataclass
class Stack:
    """Redis + web + worker for one run; ``close`` stops them all."""

    logdir: Path
    redis: Service
    redis_port: int
    web: Service
    base_url: str
    worker: Service
    env: dict[str, str]

    @property
    def broker_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def close(self) -> None:
        for service in (self.web, self.worker, self.redis):
            service.stop()


def start_stack(
    database_url: str, *, web_workers: int, worker_concurrency: int = 2, server: str = "gunicorn"
) -> Stack:
    logdir = Path(tempfile.mkdtemp(prefix="companion-load-"))
    port = free_port()
    redis = start_redis(port, logdir)
    env = service_env(database_url, f"redis://127.0.0.1:{port}/0")
    started: list[Service] = [redis]
    try:
        worker = start_worker(env, logdir, name="load", concurrency=worker_concurrency)
        started.append(worker)
        web, base = start_web(env, logdir, workers=web_workers, server=server)
    except BaseException:
        for service in started:
            service.stop()
        raise
    return Stack(logdir, redis, port, web, base, worker, env)


# --- the phones ----------------------------------------------------------------------------------


@dataclass
class Phone:
    """A manager's phone: a token and the name of the partner who plays beside them."""

    username: str
    token: str
    partner: str


@dataclass
class MatchLog:
    """What one phone saw of one match: the moves the server accepted, in order."""

    match_id: int
    accepted: list[dict] = field(default_factory=list)
    finished: bool = False


@dataclass
class Results:
    matches: list[MatchLog] = field(default_factory=list)
    append_latencies: list[float] = field(default_factory=list)
    all_latencies: list[float] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    wall: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latency: float, status: int, *, append: bool) -> None:
        with self.lock:
            self.all_latencies.append(latency)
            self.statuses[status] += 1
            if append:
                self.append_latencies.append(latency)

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


@dataclass
class Mischief:
    """How often a phone misbehaves, per move."""

    retry: float = 0.05  # answer lost: send again with the same Idempotency-Key
    duplicate: float = 0.03  # double tap: the same request twice at once
    stale: float = 0.03  # a move sent from an old screen (expected_seq behind)


class PhoneDriver:
    def __init__(self, base_url: str, phone: Phone, results: Results, mischief: Mischief, seed):
        import httpx

        self.phone = phone
        self.results = results
        self.mischief = mischief
        self.rng = random.Random(seed)
        self.run = uuid.uuid4().hex[:8]
        headers = {"Authorization": f"Token {phone.token}", "Accept": "application/json"}
        self.client = httpx.Client(base_url=base_url, headers=headers, timeout=60)
        self.spare = httpx.Client(base_url=base_url, headers=headers, timeout=60)

    def close(self) -> None:
        self.client.close()
        self.spare.close()

    def _send(self, client, method: str, url: str, *, append: bool, **kwargs):
        import httpx

        for attempt in range(6):
            started = time.perf_counter()
            try:
                response = client.request(method, url, **kwargs)
            except httpx.TransportError as exc:
                self.results.count("transport_errors")
                if attempt == 5:
                    raise RuntimeError(f"{method} {url}: {exc!r}") from exc
                time.sleep(0.05 * 2**attempt)
                continue
            self.results.add(time.perf_counter() - started, response.status_code, append=append)
            if response.status_code in (502, 503, 504):  # the stack is restarting: retry
                self.results.count("retried_5xx")
                time.sleep(0.05 * 2**attempt)
                continue
            return response
        return response

    def create_match(self) -> tuple[int, dict]:
        sides = [
            {"name": self.phone.username.title(), "user": self.phone.username},
            {"name": self.phone.partner.title(), "user": self.phone.partner},
            {"name": "Guest 1"},
            {"name": "Guest 2"},
        ]
        body = {"game": GAME, "sides": sides, "options": {"games": 1}, "visibility": "private"}
        response = self._send(
            self.client, "POST", "/api/matches/?include=state", json=body, append=False
        )
        if response.status_code != 201:
            raise RuntimeError(f"create: {response.status_code} {response.text[:300]}")
        data = response.json()
        return data["match"]["id"], data["current"]

    def play(self, max_moves: int = 2000) -> MatchLog:
        from matches.engine import get_engine
        from tests.matches.play import next_action

        engine = get_engine(GAME)
        match_id, current = self.create_match()
        log = MatchLog(match_id)
        # the phone picks its next move from the engine state, so it asks for the state back
        url = f"/api/matches/{match_id}/events/?include=state"
        for _ in range(max_moves):
            state = engine.state_from_json(current["state"])
            action = next_action(GAME, state, self.rng, PLAYERS)
            if action is None:
                log.finished = True
                break
            seq = current["seq"]
            roll = self.rng.random()
            if roll < self.mischief.stale and seq > 0:
                self._stale(url, seq, action)
            body = {"expected_seq": seq, "action": action}
            key = f"{self.run}-{match_id}-{seq}"
            if roll > 1 - self.mischief.duplicate:
                response = self._double_tap(url, body, key, seq)
            else:
                response = self._append(url, body, key)
                if self.rng.random() < self.mischief.retry:
                    response = self._retry(url, body, key, response)
            if response.status_code != 201:
                self.results.error(
                    f"match {match_id} seq {seq}: {response.status_code} {response.text[:300]}"
                )
                break
            data = response.json()
            if data["match"]["seq"] != seq + 1:
                self.results.error(f"match {match_id}: answer at seq {data['match']['seq']}")
                break
            log.accepted.append(action)
            current = data["current"]
        self.results.count("moves", len(log.accepted))
        return log

    def _append(self, url, body, key):
        return self._send(
            self.client, "POST", url, json=body, headers={"Idempotency-Key": key}, append=True
        )

    def _retry(self, url, body, key, first):
        """The first answer was "lost": send the same request again; expect the same answer."""
        again = self._append(url, body, key)
        self.results.count("retries")
        if again.status_code != first.status_code or again.json() != first.json():
            self.results.error(f"{url}: the retry answered differently ({again.status_code})")
        elif again.headers.get("Idempotent-Replayed") != "true":
            self.results.error(f"{url}: the retry was not marked as replayed")
        else:
            self.results.count("retries_replayed")
        return again

    def _double_tap(self, url, body, key, seq):
        """The same request twice at once: one applies, the other replays or is told 409."""
        self.results.count("double_taps")
        with ThreadPoolExecutor(2) as pool:
            futures = [
                pool.submit(
                    self._send,
                    client,
                    "POST",
                    url,
                    json=body,
                    headers={"Idempotency-Key": key},
                    append=True,
                )
                for client in (self.client, self.spare)
            ]
            answers = [f.result() for f in futures]
        codes = sorted(a.status_code for a in answers)
        if codes == [201, 201]:
            first, second = (a.json() for a in answers)
            if first != second:
                self.results.error(f"{url}: two taps applied twice: {codes}")
            self.results.count("double_taps_replayed")
            return answers[0]
        if codes == [201, 409]:
            stale = next(a for a in answers if a.status_code == 409).json()
            # the other tap moved the match on (or, on the last move, finished it)
            if stale.get("code") not in ("stale_sequence", "match_closed"):
                self.results.error(f"{url}: double tap refused with {stale}")
            self.results.count("double_taps_409")
            # the phone that got 409 retries with the same key: it gets the first answer
            replay = self._append(url, body, key)
            if replay.status_code != 201 or replay.headers.get("Idempotent-Replayed") != "true":
                self.results.error(f"{url}: retry after 409 answered {replay.status_code}")
            return next(a for a in answers if a.status_code == 201)
        self.results.error(f"{url}: double tap answered {codes}")
        return answers[0]

    def _stale(self, url, seq, action):
        body = {"expected_seq": seq - 1, "action": action}
        key = f"{self.run}-stale-{uuid.uuid4().hex[:8]}"
        response = self._append(url, body, key)
        self.results.count("stale_sent")
        if response.status_code == 409 and response.json().get("code") == "stale_sequence":
            self.results.count("stale_refused")
        else:
            self.results.error(f"{url}: stale append answered {response.status_code}")


def drive(base_url: str, phones: list[Phone], *, matches: int, seed: int = 1, mischief=None):
    """Log ``matches`` complete matches with ``len(phones)`` phones at once."""
    results = Results()
    mischief = mischief or Mischief()
    queue = list(range(matches))
    queue_lock = threading.Lock()

    def phone_loop(index: int):
        driver = PhoneDriver(base_url, phones[index], results, mischief, seed * 1000 + index)
        try:
            while True:
                with queue_lock:
                    if not queue:
                        return
                    queue.pop()
                log = driver.play()
                with results.lock:
                    results.matches.append(log)
        except Exception as exc:  # reported, never swallowed
            results.error(f"phone {index}: {exc!r}")
        finally:
            driver.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=phone_loop, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.wall = time.perf_counter() - started
    return results


def make_phones(count: int) -> list[Phone]:
    """Managers with tokens (in the database the services use): phone i plays beside i+1."""
    from django.contrib.auth import get_user_model

    from companion.devices import device_create

    User = get_user_model()
    tag = uuid.uuid4().hex[:6]
    users = [User.objects.create_user(f"phone-{tag}-{i}") for i in range(count + 1)]
    return [
        Phone(
            users[i].username,
            device_create(user=users[i], name="load phone")[1],
            users[i + 1].username,
        )
        for i in range(count)
    ]


# --- verification -----------------------------------------------------------------------------


@dataclass
class Verdict:
    matches: int = 0
    finished: int = 0
    events: int = 0
    lost: int = 0
    doubled: int = 0
    gaps: int = 0
    replay_mismatches: int = 0
    stats_missing: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def wait_for_stats(match_ids: list[int], *, timeout: float) -> None:
    from django.db.models import F

    from matches.models import Match

    def done():
        pending = (
            Match.objects.filter(pk__in=match_ids, status="finished")
            .exclude(stats_state__seq_included=F("seq"))
            .count()
        )
        return pending == 0

    wait_for(done, timeout=timeout, what="the worker's stats", every=0.25)


def verify(logs: list[MatchLog]) -> Verdict:
    """Check every match against what its phone saw accepted, and against its own log."""
    from matches.engine import get_engine
    from matches.log.replay import initial_state, log_stacks, replay_actions
    from matches.models import Match, MatchEvent
    from stats.models import MatchParticipation, MatchStatsState

    verdict = Verdict()
    engine = get_engine(GAME)
    for log in logs:
        verdict.matches += 1
        match = Match.objects.select_related("edition").get(pk=log.match_id)
        events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
        seqs = [event.seq for event in events]
        verdict.events += len(events)
        expected = list(range(1, match.seq + 1))
        if seqs != expected:
            verdict.gaps += 1
            verdict.problems.append(f"match {match.pk}: seqs {seqs[:5]}… != 1..{match.seq}")
        logged = [event.action for event in events if event.kind == "action"]
        accepted = [engine.action_to_json(engine.parse_action(a)) for a in log.accepted]
        if len(logged) > len(accepted):
            verdict.doubled += len(logged) - len(accepted)
        if len(logged) < len(accepted):
            verdict.lost += len(accepted) - len(logged)
        if logged != accepted:
            verdict.problems.append(
                f"match {match.pk}: log of {len(logged)} moves differs from the "
                f"{len(accepted)} the phone saw accepted"
            )
        sides = [side.config for side in match.sides.order_by("position")]
        start = initial_state(
            engine, edition=match.edition.data, sides=sides, options=match.options
        )
        replayed = replay_actions(engine, start, (e.action for e in log_stacks(events).applied))
        if engine.state_to_json(replayed) != match.state:
            verdict.replay_mismatches += 1
            verdict.problems.append(f"match {match.pk}: replay differs from the snapshot")
        if log.finished != (match.status == "finished"):
            verdict.problems.append(f"match {match.pk}: status {match.status}, phone saw the end")
        if match.status == "finished":
            verdict.finished += 1
            state = MatchStatsState.objects.filter(match=match).first()
            rows = MatchParticipation.objects.filter(match=match).count()
            if state is None or state.seq_included != match.seq or rows != PLAYERS:
                verdict.stats_missing += 1
                verdict.problems.append(f"match {match.pk}: stats missing or stale")
    return verdict


# --- report -------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def summary(results: Results, verdict: Verdict | None = None) -> dict[str, Any]:
    appends = results.append_latencies
    data = {
        "matches": len(results.matches),
        "moves_accepted": results.counts["moves"],
        "requests": len(results.all_latencies),
        "wall_s": round(results.wall, 2),
        "appends_per_s": round(results.counts["moves"] / results.wall, 1) if results.wall else 0,
        "requests_per_s": round(len(results.all_latencies) / results.wall, 1)
        if results.wall
        else 0,
        "append_p50_ms": round(percentile(appends, 50) * 1e3, 1),
        "append_p95_ms": round(percentile(appends, 95) * 1e3, 1),
        "append_p99_ms": round(percentile(appends, 99) * 1e3, 1),
        "append_median_ms": round(statistics.median(appends) * 1e3, 1) if appends else None,
        "statuses": dict(sorted(results.statuses.items())),
        "mischief": {k: v for k, v in sorted(results.counts.items()) if k != "moves"},
        "client_errors": len(results.errors),
    }
    if verdict is not None:
        # the verdict's counts (its problems are printed apart)
        data["verified"] = {k: v for k, v in asdict(verdict).items() if k != "problems"}
    return data


def print_report(data: dict[str, Any], baseline_ms: float | None = None) -> None:
    print(
        f"load: {data['matches']} matches, {data['moves_accepted']} moves, "
        f"{data['requests']} requests in {data['wall_s']} s"
    )
    print(f"  throughput: {data['appends_per_s']} appends/s, {data['requests_per_s']} requests/s")
    print(
        f"  append latency: p50 {data['append_p50_ms']} ms, p95 {data['append_p95_ms']} ms, "
        f"p99 {data['append_p99_ms']} ms"
    )
    if baseline_ms:
        print(
            f"  ratio p50 under load / single phone p50 = {data['append_p50_ms'] / baseline_ms:.2f}x"
            f" (single phone p50 {baseline_ms:.1f} ms)"
        )
    print(f"  statuses: {data['statuses']}")
    print(f"  mischief: {data['mischief']}")
    if "verified" in data:
        print(f"  verified: {data['verified']}")


# --- the script ---------------------------------------------------------------------------------


def _prepare_database(url: str) -> None:
    """Drop and create the database named in ``url``, migrate it, load the editions."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.test")
    os.environ["LOG_LEVEL"] = "WARNING"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from teams.services import reference_editions_load

    reference_editions_load()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=8, help="phones logging at once")
    parser.add_argument("--matches", type=int, default=16, help="complete matches to log")
    parser.add_argument("--web-workers", type=int, default=3, help="web server processes")
    parser.add_argument(
        "--server",
        choices=sorted(SERVERS),
        default="gunicorn",
        help="the web server: gunicorn sync workers (production's API) or uvicorn (ASGI)",
    )
    parser.add_argument("--worker-concurrency", type=int, default=2, help="Celery pool size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)

    database_url = os.environ.get(
        "DATABASE_URL", "postgres://postgres@127.0.0.1:5432/companion_load"
    )
    if not database_url.startswith("postgres"):
        print("bench/load.py needs PostgreSQL: set DATABASE_URL=postgres://…", file=sys.stderr)
        return 2
    if not redis_available():
        print("bench/load.py needs redis-server on the PATH", file=sys.stderr)
        return 2
    _prepare_database(database_url)
    stack = start_stack(
        database_url,
        web_workers=args.web_workers,
        worker_concurrency=args.worker_concurrency,
        server=args.server,
    )
    try:
        # the baseline: one phone, one match, nothing else running, in this same run
        alone = drive(
            stack.base_url, make_phones(1), matches=1, seed=args.seed, mischief=Mischief(0, 0, 0)
        )
        baseline = percentile(alone.append_latencies, 50) * 1e3
        results = drive(
            stack.base_url, make_phones(args.phones), matches=args.matches, seed=args.seed
        )
        wait_for_stats([log.match_id for log in results.matches], timeout=300)
        verdict = verify(results.matches)
    finally:
        stack.close()
    data = summary(results, verdict)
    print(
        f"load test: {args.phones} phones, {args.server} x{args.web_workers}, "
        f"celery x{args.worker_concurrency}, PostgreSQL, Redis"
    )
    print_report(data, baseline)
    for problem in (results.errors + verdict.problems)[:20]:
        print(f"  PROBLEM: {problem}")
    if args.json:
        print(json.dumps({**data, "single_phone_p50_ms": round(baseline, 1)}))
    ok = verdict.ok and not results.errors and verdict.lost == 0 and verdict.doubled == 0
    print("OK: nothing lost or doubled" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
