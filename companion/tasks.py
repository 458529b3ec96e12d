"""Project-wide tasks, and the options the apps' rebuild tasks share."""

import socket

from celery import shared_task
from django.db import DatabaseError

#: A task that rebuilds rows from what the database holds (a match's stats, a competition's
#: standings): tried again with a growing pause when the database fails it (it reads anew),
#: acknowledged only once it has run (a worker lost mid-way leaves it queued), no result kept.
rebuild_task = shared_task(
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    max_retries=5,
    acks_late=True,
    ignore_result=True,
)


@shared_task(name="companion.ping")
def ping() -> dict:
    """Answer from whichever process runs the task: proves the worker round trip."""
    request = ping.request
    return {
        "pong": True,
        "eager": bool(request.is_eager),
        "hostname": request.hostname or socket.gethostname(),
    }
