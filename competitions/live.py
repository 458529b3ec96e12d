"""``GET /api/competitions/{id}/stream/``: the competition's table (and bracket) as Server-Sent
Events, sent again each time the stored standings change (docs/competitions.md, "The table,
live").

On the match stream's machinery (``matches.live``): a competition is a topic of its own
(``TOPIC``, kind ``competition``), woken on the channel ``<prefix>competition:<id>`` after the
commit that changed its stored standings (the rebuild job's, a walkover's, a member leaving)
or who may read it (``connect``: a competition or a member saved or deleted). Its station reads
the competition once for all its streams (on the live streams' pool of threads), writes the
message once per language and sends it to each stream not at that table yet. The streams count
in the viewer's limits, end when their credentials do, and are served by the same live route.

Each message is the whole table as ``GET table/`` answers it to this reader, not a change to
apply, so a phone redraws from the message alone; its ``id`` is the table's ``ETag``::

    id: "<the table's ETag>"
    event: table
    data: {"event": "table", "competition": 7, "status": "running", "etag": "\\"…\\"",
           "bracket_etag": "\\"…\\"" | null, "table": <TableOutput>, "bracket": <BracketOutput> | null}

A stream starts with the table as it is, unless it resumes from the one it holds
(``Last-Event-ID``, or ``?after=`` with the ``ETag`` of ``GET table/``): then the next message
comes when the table changes. Under WSGI (the test client, a sync worker) the stream sends the
table if it is not that one and ends; the ``retry`` field brings an ``EventSource`` back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.db.models.signals import post_delete, post_save
from django.http import StreamingHttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from companion.api.conditional import etag_of
from companion.api.routes import Routes
from competitions import selectors
from competitions.http.answers import (
    bracket_answer,
    bracket_parts,
    readable,
    table_answer,
    table_parts,
)
from competitions.http.errors import NOT_FOUND, QUERY_ERRORS
from competitions.models import Competition, Format, Member
from matches.live import feed, opening, topics, wakeups

routes = Routes()

#: The message of a changed table (its ``event:`` line and its data's ``event``).
EVENT = "table"
#: The formats whose messages carry the bracket (the others' is ``null``).
BRACKETS = frozenset({Format.CUP, Format.GROUPS_CUP})
#: A table's ``ETag`` as a stream's position: quoted (as sent), bare, or weak.
TABLE_ETAG = re.compile(r'^(?:W/)?"?([0-9a-f]{32})"?$')


# --- what a stream reads and sends ----------------------------------------------------------


@dataclass
class TableRead:
    """One read of a competition, shared by its streams woken together: its stored standings,
    who may read it (``None``: anyone), and its message per language, written once."""

    competition: Competition
    readers: frozenset[int] | None
    rendered: dict[str, tuple[str, bytes]] = field(default_factory=dict)


def _read_sync(ident: int) -> TableRead | None:
    try:
        competition = (
            Competition.objects.filter(pk=ident)
            .only(
                "id",
                "format",
                "status",
                "visibility",
                "organiser_id",
                "tie_break",
                "points",
                "standings",
                "standings_tag",
            )
            .first()
        )
        if competition is None:
            return None
        return TableRead(competition, selectors.competition_readers(competition))
    finally:
        close_old_connections()  # as after a request


def table_message(read: TableRead, language: str) -> tuple[str, bytes]:
    """The table's ``ETag`` for a reader in ``language`` and the message that carries it."""
    found = read.rendered.get(language)
    if found is None:
        competition = read.competition
        with translation.override(language):
            table = table_answer(competition)
            bracket = None
            if competition.format in BRACKETS:
                bracket = bracket_answer(competition)
        etag = etag_of(*table_parts(competition, language))
        body = {
            "competition": competition.pk,
            "status": competition.status,
            "etag": etag,
            "bracket_etag": None if bracket is None else etag_of(*bracket_parts(competition)),
            "table": table,
            "bracket": bracket,
        }
        lines = f"id: {etag}\nevent: {EVENT}\ndata: {feed.data_line(body, EVENT)}\n\n"
        found = read.rendered[language] = (etag, lines.encode())
    return found


def _end_text(reason: str) -> str:
    if reason == feed.END_PASSWORD:
        return _("The password of this account was changed. Log in again to follow the table.")
    if reason == feed.END_EXPIRED:
        return _("This login has expired after a long time unused. Log in again.")
    if reason == feed.END_ACCESS:
        return _("You can no longer follow this competition.")
    return _("This login has ended. Log in again to follow the table.")


#: Reads of competitions done for streams in this process (one per wake-up of a table, however
#: many follow it: what a test counts).
reads = 0


class TableTopic:
    """A competition's table (``matches.live.topics``): a stream's position is the ``ETag`` of
    the last table sent (``""``: none yet); all its streams share one read."""

    kind = "competition"
    path = re.compile(r"^/api/competitions/[0-9]+/stream/$")

    def read_key(self, after: str) -> None:
        return None

    async def read(self, ident: int, key: None) -> TableRead | None:
        global reads
        reads += 1
        return await wakeups.in_pool(_read_sync, ident)

    def messages(
        self, read: TableRead, viewer: feed.Viewer, after: str
    ) -> tuple[bytes, str] | None:
        readers = read.readers
        if readers is not None and viewer.user.pk not in readers:
            return None
        etag, message = table_message(read, viewer.language)
        return (b"", after) if etag == after else (message, etag)

    def more(self, read: TableRead) -> bool:
        return False

    def end_message(self, reason: str, language: str, *, guest: bool = False) -> str:
        with translation.override(language):
            body = {"reason": reason, "message": _end_text(reason)}
        return f"event: end\ndata: {feed.data_line(body, 'end')}\n\n"


