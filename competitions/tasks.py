"""Thin Celery tasks: the standings of a competition, rebuilt from its fixtures' matches."""

from __future__ import annotations

from celery import shared_task

from companion.tasks import rebuild_task
from competitions import jobs


@rebuild_task
def standings_rebuild(competition_id: int, match_id: int | None = None) -> str | None:
    """The standings after a match of the competition ended, was undone or imported."""
    return jobs.standings_rebuild(
        competition_id=competition_id, matches=None if match_id is None else {match_id}
    )


@shared_task(acks_late=True, ignore_result=True)
def catch_up() -> int:
    """Beat: every running competition's standings, from its matches (a lost hand-off)."""
    from competitions.models import Competition, CompetitionStatus

    ids = list(
        Competition.objects.filter(status=CompetitionStatus.RUNNING).values_list("id", flat=True)
    )
    return jobs.rebuild_all(competition_ids=ids)
