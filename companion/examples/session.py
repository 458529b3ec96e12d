"""A recorded session of the API: its steps, how one is sent, and how the recording is made.

The data file holds ``{"about", "setup", "steps": [...]}``. ``setup`` is what an operator does
to a new server before anyone calls it (:func:`prepare_server`); each step is one request and
what the server answered, in the order they were made::

    {"operation": "matches_events_create",  # the operationId of the schema
     "example": "first_move",               # its name among the operation's examples; null: a
                                            # step that only moves the session on (its answer
                                            # is not kept)
     "summary": "...",
     "as": "ann",                           # whose token is sent (a name bound earlier); null:
                                            # anonymous
     "method": "POST", "path": "/api/matches/{id}/events/", "params": {"id": 1},
     "query": {...}, "headers": {...}, "media": "application/json", "request": {...},
     "refs": {"params/id": "match"},        # where a value bound earlier stands in the request
     "status": 201, "answer_media": "application/json", "answer": {...},
     "binds": {"match": {"at": "/match/id", "value": 1}}}

Ids, tokens, times and the uid of a match differ from one run to the next. A value of an answer
that a later request uses is *bound* to a name where it appears (``at``: a JSON pointer into the
answer, ``""`` for the whole answer, ``header:<name>``, or ``mail:<pattern>``: the pattern's group
in the last mail sent) and
the later request names it in ``refs``: a replay sends what its own server answered there. The
``value`` kept beside it is the recorded one, so the replay knows which recorded value stands for
which of its own (``tests/api/test_schema_examples.py``; docs/api.md, "Examples").
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import Client

JSON = "application/json"

#: the staff account an operator makes on a new server (``createsuperuser``)
STAFF = {"username": "referee", "email": "referee@example.com", "password": "whistle-and-cards"}


@dataclass(frozen=True)
class Ref:
    """In a request of the tour: the value bound to ``name`` by an earlier answer."""

    name: str


@dataclass
class Answer:
    status: int
    media: str | None
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def prepare_server(setup: dict) -> None:
    """What the operator does to a new, migrated server: the reference editions of the games
    (``manage.py load_editions``) and a staff account (``manage.py createsuperuser``)."""
    call_command("load_editions", stdout=StringIO())
    get_user_model().objects.create_superuser(**setup["staff"])


def pointer_get(document: Any, where: str) -> Any:
    """The value at the JSON pointer ``where`` (``""``: the whole document)."""
    for key in _keys(where) if where else ():
        document = document[int(key)] if isinstance(document, list) else document[key]
    return document


def pointer_put(document: Any, where: str, value: Any) -> None:
    *path, last = _keys(where)
    for key in path:
        document = document[int(key)] if isinstance(document, list) else document[key]
    if isinstance(document, list):
        document[int(last)] = value
    else:
        document[last] = value


def _keys(where: str) -> list[str]:
    return [key.replace("~1", "/").replace("~0", "~") for key in where.strip("/").split("/")]


def send(client: Client, step: dict, values: dict[str, Any]) -> Answer:
    """Send ``step``'s request, each of its ``refs`` taken from ``values``."""
    step = copy.deepcopy(step)
    for where, name in step.get("refs", {}).items():
        pointer_put(step, where, values[name])
    headers = dict(step.get("headers", {}))
    if step.get("as"):
        headers["Authorization"] = f"Token {values[step['as']]}"
    body = step.get("request")
    media = step.get("media", JSON)
    data: str | bytes = b""
    if body is not None:
        data = json.dumps(body) if media == JSON else body
    typed = {"content_type": media} if body is not None else {}
    response = client.generic(
        step["method"],
        step["path"].format(**step.get("params", {})),
        data=data,
        headers=headers,
        query_params=step.get("query") or None,
        **typed,
    )
    content = b"".join(response.streaming_content) if response.streaming else response.content
    answer_media = response.get("Content-Type", "").split(";")[0].strip() or None
    text = content.decode()
    answer = json.loads(text) if answer_media == JSON and text else (text or None)
    return Answer(response.status_code, answer_media, answer, dict(response.headers))


def bound(at: str, answer: Answer) -> Any:
    """The value at ``at`` (see the module's docstring) of ``answer``."""
    if at.startswith("header:"):
        return answer.headers[at.removeprefix("header:")]
    if at.startswith("mail:"):
        found = re.search(at.removeprefix("mail:"), mail.outbox[-1].body)
        if found is None:
            raise LookupError(f"no {at} in the last mail")
        return found[1]
    return pointer_get(answer.body, at)


class Recorder:
    """Plays the tour on this server, keeping every step (see the module's docstring)."""

    def __init__(self) -> None:
        self.client = Client()
        self.steps: list[dict] = []
        self.values: dict[str, Any] = {}

    def call(
        self,
        operation: str,
        method: str,
        path: str,
        *,
        status: int,
        example: str | None = None,
        summary: str = "",
        as_: str | None = None,
        params: dict | None = None,
        query: dict | None = None,
        headers: dict | None = None,
        body: Any = None,
        media: str = JSON,
        binds: dict[str, str] | None = None,
    ) -> Any:
        """Send one request and keep it; the answer's body. ``status``: the one expected (the
        recording stops at any other); ``binds``: name -> where in the answer."""
        step: dict[str, Any] = {"operation": operation, "example": example, "summary": summary}
        step.update({"as": as_, "method": method, "path": path})
        parts = {"params": params, "query": query, "headers": headers, "request": body}
        step.update({key: value for key, value in parts.items() if value is not None})
        if body is not None:
            step["media"] = media
        refs: dict[str, str] = {}
        for key in ("params", "query", "headers", "request"):
            if key in step:
                step[key] = self._resolved(step[key], key, refs)
        if refs:
            step["refs"] = refs
        answer = send(self.client, step, self.values)
        if answer.status != status:
            raise AssertionError(
                f"{operation} {example}: {answer.status}, not {status}: {answer.body}"
            )
        step.update({"status": answer.status, "answer_media": answer.media})
        if example is not None:
            step["answer"] = answer.body
        if binds:
            step["binds"] = {}
            for name, at in binds.items():
                self.values[name] = bound(at, answer)
                step["binds"][name] = {"at": at, "value": self.values[name]}
        self.steps.append(step)
        return answer.body

    def _resolved(self, node: Any, where: str, refs: dict[str, str]) -> Any:
        if isinstance(node, Ref):
            refs[where] = node.name
            return self.values[node.name]
        if isinstance(node, dict):
            return {k: self._resolved(v, f"{where}/{_escaped(k)}", refs) for k, v in node.items()}
        if isinstance(node, list):
            return [self._resolved(v, f"{where}/{i}", refs) for i, v in enumerate(node)]
        return node


def _escaped(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")
