"""The match log's error codes and the engines' refusals, in the API's registry of codes
(``companion.api.codes``); registered when the app is ready.

The engines' codes are read from each game: its texts list a sentence per code (``ERRORS``, a
test checks every code an engine raises has one), its shapes say which of them refuse
malformed input (400, group ``engine_input``); the rest are refusals by the rules (422, group
``engine_refusal``). Causes (``details.cause``) are the ``code:cause`` keys of the texts.
"""

from __future__ import annotations

from companion.api.codes import REGISTRY, register
from matches.engine import Game, on_register

#: The group of the engines' refusals of malformed input (400) and of moves the rules refuse
#: (422), the statuses they are answered with; an operation lists ``@engine_input`` /
#: ``@engine_refusal``.
ENGINE_INPUT = "engine_input"
ENGINE_REFUSAL = "engine_refusal"
#: The engines' refusals of malformed input a move can meet (``@engine_move_input``): those of
#: ``engine_input`` but the set-up's.
ENGINE_MOVE_INPUT = "engine_move_input"
#: The engines' input codes only opening or importing a match raises (its game, sides, options,
#: edition, lineups, pieces, a match file's state or notation), never a move: a move names no
#: game, and the set-up was read when the match was opened.
SETUP_INPUT_CODES = frozenset(
    {
        "unknown_game",
        "wrong_player_count",
        "invalid_sides",
        "invalid_options",
        "invalid_option",
        "unknown_option",
        "invalid_edition",
        "invalid_setup",
        "invalid_lineup",
        "invalid_pieces",
        "invalid_state",
        "invalid_notation",
    }
)


#: The match log's own codes: each with the status it is answered with and what it means.
CODES: list[tuple[str, int, str]] = [
    ("stale_sequence", 409, "Another phone logged first (`current_seq`)."),
    ("match_closed", 409, "The match is finished or abandoned."),
    ("nothing_to_undo", 409, "No move to undo."),
    ("nothing_to_redo", 409, "No undone move to redo."),
    ("match_already_held", 409, "The file's match is held already."),
    ("seq_out_of_range", 400, "`seq` beyond the log (`current_seq`)."),
    ("not_participant", 403, "Only the match's creator and managers write."),
    ("not_creator", 403, "Only the match's creator may do this."),
    ("hidden_information", 403, "Another side's set-up is still secret."),
    ("idempotency_key_reused", 422, "The Idempotency-Key was used for another request."),
    ("invalid_idempotency_key", 400, "An Idempotency-Key over 200 characters."),
    ("invalid_match_file", 400, "A match file that cannot be read."),
    ("wrong_number_of_sides", 400, "Too few or too many sides for the game."),
    ("edition_missing", 400, "No such edition."),
    ("edition_mismatch", 400, "An edition of another game, or the teams' editions differ."),
    ("team_not_yours", 400, "A team of another manager."),
    ("team_wrong_game", 400, "A team of another game."),
    ("build_not_yours", 400, "A build of another manager."),
    ("no_such_side", 400, "The match has no such side."),
    ("invite_yourself", 400, "An invitation to oneself."),
    ("already_invited", 409, "The manager is invited to a side already."),
    ("already_playing", 409, "The manager plays another side already."),
    ("invitation_answered", 409, "The invitation was answered already."),
    ("side_linked", 409, "The side is linked to a manager already."),
    ("team_fixed", 409, "The side's team can no longer change."),
    ("no_face_down_choice", 409, "Nothing is chosen face down at this step."),
    ("not_your_side", 403, "The side chooses for itself."),
    ("part_not_allowed", 422, "Not a choice open to the side."),
    ("join_code_expired", 404, "A join code that expired, or one never made (the same answer)."),
    ("join_code_used", 409, "The join code was used already."),
    ("join_code_cancelled", 409, "The host cancelled the join code."),
    ("side_taken", 409, "A guest plays the side already."),
    ("guest_claim_invalid", 404, "A claim token that claims nothing (any more)."),
    ("match_not_finished", 409, "The match is not finished: no report yet."),
    ("guest_taken_back", 409, "The host took the side back from the guest: nothing to claim."),
]


#: The facts the match log's errors carry in ``details`` (the schema's ``ErrorDetails``).
DETAILS: dict[str, dict] = {
    "current_seq": {"type": "integer", "description": "The match's sequence number now."},
    "expected_seq": {"type": "integer", "description": "The one the request carried."},
    "index": {"type": "integer", "description": "Batch: the refused action's index."},
    "move_number": {"type": "integer", "description": "Import: the refused move."},
    "uid": {"type": "string", "description": "Import: the match file's uid."},
    "match": {"type": "integer", "description": "409 `match_already_held`: its id."},
    "seq": {"type": "integer", "description": "400 `seq_out_of_range`: the seq asked."},
    "status": {"type": "string", "description": "409 `match_closed`: the match's status."},
    "game": {
        "anyOf": [{"type": "string"}, {"type": "integer"}],
        "description": "400 `unknown_game`: the game asked; an Amigo Hattrick refusal: "
        "the number of the game (of the match) it concerns.",
    },
    "team": {"type": "integer", "description": "A team the request named."},
    "edition": {"type": "integer", "description": "An edition the request named."},
    "editions": {
        "type": "array",
        "items": {"type": "string"},
        "description": "400 `edition_mismatch`: the editions of the teams brought.",
    },
    "min": {"type": "integer", "description": "`wrong_number_of_sides`: the fewest."},
    "max": {"type": "integer", "description": "`wrong_number_of_sides`: the most."},
    "given": {"type": "integer", "description": "`wrong_number_of_sides`: how many."},
    "side": {"type": "integer", "description": "The side the error concerns."},
    "sides": {"type": "integer", "description": "`no_such_side`: the match's sides."},
}


def register_codes() -> None:
    REGISTRY.register_details(DETAILS)
    REGISTRY.register_group(ENGINE_INPUT, 400)
    REGISTRY.register_group(ENGINE_MOVE_INPUT, 400)
    REGISTRY.register_group(ENGINE_REFUSAL, 422)
    register("unknown_game", description="No such game.", group=ENGINE_INPUT)
    for code, status, description in CODES:
        register(code, status, description=description)
    on_register(register_game_codes)


def register_game_codes(game: Game) -> None:
    """A game's refusals, from its texts (a game registered later too)."""
    errors = getattr(game.texts, "ERRORS", {})
    for entry in errors:
        code = entry.split(":", 1)[0].split("@", 1)[0]
        if code in game.shapes.input_codes:
            register(code, description="Input the game cannot read.", group=ENGINE_INPUT)
            if code not in SETUP_INPUT_CODES:
                register(code, group=ENGINE_MOVE_INPUT)
        else:
            register(code, description="A move the rules refuse.", group=ENGINE_REFUSAL)
    REGISTRY.register_causes(entry.split(":", 1)[1] for entry in errors if ":" in entry)
