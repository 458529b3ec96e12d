"""The JSON parser of every API view: bounded size and nesting, every failure a 4xx.

A body over ``API_MAX_BODY_BYTES`` is 413 ``payload_too_large`` (the middleware refuses it
by its ``Content-Length`` before any view runs; the parser reads no more than the limit in any
case). Nesting deeper than ``API_MAX_JSON_DEPTH`` arrays or objects is 400 ``too_deep``, so a
client cannot make the parser recurse its way into a ``RecursionError``. Bad bytes, an unknown
charset, ``NaN`` or ``Infinity`` are 400 ``parse_error``, and so is a string holding a lone
UTF-16 surrogate (``"\\ud800"``: valid JSON, but no character; it can be neither stored nor
written back out as UTF-8, so it is refused before any view sees it).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from companion.errors import DomainError
from matches.engine.jsontext import lone_surrogate, may_hold_surrogate, nesting_exceeds


def _over_limit(code: str, message: str, **details: int) -> DomainError:
    return DomainError(code, message, details=details)


def payload_too_large():
    limit = settings.API_MAX_BODY_BYTES
    message = _("The request body is larger than {limit} bytes.").format(limit=limit)
    return _over_limit("payload_too_large", message, max_bytes=limit)


def too_deep():
    depth = settings.API_MAX_JSON_DEPTH
    message = _("The JSON body nests arrays and objects deeper than {depth} levels.")
    return _over_limit("too_deep", message.format(depth=depth), max_depth=depth)


def read_body(stream) -> bytes:
    if stream is None:
        return b""
    limit = settings.API_MAX_BODY_BYTES
    body = stream.read(limit + 1)
    if len(body) > limit:
        raise payload_too_large()
    return body


def decode_body(body: bytes, parser_context: dict | None) -> str:
    encoding = parsers.get_encoding(parser_context or {}) if parser_context else "utf-8"
    try:
        return body.decode(encoding)
    except LookupError as exc:
        raise ParseError(
            _("Unknown character set “{encoding}”.").format(encoding=encoding)
        ) from exc
    except UnicodeError as exc:
        raise ParseError(_("The body is not valid {encoding}.").format(encoding=encoding)) from exc


def loads(text: str) -> Any:
    if nesting_exceeds(text, settings.API_MAX_JSON_DEPTH):
        raise too_deep()
    try:
        value = json.loads(text, parse_constant=json_strict_constant)
    except RecursionError as exc:  # not reached below the depth limit; kept as a guard
        raise too_deep() from exc
    except ValueError as exc:
        raise ParseError(_("The body is not valid JSON: {problem}").format(problem=exc)) from exc
    return _refuse_lone_surrogates(text, value)


def _refuse_lone_surrogates(text: str, value: Any) -> Any:
    # decoding the bytes refuses a surrogate: one can come in only through a \u escape
    if may_hold_surrogate(text) and lone_surrogate(value) is not None:
        raise ParseError(
            _(
                "The body holds a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff without its pair)."
            )
        )
    return value


def json_strict_constant(value: str):
    raise ValueError(f"Out of range float value {value!r}")


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        return loads(decode_body(read_body(stream), parser_context))
