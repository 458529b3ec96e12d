"""The errors services raise: a domain error knows its code, never an HTTP status.

Services, selectors, adapters and tasks raise :class:`DomainError` (or a factory's instance of
it) for anything a client asked that cannot be done: a stable ``code``, a sentence for the
player (translated when raised, or lazy), ``details`` (facts the client can act on) and, for a
rule that refuses, the ``rule`` clause it cites. What a code means on the wire (its status)
is said once, where the code is registered (``companion.api.codes``); the API's exception
handler (``companion.api.errors``) answers a domain error with its code's status.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy


class DomainError(Exception):
    """A refusal in the domain's terms: a code, a sentence, details and an optional clause."""

    def __init__(
        self,
        code: str,
        message: Any,
        *,
        details: dict[str, Any] | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message  # a str, or a lazy translation rendered when answered
        self.details = details or {}
        self.rule = rule

    def __str__(self) -> str:
        return str(self.message)


class NotFound(DomainError):
    """The object asked for does not exist, or the asker may not know it does (``not_found``,
    in DRF's own words, as a missing address answers)."""

    def __init__(self, *, details: dict[str, Any] | None = None) -> None:
        super().__init__("not_found", gettext_lazy("Not found."), details=details)
