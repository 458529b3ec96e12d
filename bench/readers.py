"""Anonymous readers looping on a long finished match's export while a phone logs moves.

An outside probe found six anonymous clients looping on ``export/`` of a 456-move match
pushed a phone's append p50 from 12 ms to 1.4 s. This runs the same case against gunicorn
(production settings, PostgreSQL): the phone's append p50 alone, then with the readers
looping, once with the anonymous read throttle as configured and once with it lifted (so only
the cache of the finished match's export stands between the readers and the workers).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/companion_readers .venv/bin/python bench/readers.py
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import (  # noqa: E402
    _prepare_database,
    make_phones,
    percentile,
    service_env,
    start_web,
)

GAME = "amigo-hattrick"


def _play(http, match_id: int, rng: random.Random, moves: int | None, timings: list) -> int:
    from matches.engine import get_engine
    from tests.matches.play import next_action

    engine = get_engine(GAME)
    current = http.get(f"/api/matches/{match_id}/state/").json()
    done = 0
    while moves is None or done < moves:
        action = next_action(GAME, engine.state_from_json(current["state"]), rng, 4)
        if action is None:
            break
        started = time.perf_counter()
        response = http.post(
            f"/api/matches/{match_id}/events/",
            json={"expected_seq": current["seq"], "action": action},
            params={"include": "state"},
        )
        timings.append(time.perf_counter() - started)
        assert response.status_code == 201, response.text[:300]
        current = response.json()["current"]
        done += 1
    return done


def _open(http, username: str, games: int) -> int:
    sides = [{"name": username.title(), "user": username}] + [
        {"name": f"Guest {i}"} for i in range(3)
    ]
    body = {"game": GAME, "sides": sides, "options": {"games": games}, "visibility": "public"}
    response = http.post("/api/matches/", json=body)
    assert response.status_code == 201, response.text[:300]
    return response.json()["match"]["id"]


def run(
    url: str, *, readers: int, workers: int, moves: int, anon_rate: str | None, cache: str
) -> dict:
    import httpx

    logdir = Path(tempfile.mkdtemp(prefix="companion-readers-"))
    extra = {"THROTTLE_ANON_READ": anon_rate} if anon_rate else {}
    if cache:
        extra["CACHE_REDIS_URL"] = cache
    env = service_env(url, "", LOG_LEVEL="WARNING", **extra)
    web, base = start_web(env, logdir, workers=workers)
    try:
        phone = make_phones(1)[0]
        headers = {"Authorization": f"Token {phone.token}", "Accept": "application/json"}
        with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
            long_match = _open(http, phone.username, games=8)
            length = _play(http, long_match, random.Random(2), None, [])
            alone: list[float] = []
            _play(http, _open(http, phone.username, games=8), random.Random(3), moves, alone)

            stop = threading.Event()
            statuses: Counter = Counter()

            def loop() -> None:
                with httpx.Client(base_url=base, timeout=60) as anonymous:
                    while not stop.is_set():
                        answer = anonymous.get(f"/api/matches/{long_match}/export/")
                        statuses[answer.status_code] += 1

            threads = [threading.Thread(target=loop, daemon=True) for _ in range(readers)]
            for thread in threads:
                thread.start()
            time.sleep(1)
            loaded: list[float] = []
            started = time.monotonic()
            _play(http, _open(http, phone.username, games=8), random.Random(4), moves, loaded)
            elapsed = time.monotonic() - started
            stop.set()
            for thread in threads:
                thread.join(30)
    finally:
        web.stop()
    return {
        "length": length,
        "alone_p50_ms": percentile(alone, 50) * 1e3,
        "loaded_p50_ms": percentile(loaded, 50) * 1e3,
        "loaded_p95_ms": percentile(loaded, 95) * 1e3,
        "reads": dict(statuses),
        "reads_per_s": sum(statuses.values()) / elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=6)
    parser.add_argument("--web-workers", type=int, default=3)
    parser.add_argument("--moves", type=int, default=120, help="phone moves per measurement")
    parser.add_argument(
        "--cache-redis", default="", help="a Redis URL for the shared cache (default: none)"
    )
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/companion_readers")
    if not url.startswith("postgres"):
        print("bench/readers.py needs PostgreSQL: set DATABASE_URL=postgres://…", file=sys.stderr)
        return 2
    _prepare_database(url)
    runs = [("throttle as configured", None), ("throttle lifted", "1000000/min")]
    for label, rate in runs[:1] if args.cache_redis else runs:
        data = run(
            url,
            readers=args.readers,
            workers=args.web_workers,
            moves=args.moves,
            anon_rate=rate,
            cache=args.cache_redis,
        )
        print(
            f"{label}{' (Redis cache)' if args.cache_redis else ''}: {args.readers} anonymous readers on export/ of a {data['length']}-move "
            f"match, gunicorn x{args.web_workers}: phone append p50 alone "
            f"{data['alone_p50_ms']:.1f} ms, with the readers {data['loaded_p50_ms']:.1f} ms "
            f"(p95 {data['loaded_p95_ms']:.1f} ms); reads {data['reads']} "
            f"({data['reads_per_s']:.0f}/s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
