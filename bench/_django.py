"""Set up Django for a benchmark script: a fresh database, migrated, reference editions loaded.

Uses ``DATABASE_URL`` when set (e.g. PostgreSQL), else a temporary SQLite file;
``setup_in_process`` always a temporary SQLite file, with Celery's tasks run eagerly.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup(*, editions: bool = True) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.test")
    if "DATABASE_URL" not in os.environ:
        tmp = tempfile.mkdtemp(prefix="bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0, interactive=False)
    if editions:
        from teams.services import reference_editions_load

        reference_editions_load()


def setup_in_process(name: str) -> None:
    """A benchmark measured within its own process (the stats and competitions rebuilds): a
    fresh SQLite file of its own whatever ``DATABASE_URL`` says, Celery's tasks run eagerly (no
    broker), migrated; no reference editions (the benchmark makes the one it plays)."""
    tmp = tempfile.mkdtemp(prefix=f"{name}-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings.test"
    setup(editions=False)
