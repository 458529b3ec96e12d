"""Error helpers: every refusal names a stable code, a TK rule id and the parameters of its
sentence; the sentence itself is the catalog's (``texts.ERRORS``)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    Sentences,
    SetupError,
)
from matches.engine.trixkick import texts

SENTENCES = Sentences(texts.ERRORS, ("A", "B"))


def illegal(code: str, rule: str, **details: Any) -> IllegalActionError:
    return IllegalActionError(code, rule, details=details or None, sentences=SENTENCES)


def game_over(rule: str) -> GameOverError:
    return GameOverError("game_over", rule, sentences=SENTENCES)


def refused_setup(
    code: str, rule: str | None, cause: str | None = None, **details: Any
) -> SetupError:
    """A refused set-up, edition or state; ``cause`` (if any) picks its sentence."""
    if cause is not None:
        details = {"cause": cause, **details}
    return SetupError(code, rule, details=details or None, sentences=SENTENCES)


def invalid(message: str, **details: Any) -> InvalidActionError:
    return InvalidActionError("invalid_action", "TK-0", message, details or None)


def unreadable(
    code: str, rule: str | None, cause: str | None = None, **details: Any
) -> InvalidActionError:
    """A refusal of unreadable input (a card, a state); ``cause`` (if any) picks its sentence."""
    if cause is not None:
        details = {"cause": cause, **details}
    return InvalidActionError(code, rule, details=details or None, sentences=SENTENCES)
