"""Reads of editions."""

from __future__ import annotations

from teams.models import Edition


def edition_latest(*, game: str, slug: str = "reference") -> Edition | None:
    return Edition.objects.filter(game=game, slug=slug).order_by("-version").first()
