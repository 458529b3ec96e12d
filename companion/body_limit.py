"""The request body limit in front of the ASGI application, counted as the body arrives.

Django's ASGI handler reads a whole body (into a temporary file) before any middleware sees
the request, so ``BodySizeLimitMiddleware`` can only refuse a declared ``Content-Length``; a
chunked body would be read whole first, however large. Here the bytes are counted as they
arrive: past the limit the request is refused with 413 in the error shape at once, and the
rest of the body is never read. The limit is ``API_MAX_BODY_BYTES`` under ``/api/`` and
``REQUEST_MAX_BODY_BYTES`` elsewhere.

(Under WSGI a body without ``Content-Length`` is not read at all, and the API's parser reads
at most the limit; nginx refuses larger bodies before either sees them.)
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from companion.api.errors import error_body, is_api_path


def limit_for(path: str) -> int:
    return settings.API_MAX_BODY_BYTES if is_api_path(path) else settings.REQUEST_MAX_BODY_BYTES


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin1")
    return None


def _language(scope) -> str:
    accepted = _header(scope, b"accept-language") or ""
    for code, _quality in translation.trans_real.parse_accept_lang_header(accepted):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


async def refuse(scope, send, limit: int) -> None:
    with translation.override(_language(scope)):
        body = error_body(
            "payload_too_large",
            _("The request body is larger than {limit} bytes.").format(limit=limit),
            details={"max_bytes": limit},
        )
    payload = json.dumps(body, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class BodyLimit:
    """ASGI middleware: reads the body up to the limit, then hands it on; 413 beyond it."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = limit_for(scope["path"])
        declared = (_header(scope, b"content-length") or "").strip()
        if declared.isdigit() and int(declared) > limit:
            return await refuse(scope, send, limit)
        received = []
        size = 0
        while True:
            message = await receive()
            received.append(message)
            if message["type"] != "http.request":
                break  # the client left: the application hears it as it would
            size += len(message.get("body", b""))
            if size > limit:
                return await refuse(scope, send, limit)
            if not message.get("more_body", False):
                break

        def replay():
            # what was read, then the server's own receive (no frame of ours while it waits:
            # a live stream waits in it for as long as it is open)
            return _at_once(received.pop(0)) if received else receive()

        return await self.app(scope, replay, send)


async def _at_once(message):
    return message
