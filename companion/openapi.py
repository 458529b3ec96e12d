"""The OpenAPI schema's shared parts: the error components, the headers, operation ids.

:class:`AutoSchema` is the project's drf-spectacular schema class. On top of what each view
declares it adds, to every operation, the error responses it really returns, each in the
shape of the ``Error`` component with ``code`` one of the codes that answer can carry (a named
component per answer, ``<Operation><Status>Error``, or one shared by every operation whose
answer carries the same default codes, such as ``UnauthorizedError``; its ``code`` the enum
``<Name>Code``, open to codes added later: see :mod:`companion.open_enums`):

- 400 where the operation reads a body or query parameters, 413/415 where it reads a body;
- 401 everywhere (a wrong token is refused before any view runs), 403 on writes that need a
  login (permissions, and the CSRF check of session logins) and where the view declares it;
- 404 where the path names an object; 429 where a throttle applies to the operation (with
  ``Retry-After``): a scoped one always, the anonymous readers' only on reads open to them;
- 503 everywhere (the database cannot be reached; with ``Retry-After``).

The rate-limit header fields are declared on the answers a throttle may have judged (2xx, 304,
and the errors the view answers after the throttles) of the operations it applies to, and the
description says which limit applies to whom.

A view names the codes of its own errors with :func:`error_response`; statuses a view
declares win over the defaults. Writes that honour ``Idempotency-Key`` list
:data:`IDEMPOTENCY_KEY` among their parameters and so get ``Idempotent-Replayed`` on their
2xx answers. A command (a POST on a path with no GET) is named without the ``_create`` suffix.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from types import SimpleNamespace

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from drf_spectacular import openapi
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.permissions import SAFE_METHODS, AllowAny
from rest_framework.relations import PrimaryKeyRelatedField

from companion.api.codes import REGISTRY
from companion.api.query import MAX_ID
from companion.api.throttles import AnonymousReadThrottle
from companion.open_enums import OPEN_VALUE, open_answer_enums

ERROR = "Error"
FIELD_ERROR = "FieldError"
ERROR_DETAILS = "ErrorDetails"

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "Up to 200 characters chosen by the client. A retry with the same key and body returns "
        "the first answer (with `Idempotent-Replayed: true`) and creates nothing; the same key "
        "with another body is 422 `idempotency_key_reused`. A request that failed does not use "
        "up its key."
    ),
)

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The `ETag` of an answer the client holds: 304 with no body while it is current.",
)
ETAG = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=[200, 304],
    description="Names this answer; send it back in `If-None-Match`.",
)
NOT_MODIFIED = OpenApiResponse(description="Not modified: the answer the client holds is current.")

_SCHEMAS: dict[str, dict] = {
    FIELD_ERROR: {
        "type": "object",
        "description": "One problem with one input field.",
        "properties": {
            "code": {"type": "string", "description": "e.g. `required`, `invalid`, `min_value`"},
            "message": {"type": "string"},
        },
        "required": ["code", "message"],
    },
    ERROR_DETAILS: {
        "type": "object",
        "description": (
            "Facts about the error, by code: the properties below where they apply; an "
            "illegal move's facts are named in the game's rules document "
            "(`docs/rules/<game>.md`)."
        ),
        "properties": {
            "retry_after": {"type": "integer", "description": "Seconds to wait (429, 503)."},
            "max_bytes": {"type": "integer", "description": "413: the largest body accepted."},
            "max_depth": {"type": "integer", "description": "400 `too_deep`: the nesting limit."},
            "cause": {
                "type": "string",
                "description": "Why malformed input was refused (`invalid_action`, "
                "`invalid_setup`, `invalid_option`...): one of the causes of the games' texts.",
            },
            "field": {"type": "string", "description": "The part of a move or set-up refused."},
            "rule_url": {
                "type": "string",
                "format": "uri-reference",
                "description": "422: where to read the clause `rule` names (also in `Link`).",
            },
            "path": {"type": "string", "description": "404: the path with its trailing slash."},
        },
        "additionalProperties": True,
    },
    ERROR: {
        "type": "object",
        "description": (
            "Every error under /api/. `code` is stable and machine-readable; `message` is a "
            "sentence for the player; `rule` the id of the rule clause an illegal move breaks; "
            "`fields` (400) maps each input field, by its dotted path (`sides.1.name`), to its "
            "problems."
        ),
        "properties": {
            "code": {"type": "string"},
            "message": {"type": "string"},
            "rule": {"type": "string", "description": "A clause id of docs/rules, e.g. HT-2.4."},
            "details": {"$ref": f"#/components/schemas/{ERROR_DETAILS}"},
            "fields": {
                "type": "object",
                "additionalProperties": {
                    "type": "array",
                    "items": {"$ref": f"#/components/schemas/{FIELD_ERROR}"},
                },
            },
        },
        "required": ["code", "message"],
    },
}

_DEFAULTS: dict[int, tuple[str, tuple[str, ...]]] = {
    400: ("Malformed input; `fields` names each field's problems.", ("invalid", "parse_error")),
    401: (
        "Not logged in, or the token is not valid (or expired).",
        (
            "not_authenticated",
            "authentication_failed",
            "token_expired",
            "guest_pass_scope",
            "guest_pass_ended",
        ),
    ),
    403: ("Not allowed.", ("permission_denied",)),
    404: ("No such object, or one this reader may not see.", ("not_found",)),
    413: ("The body is larger than the service accepts.", ("payload_too_large",)),
    415: ("The body is not JSON.", ("unsupported_media_type",)),
    429: ("Too many requests; wait `Retry-After` seconds.", ("throttled",)),
    503: (
        "The database cannot be reached; retry after `Retry-After` seconds.",
        ("service_unavailable",),
    ),
}
_BODY_400_CODES = ("too_deep", "bad_request")
_QUERY_400_CODES = ("invalid_cursor",)

_RETRY_AFTER = {
    "description": "Seconds to wait before retrying.",
    "schema": {"type": "integer"},
}
#: The rate-limit header fields of a throttled operation's answers (companion.api.ratelimit).
RATE_LIMIT_HEADERS = {
    "RateLimit-Policy": {
        "description": 'The limits that apply, e.g. `"append";q=1200;w=60`: `q` requests '
        "per `w` seconds (IETF RateLimit header fields).",
        "schema": {"type": "string"},
    },
    "RateLimit": {
        "description": 'Where the client stands, e.g. `"append";r=1187;t=0`: `r` requests '
        "left, `t` seconds until one more is allowed.",
        "schema": {"type": "string"},
    },
    "X-RateLimit-Limit": {
        "description": "Requests allowed in the window.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "X-RateLimit-Remaining": {
        "description": "Requests left in the window.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "X-RateLimit-Reset": {
        "description": "Seconds until one more request is allowed (0: now).",
        "schema": {"type": "integer", "minimum": 0},
    },
}
#: The statuses of the answers a throttle may have judged (besides 2xx): the view answers them
#: after the throttles. The login check and the permissions answer before them (401, and a 403
#: of the CSRF check or of a view's permissions), the body limit too (413): without the fields.
_JUDGED = ("304", "400", "403", "404", "409", "415", "422", "429", "503")
#: Said of the rate-limit header fields of an operation only anonymous readers are limited on.
_ANONYMOUS_ONLY = "Only on answers to requests without a login (none is limited with one)."
_CONTENT_LANGUAGE = {
    "description": "The language of the answer's sentences: `Accept-Language`, or the "
    "user's choice (`PATCH /api/me/`); a language added later is a new value.",
    "schema": {
        "anyOf": [
            {"type": "string", "enum": [code for code, _name in settings.LANGUAGES]},
            OPEN_VALUE,
        ]
    },
}
_LINK_HELP = {
    "description": 'An engine\'s refusal: `<url>; rel="help"`, the clause `rule` names '
    "(also `details.rule_url`).",
    "schema": {"type": "string"},
}
_REPLAYED = {
    "description": "`true` when this is the stored answer to an earlier request with the same "
    "Idempotency-Key (nothing new was created).",
    "schema": {"type": "string", "enum": ["true"]},
}


#: Where a view's :func:`error_response` keeps the codes it names, until :class:`AutoSchema`
#: turns them into the answer's ``code`` enum.
_CODES = "x-error-codes"

#: The word of a status in the names of its error components.
_STATUS_WORDS = {
    400: "BadRequest",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    405: "MethodNotAllowed",
    409: "Conflict",
    413: "PayloadTooLarge",
    415: "UnsupportedMediaType",
    422: "Unprocessable",
    429: "TooManyRequests",
    503: "Unavailable",
}


def error_response(description: str, codes: Iterable[str] = ()) -> OpenApiResponse:
    """An error status a view declares itself, with the codes it can carry: codes of the
    registry (``companion.api.codes``) or ``@group`` for every code of a group. Without codes,
    the status's default codes (or, for a status with none, every code registered for it)."""
    return OpenApiResponse(response={_CODES: list(codes)}, description=description)


