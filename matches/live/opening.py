"""What the view of every live stream (a match's, a competition's table) does before the
stream opens, and the answers it may give instead: who watches and with which credentials,
their stream counted within the limits (``LIVE_STREAMS_PER_USER`` per viewer, counted across
the stream processes; ``LIVE_STREAMS_PER_PROCESS``), 429 and 503 in the error shape."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.throttling import BaseThrottle

from companion import devices
from companion.errors import DomainError
from companion.models import Device
from companion.openapi import error_response
from matches.guests.principal import is_guest
from matches.live import wakeups
from matches.live.feed import Credentials, Viewer

#: Seconds to wait before opening a stream again when the limits refused it.
STREAM_RETRY_AFTER = 5

#: The answers of a stream's view when the limits refuse one more stream (the schema's).
LIMIT_ERRORS = {
    429: error_response(
        "Too many live streams of this viewer open (`LIVE_STREAMS_PER_USER`, counted across "
        "the server processes when they share Redis, streams of matches and of competitions "
        "alike); `Retry-After`.",
        ["throttled"],
    ),
    503: error_response(
        "This server process follows as many streams as it may "
        "(`LIVE_STREAMS_PER_PROCESS`); `Retry-After`.",
        ["service_unavailable"],
    ),
}


class StreamsFull(DomainError):
    """This process serves as many streams as it may (``service_unavailable``, and
    ``Retry-After`` from ``details.retry_after``)."""

    def __init__(self) -> None:
        super().__init__(
            "service_unavailable",
            _("This server follows as many live matches as it can. Try again shortly."),
            details={"retry_after": STREAM_RETRY_AFTER},
        )


def credentials_of(request) -> Credentials:
    """What the stream is opened with: the device's token, or the session (none: anonymous)."""
    user = request.user
    if not user.is_authenticated:
        return Credentials()
    if is_guest(user):  # looked at every GUEST_CHECK (feed.check_credentials)
        return Credentials(guest_pass_id=user.pass_id, expires_at=timezone.now())
    opened = {"user_id": user.pk, "password_hash": user.get_session_auth_hash()}
    if isinstance(request.auth, Device):
        device = request.auth
        expires_at = device.last_used_at + devices.idle_timeout()
        return Credentials(**opened, device_id=device.pk, expires_at=expires_at)
    session = getattr(request._request, "session", None)
    return Credentials(**opened, session_key=getattr(session, "session_key", None))


def counted_viewer(request) -> tuple[Viewer, str]:
    """Who watches, and their stream counted, once the limits allow one more stream (else
    429 ``throttled`` or 503 ``service_unavailable``, each with ``Retry-After``)."""
    if wakeups.hub.count() >= settings.LIVE_STREAMS_PER_PROCESS:
        raise StreamsFull
    user = request.user
    key = wakeups.user_key(
        user.pk if user.is_authenticated else None, BaseThrottle().get_ident(request)
    )
    claim = wakeups.claim_stream(key, settings.LIVE_STREAMS_PER_USER)
    if claim is None:
        raise exceptions.Throttled(
            wait=STREAM_RETRY_AFTER,
            detail=_("You have too many live streams open. Close one and try again."),
        )
    viewer = Viewer(
        user=user,
        credentials=credentials_of(request),
        language=translation.get_language() or settings.LANGUAGE_CODE,
        key=key,
    )
    return viewer, claim
