"""The competitions app's error codes, in the API's registry (``companion.api.codes``)."""

from __future__ import annotations

from companion.api.codes import REGISTRY, register

CODES: list[tuple[str, int, str]] = [
    ("not_organiser", 403, "Only the competition's organiser may do this."),
    ("not_in_fixture", 403, "Only a fixture's members play it (or put it off)."),
    ("format_not_for_game", 400, "The format does not fit the game's number of sides."),
    ("invalid_groups", 400, "Groups of 3 to 6 members cannot be made of these."),
    ("invalid_qualifiers", 400, "More go through than a group has members."),
    ("winner_not_in_fixture", 400, "A walkover's winner must be one of the fixture's members."),
    ("no_walkover", 400, "A match day cannot be awarded."),
    ("not_member", 400, "Someone who is not a member of the competition."),
    ("too_few_members", 409, "Too few members have accepted for the format (`least`)."),
    ("competition_drawn", 409, "The fixtures are drawn: nobody joins or is drawn again."),
    ("already_member", 409, "The user is asked, or plays, already (`member`)."),
    ("member_answered", 409, "The invitation was answered already, or the member is out."),
    ("fixture_closed", 409, "The fixture is decided already, or begun (`status`)."),
    ("member_left", 409, "A member of the fixture has left the competition."),
    ("organiser_stays", 409, "The organiser cannot leave."),
    ("season_not_over", 409, "The season has fixtures to play."),
    ("season_started", 409, "The next season exists already."),
]

DETAILS: dict[str, dict] = {
    "member": {"type": "integer", "description": "The competition's member it concerns."},
    "least": {"type": "integer", "description": "`too_few_members`: the fewest members."},
}


def register_codes() -> None:
    REGISTRY.register_details(DETAILS)
    for code, status, description in CODES:
        register(code, status, description=description)
