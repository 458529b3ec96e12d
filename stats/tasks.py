"""Thin Celery tasks: load ids, call a service (stats.jobs)."""

from __future__ import annotations

from celery import shared_task

from companion.tasks import rebuild_task
from stats import jobs


@rebuild_task
def match_finished(match_id: int) -> int:
    """Stats of one finished match (handed over after commit by matches.log.services)."""
    return jobs.match_stats_refresh(match_id=match_id)


@shared_task(acks_late=True, ignore_result=True)
def catch_up(limit: int = 500) -> int:
    """Beat: finished matches whose stats do not include their last seq yet."""
    return jobs.stats_catch_up(limit=limit)


#: The beat entry to merge into ``CELERY_BEAT_SCHEDULE`` (see docs/stats.md).
BEAT_SCHEDULE = {
    "stats-catch-up": {"task": "stats.tasks.catch_up", "schedule": 300.0},
}
