"""Hand-built finished matches for the stats tests: sides, scores and game events by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

from matches.models import Match, MatchEvent, MatchSide, MatchStatus
from teams.models import Edition, Team

_CLOCK = count()
BASE = datetime(2025, 1, 1, 12, tzinfo=UTC)


def ev(kind: str, side: int | None = None, **data) -> dict:
    return {"kind": kind, "side": side, "data": data}


def saved_team(team_id: int, edition: Edition, owner, name: str) -> Team:
    """The saved team with this id (made on first use under ``name``), as a side plays one."""
    team, _created = Team.objects.get_or_create(
        pk=team_id,
        defaults={
            "owner": owner,
            "edition": edition,
            "name": name,
            "source": Team.Source.BUILD,
        },
    )
    return team


def make_match(
    *,
    game: str = "hat-trick",
    sides: list[dict],
    events: list[list[dict]] | None = None,
    undone: list[int] | None = None,
    state: dict | None = None,
    finished_at: datetime | None = None,
    status: str = MatchStatus.FINISHED,
) -> Match:
    """``sides``: ``{"name", "user"?, "score", "config"?, "team_id"?}``; results follow the scores (a
    ``"result"`` key overrides). ``events``: one list of effects per logged action;
    ``undone``: indexes of actions that were undone (an undo event follows them)."""
    edition = Edition.objects.filter(game=game).first() or Edition.objects.create(
        game=game, slug="test", title="test", data={}
    )
    creator = next((s["user"] for s in sides if s.get("user")), None)
    if creator is None:
        from django.contrib.auth import get_user_model

        creator, _ = get_user_model().objects.get_or_create(username="stats-creator")
    scores = [s.get("score", 0) for s in sides]
    best = max(scores)
    winners = [i for i, score in enumerate(scores) if score == best]
    if len(winners) == len(sides):
        winners = []
    match = Match.objects.create(
        game=game,
        edition=edition,
        created_by=creator,
        status=status,
        state=state or {},
        result={"termination": "test", "scores": scores, "winners": winners},
        finished_at=finished_at or BASE + timedelta(minutes=next(_CLOCK)),
    )
    for position, side in enumerate(sides):
        default = "draw" if not winners else ("win" if position in winners else "loss")
        MatchSide.objects.create(
            match=match,
            position=position,
            name=side["name"],
            user=side.get("user"),
            team=saved_team(side["team_id"], edition, side.get("user") or creator, side["name"])
            if "team_id" in side
            else None,
            config=side.get("config", {}),
            score=side.get("score", 0),
            result=side.get("result", default),
        )
    seq = 0
    rows = []
    for index, effects in enumerate(events or []):
        seq += 1
        rows.append(
            MatchEvent(match=match, seq=seq, kind="action", action={"i": index}, effects=effects)
        )
        if index in (undone or []):
            seq += 1
            rows.append(MatchEvent(match=match, seq=seq, kind="undo", target_seq=seq - 1))
    MatchEvent.objects.bulk_create(rows)
    match.seq = seq
    match.save(update_fields=["seq"])
    return match