#: The 422 of a write under an ``IDEMPOTENCY_KEY`` whose key came with another request.
KEY_REUSED = error_response(
    "The Idempotency-Key was used for another request.", ["idempotency_key_reused"]
)


def error_component_name(operation_id: str, status: int, codes: Iterable[str]) -> str:
    """The name of the error component of an answer: ``UnauthorizedError`` (and the like) where
    the answer carries exactly its status's default codes, shared by every operation, else
    ``<OperationId><Status>Error`` (``MatchesEventsCreateConflictError``)."""
    word = _STATUS_WORDS.get(status, f"Status{status}")
    default = _DEFAULTS.get(status, ("", ()))[1]
    if default and set(codes) == set(default):
        return f"{word}Error"
    camel = "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\W]+", operation_id))
    return f"{camel}{word}Error"


def error_components(name: str, codes: Iterable[str]) -> dict[str, dict]:
    """The error component ``name`` (the ``Error`` shape, every property of it) and its code
    enum ``<name>Code``, open to codes added later (:mod:`companion.open_enums`)."""
    values = sorted(set(codes))
    properties = dict(_SCHEMAS[ERROR]["properties"])
    properties["code"] = {
        "anyOf": [{"$ref": f"#/components/schemas/{name}Code"}, OPEN_VALUE],
        "description": f"One of this answer's codes (`{name}Code`); a code added later is read "
        "by the answer's status.",
    }
    return {
        name: {
            "type": "object",
            "description": f"An `{ERROR}` whose `code` is one of this answer's codes.",
            "properties": properties,
            "required": ["code", "message"],
        },
        f"{name}Code": {"type": "string", "enum": values},
    }


