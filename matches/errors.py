"""The match log's own errors, with stable codes (the engines have theirs)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from rest_framework import status
from rest_framework.response import Response

from companion.api.errors import ApiError, registered
from matches.engine import EngineError, IllegalActionError, UnknownGameError
from matches.i18n import error_message, rule_link

#: a match's status in words (``match_closed``)
STATUS_WORDS = {
    "finished": lambda: pgettext("match status", "finished"),
    "abandoned": lambda: pgettext("match status", "abandoned"),
    "in_progress": lambda: pgettext("match status", "in progress"),
}


def stale_sequence(*, expected: int, current: int) -> ApiError:
    if expected > current:  # the client is ahead: a move it saw has been undone meanwhile
        message = _(
            "The match is back at move {current}; the move {expected} you saw has been undone "
            "meanwhile. Reload the match and log again."
        )
    else:
        message = _(
            "The match has moved on: you saw move {expected}, it is now at move {current}. "
            "Reload the match and log again."
        )
    return ApiError(
        "stale_sequence",
        message.format(expected=expected, current=current),
        status_code=status.HTTP_409_CONFLICT,
        details={"expected_seq": expected, "current_seq": current},
    )


def match_closed(*, status_value: str, current: int) -> ApiError:
    words = STATUS_WORDS.get(status_value)
    return ApiError(
        "match_closed",
        _("The match is {status}: nothing more can be logged.").format(
            status=words() if words else status_value
        ),
        status_code=status.HTTP_409_CONFLICT,
        details={"status": status_value, "current_seq": current},
    )


def seq_beyond_log(*, seq: int, current: int) -> ApiError:
    return ApiError(
        "seq_out_of_range",
        _("There is no state after move {seq}: the match's log ends at move {current}.").format(
            seq=seq, current=current
        ),
        status_code=status.HTTP_400_BAD_REQUEST,
        details={"seq": seq, "current_seq": current},
    )


def nothing_to(what: str, *, current: int) -> ApiError:
    message = {
        "undo": lambda: _("There is no move to undo."),
        "redo": lambda: _("There is no move to redo."),
    }.get(what, lambda: _("There is no move to take back or bring back."))()
    return ApiError(
        f"nothing_to_{what}",
        message,
        status_code=status.HTTP_409_CONFLICT,
        details={"current_seq": current},
    )


def not_participant() -> ApiError:
    return ApiError(
        "not_participant",
        _("Only the match's creator and its managers can log moves."),
        status_code=status.HTTP_403_FORBIDDEN,
    )


def hidden_information() -> ApiError:
    return ApiError(
        "hidden_information",
        _(
            "The match file would show another side's hidden set-up; it can be exported by "
            "everyone once the match is over."
        ),
        status_code=status.HTTP_403_FORBIDDEN,
    )


# --- the engines' refusals as API errors (registered in matches.apps) ---------------------


def engine_error_status(exc: EngineError) -> int:
    if isinstance(exc, UnknownGameError):
        return status.HTTP_400_BAD_REQUEST
    if isinstance(exc, IllegalActionError):
        return status.HTTP_422_UNPROCESSABLE_ENTITY
    return status.HTTP_400_BAD_REQUEST


def engine_error_response(exc: EngineError) -> Response:
    body = exc.as_dict()
    registered(exc.code)
    message = error_message(
        exc.code,
        exc.rule,
        exc.details,
        game=getattr(exc, "game", None),
        names=getattr(exc, "side_names", None),
    )
    if message is not None:  # the request's language; else the engine's own English sentence
        body["message"] = message
    headers = {}
    url = rule_link(exc.rule, game=getattr(exc, "game", None))
    if url:  # the clause the refusal cites, to read it in the app (docs/i18n.md)
        body.setdefault("details", {})["rule_url"] = url
        headers["Link"] = f'<{url}>; rel="help"'
    return Response(body, status=engine_error_status(exc), headers=headers)
