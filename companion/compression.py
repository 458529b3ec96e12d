"""Compressed answers for clients that accept gzip (a phone's mobile data is what we save).

Django's ``GZipMiddleware`` with these exceptions, which go out as they are:

- live streams (``text/event-stream``), message by message;
- the login answers that carry a token (a secret beside text the client chose is what the
  BREACH attack on compression needs);
- answers that carry no body (``304 Not Modified``, ``204 No Content``): Django's middleware
  compresses a streamed answer whatever its status, and the gzip header it writes into a 304
  is a body the answer must not have (uvicorn refuses it: "Response content longer than
  Content-Length");
- static files (whitenoise's ``FileResponse``): whitenoise serves the gzip and Brotli copies
  ``collectstatic`` made, with their own length, and a byte range (206) is a range of the
  file's own bytes, which compressing it afterwards would break.
"""

from __future__ import annotations

from django.http import FileResponse
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware

UNCOMPRESSED_PREFIXES = ("/api/auth/",)
#: statuses whose answers have no body
BODILESS = frozenset({204, 304})


class GZipMiddleware(DjangoGZipMiddleware):
    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        if request.path.startswith(UNCOMPRESSED_PREFIXES):
            return response
        if response.status_code in BODILESS or isinstance(response, FileResponse):
            return response
        return super().process_response(request, response)
