"""``manage.py competitions_rebuild [--competition ID ...]``: every fixture's result and every
competition's standings, rebuilt from their matches (the same bytes as the jobs write)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from competitions import jobs


class Command(BaseCommand):
    help = "Rebuild the competitions' stored tables, brackets and awards from their matches."

    def add_arguments(self, parser):
        parser.add_argument("--competition", type=int, action="append", dest="competitions")

    def handle(self, *args, competitions=None, **options):
        count = jobs.rebuild_all(competition_ids=competitions)
        self.stdout.write(f"rebuilt {count} competition(s)")
