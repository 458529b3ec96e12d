"""Benchmark of the stats rebuild: 1k and 10k generated Hat-Trick matches in one run.

Run: ``.venv/bin/python bench/stats.py`` (uses a temporary SQLite database, eager Celery).
Prints the rebuild time for each size, the 10k/1k ratio (target: at most 11x, i.e. linear),
and the per-match rebuild cost beside the cost of just reading a match's events (target:
at most 3x).
"""

from __future__ import annotations

import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

os.environ.setdefault("LOG_LEVEL", "WARNING")
_django.setup_in_process("stats")

from _events import Odds, finished_matches, played  # noqa: E402  (beside this script)
from django.contrib.auth import get_user_model  # noqa: E402

from matches.models import Match, MatchEvent, MatchSide  # noqa: E402
from stats.jobs import BATCH, stats_rebuild  # noqa: E402
from stats.rows import read_events  # noqa: E402
from teams.models import Edition  # noqa: E402

EVENTS_PER_MATCH = 40
START = datetime(2024, 1, 1, tzinfo=UTC)


def squad(first: int) -> list[dict]:
    roles = ["full_back"] * 2 + ["centre_back"] * 2 + ["midfielder"] * 3 + ["forward"] * 3
    return [
        {"number": first + i, "role": roles[i], "attack": 2 + i % 3, "defence": 3 - i % 2}
        for i in range(10)
    ]


STATE = {"setup": {"players": [squad(2), squad(2)]}}


ODDS = Odds(
    passes=0.45,
    dribbles=0.7,
    shots=0.8,
    fouls=0.85,
    goal=0.3,
    pass_types=("short_pass", "long_ball", "dribbling"),
)


def generate(count: int, *, offset: int, users: list, edition: Edition) -> None:
    rng = random.Random(offset)
    for start in range(0, count, 500):
        chunk = range(offset + start, offset + min(start + 500, count))
        matches = finished_matches(
            chunk,
            edition=edition,
            creator=users[0],
            moves=EVENTS_PER_MATCH,
            state=STATE,
            start=START,
            result={},
        )
        sides, events = [], []
        for match in matches:
            home, away = rng.sample(users, 2)
            log, scores = played(rng, match, ODDS, EVENTS_PER_MATCH)
            events += log
            result = (
                ["draw", "draw"]
                if scores[0] == scores[1]
                else (["win", "loss"] if scores[0] > scores[1] else ["loss", "win"])
            )
            for position, user in enumerate((home, away)):
                sides.append(
                    MatchSide(
                        match=match,
                        position=position,
                        name=f"{user.username} XI",
                        user=user,
                        score=scores[position],
                        result=result[position],
                    )
                )
        MatchSide.objects.bulk_create(sides)
        MatchEvent.objects.bulk_create(events, batch_size=2000)


def read_events_time(lean: bool) -> float:
    """Just reading every finished match's events, batch by batch: as model instances (a
    plain ORM read), or ``lean`` with the rebuild's own values-list query."""
    ids = list(Match.objects.filter(status="finished").order_by("id").values_list("id", flat=True))
    started = time.perf_counter()
    n = 0
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        rows = (
            read_events(chunk)
            if lean
            else MatchEvent.objects.filter(match_id__in=chunk).order_by("match_id", "seq")
        )
        for event in rows:
            n += len(event.effects)
    return time.perf_counter() - started


def timed_rebuild() -> float:
    started = time.perf_counter()
    stats_rebuild()
    return time.perf_counter() - started


def measure(label: str) -> tuple[int, float, float]:
    matches = Match.objects.count()
    rebuild = min(timed_rebuild() for _ in range(2))  # the better of two: less machine noise
    read = min(read_events_time(lean=False) for _ in range(2))
    lean = min(read_events_time(lean=True) for _ in range(2))
    per_match = rebuild / matches * 1000
    per_read, per_lean = read / matches * 1000, lean / matches * 1000
    print(
        f"{label}: {matches} matches, rebuild {rebuild:.2f}s ({per_match:.3f} ms/match); "
        f"reading events as models {per_read:.3f} ms/match (ratio {per_match / per_read:.2f}x), "
        f"as value rows {per_lean:.3f} ms/match (ratio {per_match / per_lean:.2f}x)"
    )
    return matches, rebuild, per_match / per_read


def main() -> int:
    edition = Edition.objects.create(game="hat-trick", slug="bench", title="bench", data={})
    User = get_user_model()
    users = [User.objects.create(username=f"manager{i}") for i in range(60)]
    generate(1000, offset=0, users=users, edition=edition)
    _, small, ratio_small = measure("1k")
    generate(9000, offset=1000, users=users, edition=edition)
    _, large, ratio_large = measure("10k")
    growth = large / small
    print(f"growth 10k/1k: {growth:.2f}x (target <= 11x)")
    print(
        f"rebuild/read (models) per match: {ratio_small:.2f}x and {ratio_large:.2f}x (target <= 3x)"
    )
    ok = growth <= 11 and max(ratio_small, ratio_large) <= 3
    print("OK" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
