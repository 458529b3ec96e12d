"""Reads shared by the match views: a match the reader may see, and log events as answered."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from matches.engine import get_engine
from matches.http import presenters
from matches.log import selectors
from matches.models import Match, MatchEvent, MatchStatus


def readable_match(request, pk: int) -> Match:
    queryset = selectors.match_visible_to(request.user).select_related("edition", "created_by")
    return get_object_or_404(queryset.prefetch_related("sides__user"), pk=pk)


def events_json(
    match: Match,
    events: list[MatchEvent],
    *,
    visible: frozenset[int] | None,
    voided=None,
    sides=None,
) -> list[dict]:
    if voided is None:
        # an undo on a later page can void an action on this one: look at the whole log
        voided = selectors.match_voided_seqs(match)
    engine = get_engine(match.game)
    finished = match.status != MatchStatus.IN_PROGRESS
    names = presenters.side_names(match, sides)
    return [
        presenters.event_json(
            event,
            voided=event.seq in voided,
            engine=engine,
            visible=visible,
            finished=finished,
            names=names,
        )
        for event in events
    ]
