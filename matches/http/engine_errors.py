"""The engines' refusals as API errors (registered in ``matches.apps``): the one error shape in
the request's language, with the clause they cite; the status is their code's
(``matches.error_codes``)."""

from __future__ import annotations

from typing import Any

from companion.api.errors import registered
from matches.engine import EngineError
from matches.i18n import error_message, rule_link


def engine_error_rendered(exc: EngineError) -> tuple[dict[str, Any], dict[str, str]]:
    body = exc.as_dict()
    registered(exc.code)
    message = error_message(
        exc.code,
        exc.rule,
        exc.details,
        game=getattr(exc, "game", None),
        names=getattr(exc, "side_names", None),
    )
    if message is not None:  # the request's language; else the engine's own English sentence
        body["message"] = message
    headers = {}
    url = rule_link(exc.rule, game=getattr(exc, "game", None))
    if url:  # the clause the refusal cites, to read it in the app (docs/i18n.md)
        body.setdefault("details", {})["rule_url"] = url
        headers["Link"] = f'<{url}>; rel="help"'
    return body, headers
