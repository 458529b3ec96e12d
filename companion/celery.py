"""The Celery application.

With ``CELERY_BROKER_URL`` (or ``REDIS_URL``) unset, tasks run eagerly in-process, so the
embedded default needs no other service; with it set, a worker consumes them from Redis.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.dev")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
