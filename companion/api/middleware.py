"""Refuse an API request whose declared body is over the limit before any view reads it."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import JsonResponse
from django.utils.translation import gettext as _

from companion.api.errors import error_body, is_api_path


class BodySizeLimitMiddleware:
    """413 in the error shape for a ``Content-Length`` over ``API_MAX_BODY_BYTES`` under
    ``/api/``; a malformed ``Content-Length`` is 400. Bodies without one are bounded by the
    parser (and, in a deployment, by the proxy's ``client_max_body_size``). Synchronous and
    asynchronous alike, so it adds no thread hop under ASGI."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(self.get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        return self.refusal(request) or self.get_response(request)

    async def __acall__(self, request):
        return self.refusal(request) or await self.get_response(request)

    @staticmethod
    def refusal(request) -> JsonResponse | None:
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
