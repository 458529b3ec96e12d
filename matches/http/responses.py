"""The error responses the match endpoints declare in the OpenAPI schema: per kind of
operation (open, log a move, undo/redo/abandon, import), and ``ERRORS`` for views that declare
no codes of their own."""

from __future__ import annotations

from companion.openapi import KEY_REUSED, error_response

_NOT_PARTICIPANT = error_response(
    "Only the match's creator and its managers may write.", ["not_participant"]
)
_CLOSED = ["stale_sequence", "match_closed"]
#: Malformed input of a write: a field (`fields`), the Idempotency-Key, or a move
#: (``@engine_move_input``) or set-up (``@engine_input``) the game cannot read (`details.cause`).
_WRITE_400 = ["invalid", "invalid_idempotency_key"]
APPEND_ERRORS = {
    400: error_response(
        "Malformed input, or a move the game cannot read (`details.cause`, `details.field`).",
        [*_WRITE_400, "@engine_move_input"],
    ),
    403: _NOT_PARTICIPANT,
    409: error_response("The match moved on, or is closed.", _CLOSED),
    422: error_response(
        "An illegal move: the engine's code, the `rule` clause and a sentence (or a reused "
        "Idempotency-Key, `idempotency_key_reused`).",
        ["@engine_refusal", "idempotency_key_reused"],
    ),
}
COMMAND_ERRORS = {
    400: error_response("Malformed input.", _WRITE_400),
    403: _NOT_PARTICIPANT,
    409: error_response(
        "The match moved on, is closed, or has nothing to undo or redo.",
        [*_CLOSED, "nothing_to_undo", "nothing_to_redo"],
    ),
    422: KEY_REUSED,
}
CREATE_ERRORS = {
    400: error_response(
        "Malformed input, or a set-up the game does not allow (`details.cause`).",
        [
            *_WRITE_400,
            "@engine_input",
            "wrong_number_of_sides",
            "edition_missing",
            "edition_mismatch",
            "team_not_yours",
            "team_wrong_game",
        ],
    ),
    422: KEY_REUSED,
}
IMPORT_ERRORS = {
    400: error_response(
        "Malformed input or match file; an unreadable move names `details.move_number`.",
        [*_WRITE_400, "@engine_input", "invalid_match_file", "wrong_number_of_sides"],
    ),
    409: error_response(
        "The file records a match this server holds already (`details.match`).",
        ["match_already_held"],
    ),
    422: error_response(
        "An illegal move in the file (`details.move_number`), or a reused Idempotency-Key.",
        ["@engine_refusal", "idempotency_key_reused"],
    ),
}
NOT_FOUND = {404: error_response("No such match, or a private one.", ["not_found"])}
#: ``?seq=`` of the state and the picture: a whole number up to the match's own seq.
SEQ_QUERY = {
    400: error_response(
        "Malformed query, or `seq` beyond the log (`details.current_seq`).",
        ["invalid", "seq_out_of_range"],
    )
}
#: The statuses a match endpoint answers in general, for views that declare no codes of their own.
ERRORS = {
    400: error_response(
        "Malformed input; `fields` names each field's problems.",
        [
            "invalid",
            "no_such_side",
            "invite_yourself",
            "already_invited",
            "team_not_yours",
            "build_not_yours",
            "edition_mismatch",
        ],
    ),
    403: error_response("Not allowed.", ["permission_denied", "not_participant", "not_creator"]),
    **NOT_FOUND,
    409: error_response(
        "A conflict with the match as it is now (`details`).",
        [
            *_CLOSED,
            "already_invited",
            "already_playing",
            "invitation_answered",
            "side_linked",
            "team_fixed",
        ],
    ),
    422: error_response(
        "Well-formed but not allowed (`code`, `rule`, a sentence).", ["@engine_refusal"]
    ),
}
