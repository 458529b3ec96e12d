"""The teams app's error codes, in the API's registry (``companion.api.codes``)."""

from __future__ import annotations

from companion.api.codes import register

#: The teams app's refusals of input (400): an operation lists ``@teams_input``.
TEAMS_INPUT = "teams_input"


def register_codes() -> None:
    for code, description in (
        ("invalid_catalog", "An edition's catalog that cannot be read."),
        ("lineup_from_build", "A build's team takes its lineup from the build."),
        ("lineup_not_allowed", "This game's teams have no lineup."),
        ("lineup_or_team_card", "Either a lineup or a team card."),
        ("name_required", "A team needs a name."),
        ("no_budget_cards", "The edition has no budget cards."),
        ("no_catalog", "The edition has no catalog for this."),
        ("no_teams_for_game", "This game has no teams."),
        ("pieces_not_allowed", "This game's teams have no pieces."),
        ("style_not_allowed", "This game's teams have no style."),
    ):
        register(code, 400, description=description, group=TEAMS_INPUT)
    register("team_invalid", 422, description="The team breaks its budget or lineup rules.")
    register("invalid_lineup", 422, description="The lineup breaks a rule of the game's set-up.")
    register("build_invalid", 422, description="The build breaks the budget rules.")
