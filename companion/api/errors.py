"""One error shape for every error response.

    {"code": "<stable code>", "message": "<sentence>", "rule": "<clause id>"?,
     "details": {...}?, "fields": {"<field>": [{"code": ..., "message": ...}]}?}

DRF exceptions, the domain errors services raise (``companion.errors.DomainError``), the apps'
own errors (``register_error_response``: the rules engines' refusals) and Django's own 404/500
pages under ``/api/`` all answer in this shape. A domain error, or an app's own, is answered
with the status its code is registered with (``companion.api.codes``): this module is the one
place where a code becomes a status.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost, PermissionDenied, RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import set_rollback

from companion.api.codes import REGISTRY
from companion.api.ratelimit import wait_in_words
from companion.errors import DomainError

logger = logging.getLogger(__name__)


_DEFAULT_CODES = {
    400: "invalid",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "throttled",
    503: "service_unavailable",
}


def registered(code: str) -> str:
    """``code``, checked against the registry of codes (``companion.api.codes``): an
    unregistered one raises under ``ERROR_CODES_STRICT`` (the test suite), else is logged."""
    if code not in REGISTRY:
        if getattr(settings, "ERROR_CODES_STRICT", False):
            raise LookupError(f"The error code {code!r} is not registered (companion.api.codes).")
        logger.error("unregistered error code %r", code)
    return code


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"code": registered(code), "message": message}
    body.update({key: value for key, value in extra.items() if value})
    return body


#: The body of an error and the header fields it comes with.
Rendered = tuple[dict[str, Any], dict[str, str]]

#: ``(exception class, exc -> (body, headers), groups)`` of errors an app raises in its own
#: terms (the match log registers the engines' refusals: matches/http/engine_errors.py); asked in the
#: order registered
_APP_ERRORS: list[tuple[type[Exception], Callable[[Exception], Rendered], tuple[str, ...]]] = []


def register_error_response(
    kind: type[Exception], render: Callable[[Exception], Rendered], *, groups: Iterable[str] = ()
):
    """Answer an app's own exceptions of ``kind`` with the body and header fields of
    ``render(exc)`` (rolled back), with the status of the first of the registry's ``groups``
    the body's code is in, else the code's own."""
    if all(known is not kind for known, *_ in _APP_ERRORS):
        _APP_ERRORS.append((kind, render, tuple(groups)))


def status_of(code: str, groups: Iterable[str] = ()) -> int:
    """The status ``code`` is answered with, from the registry (400 for a code not registered,
    which ``registered`` reports)."""
    return REGISTRY.status(code, groups=groups) if code in REGISTRY else 400


def domain_error_rendered(exc: DomainError) -> Rendered:
    """A domain error's body; ``details.retry_after`` is also said in ``Retry-After``."""
    body = error_body(exc.code, str(exc.message), rule=exc.rule, details=exc.details)
    retry_after = exc.details.get("retry_after")
    return body, ({"Retry-After": str(retry_after)} if retry_after is not None else {})


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            if message:
                return message if key == "non_field_errors" else f"{key}: {message}"
        return ""
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else ""
    return str(detail)


def _is_leaf(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and set(item) == {"message", "code"} for item in value
    )


def field_errors(details: Any, prefix: str = "") -> dict[str, list[dict[str, str]]]:
    """DRF's nested error details as ``{"<dotted path>": [{"code", "message"}, ...]}``.

    A nested field is named by its path (``sides.1.name``, ``options.kickoff``), so every value
    is a flat list and the shape is the same for every input.
    """
    if isinstance(details, dict) and set(details) == {"message", "code"}:
        details = [details]
    if _is_leaf(details):
        path = prefix or "non_field_errors"
        return {path: [{"code": str(i["code"]), "message": str(i["message"])} for i in details]}
    out: dict[str, list[dict[str, str]]] = {}
    items = details.items() if isinstance(details, dict) else enumerate(details)
    for key, value in items:
        if not value:
            continue
        if prefix and key == "non_field_errors":
            key_path = prefix
        else:
            key_path = f"{prefix}.{key}" if prefix else str(key)
        for path, errors in field_errors(value, key_path).items():
            out.setdefault(path, []).extend(errors)
    return out


#: Seconds a client is asked to wait before retrying when the database is unreachable.
UNAVAILABLE_RETRY_AFTER = 5


