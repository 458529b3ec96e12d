"""The base of the project's own middlewares: synchronous and asynchronous alike, so a
middleware adds no thread hop under ASGI.

A subclass writes one or both hooks: ``refusal(request)``, an answer given before the view
(or None to go on), and ``finished(request, response)``, the view's answer as it leaves.
"""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction


class Middleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(self.get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        return self.refusal(request) or self.finished(request, self.get_response(request))

    async def __acall__(self, request):
        return self.refusal(request) or self.finished(request, await self.get_response(request))

    def refusal(self, request):
        return None

    def finished(self, request, response):
        return response
