"""The errors each competitions operation declares in the schema (docs/competitions.md, "The API")."""

from __future__ import annotations

from companion.openapi import KEY_REUSED, error_response

# --- errors each operation declares ---------------------------------------------------------

_INVALID = ["invalid", "invalid_idempotency_key"]
NOT_FOUND = {404: error_response("No such competition, or a private one.", ["not_found"])}
_ORGANISER = error_response("Only the competition's organiser may do this.", ["not_organiser"])
CREATE_ERRORS = {
    400: error_response(
        "Malformed input, a team or build not yours or of another game, or a format the game "
        "cannot be played in.",
        [
            *_INVALID,
            "format_not_for_game",
            "team_not_yours",
            "build_not_yours",
            "team_wrong_game",
        ],
    ),
    422: KEY_REUSED,
}
INVITE_ERRORS = {
    400: error_response("Malformed input.", ["invalid"]),
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "The user is asked or plays already, or the fixtures are drawn.",
        ["already_member", "competition_drawn"],
    ),
}
ANSWER_ERRORS = {
    400: error_response(
        "Malformed input, or a team or build not yours or of another game.",
        ["invalid", "team_not_yours", "build_not_yours", "team_wrong_game"],
    ),
    **NOT_FOUND,
    409: error_response(
        "Answered already, or the fixtures are drawn.", ["member_answered", "competition_drawn"]
    ),
}
LEAVE_ERRORS = {
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "Not in the competition, or the organiser.", ["member_answered", "organiser_stays"]
    ),
}
DRAW_ERRORS = {
    400: error_response(
        "Malformed input; groups of 3 to 6 cannot be made of the members, or more go through "
        "than a group holds.",
        ["invalid", "invalid_groups", "invalid_qualifiers"],
    ),
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "Drawn already, or too few members accepted (`details.least`).",
        ["competition_drawn", "too_few_members"],
    ),
}
PLAY_ERRORS = {
    400: error_response(
        "Malformed input; members present who are not members, or too few or many for the "
        "game; a set-up the game refuses.",
        [*_INVALID, "not_member", "wrong_number_of_sides", "@engine_input", "edition_missing"],
    ),
    403: error_response("Only the fixture's members play it.", ["not_in_fixture"]),
    **NOT_FOUND,
    409: error_response(
        "The fixture is decided already, or a member has left.", ["fixture_closed", "member_left"]
    ),
    422: KEY_REUSED,
}
WALKOVER_ERRORS = {
    400: error_response(
        "Malformed input, a winner not in the fixture's tie, or a match day.",
        ["invalid", "no_walkover", "winner_not_in_fixture"],
    ),
    403: error_response("Only the organiser awards a walkover.", ["not_organiser"]),
    **NOT_FOUND,
    409: error_response("The fixture is decided already.", ["fixture_closed"]),
}
POSTPONE_ERRORS = {
    400: error_response("Malformed input.", ["invalid"]),
    403: error_response("Only the fixture's members or the organiser.", ["not_in_fixture"]),
    **NOT_FOUND,
    409: error_response("The fixture has begun, or is decided.", ["fixture_closed"]),
}
SEASON_ERRORS = {
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "The season is not over, or the next one has begun; too few members for the format.",
        ["season_not_over", "season_started", "too_few_members", "competition_drawn"],
    ),
    400: error_response(
        "The members cannot be drawn into groups of 3 to 6.",
        ["invalid_groups", "invalid_qualifiers"],
    ),
}
QUERY_ERRORS = {400: error_response("Malformed query.", ["invalid"])}
