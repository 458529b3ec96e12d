"""Run every benchmark at a modest size, one after the other, and print each one's ratios.

    .venv/bin/python bench/run_all.py        # or: make bench

1. ``bench/engine.py``: Hat-Trick ``apply``/``legal_actions`` beside python-chess's ``push_san``.
2. ``bench/api.py --quick``: the append through the full stack beside a bare DRF insert, move 300
   beside move 10, the history page at 10k beside 1k matches.
3. ``bench/stats.py``: the stats rebuild at 10k beside 1k matches, and beside reading the events.
4. ``bench/live.py``: 200 live streams on the production serving design (nginx, gunicorn for
   the API, uvicorn for the streams, PostgreSQL, Redis) while two phones log: threads and memory
   per stream, the append's p50 beside no streams, delivery p50/p95 (needs PostgreSQL and
   redis-server, as the load test; database ``companion_live`` on the same server).
5. ``bench/load.py``: phones logging matches at once on gunicorn + PostgreSQL + Redis + a Celery
   worker, with the p50 under load beside one phone alone (needs PostgreSQL and redis-server;
   skipped with a note when they are missing).

The first three use temporary SQLite databases (``DATABASE_URL`` is not passed on, so no
benchmark ever writes into a database of yours); the live and load tests use ``LOAD_DATABASE_URL``'s server
(default ``postgres://postgres@127.0.0.1:5432/companion_load``, dropped and created anew).
Every ratio is measured within one run on this machine. Exit status: non-zero if a script
failed to run; a ratio over its target is reported, not a failure (the machine may be busy).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
RATIO = re.compile(r"ratio|\d\.\d+x|= *\d+\.\d+|appends/s|p50|p95|p99|verified|OK|TARGET|OVER")


def _postgres_up(url: str) -> bool:
    host, port = "127.0.0.1", 5432
    match = re.match(r"postgres(?:ql)?://[^@]*@([^:/]+)(?::(\d+))?/", url)
    if match:
        host, port = match.group(1), int(match.group(2) or 5432)
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def plan() -> list[tuple[str, list[str], dict[str, str] | None, str | None]]:
    """(name, argv, extra environment, reason to skip)."""
    load_url = os.environ.get(
        "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/companion_load"
    )
    load_skip = None
    if not _postgres_up(load_url):
        load_skip = f"no PostgreSQL at {load_url}"
    elif shutil.which("redis-server") is None:
        load_skip = "no redis-server on the PATH"
    return [
        ("engine", [str(BENCH / "engine.py"), "20"], None, None),
        ("api", [str(BENCH / "api.py"), "--quick"], None, None),
        ("stats", [str(BENCH / "stats.py")], None, None),
        (
            "live",
            [str(BENCH / "live.py"), "--steps", "0,200", "--moves", "5"]
            + ([] if shutil.which("nginx") or Path("/usr/sbin/nginx").exists() else ["--direct"]),
            {"DATABASE_URL": load_url.rsplit("/", 1)[0] + "/companion_live"},
            load_skip,
        ),
        (
            "load",
            [str(BENCH / "load.py"), "--phones", "6", "--matches", "12", "--web-workers", "3"],
            {"DATABASE_URL": load_url},
            load_skip,
        ),
    ]


def main() -> int:
    base_env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}
    }
    base_env["LOG_LEVEL"] = "WARNING"
    summary: list[str] = []
    failed: list[str] = []
    missed: list[str] = []
    for name, argv, extra, skip in plan():
        print(f"\n=== {name}: {' '.join(Path(a).name if a.endswith('.py') else a for a in argv)}")
        if skip:
            print(f"skipped: {skip}")
            summary.append(f"{name:<7} skipped ({skip})")
            continue
        started = time.perf_counter()
        result = subprocess.run(
            [sys.executable, *argv],
            cwd=ROOT,
            env={**base_env, **(extra or {})},
            capture_output=True,
            text=True,
        )
        elapsed = time.perf_counter() - started
        print(result.stdout.rstrip())
        if result.returncode != 0:
            if "TARGET MISSED" in result.stdout:  # it ran; a ratio is over its target
                missed.append(name)
            else:
                print(result.stderr[-3000:].rstrip())
                failed.append(name)
        lines = [line.strip() for line in result.stdout.splitlines() if RATIO.search(line)]
        summary += [f"{name:<7} {line}" for line in lines]
        summary.append(f"{name:<7} ({elapsed:.0f} s, exit {result.returncode})")
    print("\n=== ratios, all measured in this run")
    print("\n".join(summary))
    if missed:
        print(f"\nover target (see above): {', '.join(missed)}")
    if failed:
        print(f"\nFAILED: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