def error_codes(document: dict, response: dict) -> list[str] | None:
    """The codes an error answer of the schema ``document`` lists (its component's ``code``
    enum); ``None`` where it lists none."""
    schemas = document.get("components", {}).get("schemas", {})

    def resolved(node: dict) -> dict:
        ref = node.get("$ref", "")
        return schemas.get(ref.rsplit("/", 1)[-1], {}) if ref else node

    body = resolved(response.get("content", {}).get("application/json", {}).get("schema", {}))
    code = body.get("properties", {}).get("code", {})
    for member in code.get("anyOf", [code]):
        values = resolved(member).get("enum")
        if values:
            return list(values)
    return None


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        for name, schema in _SCHEMAS.items():
            _register(registry, name, schema)
        if not operation.get("description"):
            operation["description"] = operation.get("summary", "")
        answered = self._add_errors(operation)
        for name, schema in answered.items():
            _register(registry, name, schema)
        self._add_headers(operation, answered)
        self._add_limits(operation)
        return operation

    def get_operation_id(self):
        operation_id = super().get_operation_id()
        if self.method == "POST" and operation_id.endswith("_create") and not self._has_get():
            operation_id = operation_id.removesuffix("_create")
        return operation_id

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        """A related object named by its id: an id is a whole number from 1 (as every id in a
        query is, ``companion.api.query.MAX_ID``)."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, PrimaryKeyRelatedField) and schema.get("type") == "integer":
            schema.setdefault("minimum", 1)
            schema.setdefault("maximum", MAX_ID)
        return schema

    def _has_get(self) -> bool:
        return "get" in {m.lower() for m in self.view.allowed_methods}

    def _error_statuses(self, operation) -> dict[int, tuple[str, ...]]:
        params = operation.get("parameters", [])
        has_body = "requestBody" in operation
        has_query = any(p["in"] == "query" for p in params)
        has_cursor = any(p["in"] == "query" and p["name"] == "cursor" for p in params)
        has_path = any(p["in"] == "path" for p in params)
        statuses: dict[int, tuple[str, ...]] = {401: _DEFAULTS[401][1], 503: _DEFAULTS[503][1]}
        if has_body or has_query:
            codes = _DEFAULTS[400][1]
            codes += _BODY_400_CODES if has_body else ()
            codes += _QUERY_400_CODES if has_cursor else ()
            statuses[400] = codes
        if has_body:
            statuses[413] = _DEFAULTS[413][1]
            statuses[415] = _DEFAULTS[415][1]
        if self.method not in ("GET", "HEAD", "OPTIONS") and not self._open_to_all():
            statuses[403] = _DEFAULTS[403][1]
        if has_path:
            statuses[404] = _DEFAULTS[404][1]
        if self._throttles():
            statuses[429] = _DEFAULTS[429][1]
        return statuses

    def _open_to_all(self) -> bool:
        return all(isinstance(p, AllowAny) for p in self.view.get_permissions())

    def _admits_anonymous(self) -> bool:
        """Whether a client without a login gets past the permissions (and so the throttles):
        the permissions of a view are asked before its throttles."""
        anonymous = SimpleNamespace(method=self.method, user=AnonymousUser(), auth=None)
        return all(p.has_permission(anonymous, self.view) for p in self.view.get_permissions())

    def _throttles(self) -> list[tuple[object, bool]]:
        """The throttles that judge requests of this operation, each with whether it judges only
        requests without a login (the anonymous readers' throttle, which lets every write and
        every logged-in read through)."""
        try:
            throttles = self.view.get_throttles()
        except Exception:  # a throttle that needs a real request: count it as throttling all
            return [(None, False)]
        applying = []
        for throttle in throttles:
            anonymous_only = isinstance(throttle, AnonymousReadThrottle)
            if anonymous_only and (self.method not in SAFE_METHODS or not self._admits_anonymous()):
                continue
            applying.append((throttle, anonymous_only))
        return applying

    def _limits(self) -> list[tuple[str, str, bool]]:
        """``(scope, rate, anonymous only)`` of each throttle of the operation, as configured."""
        limits = []
        for throttle, anonymous_only in self._throttles():
            scope = getattr(throttle, "scope", None) or getattr(self.view, "throttle_scope", None)
            rate = getattr(throttle, "THROTTLE_RATES", {}).get(scope) if scope else None
            if rate:
                limits.append((scope, rate, anonymous_only))
        return limits

    def _add_errors(self, operation) -> dict[str, dict]:
        """Every error answer of the operation, in its named component; the components."""
        responses = operation["responses"]
        defaults = self._error_statuses(operation)
        for status in defaults:
            responses.setdefault(str(status), {"description": _DEFAULTS[status][0]})
        components: dict[str, dict] = {}
        for status, response in responses.items():
            if not status.startswith(("4", "5")):
                continue
            if status in ("429", "503"):
                response.setdefault("headers", {})["Retry-After"] = _RETRY_AFTER
            content = response.get("content", {})
            marker = next((body.get("schema", {}) for body in content.values()), {})
            if content and _CODES not in marker:
                continue  # an answer of its own (the health probe's)
            codes = set(defaults.get(int(status), ()))
            declared = marker.get(_CODES) or ()
            if not declared and not codes:
                declared = [entry.code for entry in REGISTRY.all() if int(status) in entry.statuses]
            codes |= set(REGISTRY.expand(declared, int(status)))
            if status == "400":
                codes.add("invalid_value")  # a value the database refuses, whatever the input
            name = error_component_name(operation["operationId"], int(status), codes)
            components.update(error_components(name, codes))
            body = {"schema": {"$ref": f"#/components/schemas/{name}"}}
            examples = next((part.get("examples") for part in content.values()), None)
            if examples:
                body["examples"] = examples  # a view's own examples of this error
            response["content"] = {"application/json": body}
        operation["responses"] = dict(sorted(responses.items()))
        return components

    def _add_limits(self, operation) -> None:
        """The operation's rate limits: stated in its description, carried in headers."""
        limits = self._limits()
        if not limits:
            return
        stated = ", ".join(
            f"`{scope}` {rate}" + (" for requests without a login" if anonymous else "")
            for scope, rate, anonymous in limits
        )
        operation["description"] += (
            f'\n\nRate limit: {stated} (see `RateLimit-Policy`; docs/api.md, "Limits"): on '
            "every answer the limit judged, not on a refusal of the login check or of the "
            "permissions (401, and such a 403)."
        )
        headers = RATE_LIMIT_HEADERS
        if all(anonymous for _scope, _rate, anonymous in limits):
            headers = {
                name: {**header, "description": f"{header['description']} {_ANONYMOUS_ONLY}"}
                for name, header in RATE_LIMIT_HEADERS.items()
            }
        for status, response in operation["responses"].items():
            if status.startswith("2") or status in _JUDGED:
                response.setdefault("headers", {}).update(headers)

    def _add_headers(self, operation, components: dict[str, dict]) -> None:
        refusals = set(REGISTRY.group("engine_refusal"))
        for status, response in operation["responses"].items():
            response.setdefault("headers", {})["Content-Language"] = _CONTENT_LANGUAGE
            ref = response.get("content", {}).get("application/json", {}).get("schema", {})
            name = ref.get("$ref", "").rsplit("/", 1)[-1]
            codes = components.get(f"{name}Code", {}).get("enum", ())
            if status == "422" and set(codes) & refusals:
                response["headers"]["Link"] = _LINK_HELP
        names = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
        if "Idempotency-Key" not in names:
            return
        for status, response in operation["responses"].items():
            if status.startswith("2"):
                response.setdefault("headers", {})["Idempotent-Replayed"] = _REPLAYED


