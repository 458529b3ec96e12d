"""manage.py rebuild_stats: progress bar, summary, same rows as the jobs."""

from io import StringIO

import pytest
from django.core.management import call_command

from stats.models import ManagerStats, MatchStatsState
from tests.stats.factories import make_match

pytestmark = pytest.mark.django_db


def test_rebuild_stats_command_summarises(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    for score in (1, 0, 2):
        make_match(
            sides=[
                {"name": "A", "user": ann, "score": score},
                {"name": "B", "user": ben, "score": 1},
            ]
        )
    out, err = StringIO(), StringIO()
    call_command("rebuild_stats", "--batch-size", "2", stdout=out, stderr=err)
    assert "Rebuilt stats of 3 finished matches" in out.getvalue()
    assert "2 manager records" in out.getvalue()
    assert "3/3" in err.getvalue()  # the progress bar reached the end
    assert MatchStatsState.objects.count() == 3
    stats = ManagerStats.objects.get(user=ann)
    assert (stats.won, stats.drawn, stats.lost) == (1, 1, 1)
