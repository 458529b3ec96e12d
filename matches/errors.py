"""The match log's own errors, with stable codes (the engines have theirs): domain errors, each
answered with the status its code is registered with (``matches.error_codes``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from companion.errors import DomainError

#: a match's status in words (``match_closed``)
STATUS_WORDS = {
    "finished": lambda: pgettext("match status", "finished"),
    "abandoned": lambda: pgettext("match status", "abandoned"),
    "in_progress": lambda: pgettext("match status", "in progress"),
}


def not_creator(what: str) -> DomainError:
    """``what`` (the sentence: only the creator does it) asked of a match by someone else."""
    return DomainError("not_creator", what)


def no_such_side(position: int, *, sides: int) -> DomainError:
    return DomainError(
        "no_such_side",
        _("The match has no side {side}.").format(side=position),
        details={"side": position, "sides": sides},
    )


def side_linked(position: int) -> DomainError:
    return DomainError(
        "side_linked", _("That side is already played by a manager."), details={"side": position}
    )


def side_taken(position: int) -> DomainError:
    return DomainError(
        "side_taken", _("A guest plays that side already."), details={"side": position}
    )


def side_invited(position: int) -> DomainError:
    return DomainError(
        "already_invited", _("Someone is already invited to that side."), details={"side": position}
    )


def stale_sequence(*, expected: int, current: int) -> DomainError:
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
    return DomainError(
        "stale_sequence",
        message.format(expected=expected, current=current),
        details={"expected_seq": expected, "current_seq": current},
    )


def match_closed(*, status_value: str, current: int) -> DomainError:
    words = STATUS_WORDS.get(status_value)
    return DomainError(
        "match_closed",
        _("The match is {status}: nothing more can be logged.").format(
            status=words() if words else status_value
        ),
        details={"status": status_value, "current_seq": current},
    )


def seq_beyond_log(*, seq: int, current: int) -> DomainError:
    return DomainError(
        "seq_out_of_range",
        _("There is no state after move {seq}: the match's log ends at move {current}.").format(
            seq=seq, current=current
        ),
        details={"seq": seq, "current_seq": current},
    )


def nothing_to(what: str, *, current: int) -> DomainError:
    message = {
        "undo": lambda: _("There is no move to undo."),
        "redo": lambda: _("There is no move to redo."),
    }.get(what, lambda: _("There is no move to take back or bring back."))()
    return DomainError(
        f"nothing_to_{what}",
        message,
        details={"current_seq": current},
    )


def not_participant() -> DomainError:
    return DomainError(
        "not_participant",
        _("Only the match's creator and its managers can log moves."),
    )


def hidden_information() -> DomainError:
    return DomainError(
        "hidden_information",
        _(
            "The match file would show another side's hidden set-up; it can be exported by "
            "everyone once the match is over."
        ),
    )
