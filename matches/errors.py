"""The match log's own errors, with stable codes (the engines have theirs)."""

from __future__ import annotations

from rest_framework import status

from companion.api.errors import ApiError


def stale_sequence(*, expected: int, current: int) -> ApiError:
    return ApiError(
        "stale_sequence",
        f"The match has moved on: you saw move {expected}, it is now at {current}. "
        "Reload the match and log again.",
        status_code=status.HTTP_409_CONFLICT,
        details={"expected_seq": expected, "current_seq": current},
    )


def match_closed(*, status_value: str, current: int) -> ApiError:
    return ApiError(
        "match_closed",
        f"The match is {status_value.replace('_', ' ')}: nothing more can be logged.",
        status_code=status.HTTP_409_CONFLICT,
        details={"status": status_value, "current_seq": current},
    )


def seq_beyond_log(*, seq: int, current: int) -> ApiError:
    return ApiError(
        "seq_out_of_range",
        f"The match has {current} moves logged; there is no state after move {seq}.",
        status_code=status.HTTP_400_BAD_REQUEST,
        details={"seq": seq, "current_seq": current},
    )


def nothing_to(what: str, *, current: int) -> ApiError:
    return ApiError(
        f"nothing_to_{what}",
        f"There is no move to {what}.",
        status_code=status.HTTP_409_CONFLICT,
        details={"current_seq": current},
    )


def not_participant() -> ApiError:
    return ApiError(
        "not_participant",
        "Only the match's creator and its managers can log moves.",
        status_code=status.HTTP_403_FORBIDDEN,
    )


def hidden_information() -> ApiError:
    return ApiError(
        "hidden_information",
        "The match file would show another side's hidden set-up; it can be exported by "
        "everyone once the match is over.",
        status_code=status.HTTP_403_FORBIDDEN,
    )
