"""Benchmark of a competition's table rebuild: a 20-member double round robin (380 matches)
against a 10-member one (90 matches), in the same run.

Run: ``.venv/bin/python bench/competitions.py`` (a temporary SQLite database, eager Celery).
Each fixture has a finished Hat-Trick match of generated events (passes, shots, goals, cards).
The rebuild is the management command's: every fixture's result read again from its match's
events through the game's stats extractor, then the table, awards and champion. Prints the
rebuild time of each (CPU time, the best of seven, the garbage collector in the same state at each start), their ratio (target: at most 4.6x, the matches grow 4.2x), and the time
of reading the table over HTTP beside reading one match (the table is stored: about one
read).
"""

from __future__ import annotations

import gc
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

_django.setup_in_process("competitions")

from _events import Odds, finished_matches, played  # noqa: E402  (beside this script)
from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from competitions import draws, jobs  # noqa: E402
from competitions.models import Competition, Fixture, Member  # noqa: E402
from matches.models import Match, MatchEvent, MatchSide  # noqa: E402
from teams.models import Edition  # noqa: E402

EVENTS_PER_MATCH = 60
START = datetime(2025, 1, 1, tzinfo=UTC)
STATE = {"setup": {"players": [[], []]}}


ODDS = Odds(passes=0.5, dribbles=0.75, shots=0.85, fouls=0.9, goal=0.25)


def league(size: int, *, users: list, edition: Edition, seed: int) -> Competition:
    """A drawn double round robin of ``size`` members, every fixture's match finished."""
    rng = random.Random(seed)
    competition = Competition.objects.create(
        name=f"{size} members",
        game="hat-trick",
        format="league",
        organiser=users[0],
        status="running",
        settings={"double": True},
        seed=seed,
    )
    members = Member.objects.bulk_create(
        Member(competition=competition, user=user, status="accepted") for user in users[:size]
    )
    pairings = draws.round_robin([m.pk for m in members], double=True)
    matches = finished_matches(
        range(len(pairings)),
        edition=edition,
        creator=users[0],
        moves=EVENTS_PER_MATCH,
        state=STATE,
        start=START,
    )
    sides, events = [], []
    for match in matches:
        log, scores = played(rng, match, ODDS, EVENTS_PER_MATCH)
        events += log
        winners = [0, 1] if scores[0] == scores[1] else [0 if scores[0] > scores[1] else 1]
        match.result = {"termination": "full_time", "scores": scores, "winners": winners}
        for position in (0, 1):
            outcome = "draw" if len(winners) == 2 else ("win" if winners == [position] else "loss")
            sides.append(
                MatchSide(
                    match=match,
                    position=position,
                    name=f"side {position}",
                    score=scores[position],
                    result=outcome,
                )
            )
    Match.objects.bulk_update(matches, ["result"])
    MatchSide.objects.bulk_create(sides)
    MatchEvent.objects.bulk_create(events, batch_size=2000)
    Fixture.objects.bulk_create(
        Fixture(
            competition=competition,
            stage="league",
            round=p.round,
            leg=p.leg,
            home_id=p.home,
            away_id=p.away,
            match=match,
            status="playing",
        )
        for p, match in zip(pairings, matches, strict=True)
    )
    return competition


def rebuild(competition: Competition) -> float:
    """The command's rebuild of one competition, from nothing stored: the CPU time of this
    process (SQLite runs in it), which the other work on a shared machine disturbs less than
    the wall clock."""
    Fixture.objects.filter(competition=competition).update(result=None, status="playing")
    Competition.objects.filter(pk=competition.pk).update(standings={}, standings_tag="")
    # every run starts from the same collector state: the setup's objects frozen out of its
    # scans, nothing pending (else a full collection lands in one run and not another)
    gc.collect()
    gc.freeze()
    started = time.process_time()
    jobs.rebuild_all(competition_ids=[competition.pk])
    return time.process_time() - started


def read_time(client: Client, path: str, times: int = 50) -> float:
    started = time.perf_counter()
    for _ in range(times):
        response = client.get(path)
        assert response.status_code == 200, response.content
    return (time.perf_counter() - started) / times


def main() -> int:
    edition = Edition.objects.create(game="hat-trick", slug="bench", title="bench", data={})
    User = get_user_model()
    users = [User.objects.create(username=f"member{i}") for i in range(20)]
    small = league(10, users=users, edition=edition, seed=10)
    large = league(20, users=users, edition=edition, seed=20)
    counts = {c.pk: Fixture.objects.filter(competition=c).count() for c in (small, large)}
    rebuild(small)  # warm the caches of the game registry and the ORM
    runs: dict[int, list[float]] = {small.pk: [], large.pk: []}
    for _ in range(7):  # alternating, the best of seven each: less noise
        runs[small.pk].append(rebuild(small))
        runs[large.pk].append(rebuild(large))
    first, second = min(runs[small.pk]), min(runs[large.pk])
    ratio = second / first
    print(f"10 members, double round robin: {counts[small.pk]} matches, rebuild {first:.3f}s")
    print(f"20 members, double round robin: {counts[large.pk]} matches, rebuild {second:.3f}s")
    print(
        f"ratio {ratio:.2f}x for {counts[large.pk] / counts[small.pk]:.2f}x the matches "
        f"(target <= 4.6x)"
    )
    # the rebuild writes the same bytes again
    tag = Competition.objects.get(pk=large.pk).standings_tag
    jobs.rebuild_all(competition_ids=[large.pk])
    assert Competition.objects.get(pk=large.pk).standings_tag == tag
    client = Client()
    match = Fixture.objects.filter(competition=large).first().match_id
    table = min(read_time(client, f"/api/competitions/{large.pk}/table/") for _ in range(3))
    one = min(read_time(client, f"/api/matches/{match}/") for _ in range(3))
    print(
        f"reading the table of 20 members {table * 1000:.2f} ms, one match {one * 1000:.2f} ms "
        f"(ratio {table / one:.2f}x)"
    )
    ok = ratio <= 4.6
    print("OK" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
