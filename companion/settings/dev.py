"""Local development: DEBUG on by default, the embedded SQLite database, eager Celery."""

import os

os.environ.setdefault("DEBUG", "1")

from companion.settings.base import *  # noqa: E402,F401,F403
