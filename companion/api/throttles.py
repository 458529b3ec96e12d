"""Throttles of our own: anonymous reads, and the browser and admin login forms, which share
the API's ``login`` rate and counter. Anonymous clients are keyed like DRF keys them (the
client address; ``X-Forwarded-For`` only from the ``NUM_PROXIES`` trusted proxies)."""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponse
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle

from companion.api.ratelimit import RateLimited


class AnonymousReadThrottle(RateLimited, AnonRateThrottle):
    """Reads without an account, per client address (``anon_read`` rate): the expensive public
    answers (exports, pictures, long logs) cannot be looped on to slow the phones down.
    Logged-in readers and writes are throttled by their own scopes."""

    scope = "anon_read"

    def allow_request(self, request, view):
        if request.method not in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class FormLoginThrottle(ScopedRateThrottle):
    """The anonymous ``login`` scope, for a plain Django login view (no DRF view)."""

    scope = "login"

    def __init__(self) -> None:  # the scope is fixed, not read from a view
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def allow_request(self, request, view):
        return super(ScopedRateThrottle, self).allow_request(request, view)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def throttle_login_posts(view):
    """Wrap a login form view: a POST over the ``login`` rate is 429 with ``Retry-After``."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method == "POST":
            throttle = FormLoginThrottle()
            if not throttle.allow_request(request, None):
                wait = max(1, int(throttle.wait() or 1))
                response = HttpResponse(
                    f"Too many login attempts. Try again in {wait} seconds.\n",
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                response["Retry-After"] = str(wait)
                return response
        return view(request, *args, **kwargs)

    return wrapped
