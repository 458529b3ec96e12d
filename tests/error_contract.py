"""A pytest plugin: every error the API answers in a test carries a code its operation lists.

Each answer under ``/api/`` with a 4xx/5xx status is matched to its operation in the served
schema (by the URL route that answered it); where the schema declares that status, the answer's
``code`` must be in the status's ``code`` enum (the enum of its error component). A test whose request got an error code its
operation does not list fails, so the whole suite checks the listing (routes a test adds
itself, and statuses an operation does not declare, are left to the schema tests).
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

_ANSWERED: list[tuple[str, str, int, str, tuple[str, ...]]] = []


def _games() -> tuple[str, ...]:
    from matches.engine import game_keys

    return tuple(game_keys())


@cache
def _schema(games: tuple[str, ...] = ()) -> dict:
    """The served schema while ``games`` are registered (a test may register one of its own,
    and take it away again before its answers are checked)."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def schema_path(route: str) -> str:
    """``api/matches/<int:pk>/events/`` -> ``/api/matches/{id}/events/``."""
    path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
    return "/" + path.replace("{pk}", "{id}")


def listed_codes(
    method: str, route: str, status: int, games: tuple[str, ...] = ()
) -> list[str] | None:
    """The codes the operation lists for ``status``; ``None`` where the schema does not say."""
    from companion.openapi import error_codes

    document = _schema(games or _games())
    operation = document["paths"].get(schema_path(route), {}).get(method.lower())
    response = (operation or {}).get("responses", {}).get(str(status))
    if response is None:
        return None
    return error_codes(document, response)


def _record(request, response) -> None:
    if response.status_code < 400 or not request.path.startswith("/api/"):
        return
    match = getattr(request, "resolver_match", None)
    if match is None or not response.get("Content-Type", "").startswith("application/json"):
        return
    try:
        code = json.loads(response.content)["code"]
    except (ValueError, KeyError, TypeError):
        return
    _ANSWERED.append((request.method, match.route, response.status_code, code, _games()))


@pytest.fixture(scope="session", autouse=True)
def _record_error_answers():
    from django.core.handlers.base import BaseHandler

    original = BaseHandler.get_response

    def get_response(self, request):
        response = original(self, request)
        _record(request, response)
        return response

    BaseHandler.get_response = get_response
    yield
    BaseHandler.get_response = original


@pytest.fixture(autouse=True)
def every_error_code_is_listed(request, _record_error_answers):
    _ANSWERED.clear()
    yield
    if request.node.get_closest_marker("urls"):
        return  # routes of the test's own
    unlisted = []
    for method, route, status, code, games in _ANSWERED:
        codes = listed_codes(method, route, status, games)
        if codes is not None and code not in codes:
            unlisted.append(f"{method} /{route} {status} {code} (lists {codes})")
    _ANSWERED.clear()
    assert not unlisted, "error codes the schema does not list:\n" + "\n".join(unlisted)
