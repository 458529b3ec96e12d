"""Writes of the teams app, one module per thing they serve: editions and their card rows
(``editions``), teams (``teams``), budget builds (``builds``).

Every function takes keyword arguments only and raises ``companion.errors.DomainError`` for anything a client
can get wrong (never a bare exception that would become a 500). The HTTP layer calls them
inside ``companion.api.idempotency.idempotent`` where a write honours an Idempotency-Key
(docs/api.md, "The write path").
"""

from teams.services.builds import (
    build_create,
    build_delete,
    build_recheck,
    build_team_make,
    build_update,
    team_brought,
)
from teams.services.editions import (
    edition_cards_sync,
    edition_create,
    edition_data_check,
    edition_dependents_recheck,
    edition_in_use,
    edition_update,
    reference_editions_load,
)
from teams.services.teams import team_create, team_delete, team_recheck, team_update

__all__ = [
    "build_create",
    "build_delete",
    "build_recheck",
    "build_team_make",
    "build_update",
    "edition_cards_sync",
    "edition_create",
    "edition_data_check",
    "edition_dependents_recheck",
    "edition_in_use",
    "edition_update",
    "reference_editions_load",
    "team_brought",
    "team_create",
    "team_delete",
    "team_recheck",
    "team_update",
]
