"""Rate limits carried on every answer they apply to, and the throttle's wait in words.

Each throttle of the API records, on the request, its policy (scope, requests allowed, window)
and where the client stands (requests left, seconds until one more is allowed). The middleware
writes the most pressing one onto the answer, in the IETF's header fields
(draft-ietf-httpapi-ratelimit-headers: ``RateLimit-Policy: "append";q=1200;w=60`` and
``RateLimit: "append";r=1187;t=3``) and in the common ``X-RateLimit-Limit``,
``X-RateLimit-Remaining`` and ``X-RateLimit-Reset`` (seconds). A 429 also carries
``Retry-After`` (``companion.api.errors``). docs/api.md, "Limits", lists the policies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import ngettext
from rest_framework import throttling

from companion.middleware import Middleware


@dataclass(frozen=True)
class Standing:
    scope: str
    limit: int
    window: int
    remaining: int
    reset: int  # seconds until one more request is allowed (0: now)


class RateLimited:
    """Mixin of a DRF ``SimpleRateThrottle``: records where the client stands on the request."""

    def allow_request(self, request, view):
        allowed = super().allow_request(request, view)
        history = getattr(self, "history", None)
        if history is not None and self.rate is not None:
            self._record(request, allowed)
        return allowed

    def _record(self, request, allowed: bool) -> None:
        used = len(self.history)
        remaining = max(0, self.num_requests - used)
        reset = 0
        if self.history and remaining == 0:
            reset = math.ceil(self.duration - (self.now - self.history[-1]))
        elif not allowed:
            reset = math.ceil(self.wait() or 0)
        standing = Standing(
            self.scope, self.num_requests, int(self.duration), remaining, max(0, reset)
        )
        raw = getattr(request, "_request", request)
        raw.rate_limits = [*getattr(raw, "rate_limits", ()), standing]


class ScopedRateThrottle(RateLimited, throttling.ScopedRateThrottle):
    """DRF's scoped throttle (``throttle_scope`` of the view), carrying its limits on answers."""


def headers(standings: list[Standing]) -> dict[str, str]:
    """The rate-limit header fields of the most pressing of ``standings``."""
    worst = min(standings, key=lambda s: (s.remaining / max(s.limit, 1), -s.reset))
    policies = ", ".join(f'"{s.scope}";q={s.limit};w={s.window}' for s in standings)
    return {
        "RateLimit-Policy": policies,
        "RateLimit": f'"{worst.scope}";r={worst.remaining};t={worst.reset}',
        "X-RateLimit-Limit": str(worst.limit),
        "X-RateLimit-Remaining": str(worst.remaining),
        "X-RateLimit-Reset": str(worst.reset),
    }


class RateLimitHeadersMiddleware(Middleware):
    """Writes the rate-limit header fields of the throttles that judged the request."""

    def finished(self, request, response):
        standings = getattr(request, "rate_limits", None)
        if standings:
            for name, value in headers(standings).items():
                response.setdefault(name, value)
        return response


def wait_in_words(seconds: int) -> str:
    """A throttle's wait as a player reads it: in minutes once it is over a minute and a half."""
    if seconds > 90:
        minutes = math.ceil(seconds / 60)
        return ngettext(
            "Too many requests. Try again in {count} minute.",
            "Too many requests. Try again in {count} minutes.",
            minutes,
        ).format(count=minutes)
    return ngettext(
        "Too many requests. Try again in {count} second.",
        "Too many requests. Try again in {count} seconds.",
        seconds,
    ).format(count=seconds)
