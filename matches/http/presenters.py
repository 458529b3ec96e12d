"""The JSON of matches, sides and events, built directly.

The serializers in ``matches.http.serializers`` describe the same shapes for the OpenAPI schema;
building the dicts here keeps the append path free of DRF's per-request field copies. A test
asserts both give the same output.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.engine.base import GameEngine, view_event
from matches.i18n import effect_text
from matches.models import Match, MatchEvent, MatchSide


def _dt(value) -> str | None:
    if value is None:
        return None
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def side_json(side: MatchSide) -> dict[str, Any]:
    return {
        "position": side.position,
        "name": side.name,
        "user": side.user.username if side.user_id else None,
        "team": side.team_id,
        "config": side.config,
        "score": side.score,
        "result": side.result,
    }


def match_json(match: Match, *, sides: Sequence[MatchSide] | None = None) -> dict[str, Any]:
    """The match; ``sides``: its sides when at hand (else ``match.sides``, prefetched)."""
    if sides is None:
        sides = match.sides.all()
    return {
        "id": match.pk,
        "game": match.game,
        "edition": {
            "id": match.edition.pk,
            "slug": match.edition.slug,
            "version": match.edition.version,
        },
        "visibility": match.visibility,
        "status": match.status,
        "seq": match.seq,
        "sides": [side_json(side) for side in sides],
        "options": match.options,
        "summary": match.summary,
        "result": match.result,
        "created_by": match.created_by.username,
        "created_at": _dt(match.created_at),
        "finished_at": _dt(match.finished_at),
    }


def event_json(
    event: MatchEvent,
    *,
    voided: bool = False,
    engine: GameEngine | None = None,
    visible: frozenset[int] | None = None,
    finished: bool = False,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """An event; with ``engine`` and ``visible``, as a viewer who may see only those secrets.

    With ``engine``, each effect carries ``text``: what it means, in the request's language
    (``names``: the sides' names, so the text names teams), or ``None``."""
    action, notation, effects = event.action, event.notation, event.effects
    if engine is not None and visible is not None and action is not None:
        action, notation, effects = view_event(
            engine, action, notation, effects, visible, finished=finished
        )
    if engine is not None and effects:
        effects = [{**e, "text": effect_text(engine.key, e, names)} for e in effects]
    return {
        "game": engine.key if engine is not None else event.match.game,
        "seq": event.seq,
        "kind": event.kind,
        "action": action,
        "notation": notation,
        "effects": effects,
        "target_seq": event.target_seq,
        "voided": voided,
        "author": event.author.username if event.author_id else None,
        "created_at": _dt(event.created_at),
    }


def side_names(match: Match, sides: Sequence[MatchSide] | None = None) -> list[str] | None:
    """The sides' names when they are at hand (given or prefetched), without a query."""
    if sides is None:
        cache = getattr(match, "_prefetched_objects_cache", {})
        if "sides" not in cache:
            return None
        sides = cache["sides"]
    ordered = sorted(sides, key=lambda side: side.__dict__.get("position", 0))
    if any("name" not in side.__dict__ for side in ordered):
        return None  # not loaded (a deferred field would cost a query, and none in async code)
    return [side.__dict__["name"] for side in ordered]
