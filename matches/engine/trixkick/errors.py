"""Error helpers: every refusal names a stable code, a TK rule id and one plain sentence."""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalActionError, InvalidActionError


def illegal(code: str, rule: str, message: str, **details: Any) -> IllegalActionError:
    return IllegalActionError(code, rule, message, details or None)


def invalid(message: str, **details: Any) -> InvalidActionError:
    return InvalidActionError("invalid_action", "TK-0", message, details or None)
