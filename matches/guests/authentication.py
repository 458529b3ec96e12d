"""A guest's credential on the routes of its own match.

A guest sends its token as any token is sent (``Authorization: Bearer guest-…``, or ``Token``).
The views a guest may use (its match, its state, log, picture, stream, face-down parts and
report; its writes; ``GET /api/guest/``) carry :class:`GuestWelcome`, which puts
:class:`GuestPassAuthentication` before the device tokens; every other route refuses a guest's
token before any view runs (:mod:`matches.guests.middleware`). Here the pass must hold and the
path must name the guest's own match: else 401 ``guest_pass_ended`` / ``guest_pass_scope``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from companion.api.authentication import BearerDescribed
from matches.guests import services
from matches.guests.principal import Guest

KEYWORDS = (b"bearer", b"token")


def guest_key(header: bytes) -> str | None:
    """The guest's token in an ``Authorization`` header's value, if it holds one."""
    words = header.split()
    if len(words) != 2 or words[0].lower() not in KEYWORDS:
        return None
    try:
        key = words[1].decode("ascii")
    except UnicodeError:
        return None
    return key if key.startswith(services.GUEST_PREFIX) else None


def scope_refusal() -> exceptions.AuthenticationFailed:
    return exceptions.AuthenticationFailed(
        _("A guest pass opens its own match only. Sign in to do anything else."),
        code="guest_pass_scope",
    )


class GuestPassAuthentication(BaseAuthentication):
    def authenticate(self, request):
        key = guest_key(get_authorization_header(request))
        if key is None:
            return None
        guest_pass = services.guest_pass_of(key)
        if guest_pass is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."), code="authentication_failed")
        if not services.guest_pass_holds(guest_pass):
            raise exceptions.AuthenticationFailed(
                str(services.guest_pass_ended().message), code="guest_pass_ended"
            )
        named = (getattr(request, "parser_context", None) or {}).get("kwargs", {}).get("pk")
        if named is not None and int(named) != guest_pass.match_id:
            raise scope_refusal()
        return (Guest(guest_pass), guest_pass)

    def authenticate_header(self, request):
        # the first authenticator names the scheme of a 401: the device tokens' word, as before
        words = get_authorization_header(request).split()
        return "Bearer" if words and words[0].lower() == b"bearer" else "Token"


class GuestWelcome:
    """A view a guest may use on its own match (with the usual logins beside it)."""

    guests_welcome = True

    def get_authenticators(self):
        return [GuestPassAuthentication(), *super().get_authenticators()]


class GuestPassScheme(BearerDescribed, OpenApiAuthenticationExtension):
    target_class = "matches.guests.authentication.GuestPassAuthentication"
    name = "guestAuth"
    priority = 1
    description = (
        "A guest's `token` (`POST /api/join/{code}/guest/`): `Authorization: Bearer guest-…`, "
        "good for the routes of its own match alone while its pass holds (401 "
        "`guest_pass_scope` anywhere else, `guest_pass_ended` once the match is over or the "
        "host took the side back)."
    )
