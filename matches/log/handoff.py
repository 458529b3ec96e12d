"""A match that finished, or was reopened, goes to the stats jobs after commit."""

from __future__ import annotations

import logging

from django.conf import settings
from django.dispatch import Signal
from django.utils.module_loading import import_string

logger = logging.getLogger("matches.log.services")

#: Sent after commit when a match finished or was reopened (``match_id``): the apps that
#: derive something from a match's result (a competition's table) listen.
match_result_changed = Signal()


def match_finished_handoff(match_id: int) -> None:
    """Hand a match that finished, or was reopened, to the stats jobs (which compute or
    withdraw its rows as the match then stands); a broker outage is caught up by beat."""
    match_result_changed.send(sender=None, match_id=match_id)
    task_path = getattr(settings, "MATCH_FINISHED_TASK", "")
    if not task_path:
        return
    try:
        import_string(task_path).delay(match_id)
    except Exception:  # the broker may be down: the periodic catch-up job will find the match
        logger.warning("could not enqueue stats for match %s; beat will catch up", match_id)
