"""Defence in depth on every answer: ``TRACE`` refused, and SVG answers locked down.

- ``TRACE`` (and ``CONNECT``) is 405 for every path, before authentication (so an anonymous
  one is not a 401), in the error shape under ``/api/`` with the ``Allow`` header of the view.
- An SVG answer (the match pictures, rating charts, team cards, the app's icon) carries a
  ``Content-Security-Policy`` of its own that lets it run nothing and load nothing: opened
  on its own in a browser, a picture that held a hostile name still cannot run script.

The shell page of the web app sets its own policy (``webapp.views``). Synchronous and
asynchronous alike, so it adds no thread hop under ASGI.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from companion.api.errors import error_body, is_api_path
from companion.middleware import Middleware

REFUSED_METHODS = frozenset({"TRACE", "CONNECT"})
#: An SVG may draw with its own inline styles; it may run nothing, load nothing, be framed by
#: nobody, and is sandboxed when opened on its own.
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"


def _allowed_methods(path: str) -> list[str]:
    try:
        match = resolve(path)
    except Resolver404:
        return []
    view = getattr(match.func, "cls", None) or getattr(match.func, "view_class", None)
    if view is None:
        return []
    return [
        method.upper()
        for method in view.http_method_names
        if method.upper() not in REFUSED_METHODS and hasattr(view, method)
    ]


def refused_method(request) -> HttpResponse | None:
    if request.method not in REFUSED_METHODS:
        return None
    allowed = ", ".join(_allowed_methods(request.path_info))
    if is_api_path(request.path):
        message = _('Method "{method}" not allowed.').format(method=request.method)
        response = JsonResponse(error_body("method_not_allowed", message), status=405)
    else:
        response = HttpResponse(status=405)
    response["Allow"] = allowed
    return response


def with_svg_policy(response):
    if response.get("Content-Type", "").startswith("image/svg+xml"):
        response.headers.setdefault("Content-Security-Policy", SVG_POLICY)
    return response


class SecurityHeadersMiddleware(Middleware):
    def refusal(self, request):
        return refused_method(request)

    def finished(self, request, response):
        return with_svg_policy(response)
