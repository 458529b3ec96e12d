"""Thin Celery tasks of the match log."""

from __future__ import annotations

from celery import shared_task

from companion.api import idempotency


@shared_task(ignore_result=True)
def prune_idempotency_records() -> int:
    """Beat: delete idempotency records older than ``IDEMPOTENCY_RETENTION_HOURS``."""
    return idempotency.records_prune()


@shared_task(ignore_result=True)
def prune_join_codes_and_guests() -> tuple[int, int]:
    """Beat: join codes a day after they expired, guest passes after their retention."""
    from matches.guests.services import guests_prune

    return guests_prune()
