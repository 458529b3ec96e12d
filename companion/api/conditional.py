"""Answers that do not change, cached and served with an ``ETag`` (304 on ``If-None-Match``).

A finished match's export and pictures are a pure function of the match's identity (its
``uid``, unique across databases too), its ``seq`` and status, the parameters of the request
and what the reader may see; so is their ``ETag``. A reader who sends it back gets 304 without the answer being built; other readers get
the body from the cache (Redis when configured: shared by every web process). Bodies of
matches still in progress are not cached (they change with every move), but still get an
``ETag`` so a phone polling the same picture gets 304 until the next move.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseBase
from django.utils.cache import get_conditional_response

#: How long a built answer stays in the cache (seconds).
CACHE_SECONDS = 3600


def etag_of(*parts: object) -> str:
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f'"{digest}"'


def conditional(request, *, parts: tuple, build: Callable[[], HttpResponseBase]):
    """304 if the reader holds the answer whose ``ETag`` ``parts`` make; else ``build()`` with it.

    ``parts`` must name everything the answer depends on (so a changed answer has a new tag).
    """
    etag = etag_of(*parts)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        not_modified["ETag"] = etag
        return not_modified
    response = build()
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"  # revalidate with the ETag every time
    return response


def cached_answer(
    request,
    *,
    parts: tuple,
    build: Callable[[], str],
    content_type: str,
    keep: bool,
    headers: dict[str, str] | None = None,
) -> HttpResponse:
    """304 if the reader has this answer; else the cached body (``keep``) or a built one."""

    def answer() -> HttpResponse:
        key = f"answer:{etag_of(*parts).strip(chr(34))}"
        body = cache.get(key) if keep else None
        if body is None:
            body = build()
            if keep:
                cache.set(key, body, CACHE_SECONDS)
        response = HttpResponse(body, content_type=content_type)
        for name, value in (headers or {}).items():
            response[name] = value
        return response

    return conditional(request, parts=parts, build=answer)
