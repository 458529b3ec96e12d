"""What a live stream follows: a *topic*, one kind of thing that changes (a match's log, a
competition's table) and the id of one of them.

The machinery is the same for every kind (``matches.live.wakeups``: the channel, the hub, the
viewers' counts; ``matches.live.delivery``: the stations, the keep-alives, the credentials
checks; ``matches.live.handler``: the ASGI route). A kind says only what is its own:

- ``path``: the stream's path, which the live route of the ASGI application serves;
- ``read(ident, key)``: what a station reads of one thing when woken (on the live streams'
  pool of threads: it may use the database); ``None`` when the thing is gone. Streams whose
  positions have the same ``read_key`` share one read;
- ``messages(read, viewer, after)``: the bytes a viewer at position ``after`` is sent, and
  their position after them (``None``: the viewer may not read it, their stream ends);
- ``more(read)``: whether there is more to read at once (a read takes a batch at most);
- ``end_message(reason, language, guest=...)``: the last message of a stream that ends
  (``guest``: read with a guest's pass, ``matches.guests``).

The match stream's kind is ``matches.live.feed.MATCH``; an app adds its own with
``register`` in its ``ready()`` (the competitions' table, ``competitions.live``). A kind's
wake-ups go through ``wakeups.publish_topic(kind, ident)``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any, Protocol


class Topic(Protocol):
    kind: str
    path: re.Pattern[str]

    def read_key(self, after: Any) -> Hashable: ...

    async def read(self, ident: int, key: Any) -> Any | None: ...

    def messages(self, read: Any, viewer: Any, after: Any) -> tuple[bytes, Any] | None: ...

    def more(self, read: Any) -> bool: ...

    def end_message(self, reason: str, language: str, *, guest: bool = False) -> str: ...


_topics: dict[str, Topic] = {}


def register(topic: Topic) -> None:
    """Serve streams of ``topic.kind`` (once per kind: registering again replaces it)."""
    if topic.kind == "user" or ":" in topic.kind:
        raise ValueError(f"not a topic's name: {topic.kind!r}")  # the viewers' channels
    _topics[topic.kind] = topic


def topic(kind: str) -> Topic:
    return _topics[kind]


def is_stream_path(path: str) -> bool:
    """Whether ``path`` is the path of a live stream of some kind."""
    return any(t.path.match(path) for t in list(_topics.values()))