def unavailable_response(exc: Exception) -> Response:
    """The database cannot be reached (or dropped the connection): 503 with Retry-After.

    A write whose transaction was cut off is rolled back with it; a retry with the same
    ``Idempotency-Key`` returns the first answer if the write had committed after all.
    """
    set_rollback()
    logger.error("database unavailable: %s", exc.__class__.__name__, exc_info=exc)
    body = error_body(
        "service_unavailable",
        _(
            "The service cannot reach its database right now. Try again shortly; a retry with "
            "the same Idempotency-Key is never applied twice."
        ),
        details={"retry_after": UNAVAILABLE_RETRY_AFTER},
    )
    return Response(body, status=503, headers={"Retry-After": str(UNAVAILABLE_RETRY_AFTER)})


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """The error in the one shape, always as JSON (also where the view renders SVG or text)."""
    response = _error_response(exc)
    request = context.get("request")
    if response is not None and request is not None:
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
    return response


def _error_response(exc: Exception) -> Response | None:
    rendered = domain_error_rendered(exc) if isinstance(exc, DomainError) else None
    groups: tuple[str, ...] = ()
    for kind, render, by_groups in _APP_ERRORS:
        if rendered is None and isinstance(exc, kind):
            rendered, groups = render(exc), by_groups
    if rendered is not None:
        body, headers = rendered
        set_rollback()
        return Response(body, status=status_of(body["code"], groups), headers=headers)
    if isinstance(exc, OperationalError | InterfaceError):
        return unavailable_response(exc)
    if isinstance(exc, DataError | OverflowError):
        # a value the checks let through and the database refused (out of its range, a NUL
        # character…; SQLite's driver raises OverflowError for a number beyond 64 bits): the
        # client's input, so a 400, and nothing of the request is kept
        set_rollback()
        logger.warning("database refused a value: %s", exc)
        body = error_body(
            "invalid_value", _("A value in the request is out of the range the service can store.")
        )
        return Response(body, status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            detail=exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        )

    if not isinstance(exc, exceptions.APIException):
        return None  # a real bug: let Django log it and answer 500 (in our shape, see below)

    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))

    if isinstance(exc, exceptions.ValidationError):
        body = error_body(
            "invalid",
            _first_message(exc.detail) or _("The request is not valid."),
            fields=field_errors(exc.get_full_details()),
        )
    else:
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else _DEFAULT_CODES.get(exc.status_code, "error")
        body = error_body(code, str(exc.detail))
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            wait = max(1, math.ceil(exc.wait))
            headers["Retry-After"] = str(wait)
            body["message"] = wait_in_words(wait)
            body["details"] = {"retry_after": wait}
    set_rollback()
    return Response(body, status=exc.status_code, headers=headers)


def is_api_path(path: str) -> bool:
    return path.startswith("/api/")


def _is_api(request) -> bool:
    return is_api_path(request.path)


def handler400(request, exception=None):
    """Django's own 400s (a Host header not in ALLOWED_HOSTS, a form body over
    DATA_UPLOAD_MAX_MEMORY_SIZE, too many fields) as JSON under ``/api/``."""
    if not _is_api(request):
        from django.views.defaults import bad_request

        return bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = error_body(
            "payload_too_large",
            _("The request body is larger than {limit} bytes.").format(limit=limit),
            details={"max_bytes": limit},
        )
        return JsonResponse(body, status=413)
    if isinstance(exception, DisallowedHost):
        message = _("The Host header names a host this service does not serve.")
    else:
        message = _("The request is malformed.")
    return JsonResponse(error_body("bad_request", message), status=400)


def handler403(request, exception=None):
    if _is_api(request):
        return JsonResponse(error_body("permission_denied", _("You may not do this.")), status=403)
    from django.views.defaults import permission_denied

    return permission_denied(request, exception)


def handler404(request, exception=None):
    if _is_api(request):
        with_slash = _path_with_slash(request)
        if with_slash:  # never redirected: a redirected POST would come back as a GET
            message = _("Paths under /api/ end with a slash: {path}").format(path=with_slash)
            body = error_body("not_found", message, details={"path": with_slash})
        else:
            body = error_body("not_found", _("There is nothing at this address."))
        return JsonResponse(body, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def _path_with_slash(request) -> str | None:
    """The request's path with a trailing slash, if it lacks one and that path exists."""
    from django.urls import Resolver404, resolve

    path = request.path_info
    if path.endswith("/"):
        return None
    try:
        resolve(path + "/")
    except Resolver404:
        return None
    return request.path + "/"


def handler500(request):
    if _is_api(request):
        return JsonResponse(
            error_body("server_error", _("Something went wrong on our side; nothing was changed.")),
            status=500,
        )
    from django.views.defaults import server_error

    return server_error(request)
