"""The companion Django project: settings, URLs, the Celery app and the shared API plumbing."""

from companion.celery import app as celery_app

__all__ = ["celery_app"]