def _register(registry, name: str, schema: dict) -> None:
    registry.register_on_missing(
        ResolvedComponent(name=name, type=ResolvedComponent.SCHEMA, object=name, schema=schema)
    )


def postprocess_schema(result, generator, request, public):
    """Finishing touches a strict linter asks for, over the whole schema.

    - A nullable schema gets a ``type`` (OpenAPI 3.0 reads ``nullable`` only beside a
      ``type``): a nullable enum its values' type; a nullable reference (drf-spectacular's
      ``allOf``/``oneOf`` of a component, an enum's ``NullEnum`` aside) becomes ``anyOf`` the
      component and :data:`NULL`, which generated clients read as "this or null".
    - DRF's cursor pagination example links end in a stray quote: they become valid URIs.
    - The enums of answers are opened to values added later (:mod:`companion.open_enums`).
    """
    schemas = result.get("components", {}).get("schemas", {})
    _page_links_on_their_paths(result, schemas)
    for name, schema in schemas.items():
        if name.endswith("Request"):
            _defaults_in_words(schema)
    if ERROR_DETAILS in schemas:
        schemas[ERROR_DETAILS] = copy.deepcopy(schemas[ERROR_DETAILS])  # not the module's own
        schemas[ERROR_DETAILS]["properties"].update(REGISTRY.details())
    if ERROR_DETAILS in schemas and REGISTRY.causes():
        schemas[ERROR_DETAILS]["properties"]["cause"]["enum"] = REGISTRY.causes()

    def walk(node):
        if isinstance(node, dict):
            if node.get("nullable") and "type" not in node:
                _typed_nullable(node, schemas)
            example = node.get("example")
            if node.get("format") == "uri" and isinstance(example, str):
                node["example"] = example.rstrip('"')
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(result)
    if "NullEnum" in schemas and '"#/components/schemas/NullEnum"' not in json.dumps(
        result, default=str
    ):
        del schemas["NullEnum"]  # every nullable enum now says "or null" with NULL
    open_answer_enums(result)
    return result


