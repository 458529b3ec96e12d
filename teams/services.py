"""Writes of editions."""

from __future__ import annotations

from django.db import transaction

from matches.engine import available_games, get_engine
from teams.models import Edition


@transaction.atomic
def reference_editions_load() -> list[Edition]:
    """Create (or refresh, while unused) the reference edition of every installed game.

    The data comes from each engine's ``default_edition()``. When the stored latest version
    differs from the engine's data, a new version is added; old versions stay, so matches
    that pinned them keep replaying the same way.
    """
    editions = []
    for game in available_games():
        data = get_engine(game).default_edition()
        latest = Edition.objects.filter(game=game, slug="reference").order_by("-version").first()
        if latest is not None and latest.data == data:
            editions.append(latest)
            continue
        editions.append(
            Edition.objects.create(
                game=game,
                slug="reference",
                version=(latest.version + 1) if latest else 1,
                title=data.get("title", f"{game} reference edition"),
                data=data,
                is_reconstruction=bool(data.get("reconstruction", False)),
                notes=data.get("note", ""),
                previous=latest,
            )
        )
    return editions
