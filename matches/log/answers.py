"""The answer to a write to a match's log, and the recipe a retry rebuilds it from.

A write answers the match, the events it logged and what comes next. Should it carry an
``Idempotency-Key``, its record keeps a recipe of a few hundred bytes instead of the answer
(``companion.api.idempotency``): the match's id, the seqs logged, the match's changing fields as
answered (status, result, finish time, the sides' managers and scores) and the answer's shape.
A retry rebuilds the same answer from the log: the events from their rows, what came next from
the state at that seq, the match from its row with the answered fields laid over it. The
sentences are in the retry's language.
"""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.response import Response

from companion.api import idempotency
from companion.api.query import validated_query
from matches.http import presenters, reading, serializers
from matches.log import selectors
from matches.models import Match, MatchEvent, MatchSide

RECIPE = "match_write"
#: What of the match changes as it is played on, and is kept as answered.
CHANGING = ("seq", "status", "result", "finished_at", "summary")
SIDE_CHANGING = ("user", "score", "result")


def _body(
    request,
    match: Match,
    sides: list[MatchSide],
    events: list[MatchEvent],
    view: selectors.StateView,
    *,
    full: bool,
    new_match: bool,
) -> dict[str, Any]:
    visible = selectors.match_visible_sides(match, request.user, sides=sides)
    match_json = presenters.match_json(match, sides=sides)
    if not (full or new_match):
        match_json = {name: match_json[name] for name in serializers.WRITE_MATCH_FIELDS}
    return {
        "match": match_json,
        "events": reading.events_json(match, events, visible=visible, voided=(), sides=sides),
        "current": view.to_json(visible=visible, with_state=full, with_reference=full),
    }


def include_state(request) -> bool:
    """Whether the write's answer carries the whole state (``?include=state``); 400 if malformed.

    Read before the write, so a malformed query changes nothing."""
    return validated_query(serializers.WriteQuery, request).get("include") == "state"


def write_response(request, result, *, full: bool, new_match: bool = False) -> Response:
    """The match, the events just logged and what comes next (the state only when ``full``).

    A write to the log tells only the match's id, seq, status and result unless ``full``; a
    ``new_match`` is told whole (the phone has no copy of it yet)."""
    match, sides, events = result.match, result.sides, result.events
    view = selectors.match_state_current(match, state=result.state, sides=sides)
    body = _body(request, match, sides, events, view, full=full, new_match=new_match)
    answered = body["match"]
    recipe = {
        "match": match.pk,
        "events": [events[0].seq, events[-1].seq] if events else [],
        "full": full,
        "new": new_match,
        "fields": {name: answered[name] for name in CHANGING if name in answered},
    }
    if "sides" in answered:
        recipe["sides"] = [[side[name] for name in SIDE_CHANGING] for side in answered["sides"]]
    response = Response(body, status=status.HTTP_201_CREATED)
    return idempotency.answer_recipe(response, RECIPE, recipe)


def rebuilt_write(request, recipe: dict) -> dict[str, Any]:
    """The answer ``write_response`` gave, rebuilt from its recipe and the log."""
    match = Match.objects.select_related("edition", "created_by").get(pk=recipe["match"])
    sides = list(match.sides.order_by("position").select_related("user"))
    fields = recipe["fields"]
    view = selectors.match_state_at(match, seq=fields["seq"])  # before the fields are laid over
    events = []
    if recipe["events"]:
        first, last = recipe["events"]
        events = list(
            MatchEvent.objects.filter(match=match, seq__gte=first, seq__lte=last)
            .select_related("author")
            .order_by("seq")
        )
    match.status = fields["status"]  # what the sides could see then follows the status then
    body = _body(request, match, sides, events, view, full=recipe["full"], new_match=recipe["new"])
    body["match"].update(fields)
    for side, changing in zip(body["match"].get("sides", ()), recipe.get("sides", ()), strict=True):
        side.update(zip(SIDE_CHANGING, changing, strict=True))
    return body


idempotency.rebuilt_by(RECIPE, rebuilt_write)
