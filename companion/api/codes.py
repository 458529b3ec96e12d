"""The one registry of the error codes the API answers with (the ``code`` of the error shape).

Each code is registered once, with the one status it is answered with and what it means: the
exception handler (``companion.api.errors``) answers an error raised in the domain's terms
(``companion.errors.DomainError``) with its code's status, so a service never names one. A code
registered again with another status is refused when the apps load. The API's own plumbing
registers its codes here, and each app registers its own when it is ready (the shared API layer
imports no app). The schema lists, for every operation and status, the codes it can
answer as an enum (``companion.openapi``), read from this registry; an answer with a code not
registered is a bug (under ``settings.ERROR_CODES_STRICT``, as in the test suite, it raises).

A set of codes can be registered under a ``group`` (the engines' refusals, for example), so
that an operation lists the group and gets every code in it, however many games there are. A
group may have a status of its own (``register_group``): the errors an app answers by group
(``companion.api.errors.register_error_response``: the engines' refusals, 400 for input they
cannot read, 422 for a move the rules refuse) take it, even where an app's domain error uses
the same code with its own status (``invalid_lineup``: a team that breaks the building rules is
422, a set-up's malformed lineup 400); a code in two groups of different statuses is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class ErrorCode:
    code: str
    #: the status a domain error with this code is answered with (``None``: a code only
    #: raised as a member of a group that has a status, an engine's refusal)
    status: int | None
    description: str
    groups: set[str] = field(default_factory=set)
    #: the status of the group it is answered by, when an app's own errors are (``group_status``)
    group_status: int | None = None

    @property
    def statuses(self) -> set[int]:
        return {status for status in (self.status, self.group_status) if status is not None}


class CodeConflict(ValueError):
    """A code (or a group) registered with two statuses: each has one."""


def _one(what: str, known: int | None, status: int | None) -> int | None:
    if None not in (known, status) and known != status:
        raise CodeConflict(f"{what} is registered with {known} and {status}: it has one status.")
    return known if status is None else status


class ErrorCodes:
    def __init__(self) -> None:
        self._codes: dict[str, ErrorCode] = {}
        self._group_status: dict[str, int] = {}
        self._causes: set[str] = set()
        self._details: dict[str, dict] = {}

    def register(
        self,
        code: str,
        status: int | None = None,
        *,
        description: str = "",
        group: str | None = None,
    ) -> str:
        """Register ``code`` as answered with ``status``. Registering it again (each game lists
        its refusals) may add a group, never another status: that raises ``CodeConflict``, and
        so does a code in two groups of different statuses."""
        known = self._codes.setdefault(code, ErrorCode(code, None, description))
        known.status = _one(f"The error code {code!r}", known.status, status)
        known.description = known.description or description
        if group:
            known.groups.add(group)
            in_group = self._group_status.get(group)
            known.group_status = _one(f"The error code {code!r}", known.group_status, in_group)
        return code

    def register_group(self, name: str, status: int) -> str:
        """Answer the errors an app raises as members of the group ``name`` (the engines'
        refusals) with ``status``, whatever their codes mean elsewhere; register it before its
        codes."""
        self._group_status[name] = _one(f"The group {name!r}", self._group_status.get(name), status)
        return name

    def status(self, code: str, *, groups: Iterable[str] = ()) -> int:
        """The status ``code`` is answered with: that of the first of ``groups`` (with a status)
        it is in, else its own (``LookupError`` for a code not registered)."""
        entry = self._codes.get(code)
        if entry is None:
            raise LookupError(f"The error code {code!r} is not registered.")
        for group in groups:
            if group in entry.groups and group in self._group_status:
                return self._group_status[group]
        status = entry.status if entry.status is not None else entry.group_status
        if status is None:
            raise LookupError(f"The error code {code!r} has no status.")
        return status

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
register(
    "guest_pass_scope",
    401,
    description="A guest's token on a route that is not of its own match: sign in instead.",
)
register(
    "guest_pass_ended",
    401,
    description="A guest's pass that has ended: its match is over, or the host took it back.",
)
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
