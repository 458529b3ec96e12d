"""The OpenAPI schema's examples of opening a match and logging a move, taken from a real match.

``schema_examples.json`` beside this module holds what the server answered when Ann opened a
Hat-Trick match against a guest side, logged its first move, tried a move the rules refuse and
sent a stale ``expected_seq``. ``tests/api/test_schema_examples.py`` plays the same match again
and fails when an answer differs (ids and times aside) or an example does not validate against
the schema; ``RECORD_SCHEMA_EXAMPLES=1`` writes the file anew from that match.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from drf_spectacular.utils import OpenApiExample

FILE = Path(__file__).with_name("schema_examples.json")


@cache
def recorded() -> dict:
    """``{operation: {example name: {summary, request, status, response}}}``."""
    return json.loads(FILE.read_text(encoding="utf-8"))


def examples(operation: str) -> list[OpenApiExample]:
    """The request and answer examples of ``operation`` (``create`` or ``append``)."""
    out = []
    for name, item in recorded()[operation].items():
        out.append(
            OpenApiExample(name, value=item["request"], summary=item["summary"], request_only=True)
        )
        out.append(
            OpenApiExample(
                f"{name}, answered",
                value=item["response"],
                summary=item["summary"],
                response_only=True,
                status_codes=[str(item["status"])],
            )
        )
    return out
