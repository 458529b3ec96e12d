"""A match of a fixture that finished or was reopened: its competition's standings are
rebuilt by the task (``competitions.tasks.standings_rebuild``), after the match's commit."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def match_result_changed(sender, *, match_id: int, **kwargs) -> None:
    from competitions import jobs, tasks

    for competition_id in jobs.competitions_of_match(match_id):
        try:
            tasks.standings_rebuild.delay(competition_id, match_id)
        except Exception:  # the broker may be down: the periodic catch-up rebuilds it
            logger.warning("could not enqueue the standings of competition %s", competition_id)


def connect() -> None:
    from matches.log.handoff import match_result_changed as changed

    changed.connect(match_result_changed, dispatch_uid="competitions.match_result_changed")
