"""The schema's examples: the requests and answers of a real session, attached to each operation.

``openapi_examples.json`` beside this module is a session recorded on a fresh server
(``manage.py record_api_examples``; :mod:`companion.examples` says how): every step that is an
example gives its operation a request example (where the operation takes a body) and an answer
example under the status it was answered with (where that status has a body), both named by the
step's ``example`` and summarised by its ``summary``; the description says the request as it
was sent. ``tests/api/test_schema_examples.py`` plays the file again on a fresh server and
checks that every operation carries its examples.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

FILE = Path(__file__).with_name("openapi_examples.json")


@cache
def recorded() -> dict:
    """``{"about", "setup", "steps"}`` (see :mod:`companion.examples.session`)."""
    return json.loads(FILE.read_text(encoding="utf-8"))


def request_line(step: dict) -> str:
    """How the step's request was sent: method, path, query and who sent it."""
    path = step["path"].format(**step.get("params", {}))
    query = f"?{urlencode(step['query'])}" if step.get("query") else ""
    who = f" as `{step['as']}`" if step.get("as") else ", not logged in"
    headers = "".join(f", `{name}: {value}`" for name, value in step.get("headers", {}).items())
    return f"`{step['method']} {path}{query}`{who}{headers}; answered {step['status']}."


def stream_messages(text: str) -> list[dict]:
    """The messages of a Server-Sent Events text as whole messages (``StreamMessage``): ``id``
    and ``event``, and ``data`` parsed as JSON (a block without ``data``, the ``retry`` field
    alone, is no message)."""
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "data" in fields:
            message = {key: fields[key] for key in ("id", "event") if key in fields}
            found.append({**message, "data": json.loads(fields["data"])})
    return found


def stream_data(text: str) -> list[dict]:
    """The ``data`` of each message of a Server-Sent Events text: what the stream's answer
    schema types (``StreamData``)."""
    return [message["data"] for message in stream_messages(text)]


def examples_of(operation: dict, step: dict) -> list[tuple[dict, dict]]:
    """Where ``step`` goes in ``operation``: ``(content, example)`` pairs. A stream's answer is
    shown as its first message's ``data`` (what the schema types), the stream's text in the
    description."""
    example = {"summary": step["summary"], "description": request_line(step)}
    found = []
    if "request" in step:
        content = operation.get("requestBody", {}).get("content", {}).get(step["media"])
        if content is not None:
            found.append((content, {**example, "value": step["request"]}))
    response = operation.get("responses", {}).get(str(step["status"]), {})
    content = response.get("content", {}).get(step["answer_media"])
    answer = step.get("answer")
    if content is not None and answer is not None:
        if step["answer_media"] == "text/event-stream":
            text = "\n".join(f"    {line}" for line in answer.splitlines())
            example["description"] += f" The stream:\n\n{text}"
            answer = stream_data(answer)[0]
        found.append((content, {**example, "value": answer}))
    return found


def postprocess_schema(result, generator, request, public):
    """drf-spectacular hook: each recorded example on its operation."""
    operations = {
        operation["operationId"]: operation
        for item in result.get("paths", {}).values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    for step in recorded()["steps"]:
        operation = operations.get(step["operation"])
        if step.get("example") is None or operation is None:
            continue
        for content, example in examples_of(operation, step):
            content.setdefault("examples", {})[step["example"]] = example
    return result
