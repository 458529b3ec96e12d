"""Every route a guest may not use refuses a guest's token before anything else runs: 401
``guest_pass_scope`` (the routes a guest may use carry ``GuestWelcome``,
:mod:`matches.guests.authentication`). Runs for every request under ``/api/``, the live
streams' included; a request without a guest's token passes at the cost of a look at one
header."""

from __future__ import annotations

from django.http import JsonResponse
from django.urls import Resolver404, resolve

from companion.api.errors import error_body
from companion.middleware import Middleware
from matches.guests.authentication import guest_key, scope_refusal


def _welcomes_guests(path: str) -> bool:
    try:
        found = resolve(path)
    except Resolver404:
        return False
    view = getattr(found.func, "view_class", None) or getattr(found.func, "cls", None)
    return bool(getattr(view, "guests_welcome", False))


class GuestScopeMiddleware(Middleware):
    def refusal(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "").encode("latin1", "replace")
        if not request.path.startswith("/api/") or guest_key(header) is None:
            return None
        if _welcomes_guests(request.path_info):
            return None
        refusal = scope_refusal()
        response = JsonResponse(error_body("guest_pass_scope", str(refusal.detail)), status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response
