"""The answers of the competitions API built from the stored standings (the table, the
bracket, a competition's detail) and what their ``ETag`` depends on: read by the views and by
the live table's stream."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from rest_framework.renderers import JSONRenderer

from companion.api.conditional import cached_answer
from companion.errors import NotFound
from competitions import selectors
from competitions.http.serializers import (
    AWARD_NAMES,
    DECIDED_BY,
    BracketOutput,
    CompetitionDetailOutput,
    TableOutput,
)
from competitions.models import Competition


def readable(request, pk: int) -> Competition:
    competition = selectors.competition_get(competition_id=pk, user=request.user)
    if competition is None:
        raise NotFound()
    return competition


def detail_answer(competition: Competition) -> dict[str, Any]:
    competition.member_rows = list(selectors.members_of(competition))  # type: ignore[attr-defined]
    return CompetitionDetailOutput(competition).data


def stored_answer(request, parts: tuple, answer: Callable[[], dict[str, Any]]) -> HttpResponse:
    """An answer built from the stored standings (``answer``), under the ``ETag`` of ``parts``:
    304 when the reader has it, else its body as the API renders JSON, served from the cache
    once built (keyed by the standings' tag: the table costs no more to read than one row)."""
    return cached_answer(
        request,
        parts=parts,
        build=lambda: JSONRenderer().render(answer()).decode(),
        content_type="application/json",
        keep=True,
    )


def _member_names(standings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return standings.get("members") or {}


def table_answer(competition: Competition) -> dict[str, Any]:
    """The table as ``GET table/`` answers it (``TableOutput``), in the active language."""
    standings = competition.standings or {}
    names = _member_names(standings)

    def row(values: dict[str, Any]) -> dict[str, Any]:
        who = names.get(str(values["member"]), {})
        decided = values.get("decided_by")
        return {
            "positions": [],  # (standings stored before positions were kept: none shown)
            **values,
            "user": who.get("user", ""),
            "team": who.get("team"),
            "decided_by_text": str(DECIDED_BY[decided]) if decided in DECIDED_BY else None,
        }

    return TableOutput(
        {
            "competition": competition.pk,
            "format": competition.format,
            "tie_break": competition.tie_break,
            "points": competition.points,
            "tables": [
                {"group": t["group"], "rows": [row(r) for r in t["rows"]]}
                for t in standings.get("tables", [])
            ],
            "rounds": standings.get("rounds", []),
            "rounds_played": standings.get("rounds_played", []),
            "champion": standings.get("champion"),
            "over": bool(standings.get("over")),
            "awards": [
                {**a, "title": str(AWARD_NAMES.get(a["kind"], a["kind"]))}
                for a in standings.get("awards", [])
            ],
        }
    ).data


def table_parts(competition: Competition, language: str | None) -> tuple:
    """What the table's answer depends on, and so its ``ETag`` (``etag_of(*parts)``): the
    stored standings' tag and the reader's language (``decided_by_text``, the awards' titles)."""
    return ("table", competition.pk, competition.standings_tag, language)


def bracket_parts(competition: Competition) -> tuple:
    """What the bracket's answer depends on, and so its ``ETag``."""
    return ("bracket", competition.pk, competition.standings_tag)


def bracket_answer(competition: Competition) -> dict[str, Any]:
    """The bracket as ``GET bracket/`` answers it (``BracketOutput``)."""
    standings = competition.standings or {}
    bracket = standings.get("bracket") or {}
    names = [
        {"id": int(k), "user": v.get("user", ""), "team": v.get("team")}
        for k, v in sorted(_member_names(standings).items(), key=lambda kv: int(kv[0]))
    ]
    return BracketOutput(
        {
            "competition": competition.pk,
            "members": names,
            "ties": bracket.get("ties", []),
            "champion": bracket.get("champion"),
            "runner_up": bracket.get("runner_up"),
            "third": bracket.get("third"),
        }
    ).data
