"""Error helpers: every refusal carries a stable code, a rule clause id and the parameters of
its sentence; the sentence itself is the catalog's (``texts.ERRORS``)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    Sentences,
    SetupError,
)
from matches.engine.hat_trick import texts

__all__ = [
    "SENTENCES",
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "SetupError",
    "game_over",
    "illegal",
    "invalid",
    "refused_setup",
    "unreadable",
]

SENTENCES = Sentences(texts.ERRORS, ("Blue", "Red"))


def illegal(code: str, rule: str, **details: object) -> IllegalActionError:
    """An :class:`IllegalActionError` (the caller raises it)."""
    return IllegalActionError(code, rule, details=details or None, sentences=SENTENCES)


def game_over(rule: str) -> GameOverError:
    return GameOverError("game_over", rule, sentences=SENTENCES)


def refused_setup(code: str, rule: str, cause: str, **details: Any) -> SetupError:
    """A refused set-up (``invalid_setup``, ``invalid_lineup``); ``cause`` picks its sentence."""
    return SetupError(code, rule, details={"cause": cause, **details}, sentences=SENTENCES)


def invalid(message: str, **details: object) -> InvalidActionError:
    """An :class:`InvalidActionError` with code ``invalid_action``."""
    return InvalidActionError("invalid_action", None, message, details or None)


def unreadable(
    code: str, rule: str | None, cause: str | None = None, **details: Any
) -> InvalidActionError:
    """A refusal of unreadable input (a card, a state); ``cause`` (if any) picks its sentence."""
    if cause is not None:
        details = {"cause": cause, **details}
    return InvalidActionError(code, rule, details=details or None, sentences=SENTENCES)