def _path_value(found: re.Match, schemas: dict) -> str:
    """An example value of a path parameter (``{id}``, ``{game}``, ``{username}``...); a game is
    the first of the schema's own ``Game`` enum."""
    if found[0] == "{game}":
        return (schemas.get("Game", {}).get("enum") or ["1"])[0]
    return {"{id}": "1", "{username}": "ann"}.get(found[0], "1")


def _page_links_on_their_paths(result: dict, schemas: dict) -> None:
    """A page's ``next``/``previous`` examples name the list they page (DRF's placeholder is a
    host and path of its own, ``api.example.org/accounts/``)."""
    for path, item in result.get("paths", {}).items():
        answer = item.get("get", {}).get("responses", {}).get("200", {})
        body = answer.get("content", {}).get("application/json", {}).get("schema", {})
        name = body.get("$ref", "").rsplit("/", 1)[-1]
        if not name.startswith("Paginated") or name not in schemas:
            continue
        links = schemas[name].get("properties", {})
        for key in ("next", "previous"):
            example = links.get(key, {}).get("example")
            if isinstance(example, str) and "api.example.org" in example:
                cursor = example.split("?", 1)[1].rstrip('"') if "?" in example else ""
                concrete = re.sub(r"\{[^}]*\}", lambda found: _path_value(found, schemas), path)
                links[key]["example"] = f"https://companion.example.com{concrete}?{cursor}"


