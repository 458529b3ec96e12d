"""The load test at a small size: gunicorn with several workers, PostgreSQL, a private Redis and
a real Celery worker; phones log complete matches at once, with retries, double taps and stale
requests. Then every match is verified: nothing lost or doubled, no gap, replay == snapshot, and
the worker computed the stats of every finished match.

``LOAD_PHONES`` / ``LOAD_MATCHES`` / ``LOAD_WEB_WORKERS`` resize it; ``bench/load.py`` is the same
run as a script, with the figures.
"""

from __future__ import annotations

import os

import pytest

from bench.load import drive, make_phones, start_stack, summary, verify, wait_for_stats
from tests.ops.conftest import database_url

pytestmark = [pytest.mark.worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PHONES = int(os.environ.get("LOAD_PHONES", "4"))
MATCHES = int(os.environ.get("LOAD_MATCHES", "6"))
WEB_WORKERS = int(os.environ.get("LOAD_WEB_WORKERS", "3"))


def test_phones_log_matches_at_once_and_nothing_is_lost_or_doubled(needs_services, editions):
    stack = start_stack(database_url(), web_workers=WEB_WORKERS)
    try:
        results = drive(stack.base_url, make_phones(PHONES), matches=MATCHES, seed=7)
        assert results.errors == [], results.errors[:10]
        wait_for_stats([log.match_id for log in results.matches], timeout=120)
    except BaseException:
        print("web log:\n" + stack.web.tail())
        print("worker log:\n" + stack.worker.tail())
        raise
    finally:
        stack.close()
    verdict = verify(results.matches)
    figures = summary(results, verdict)
    print(figures)

    assert verdict.problems == []
    assert verdict.matches == verdict.finished == MATCHES
    assert verdict.lost == verdict.doubled == verdict.gaps == 0
    assert verdict.replay_mismatches == verdict.stats_missing == 0
    assert verdict.events == results.counts["moves"] > 0
    # the phones misbehaved, and the server handled each kind as it should
    counts = results.counts
    assert counts["retries"] > 0 and counts["retries_replayed"] == counts["retries"]
    assert counts["stale_sent"] > 0 and counts["stale_refused"] == counts["stale_sent"]
    assert counts["double_taps"] > 0
    assert counts["double_taps_replayed"] + counts["double_taps_409"] == counts["double_taps"]
    assert not [status for status in results.statuses if status >= 500], results.statuses
