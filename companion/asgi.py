"""The ASGI application: live match streams on their own route, everything else through
Django's handler, all behind the body limit counted as bytes arrive (docs/operations.md,
"Serving")."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.production")


def build_application():
    django_app = get_asgi_application()  # sets Django up before the project's modules load

    from companion.body_limit import BodyLimit
    from matches.live.handler import LiveStreamHandler, is_stream

    streams = LiveStreamHandler()

    async def route(scope, receive, send):
        if is_stream(scope):
            return await streams(scope, receive, send)
        return await django_app(scope, receive, send)

    return BodyLimit(route)


application = build_application()


def _settle() -> None:
    """Load the URL configuration (and with it the views) now, and leave everything loaded so
    far out of the garbage collector's walks: with thousands of open streams a full collection
    would otherwise walk all of Django's objects too, each time."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports the URL configuration)
    gc.freeze()


_settle()
