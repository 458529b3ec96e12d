"""Set up Django for a benchmark script: a fresh database, migrated, reference editions loaded.

Uses ``DATABASE_URL`` when set (e.g. PostgreSQL), else a temporary SQLite file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
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
    from teams.services import reference_editions_load

    reference_editions_load()
