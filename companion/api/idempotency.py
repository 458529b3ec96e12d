"""``Idempotency-Key``: a retried POST returns the first answer and creates nothing.

The record is written in the same transaction as the write it answers, so either both are
stored or neither. The same key with another body or another query string (``?include=state``
shapes the answer) is refused (422), because the client reused a key for a different request:
a replay is always the answer to the very request it repeats.

The record is looked up only when the write does not go through. A first attempt (the usual
case) costs no lookup; a retry of a request that was answered either fails as a write (its
``expected_seq`` is stale by now, the match is closed…) or, when it would succeed again, hits
the unique key of its record, which rolls the repeated write back. Either way the record is
then found and its answer replayed.

A record keeps what the replay needs, no more. A write to a match's log keeps a recipe (the
seqs it logged, the match's fields as answered, the answer's shape: ``replay`` names the view
that rebuilds it, ``answer_recipe``), and the replay rebuilds the very answer from the log; a
logged move's record weighs a few hundred bytes where its answer with ``?include=state`` weighs
ten kilobytes. Other writes (a team, a build) keep their small answer as it is.

Records expire after ``IDEMPOTENCY_RETENTION_HOURS`` (24 by default, as Stripe keeps its
keys): a retry after that is a new request (an append's ``expected_seq`` is stale by then: 409,
nothing doubled; a creation creates again, and the key then answers that one). An expired
record is never replayed, also before it is deleted: when its key is in the way, it is deleted
and the write goes through again. ``records_prune`` deletes them all, run hourly by the beat job
``matches.tasks.prune_idempotency_records`` through the index on ``created_at``.

An answer to a write with a key has its keys in sorted order (``canonical``), the first time
and on a replay, so the replay is the first answer byte for byte, though the database may hand
JSON back with its keys in another order (PostgreSQL's ``jsonb`` keeps them by length).

The records live in the model named by the setting ``IDEMPOTENCY_RECORD_MODEL`` (an app's
model, so this module imports no app): its fields ``user``, ``key`` (unique together),
``fingerprint``, ``status_code``, ``replay``, ``body``, ``created_at``, and what its
``scope_columns(answer, scope)`` returns (e.g. the match a record is deleted with).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.response import Response

from companion.errors import DomainError
from companion.sql import insert_rows

HEADER = "Idempotency-Key"
REPLAY_HEADER = "Idempotent-Replayed"


def _fingerprint(request) -> str:
    """The request as a retry repeats it: method, path, query (the answer's shape depends on
    it, e.g. ``?include=state``) and body."""
    try:
        body = json.dumps(request.data, sort_keys=True, default=str)
    except (TypeError, ValueError):
        body = repr(request.data)
    target = request.path
    query = sorted((key, sorted(values)) for key, values in request.query_params.lists())
    if query:
        target = f"{target}?{json.dumps(query)}"
    raw = f"{request.method} {target}\n{body}".encode()
    return hashlib.sha256(raw).hexdigest()


#: How an answer is rebuilt from its recipe, by the name the record keeps in ``replay``.
_REBUILDERS: dict[str, Callable[[Any, dict], dict]] = {}


def rebuilt_by(name: str, rebuild: Callable[[Any, dict], dict]) -> None:
    """Register ``rebuild(request, recipe) -> body`` for answers kept as recipes ``name``."""
    _REBUILDERS[name] = rebuild


def answer_recipe(response: Response, name: str, recipe: dict) -> Response:
    """Keep ``recipe`` instead of the answer, should the write carry an Idempotency-Key."""
    response.replay_recipe = (name, recipe)
    return response


def _records():
    """The model that keeps the records (``IDEMPOTENCY_RECORD_MODEL``)."""
    return apps.get_model(settings.IDEMPOTENCY_RECORD_MODEL)


def canonical(value: Any) -> Any:
    """``value`` with the keys of every object in sorted order: rendered, the same data gives
    the same bytes, whatever order its parts were built or read back in."""
    if isinstance(value, dict):
        return {str(key): canonical(value[key]) for key in sorted(value, key=str)}
    if isinstance(value, list | tuple):
        return [canonical(item) for item in value]
    return value


def _replay(request, record, fingerprint: str) -> Response:
    if record.fingerprint != fingerprint:
        raise DomainError(
            "idempotency_key_reused",
            _("This Idempotency-Key was already used for a different request."),
        )
    body = _REBUILDERS[record.replay](request, record.body) if record.replay else record.body
    return Response(canonical(body), status=record.status_code, headers={REPLAY_HEADER: "true"})


def _cutoff() -> datetime:
    """Records created before this have expired."""
    return timezone.now() - timedelta(hours=settings.IDEMPOTENCY_RETENTION_HOURS)


def _record(user, key: str):
    rows = (
        _records()
        .objects.filter(user=user, key=key)
        .only("fingerprint", "status_code", "replay", "body", "created_at")[:1]
    )
    return next(iter(rows), None)


def _forget_expired(record) -> None:
    """Delete an expired record whose key is in the way of a new request (unless a request
    raced in and renewed it meanwhile)."""
    _records().objects.filter(pk=record.pk, created_at__lt=_cutoff()).delete()


def _remember(user, key: str, fingerprint: str, scope: int | None, response) -> None:
    """Store the answer (or its recipe); IntegrityError when the user's key is taken."""
    replay, body = getattr(response, "replay_recipe", ("", response.data))
    model = _records()
    row = {
        "user": user.pk,
        "key": key,
        "fingerprint": fingerprint,
        "status_code": response.status_code,
        "replay": replay,
        "body": body,
        "created_at": timezone.now(),
        **model.scope_columns(response.data, scope),
    }
    insert_rows(model, tuple(row), [tuple(row.values())])


