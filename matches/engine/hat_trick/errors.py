"""Error helpers: every rejection carries a stable code, a rule clause id and one plain sentence."""

from __future__ import annotations

from matches.engine.base import GameOverError, IllegalActionError, InvalidActionError, SetupError

__all__ = [
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "SetupError",
    "illegal",
    "invalid",
]


def illegal(code: str, rule: str, message: str, **details: object) -> IllegalActionError:
    """An :class:`IllegalActionError` (the caller raises it)."""
    return IllegalActionError(code, rule, message, details or None)


def invalid(message: str, **details: object) -> InvalidActionError:
    """An :class:`InvalidActionError` with code ``invalid_action``."""
    return InvalidActionError("invalid_action", None, message, details or None)
