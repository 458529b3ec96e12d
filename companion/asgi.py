"""The ASGI application: live match streams on their own route, everything else through
Django's handler, all behind the body limit counted as bytes arrive (docs/operations.md,
"Serving")."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.production")


def build_application():
    django_app = get_asgi_application()  # sets Django up before the project's modules load

    from companion.body_limit import BodyLimit
    from matches.live_handler import LiveStreamHandler, is_stream

    streams = LiveStreamHandler()

    async def route(scope, receive, send):
        if is_stream(scope):
            return await streams(scope, receive, send)
        return await django_app(scope, receive, send)

    return BodyLimit(route)


application = build_application()
