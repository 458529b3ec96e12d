"""The per-match rows of the stats (one participation per side of a finished match, with its
player lines), what a batch of them touches, and the helpers every aggregate shares."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from companion.sql import insert_rows
from matches.engine import get_game
from matches.engine.stats import MatchView, SideView
from matches.log.replay import log_stacks
from matches.models import Match, MatchEvent, MatchSide, MatchStatus, Visibility
from stats.models import (
    MatchParticipation,
    MatchStatsState,
)

RESULT_RANK = {"win": 2, "draw": 1, "loss": 0}


def team_key(*, game: str, team_id: int | None, user_id: int | None, name: str) -> str:
    """``t<team id>`` when the side played a saved team (``MatchSide.team``), else
    ``u<user>-<hash>`` of the game and the side's name (``g-<hash>`` for a guest side)."""
    if team_id is not None:
        return f"t{team_id}"
    digest = hashlib.sha1(f"{game}\n{name.strip().casefold()}".encode()).hexdigest()[:12]
    return f"u{user_id}-{digest}" if user_id else f"g-{digest}"


def manager_subject(user_id: int) -> str:
    return f"m{user_id}"


def order_key(row: Any) -> tuple[datetime, int]:
    return (row.finished_at, row.match_id)


def read_events(match_ids: Sequence[int]) -> Iterable[Any]:
    """The events of these matches as light rows (``match_id, seq, kind, effects``)."""
    return (
        MatchEvent.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "seq")
        .values_list("match_id", "seq", "kind", "effects", named=True)
    )


class ParticipationRow(NamedTuple):
    """A ``MatchParticipation`` row as written (fields in column order)."""

    match_id: int
    game: str
    position: int
    user_id: int | None
    team_key: str
    team_name: str
    score: int
    against: int
    result: str
    finished_at: datetime
    lines: dict
    style: str
    counters: dict
    players: dict
    player_detail: dict
    public: bool


def counted(game: str):
    """The participations the public aggregates are made of: those of public matches.

    Every aggregate (ratings, manager stats, head-to-head, player totals, team cards) is public,
    so a private match counts in none of them (docs/stats.md, "Private matches")."""
    return MatchParticipation.objects.filter(game=game, public=True)


def _match_rows(match: Any, sides: Sequence[Any], events: Iterable[Any]) -> list[ParticipationRow]:
    """The participations of one match; ``match`` and ``sides`` are value rows (``id, game,
    state, finished_at, updated_at, visibility`` and ``position, name, user_id, team_id,
    team__name, config, score, result``): a side that played a saved team is that team, under
    the team's name."""
    applied = log_stacks(events).applied
    effects = (effect for event in applied for effect in (event.effects or ()))
    views = [SideView(s.position, s.config or {}, s.score or 0, s.result or "draw") for s in sides]
    extracted = get_game(match.game).stats.extract(
        MatchView(match.game, views, match.state or {}, effects)
    )
    finished_at = match.finished_at or match.updated_at
    participations = []
    for side in sides:
        others = [o.score or 0 for o in sides if o.position != side.position]
        participations.append(
            ParticipationRow(
                match_id=match.id,
                game=match.game,
                position=side.position,
                user_id=side.user_id,
                team_key=team_key(
                    game=match.game, team_id=side.team_id, user_id=side.user_id, name=side.name
                ),
                team_name=side.team__name or side.name,
                score=side.score or 0,
                against=max(others, default=0),
                result=side.result or "draw",
                finished_at=finished_at,
                lines=extracted.lines.get(side.position, {}),
                style=extracted.style.get(side.position, ""),
                counters=dict(extracted.sides.get(side.position, {})),
                players={
                    player: dict(counters)
                    for (position, player), counters in extracted.players.items()
                    if position == side.position
                },
                player_detail={
                    player: detail
                    for (position, player), detail in extracted.detail.items()
                    if position == side.position
                },
                public=match.visibility == Visibility.PUBLIC,
            )
        )
    return participations


@dataclass
class Touched:
    """Who a batch of matches touches, per game, and from which match order on."""

    users: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    teams: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    since: dict[str, tuple[datetime, int]] = field(default_factory=dict)


def match_rows_write(match_ids: Sequence[int]) -> Touched:
    """Replace the per-match rows of these (finished) matches; record the seq included."""
    # value rows, not model instances: only the fields the rows are made of
    matches = list(
        Match.objects.filter(pk__in=match_ids, status=MatchStatus.FINISHED).values_list(
            "id", "game", "seq", "state", "finished_at", "updated_at", "visibility", named=True
        )
    )
    ids = [m.id for m in matches]
    sides: dict[int, list[Any]] = defaultdict(list)
    for side in (
        MatchSide.objects.filter(match_id__in=ids)
        .order_by("match_id", "position")
        .values_list(
            "match_id",
            "position",
            "name",
            "user_id",
            "team_id",
            "team__name",
            "config",
            "score",
            "result",
            named=True,
        )
    ):
        sides[side.match_id].append(side)
    events: dict[int, list[Any]] = defaultdict(list)
    for event in read_events(ids):
        events[event.match_id].append(event)
    # the old rows may name users/teams that no longer appear: they are touched too; rows of
    # private matches feed no aggregate, so they touch nobody
    touched = Touched()
    for game, user_id, key, finished_at, match_id in MatchParticipation.objects.filter(
        match_id__in=match_ids, public=True
    ).values_list("game", "user_id", "team_key", "finished_at", "match_id"):
        _touch(touched, game, user_id, key, (finished_at, match_id))
    participations: list[ParticipationRow] = []
    for match in matches:
        rows = _match_rows(match, sides[match.id], events[match.id])
        participations += rows
        for row in rows:
            if row.public:
                _touch(touched, match.game, row.user_id, row.team_key, order_key(row))
    MatchParticipation.objects.filter(match_id__in=match_ids).delete()
    # a match reopened since (an undo of its last move) counts no more until it ends again
    MatchStatsState.objects.filter(match_id__in=match_ids).exclude(
        match_id__in=[m.id for m in matches]
    ).delete()
    insert_rows(MatchParticipation, ParticipationRow._fields, participations)
    MatchStatsState.objects.bulk_create(
        [MatchStatsState(match_id=m.id, seq_included=m.seq) for m in matches],
        update_conflicts=True,
        unique_fields=["match"],
        update_fields=["seq_included", "computed_at"],
    )
    return touched


def _touch(touched: Touched, game: str, user_id, key: str, at: tuple[datetime, int]) -> None:
    if user_id:
        touched.users[game].add(user_id)
    touched.teams[game].add(key)
    if game not in touched.since or at < touched.since[game]:
        touched.since[game] = at


def rows_replace(
    model, new_rows: list, *, game: str, key: str, keys, only, unique: tuple[str, ...]
) -> None:
    """Store a game's rows of ``model``: ``new_rows`` inserted, or updated in place on their
    ``unique`` fields (all but those and the creation time change); the game's other rows
    deleted (those whose ``key`` is not in ``keys``; of ``only``'s keys, when given)."""
    stale = model.objects.filter(game=game).exclude(**{f"{key}__in": list(keys)})
    if only is not None:
        stale = stale.filter(**{f"{key}__in": only})
    stale.delete()
    fixed = {"id", "created_at", *unique}
    model.objects.bulk_create(
        new_rows,
        batch_size=500,
        update_conflicts=True,
        unique_fields=list(unique),
        update_fields=[f.name for f in model._meta.concrete_fields if f.name not in fixed],
    )
