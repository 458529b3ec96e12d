"""Rebuild every stats row from the finished matches, with a progress bar and a summary."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand
from tqdm import tqdm

from matches.models import Match, MatchStatus
from stats.jobs import BATCH, stats_rebuild


class Command(BaseCommand):
    help = "Rebuild all stats (manager stats, ratings, player stats, team cards). Idempotent."

    def add_arguments(self, parser):
        parser.add_argument("--batch-size", type=int, default=BATCH)
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, batch_size: int, no_progress: bool, **options):
        total = Match.objects.filter(status=MatchStatus.FINISHED).count()
        started = time.perf_counter()
        with tqdm(total=total, unit="match", disable=no_progress, file=self.stderr._out) as bar:
            summary = stats_rebuild(batch_size=max(batch_size, 1), progress=bar.update)
        elapsed = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Rebuilt stats of {summary.matches} finished matches in {elapsed:.1f}s: "
                f"{summary.participations} sides, {summary.player_lines} player lines, "
                f"{summary.managers} manager records, {summary.teams} team cards "
                f"(games: {', '.join(summary.games) or 'none'})."
            )
        )
