"""Middleware of the API: bodies over the limit refused before any view reads them, paths
without their trailing slash never redirected, and every error under ``/api/`` in the one
error shape whatever the settings module (Django's debug pages included)."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.middleware.common import CommonMiddleware
from django.utils.translation import gettext as _

from companion.api.errors import (
    error_body,
    handler400,
    handler403,
    handler404,
    handler500,
    is_api_path,
)
from companion.middleware import Middleware


class BodySizeLimitMiddleware(Middleware):
    """413 in the error shape for a ``Content-Length`` over ``API_MAX_BODY_BYTES`` under
    ``/api/``; a malformed ``Content-Length`` is 400. Bodies without one are bounded by the
    parser (and, in a deployment, by the proxy's ``client_max_body_size``)."""

    def refusal(self, request) -> JsonResponse | None:
        if not is_api_path(request.path):
            return None
        raw = request.META.get("CONTENT_LENGTH") or "0"
        limit = settings.API_MAX_BODY_BYTES
        if not raw.isdigit():
            body = error_body("bad_request", _("The Content-Length header is not a number."))
            return JsonResponse(body, status=400)
        if int(raw) > limit:
            body = error_body(
                "payload_too_large",
                _("The request body is larger than {limit} bytes.").format(limit=limit),
                details={"max_bytes": limit},
            )
            return JsonResponse(body, status=413)
        return None


#: the methods a trailing-slash redirect is followed with as they were sent
REDIRECTED_METHODS = frozenset({"GET", "HEAD"})


class ApiCommonMiddleware(CommonMiddleware):
    """Django's ``CommonMiddleware`` with the trailing-slash redirect (``APPEND_SLASH``) only
    where it is safe: never under ``/api/``, and elsewhere only for ``GET`` and ``HEAD``.

    Django redirects any method with a 301, which clients follow as a GET (``POST
    /api/matches`` or ``POST /app``: a write silently turned into a read), and under DEBUG it
    answers a ``POST`` with a plain-text 500 instead. Under ``/api/`` a path without its slash
    is a 404 in the error shape that names the path with the slash (``details.path``);
    elsewhere (the web app, the admin) a ``GET`` or ``HEAD`` is redirected, any other method
    is a 404 (there is nothing at the path without its slash)."""

    def should_redirect_with_slash(self, request):
        if is_api_path(request.path_info) or request.method not in REDIRECTED_METHODS:
            return False
        return super().should_redirect_with_slash(request)


def _is_json(response) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


class ApiErrorShapeMiddleware(Middleware):
    """Any error answer under ``/api/`` that is not JSON becomes the error shape: Django's
    debug 404 and 500 pages (``DEBUG`` on, where the ``handler404``/``handler500`` of
    ``companion.urls`` are not used) and anything else that answers HTML or text."""

    def finished(self, request, response):
        if response.status_code < 400 or not is_api_path(request.path) or _is_json(response):
            return response
        handler = {400: handler400, 403: handler403, 404: handler404}.get(response.status_code)
        if handler is None and response.status_code >= 500:
            handler = handler500
        if handler is None:
            return response
        shaped = handler(request)
        for header in ("Retry-After", "Vary"):
            if header in response:
                shaped[header] = response[header]
        shaped.status_code = response.status_code
        return shaped