TOPIC = TableTopic()


# --- when its streams wake ------------------------------------------------------------------


def _competition_changed(sender, instance, **kwargs) -> None:
    if not kwargs.get("created"):
        wakeups.publish_topic_on_commit(TOPIC.kind, instance.pk)


def _member_changed(sender, instance, **kwargs) -> None:
    if not kwargs.get("created"):  # a new member takes no one's access away
        wakeups.publish_topic_on_commit(TOPIC.kind, instance.competition_id)


def connect() -> None:
    """Serve the tables' streams, and wake them after each commit that saved a competition
    (its stored standings rebuilt, its visibility changed) or a member (who may read it)."""
    topics.register(TOPIC)
    post_save.connect(_competition_changed, sender=Competition, dispatch_uid="live-competition-s")
    post_delete.connect(_competition_changed, sender=Competition, dispatch_uid="live-competition-d")
    post_save.connect(_member_changed, sender=Member, dispatch_uid="live-member-s")
    post_delete.connect(_member_changed, sender=Member, dispatch_uid="live-member-d")


# --- the endpoint ---------------------------------------------------------------------------


class TableStreamQuery(serializers.Serializer):
    after = serializers.RegexField(
        TABLE_ETAG,
        max_length=40,
        required=False,
        help_text="The table the reader holds: its `ETag` (`GET table/`'s, or the last "
        "message's `id`), quoted or not. Its next message is the next table; Last-Event-ID "
        "wins.",
    )


def _start_after(request) -> str:
    header = request.headers.get("Last-Event-ID")
    data = {"after": header} if header not in (None, "") else request.query_params
    query = TableStreamQuery(data=data)
    query.is_valid(raise_exception=True)
    found = TABLE_ETAG.match(query.validated_data.get("after") or "")
    return f'"{found[1]}"' if found else ""  # as the ETag is sent


@routes.at("competitions/<int:pk>/stream/", name="competition-stream")
class CompetitionStreamView(APIView):
    """The stream answers ``text/event-stream``; its errors are JSON whatever was accepted."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [JSONRenderer]

    def perform_content_negotiation(self, request, force=False):
        return JSONRenderer(), JSONRenderer.media_type

    @extend_schema(
        summary="The table, live: sent again each time it changes (Server-Sent Events)",
        description="The competition's table as `GET table/` answers it (and its bracket as "
        "`GET bracket/` does, for a cup or groups then a cup), first as it is, then each time "
        "the stored standings change: a match of a fixture ended or was undone, a walkover, a "
        "member left. The same readers as the table: a private competition is 404 to anyone "
        "not in it.",
        parameters=[
            TableStreamQuery,
            OpenApiParameter(
                "Last-Event-ID",
                {"type": "string", "pattern": TABLE_ETAG.pattern},
                OpenApiParameter.HEADER,
                description="Resume after this table: the last message's `id` (sent by an "
                "EventSource on reconnect).",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                {"$ref": "#/components/schemas/TableStreamData"},
                description="Server-Sent Events (UTF-8 text): messages separated by a blank "
                "line, each of `id:`, `event:` and `data:` lines; the schema is the `data` of "
                "one message, parsed as JSON (`TableStreamData`, chosen by its `event`, which "
                "is the message's `event:` line; `TableStreamMessage` is a whole message). "
                "`event: table` carries the whole table (`TableUpdate`: the table, the "
                "bracket, their `ETag`s), its `id` the table's `ETag`; the last message, when "
                "the viewer may no longer follow, is `event: end` with `data` a `StreamEnd`. "
                f"The first message is `retry: {feed.RETRY_MS}` (milliseconds before an "
                "EventSource reconnects), then the table as it is, unless the stream resumes "
                "from it (`Last-Event-ID` or `?after=`): then the next one. A comment line "
                "(`: keep-alive`) comes after each quiet interval.",
            ),
            400: QUERY_ERRORS[400],
            **NOT_FOUND,
            **opening.LIMIT_ERRORS,
        },
    )
    def get(self, request, pk: int):
        after = _start_after(request)
        competition = readable(request, pk)
        start = None
        if not getattr(request._request, "live_stream", False):
            language = translation.get_language() or settings.LANGUAGE_CODE
            etag, message = table_message(TableRead(competition, None), language)
            content: Any = [feed.RETRY_LINE] + ([] if etag == after else [message])
        else:
            viewer, claim = opening.counted_viewer(request)
            # the thread that opened the stream is the pool's: let its connection go now
            close_old_connections()
            start = feed.LiveStart(TOPIC.kind, competition.pk, viewer, after, claim)
            content = ()  # the live route sends the messages (matches.live.delivery)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response.live_start = start  # type: ignore[attr-defined]
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each message on at once
        return response
