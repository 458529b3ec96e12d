"""The live streams' own ASGI route: Django's middleware and the API's view, without a thread
of the stream's own.

Django's ``ASGIHandler`` gives every request a thread of its own (``ThreadSensitiveContext``)
for the synchronous middleware, signals and views, and keeps it until the response ends: a
thread per open stream. Here the same middleware stack and the same DRF view (its
authentication, throttles, limits and JSON errors) run once, synchronously, on the live
streams' small pool of threads (``matches.live.wakeups.in_pool``); for a live stream the view
answers with its headers and what to open, and the stream is then a
``matches.live.delivery.Stream`` fed by its match's station, while this request's coroutine
waits only for the client to leave. Errors are the API's own answers, in the error shape.

The route serves the streams of every topic (``matches.live.topics``: a match's events,
a competition's table), each by its own path.
"""

from __future__ import annotations

import io

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.db import close_old_connections
from django.urls import set_script_prefix

from matches.live import delivery, topics, wakeups
from matches.live.feed import LiveStart


def is_stream(scope) -> bool:
    return (
        scope["type"] == "http"
        and scope["method"] in ("GET", "HEAD")
        and topics.is_stream_path(scope["path"])
    )


class LiveStreamHandler(ASGIHandler):
    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)  # run as a whole on a pool thread, as under WSGI

    def _open(self, request):
        """The request through the middleware and the view, on a pool thread."""
        signals.request_started.send(sender=self.__class__, environ=None)
        try:
            response = self.get_response(request)
            response._handler_class = self.__class__
            # the request is done with (a stream has no body): close it now rather than when
            # the stream ends, so an open stream does not keep it in memory
            closers = response._resource_closers
            for closer in [c for c in closers if getattr(c, "__self__", None) is request]:
                closers.remove(closer)
                closer()
            return response
        finally:
            close_old_connections()

    @staticmethod
    def _close(response) -> None:
        try:
            response.close()  # request_finished: the pool thread's connection, as after a request
        finally:
            close_old_connections()

    async def read_body(self, receive):
        """A stream takes no body (``BodyLimit`` in front has bounded any): an empty one, not
        a temporary file kept open for as long as the stream."""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise RequestAborted()
            if not message.get("more_body", False):
                return io.BytesIO()

    @staticmethod
    def _start(response) -> dict:
        headers = [
            (str(name).encode("ascii"), str(value).encode("latin1"))
            for name, value in response.items()
        ]
        headers += [
            (b"Set-Cookie", cookie.output(header="").encode("ascii").strip())
            for cookie in response.cookies.values()
        ]
        return {"type": "http.response.start", "status": response.status_code, "headers": headers}

    async def __call__(self, scope, receive, send):
        # no ThreadSensitiveContext: nothing of this request asks for a thread of its own
        stream = await self._open_stream(scope, receive, send)
        if stream is None:
            return
        try:
            while (await receive())["type"] != "http.disconnect":
                pass  # a stream's request has no more body: only its end comes
        finally:
            stream.close()

    async def _open_stream(self, scope, receive, send) -> delivery.Stream | None:
        """The request through the middleware and the view: an error is answered here; a
        stream the view lets through is opened (counted and woken before its headers go
        out). Nothing of the request or the response is kept once it is open."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return None
        set_script_prefix(get_script_prefix(scope))
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            body_file.close()
            await super().send_response(error_response, send)
            return None
        request.live_stream = True  # the view answers with what the live route opens
        response = await wakeups.in_pool(self._open, request)
        del request
        start: LiveStart | None = getattr(response, "live_start", None)
        try:
            if start is None:
                await super().send_response(response, send)
                return None
            if scope["method"] == "HEAD":
                wakeups.in_pool(wakeups.release_claims, [(start.viewer.key, start.claim)])
                await send(self._start(response))
                await send({"type": "http.response.body"})
                return None
            await wakeups.ensure_listening()
            return delivery.clock().open(
                send,
                self._start(response),
                start.viewer,
                start.kind,
                start.ident,
                start.after,
                start.claim,
            )
        finally:
            await wakeups.in_pool(self._close, response)  # request_finished, as after a request
