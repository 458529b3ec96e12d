"""The match log's own errors, with stable codes (the engines have theirs)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from rest_framework import status

from companion.api.errors import ApiError

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
