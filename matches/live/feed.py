"""What a live stream of a match sends, apart from HTTP: the log read for the streams
woken together (``SharedRead``, ``read_log``) and written as Server-Sent Events once per kind
of viewer (``messages_for``), the viewer's credentials and whether they still hold
(``check_credentials``, for the streams of every topic), and the last message of a stream
that ends (``end_message``). ``MATCH`` is the match's topic (``matches.live.topics``).

The endpoint is ``matches.live.api``; the live route of the ASGI application
(``matches.live.handler``) opens what it lets through, and the match's station
(``matches.live.delivery``) writes these messages to each stream.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from companion import devices
from companion.models import Device
from matches.http import reading
from matches.live import topics, wakeups
from matches.log import selectors

logger = logging.getLogger(__name__)

RETRY_MS = 2000
RETRY_LINE = f"retry: {RETRY_MS}\n\n".encode()
BATCH = 500


@dataclass(frozen=True)
class SharedRead:
    """One read of a log, shared by the streams woken for it, with its messages as each
    kind of viewer (the sides whose secrets they see, their language) gets them: written once
    for all the watchers of a match that see it alike, and who may read what worked out once
    per viewer."""

    log: selectors.LogSlice
    rendered: dict = field(default_factory=dict)
    viewers: dict = field(default_factory=dict)


_UNREADABLE = object()


def messages_for(read: SharedRead, user, language: str) -> bytes | None:
    """SSE messages of a slice of the log for ``user``; ``None`` if they may not read it."""
    log = read.log
    viewer = user.pk if user.is_authenticated else None
    visible = read.viewers.get(viewer, read)
    if visible is read:
        if selectors.match_readable_by(log.match, user, log.sides):
            visible = selectors.match_visible_sides(log.match, user, sides=log.sides)
        else:
            visible = _UNREADABLE
        read.viewers[viewer] = visible
    if visible is _UNREADABLE:
        return None
    key = (visible, language)
    messages = read.rendered.get(key)
    if messages is None:
        with translation.override(language):
            items = reading.events_json(
                log.match, log.events, visible=visible, voided=log.voided, sides=log.sides
            )
        messages = read.rendered[key] = "".join(
            f"id: {item['seq']}\nevent: event\ndata: {data_line(item, 'event', ascii=True)}\n\n"
            for item in items
        ).encode()
    return messages


# --- who is watching, and until when ----------------------------------------------------------

#: Why a stream ended (the ``reason`` of its final ``end`` event).
END_REVOKED, END_PASSWORD, END_EXPIRED, END_ACCESS = (
    "revoked",
    "password_changed",
    "expired",
    "access_lost",
)


def _end_message(reason: str, guest: bool = False) -> str:
    if guest:  # a guest's pass (matches.guests): the host took the side back, or it is over
        if reason == END_REVOKED:
            return _("This guest pass has ended: the host has taken your side back.")
        return _("The match is over: this guest pass has ended.")
    if reason == END_PASSWORD:
        return _("The password of this account was changed. Log in again to follow the match.")
    if reason == END_EXPIRED:
        return _("This login has expired after a long time unused. Log in again.")
    if reason == END_ACCESS:
        return _("You can no longer follow this match.")
    return _("This login has ended. Log in again to follow the match.")


@dataclass(frozen=True)
class Credentials:
    """What the stream was opened with: a device's token or a session (none: anonymous), and
    the password it was opened under (its session hash, which changes with the password)."""

    user_id: int | None = None
    password_hash: str = ""
    device_id: int | None = None
    session_key: str | None = None
    expires_at: datetime | None = None
    #: a guest's pass (``matches.guests``): looked at every ``GUEST_CHECK``
    guest_pass_id: int | None = None


@dataclass(frozen=True)
class Check:
    """A look at the credentials: why they ended (``None``: they hold) and until when."""

    ended: str | None
    expires_at: datetime | None = None


def check_credentials(credentials: Credentials) -> Check:
    """Whether ``credentials`` still hold, and if not, why."""
    from django.contrib.auth import get_user_model

    if credentials.guest_pass_id is not None:
        return _check_guest(credentials.guest_pass_id)
    if credentials.user_id is None:
        return Check(None)
    try:
        user = get_user_model().objects.filter(pk=credentials.user_id, is_active=True).first()
        if user is None:
            return Check(END_REVOKED)
        same_password = constant_time_compare(
            user.get_session_auth_hash(), credentials.password_hash
        )
        ended = END_REVOKED if same_password else END_PASSWORD
        if credentials.device_id is not None:
            used = (
                Device.objects.filter(pk=credentials.device_id)
                .values_list("last_used_at", flat=True)
                .first()
            )
            if used is None:
                return Check(ended)
            expires_at = used + devices.idle_timeout()
            return Check(END_EXPIRED if expires_at <= timezone.now() else None, expires_at)
        return Check(None if _session_holds(credentials, user) else ended)
    finally:
        close_old_connections()


#: How often a guest's stream looks at its pass (a pass ends without a viewer's channel to tell
#: it), and how long the stream of a match that ended goes on before it ends, so that the last
#: move reaches it first: a guest's stream ends within 3 s of the end of its pass.
GUEST_CHECK = timedelta(seconds=2)
GUEST_GRACE = timedelta(seconds=1)


def _check_guest(pass_id: int) -> Check:
    from matches.guests.services import guest_pass_status
    from matches.models import GuestEnd

    try:
        holds, reason, ended_at = guest_pass_status(pass_id)
    finally:
        close_old_connections()
    now = timezone.now()
    if holds:
        return Check(None, now + GUEST_CHECK)
    if reason == GuestEnd.MATCH_OVER:
        if ended_at is not None and now - ended_at < GUEST_GRACE:
            return Check(None, ended_at + GUEST_GRACE)
        return Check(END_ACCESS)
    return Check(END_REVOKED)


def _session_holds(credentials: Credentials, user) -> bool:
    from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY

    engine = import_module(settings.SESSION_ENGINE)
    data = engine.SessionStore(credentials.session_key).load() if credentials.session_key else {}
    return str(data.get(SESSION_KEY)) == str(user.pk) and constant_time_compare(
        data.get(HASH_SESSION_KEY, ""), user.get_session_auth_hash()
    )


# --- reading the log, off the event loop ----------------------------------------------------


def _read_sync(match_id: int, after: int) -> SharedRead | None:
    try:
        log = selectors.match_log_after(match_id, after=after, limit=BATCH)
        return None if log is None else SharedRead(log)
    finally:
        # like the end of a request: CONN_MAX_AGE=0 closes, a broken connection is dropped
        close_old_connections()


#: Reads of logs done for streams in this process (what a test watches for the re-reads).
reads = 0


async def read_log(match_id: int, after: int) -> SharedRead | None:
    """The events of the match after ``after`` (at most ``BATCH``), read on the live streams'
    pool of threads; ``None`` when the match is gone."""
    global reads
    reads += 1
    return await wakeups.in_pool(_read_sync, match_id, after)


@dataclass(frozen=True)
class Viewer:
    user: Any
    credentials: Credentials
    language: str
    key: str


def end_message(reason: str, language: str, *, guest: bool = False) -> str:
    """The last message of a stream that ends for ``reason`` (``guest``: a guest's stream)."""
    with translation.override(language):
        body = {"reason": reason, "message": _end_message(reason, guest)}
    return f"event: end\ndata: {data_line(body, 'end')}\n\n"


def data_line(body: dict, event: str, *, ascii: bool = False) -> str:
    """A message's ``data``: ``body`` naming its ``event`` first, as compact JSON (the schema's
    ``StreamData``: a client that reads only ``data`` tells the messages apart by it)."""
    return json.dumps({"event": event, **body}, ensure_ascii=ascii, separators=(",", ":"))


@dataclass(frozen=True)
class LiveStart:
    """What the live route needs to open a stream the view has let through: its topic
    (``kind`` and ``ident``: a match's id), the viewer, the position it starts after (a
    match's seq) and its count (``matches.live.wakeups.claim_stream``)."""

    kind: str
    ident: int
    viewer: Viewer
    after: Any
    claim: str


class MatchTopic:
    """A match's events (``matches.live.topics``): a stream's position is the last seq sent;
    the streams at one seq share one read of the log."""

    kind = "match"
    path = re.compile(r"^/api/matches/[0-9]+/stream/$")

    def read_key(self, after: int) -> int:
        return after

    async def read(self, ident: int, key: int) -> SharedRead | None:
        return await read_log(ident, key)

    def messages(self, read: SharedRead, viewer: Viewer, after: int) -> tuple[bytes, int] | None:
        messages = messages_for(read, viewer.user, viewer.language)
        if messages is None:
            return None
        events = read.log.events
        return messages, events[-1].seq if events else after

    def more(self, read: SharedRead) -> bool:
        return read.log.more

    def end_message(self, reason: str, language: str, *, guest: bool = False) -> str:
        return end_message(reason, language, guest=guest)


MATCH = MatchTopic()
topics.register(MATCH)


def snapshot_stream(match_id: int, user, after: int, language: str):
    """Under WSGI: what is logged after ``after``, then the end (the client comes back)."""
    yield RETRY_LINE
    while True:
        log = selectors.match_log_after(match_id, after=after, limit=BATCH)
        if log is None:
            return
        messages = messages_for(SharedRead(log), user, language)
        if messages is None:
            return
        yield messages
        if not log.more:
            return
        after = log.events[-1].seq
