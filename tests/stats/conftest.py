import pytest


@pytest.fixture(autouse=True)
def stats_task(settings):
    settings.MATCH_FINISHED_TASK = "stats.tasks.match_finished"