def _defaults_in_words(schema: dict) -> None:
    """A request field the server defaults is optional: its ``default`` goes into its
    description (openapi-typescript's default output makes a field with a ``default``
    required, so a client would have to send what the server fills in)."""
    for field in schema.get("properties", {}).values():
        if "default" in field and field.get("readOnly") is not True:
            value = json.dumps(field.pop("default"))
            described = field.get("description", "")
            field["description"] = f"{described} Default: `{value}`.".strip()


#: The null value, typed (a member of a nullable reference's ``anyOf``).
NULL = {"type": "object", "nullable": True, "enum": [None], "description": "null"}


def _typed_nullable(node, schemas) -> None:
    """Give a nullable schema without a ``type`` one (see :func:`postprocess_schema`)."""
    members = [
        member
        for key in ("allOf", "oneOf", "anyOf")
        for member in node.get(key, ())
        if member.get("$ref", "").rsplit("/", 1)[-1] != "NullEnum"
    ]
    if members:
        for key in ("allOf", "oneOf", "anyOf", "nullable"):
            node.pop(key, None)
        node["anyOf"] = [*members, NULL]
        return
    kind = _type_of(node, schemas, set())
    if kind is not None:
        node["type"] = kind
    elif not any(key in node for key in ("allOf", "oneOf", "anyOf", "enum", "$ref")):
        node.pop("nullable")  # any JSON value, null among them: nothing to say


def _type_of(node, schemas, seen: set[str]) -> str | None:
    """The one JSON type a schema's values have (through references and unions), if one."""
    if "type" in node:
        return node["type"]
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name in seen or name not in schemas:
            return None
        return _type_of(schemas[name], schemas, seen | {name})
    values = node.get("enum")
    if values:
        kinds = {type(v) for v in values if v is not None}
        return {frozenset({str}): "string", frozenset({int}): "integer"}.get(frozenset(kinds))
    members = [m for key in ("allOf", "oneOf", "anyOf") for m in node.get(key, ())]
    kinds = {_type_of(member, schemas, seen) for member in members} - {None}
    return kinds.pop() if len(kinds) == 1 else None
