"""The ping task runs eagerly by default and on a real worker when a broker is configured."""

import pytest
from django.conf import settings

from companion.tasks import ping


def test_ping_runs_eagerly_without_broker():
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("a broker is configured: see the worker test")
    assert ping.delay().get(timeout=5)["eager"] is True


@pytest.mark.worker
def test_ping_runs_on_a_real_worker():
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly")
    result = ping.delay().get(timeout=30)
    assert result["pong"] is True
    assert result["eager"] is False
