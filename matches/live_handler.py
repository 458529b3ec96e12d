"""The live streams' own ASGI route: Django's middleware and the API's view, without a thread
of the stream's own.

Django's ``ASGIHandler`` gives every request a thread of its own (``ThreadSensitiveContext``)
for the synchronous middleware, signals and views, and keeps it until the response ends: a
thread per open stream. Here the same middleware stack and the same DRF view (its
authentication, throttles, limits and JSON errors) run once, synchronously, on the live
streams' small pool of threads (``matches.live.in_pool``); what the view returns for a live
stream is an asynchronous generator, which then runs on the event loop alone until it ends or
the client leaves. Errors are the API's own answers, in the error shape.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from contextlib import aclosing

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.db import close_old_connections
from django.http.response import ResponseHeaders
from django.urls import set_script_prefix

from matches import live

STREAM_PATH = re.compile(r"^/api/matches/[0-9]+/stream/$")


def is_stream(scope) -> bool:
    return (
        scope["type"] == "http"
        and scope["method"] in ("GET", "HEAD")
        and bool(STREAM_PATH.match(scope["path"]))
    )


class LiveStreamHandler(ASGIHandler):
    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)  # run as a whole on a pool thread, as under WSGI

    async def __call__(self, scope, receive, send):
        # no ThreadSensitiveContext: nothing of this request asks for a thread of its own
        await self.handle(scope, receive, send)

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

    async def send_response(self, response, send):
        """As Django sends a response, but a stream keeps neither its headers (sent once, at
        the start) nor a copy of them while it is open: each part goes out as it comes."""
        if not response.streaming:
            return await super().send_response(response, send)
        await send(self._start(response))
        response.headers = ResponseHeaders({})  # sent; the open stream needs them no more
        async with aclosing(aiter(response)) as content:
            async for part in content:
                await send({"type": "http.response.body", "body": part, "more_body": True})
        await send({"type": "http.response.body"})

    async def handle(self, scope, receive, send):
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            body_file.close()
            await self.send_response(error_response, send)
            return
        request.live_stream = True  # the view answers with the live generator
        opening = [request]
        del request  # held below only until the view has answered: an open stream keeps none

        async def process_request():
            response = await live.in_pool(self._open, opening.pop())
            with contextlib.suppress(asyncio.CancelledError):  # the client left meanwhile
                await self.send_response(response, send)
            return response

        tasks = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            asyncio.create_task(process_request()),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                with contextlib.suppress(RequestAborted):
                    task.result()
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        body_file.close()
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            return  # left before the answer: _open's thread closed its connection already
        await live.in_pool(self._close, response)
