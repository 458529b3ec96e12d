"""Compressed answers for clients that accept gzip (a phone's mobile data is what we save).

Django's ``GZipMiddleware`` with two exceptions: live streams (``text/event-stream``) go out
as they are, message by message, and so do the login answers that carry a token (a secret
beside text the client chose is what the BREACH attack on compression needs).
"""

from __future__ import annotations

from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware

UNCOMPRESSED_PREFIXES = ("/api/auth/",)


class GZipMiddleware(DjangoGZipMiddleware):
    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        if request.path.startswith(UNCOMPRESSED_PREFIXES):
            return response
        return super().process_response(request, response)
