"""Project-wide tasks."""

import socket

from celery import shared_task


@shared_task(name="companion.ping")
def ping() -> dict:
    """Answer from whichever process runs the task: proves the worker round trip."""
    request = ping.request
    return {
        "pong": True,
        "eager": bool(request.is_eager),
        "hostname": request.hostname or socket.gethostname(),
    }
