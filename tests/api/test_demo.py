import pytest
from django.core.management import call_command

from matches.models import Match

pytestmark = pytest.mark.django_db


def test_seed_demo_is_repeatable_and_prints_the_urls(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    assert "/api/docs/" in out and "/admin/" in out and "demo-companion" in out
    match = Match.objects.get()
    assert match.seq == 3 and match.status == "in_progress"
