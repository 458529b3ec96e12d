"""Throttles of our own: anonymous reads, the browser and admin login forms, which share
the API's ``login`` rate and counter, and failed logins per account (``login_account``).
Anonymous clients are keyed like DRF keys them (the client address; ``X-Forwarded-For`` only
from the ``NUM_PROXIES`` trusted proxies)."""

from __future__ import annotations

import hashlib
import re
from functools import wraps

from django.http import HttpResponse
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, SimpleRateThrottle

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
            account = AccountLoginThrottle(request.POST.get("username", ""))
            for held in (throttle, account):
                if not held.allow_request(request, None):
                    wait = max(1, int(held.wait() or 1))
                    response = HttpResponse(
                        f"Too many login attempts. Try again in {wait} seconds.\n",
                        status=429,
                        content_type="text/plain; charset=utf-8",
                    )
                    response["Retry-After"] = str(wait)
                    return response
            response = view(request, *args, **kwargs)
            if response.status_code == 302:  # logged in (a failed form is shown again, 200)
                account.succeeded(request)
            else:
                account.failed()
            return response
        return view(request, *args, **kwargs)

    return wrapped


class AccountLoginThrottle(SimpleRateThrottle):
    """Failed logins per account, from any address (``login_account`` rate, e.g. ``10/15m``):
    guesses spread over many addresses against one account are bounded too. Only failures
    count, and an address that logged in to the account before (within ``KNOWN_DAYS``) is
    never held by it, so a stranger's guesses cannot lock the owner out at their usual
    address, and elsewhere for at most the rate's period after the last burst of guesses."""

    scope = "login_account"
    KNOWN_DAYS = 30

    def __init__(self, username: str) -> None:
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        digest = hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]
        self.account = digest
        self.key = self.cache_format % {"scope": self.scope, "ident": digest}

    def parse_rate(self, rate):
        """``<n>/<period>``, the period as DRF writes it (``min``, ``hour``) or with a count
        (``15m``, ``2h``)."""
        number, period = rate.split("/")
        count, unit = re.fullmatch(r"(\d*)([smhd])\w*", period).groups()
        seconds = {"s": 1, "m": 60, "h": 3600, "d": 86400}[unit]
        return int(number), seconds * int(count or 1)

    def _known_key(self, request) -> str:
        return f"{self.key}:known:{self.get_ident(request)}"

    def allow_request(self, request, view=None) -> bool:
        """Whether a login to this account may be tried now (counts nothing)."""
        self.now = self.timer()
        self.history = [t for t in self.cache.get(self.key, []) if t > self.now - self.duration]
        return len(self.history) < self.num_requests or bool(
            self.cache.get(self._known_key(request))
        )

    def failed(self) -> None:
        self.history.insert(0, self.now)
        self.cache.set(self.key, self.history[: self.num_requests], self.duration)

    def succeeded(self, request) -> None:
        self.cache.set(self._known_key(request), True, self.KNOWN_DAYS * 86400)
