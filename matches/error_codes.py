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
#: (422); an operation lists ``@engine_input`` / ``@engine_refusal``.
ENGINE_INPUT = "engine_input"
ENGINE_REFUSAL = "engine_refusal"


def register_codes() -> None:
    register("unknown_game", 400, description="No such game.", group=ENGINE_INPUT)
    register("stale_sequence", 409, description="Another phone logged first (`current_seq`).")
    register("match_closed", 409, description="The match is finished or abandoned.")
    register("nothing_to_undo", 409, description="No move to undo.")
    register("nothing_to_redo", 409, description="No undone move to redo.")
    register("match_already_held", 409, description="The file's match is held already.")
    register("seq_out_of_range", 400, description="`seq` beyond the log (`current_seq`).")
    register("not_participant", 403, description="Only the match's creator and managers write.")
    register("not_creator", 403, description="Only the match's creator may do this.")
    register("hidden_information", 403, description="Another side's set-up is still secret.")
    register(
        "idempotency_key_reused",
        422,
        description="The Idempotency-Key was used for another request.",
    )
    register("invalid_idempotency_key", 400, description="An Idempotency-Key over 200 characters.")
    register("invalid_match_file", 400, description="A match file that cannot be read.")
    register("wrong_number_of_sides", 400, description="Too few or too many sides for the game.")
    register("edition_missing", 400, description="No such edition.")
    register(
        "edition_mismatch",
        400,
        description="An edition of another game, or the teams' editions differ.",
    )
    register("team_not_yours", 400, description="A team of another manager.")
    register("team_wrong_game", 400, description="A team of another game.")
    register("build_not_yours", 400, description="A build of another manager.")
    register("no_such_side", 400, description="The match has no such side.")
    register("already_invited", 400, description="The manager is invited to a side already.")
    register("invite_yourself", 400, description="An invitation to oneself.")
    register("already_invited", 409, description="The manager is invited to a side already.")
    register("already_playing", 409, description="The manager plays another side already.")
    register("invitation_answered", 409, description="The invitation was answered already.")
    register("side_linked", 409, description="The side is linked to a manager already.")
    register("team_fixed", 409, description="The side's team can no longer change.")
    register("no_face_down_choice", 409, description="Nothing is chosen face down at this step.")
    register("not_your_side", 403, description="The side chooses for itself.")
    register("part_not_allowed", 422, description="Not a choice open to the side.")
    on_register(register_game_codes)


def register_game_codes(game: Game) -> None:
    """A game's refusals, from its texts (a game registered later too)."""
    errors = getattr(game.texts, "ERRORS", {})
    for entry in errors:
        code = entry.split(":", 1)[0].split("@", 1)[0]
        if code in game.shapes.input_codes:
            register(code, 400, description="Input the game cannot read.", group=ENGINE_INPUT)
        else:
            register(code, 422, description="A move the rules refuse.", group=ENGINE_REFUSAL)
    REGISTRY.register_causes(entry.split(":", 1)[1] for entry in errors if ":" in entry)