def records_prune(*, older_than: datetime | None = None, batch: int = 5000) -> int:
    """Delete the records older than the retention (or ``older_than``), ``batch`` rows a
    statement through the index on ``created_at``; returns how many were deleted."""
    if older_than is None:
        older_than = _cutoff()
    records = _records().objects
    expired = records.filter(created_at__lt=older_than).order_by("created_at")
    deleted = 0
    while True:
        count, _per_model = records.filter(pk__in=expired.values("pk")[:batch]).delete()
        deleted += count
        if count < batch:
            return deleted


def idempotent(request, write: Callable[[], Response], *, scope: int | None = None) -> Response:
    """Run ``write()`` in a transaction, once per ``Idempotency-Key`` of the user: a retry gets
    the first answer. ``scope`` is the id of what the write changes (the record model's
    ``scope_columns`` keeps it, e.g. to delete the record with its match)."""
    key = request.headers.get(HEADER, "").strip()
    if not key or not isinstance(getattr(request.user, "pk", None), int):
        # no key, or a writer with no account to keep a record under (a guest): a retry is
        # kept from doubling a move by its expected_seq alone (409 ``stale_sequence``)
        with transaction.atomic():
            return write()
    if len(key) > 200:
        raise DomainError(
            "invalid_idempotency_key", _("The Idempotency-Key is longer than 200 characters.")
        )
    fingerprint = _fingerprint(request)
    try:
        return _written(request, write, key, fingerprint, scope, last=False)
    except _ExpiredKey:  # a retry past the retention: a new request
        return _written(request, write, key, fingerprint, scope, last=True)


class _ExpiredKey(Exception):
    """The key was held by an expired record, now deleted: the request goes through again."""


def _written(request, write, key: str, fingerprint: str, scope: int | None, *, last: bool):
    """``write()`` and its record in one transaction: its answer, or the first answer to the
    request it repeats. ``_ExpiredKey`` (unless ``last``) when an expired record held the key."""
    try:
        with transaction.atomic():
            response = write()
            _remember(request.user, key, fingerprint, scope, response)
    except Exception as exc:
        if isinstance(exc, DatabaseError) and not isinstance(exc, IntegrityError):
            raise  # the database failed: nothing was stored and the key is not used up
        # The write failed (a retry's expected_seq is stale by now…) or the key is taken (a
        # retry that went through again, or the same key raced in from another request and
        # won; either way the write was rolled back): answer as the first time, if there was
        # one within the retention.
        existing = _record(request.user, key)
        if existing is None:
            raise
        if existing.created_at >= _cutoff():
            return _replay(request, existing, fingerprint)
        if last or not isinstance(exc, IntegrityError):
            raise  # a new request, refused on its own
        _forget_expired(existing)
        raise _ExpiredKey from exc
    response.data = canonical(response.data)
    return response
