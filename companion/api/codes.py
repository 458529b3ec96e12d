"""The one registry of the error codes the API answers with (the ``code`` of the error shape).

Each code is registered once, with the statuses it comes with and what it means; the API's own
plumbing registers its codes here, and each app registers its own when it is ready (the shared
API layer imports no app). The schema lists, for every operation and status, the codes it can
answer as an enum (``companion.openapi``), read from this registry; an answer with a code not
registered is a bug (under ``settings.ERROR_CODES_STRICT``, as in the test suite, it raises).

A set of codes can be registered under a ``group`` (the engines' refusals, for example), so
that an operation lists the group and gets every code in it, however many games there are.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class ErrorCode:
    code: str
    statuses: set[int]
    description: str
    groups: set[str] = field(default_factory=set)


class ErrorCodes:
    def __init__(self) -> None:
        self._codes: dict[str, ErrorCode] = {}
        self._causes: set[str] = set()
        self._details: dict[str, dict] = {}

    def register(
        self, code: str, *statuses: int, description: str = "", group: str | None = None
    ) -> str:
        """Register ``code`` as answered with ``statuses`` (registering it again adds to them)."""
        known = self._codes.setdefault(code, ErrorCode(code, set(), description))
        known.statuses.update(statuses)
        known.description = known.description or description
        if group:
            known.groups.add(group)
        return code

    def register_causes(self, causes: Iterable[str]) -> None:
        """Register values of ``details.cause`` (why a malformed input was refused)."""
        self._causes.update(causes)

    def causes(self) -> list[str]:
        return sorted(self._causes)

    def register_details(self, properties: dict[str, dict]) -> None:
        """Register facts an app's errors carry in ``details``: each name with its JSON schema
        (a property of the schema's ``ErrorDetails``)."""
        self._details.update(properties)

    def details(self) -> dict[str, dict]:
        return dict(self._details)

    def __contains__(self, code: object) -> bool:
        return code in self._codes

    def get(self, code: str) -> ErrorCode:
        return self._codes[code]

    def all(self) -> list[ErrorCode]:
        return sorted(self._codes.values(), key=lambda entry: entry.code)

    def group(self, name: str, status: int | None = None) -> list[str]:
        """The codes registered under the group ``name`` (with ``status``, if given)."""
        return sorted(
            entry.code
            for entry in self._codes.values()
            if name in entry.groups and (status is None or status in entry.statuses)
        )

    def expand(self, names: Iterable[str], status: int) -> list[str]:
        """``names`` with each ``@group`` replaced by its codes answered with ``status``; a
        name that is not registered raises ``LookupError`` (the schema names only real codes)."""
        out: set[str] = set()
        for name in names:
            if name.startswith("@"):
                out.update(self.group(name[1:], status))
            elif name in self._codes:
                out.add(name)
            else:
                raise LookupError(f"The error code {name!r} is not registered.")
        return sorted(out)


REGISTRY = ErrorCodes()
register = REGISTRY.register

# --- the shared API layer's own codes -----------------------------------------------------------
register("invalid", 400, description="Malformed input: `fields` names each field's problems.")
register("parse_error", 400, description="The body is not valid JSON.")
register("too_deep", 400, description="JSON nested deeper than the limit (`details.max_depth`).")
register("invalid_cursor", 400, description="A cursor not taken from a page's links.")
register("invalid_value", 400, description="A value out of the range the service can store.")
register("bad_request", 400, description="A malformed request (a `Content-Length` not a number).")
register("not_authenticated", 401, description="No credentials: log in and send the token header.")
register("authentication_failed", 401, description="The token is not valid (revoked, mistyped).")
register("token_expired", 401, description="The token was not used for too long: log in again.")
register("permission_denied", 403, description="Not allowed.")
register("not_found", 404, description="No such object (or a private one), or no such path.")
register("method_not_allowed", 405, description="The path does not answer this method.")
register("not_acceptable", 406, description="No answer in a media type the `Accept` header asks.")
register("payload_too_large", 413, description="The body is over the limit (`details.max_bytes`).")
register("unsupported_media_type", 415, description="The body is not JSON.")
register("throttled", 429, description="Too many requests: wait `Retry-After` seconds.")
register("server_error", 500, description="A fault of the server; nothing was changed.")
register("service_unavailable", 503, description="The database cannot be reached right now.")
register("invalid_credentials", 400, description="Wrong username or password.")
register("invalid_reset_token", 400, description="A used, expired or mistyped reset token.")
