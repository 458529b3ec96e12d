"""The one row a write changes, read under a lock until the write's transaction ends."""

from __future__ import annotations

from typing import TypeVar

from django.db import models

from companion.errors import NotFound

_Row = TypeVar("_Row", bound=models.Model)


def locked(rows: models.QuerySet[_Row]) -> _Row:
    """The first of ``rows``, its own table's row locked (not the rows ``select_related``
    reads with it); ``NotFound`` when there is none (no such row, or none the writer may see:
    the same answer)."""
    row = rows.select_for_update(of=("self",)).first()
    if row is None:
        raise NotFound()
    return row
