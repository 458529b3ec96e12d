"""Writes of the stats: per-match rows, then the aggregates they feed, idempotently.

``matches_stats_refresh(match_ids=…)`` is the one write path of the jobs. In one transaction it
replaces the per-match rows of those matches (participations, player lines), records the
sequence number included (``MatchStatsState``) and recomputes the aggregates of everyone the
matches touch: ratings from the earliest of them on (in match order), manager stats,
head-to-head records, player totals and team cards. Everything is a pure function of the
finished matches, so running it twice, or again after a crash, writes the same rows.
``stats_rebuild`` does the same for every finished match, batch by batch, then one aggregate
pass per game. See docs/stats.md.
"""

from __future__ import annotations

import hashlib
import logging
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from django.db import transaction
from django.db.models import F, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from companion.sql import insert_rows
from matches.engine import get_game
from matches.engine.stats import MatchView, SideView
from matches.log.replay import log_stacks
from matches.models import Match, MatchEvent, MatchSide, MatchStatus, Visibility
from stats import elo
from stats.models import (
    GameStatsState,
    HeadToHead,
    ManagerStats,
    MatchParticipation,
    MatchStatsState,
    PlayerStats,
    RatingEntry,
    Scope,
    TeamCard,
)

logger = logging.getLogger(__name__)

RESULT_RANK = {"win": 2, "draw": 1, "loss": 0}
RIVAL_MIN_MEETINGS = 3
BATCH = 200


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


# --- per-match rows ---------------------------------------------------------------------------


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


def _write_match_rows(match_ids: Sequence[int]) -> Touched:
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


def _lock_game(game: str) -> None:
    GameStatsState.objects.get_or_create(game=game)
    GameStatsState.objects.select_for_update().filter(game=game).first()


# --- ratings ----------------------------------------------------------------------------------


RATING_FIELDS = (
    "game",
    "subject",
    "user_id",
    "match_id",
    "finished_at",
    "rating_before",
    "rating_after",
)


def _ratings_refresh(game: str, since: tuple[datetime, int] | None) -> tuple[set[int], set[str]]:
    """Recompute ratings of ``game`` from match order ``since`` on (None: from the start).

    Returns the managers and teams whose ratings were rewritten.
    """
    after = Q()
    if since is not None:
        at, match_id = since
        after = Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=match_id)
    entries = RatingEntry.objects.filter(game=game)
    ratings: dict[str, float] = {}
    if since is not None:
        before = entries.exclude(after).order_by("finished_at", "match_id")
        for subject, rating in before.values_list("subject", "rating_after").iterator(2000):
            ratings[subject] = rating
    entries.filter(after).delete()
    rows = (
        counted(game)
        .filter(after)
        .order_by("finished_at", "match_id", "position")
        .values_list("match_id", "finished_at", "user_id", "team_key", "result", "score")
    )
    new: list[tuple] = []  # RATING_FIELDS
    users: set[int] = set()
    teams: set[str] = set()

    def rate(match_id, finished_at, group):
        for subjects in (_manager_subjects(group), _team_subjects(group)):
            after_ratings = elo.match_update(ratings, subjects)
            if len(subjects) < 2:
                continue
            for subject, _rank in subjects:
                new.append(
                    (
                        game,
                        subject,
                        int(subject[1:]) if subject.startswith("m") else None,
                        match_id,
                        finished_at,
                        ratings.get(subject, elo.START),
                        after_ratings[subject],
                    )
                )
            ratings.update(after_ratings)

    current, group, current_at = None, [], None
    for match_id, finished_at, user_id, key, result, score in rows.iterator(2000):
        if match_id != current:
            if group:
                rate(current, current_at, group)
            current, group, current_at = match_id, [], finished_at
        group.append((user_id, key, (RESULT_RANK.get(result, 1), score)))
        if user_id:
            users.add(user_id)
        teams.add(key)
    if group:
        rate(current, current_at, group)
    insert_rows(RatingEntry, RATING_FIELDS, new)
    return users, teams


def _manager_subjects(group) -> list[tuple[str, tuple]]:
    seen: dict[int, tuple] = {}
    for user_id, _key, rank in group:
        if user_id is None:
            continue
        if user_id in seen:  # one manager on several sides: not rated in this match
            seen[user_id] = None
        else:
            seen[user_id] = rank
    return [(manager_subject(u), r) for u, r in seen.items() if r is not None]


def _team_subjects(group) -> list[tuple[str, tuple]]:
    keys = [key for _u, key, _r in group]
    return [(key, rank) for _u, key, rank in group if keys.count(key) == 1]


# --- manager stats and head-to-head -----------------------------------------------------------


def _streaks(results: Sequence[str]) -> tuple[str, int, int]:
    current = ""
    if results:
        last = results[-1]
        length = 0
        for result in reversed(results):
            if result != last:
                break
            length += 1
        current = f"{last[0].upper()}{length}"
    best_win = best_unbeaten = win = unbeaten = 0
    for result in results:
        win = win + 1 if result == "win" else 0
        unbeaten = unbeaten + 1 if result != "loss" else 0
        best_win, best_unbeaten = max(best_win, win), max(best_unbeaten, unbeaten)
    return current, best_win, best_unbeaten


def _managers_refresh(game: str, users: set[int] | None) -> None:
    parts = counted(game).filter(user__isnull=False)
    if users is not None:
        parts = parts.filter(user_id__in=users)
    rows = defaultdict(list)
    for user_id, result, score, against, finished_at, match_id in parts.order_by(
        "finished_at", "match_id"
    ).values_list("user_id", "result", "score", "against", "finished_at", "match_id"):
        rows[user_id].append((result, score, against, finished_at, match_id))
    history = defaultdict(list)
    entries = RatingEntry.objects.filter(game=game, user__isnull=False)
    if users is not None:
        entries = entries.filter(user_id__in=users)
    for user_id, rating in entries.order_by("finished_at", "match_id").values_list(
        "user_id", "rating_after"
    ):
        history[user_id].append(rating)
    h2h = _head_to_head_refresh(game, users)
    stats = []
    for user_id, matches in rows.items():
        results = [r[0] for r in matches]
        played, won = len(results), results.count("win")
        current, best_win, best_unbeaten = _streaks(results)
        ratings = history.get(user_id, [])
        rival, nemesis = _rival_nemesis(h2h.get(user_id, []))
        stats.append(
            ManagerStats(
                game=game,
                user_id=user_id,
                played=played,
                won=won,
                drawn=results.count("draw"),
                lost=results.count("loss"),
                goals_for=sum(r[1] for r in matches),
                goals_against=sum(r[2] for r in matches),
                win_rate=round(won / played, 4) if played else 0.0,
                current_streak=current,
                best_win_streak=best_win,
                best_unbeaten_streak=best_unbeaten,
                rating=round(ratings[-1], 2) if ratings else elo.START,
                best_rating=round(max([elo.START, *ratings]), 2),
                rated_matches=len(ratings),
                rival_id=rival,
                nemesis_id=nemesis,
                last_played_at=matches[-1][3],
            )
        )
    _rows_replace(
        ManagerStats,
        stats,
        game=game,
        key="user_id",
        keys=rows,
        only=users,
        unique=("game", "user"),
    )


def _rows_replace(
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


class _Record:
    """One ``HeadToHead`` row while it is counted (fields as in the model)."""

    __slots__ = H2H_FIELDS = (
        "user_id",
        "opponent_id",
        "played",
        "won",
        "drawn",
        "lost",
        "goals_for",
        "goals_against",
        "last_played_at",
    )

    def __init__(self, user_id: int, opponent_id: int) -> None:
        self.user_id, self.opponent_id = user_id, opponent_id
        self.played = self.won = self.drawn = self.lost = 0
        self.goals_for = self.goals_against = 0
        self.last_played_at = None


def _head_to_head_refresh(game: str, users: set[int] | None) -> dict[int, list[_Record]]:
    parts = counted(game).filter(user__isnull=False)
    if users is not None:
        mine = counted(game).filter(user_id__in=users).values("match_id")
        parts = parts.filter(match_id__in=mine)
    by_match = defaultdict(list)
    for match_id, user_id, result, score, finished_at in parts.order_by(
        "finished_at", "match_id"
    ).values_list("match_id", "user_id", "result", "score", "finished_at"):
        by_match[match_id].append(
            (user_id, (RESULT_RANK.get(result, 1), score), score, finished_at)
        )
    records: dict[tuple[int, int], _Record] = {}
    for sides in by_match.values():
        for user_id, rank, score, finished_at in sides:
            if users is not None and user_id not in users:
                continue
            for other_id, other_rank, other_score, _at in sides:
                if other_id == user_id:
                    continue
                record = records.get((user_id, other_id))
                if record is None:
                    record = records[(user_id, other_id)] = _Record(user_id, other_id)
                record.played += 1
                record.won += rank > other_rank
                record.drawn += rank == other_rank
                record.lost += rank < other_rank
                record.goals_for += score
                record.goals_against += other_score
                record.last_played_at = finished_at
    old = HeadToHead.objects.filter(game=game)
    if users is not None:
        old = old.filter(user_id__in=users)
    old.delete()
    fields = _Record.H2H_FIELDS
    insert_rows(
        HeadToHead,
        ("game", *fields),
        ((game, *[getattr(r, f) for f in fields]) for r in records.values()),
    )
    out: dict[int, list[_Record]] = defaultdict(list)
    for (user_id, _other), record in records.items():
        out[user_id].append(record)
    return out


def _rival_nemesis(records: Sequence[_Record]) -> tuple[int | None, int | None]:
    """Rival: the manager met most often (at least three times; closest record, then most
    recent breaks ties). Nemesis: among those met at least three times, the one who beat this
    manager most (more losses than wins against them; lower win rate, then most recent).
    Remaining ties go to the lower user id: a total order, so the choice does not depend on
    the order the records were counted in (a rebuild and the per-match jobs agree)."""
    met = [r for r in records if r.played >= RIVAL_MIN_MEETINGS]
    if not met:
        return None, None
    rival = max(
        met, key=lambda r: (r.played, -abs(r.won - r.lost), r.last_played_at, -r.opponent_id)
    )
    beaten = [r for r in met if r.lost > r.won]
    nemesis = (
        max(
            beaten,
            key=lambda r: (r.lost, -r.won / r.played, r.last_played_at, -r.opponent_id),
        )
        if beaten
        else None
    )
    return rival.opponent_id, nemesis.opponent_id if nemesis else None


# --- player stats and team cards --------------------------------------------------------------


def _add_players(totals: dict[tuple[str, str], list], scope_key: str, players: dict) -> None:
    """Add one participation's ``{player: counters}`` to ``{(scope key, player): [appearances,
    sums]}``."""
    for player, counters in players.items():
        entry = totals.get((scope_key, player))
        if entry is None:
            entry = totals[(scope_key, player)] = [0, {}]
        entry[0] += 1
        sums = entry[1]
        for counter, amount in counters.items():
            sums[counter] = sums.get(counter, 0) + amount


PLAYER_FIELDS = (
    "game",
    "scope",
    "scope_key",
    "player",
    "appearances",
    "goals",
    "counters",
    "updated_at",
)


def _players_refresh(
    game: str, users: set[int] | None, teams: set[str] | None
) -> dict[str, dict[str, Any]]:
    """Player totals per team and per manager; returns each team's top scorer."""
    parts = counted(game)
    if teams is not None or users is not None:  # one read for both scopes
        wanted = Q(team_key__in=teams) if teams is not None else Q(pk__isnull=False)
        if users is not None:
            wanted |= Q(user_id__in=users)
        else:
            wanted |= Q(user__isnull=False)
        parts = parts.filter(wanted)
    team_totals: dict[tuple[str, str], list] = {}
    user_totals: dict[tuple[str, str], list] = {}
    for key, user_id, players in parts.values_list("team_key", "user_id", "players").iterator(2000):
        if teams is None or key in teams:
            _add_players(team_totals, key, players)
        if user_id is not None and (users is None or user_id in users):
            _add_players(user_totals, str(user_id), players)
    old = PlayerStats.objects.filter(game=game)
    if teams is not None:
        old.filter(scope=Scope.TEAM, scope_key__in=teams).delete()
    else:
        old.filter(scope=Scope.TEAM).delete()
    if users is not None:
        old.filter(scope=Scope.MANAGER, scope_key__in=[str(u) for u in users]).delete()
    else:
        old.filter(scope=Scope.MANAGER).delete()
    rows = []  # PLAYER_FIELDS
    now = timezone.now()
    top: dict[str, dict[str, Any]] = {}
    for scope, totals in ((Scope.TEAM, team_totals), (Scope.MANAGER, user_totals)):
        for (scope_key, player), (appearances, counters) in totals.items():
            counters.pop("appearances", None)
            goals = counters.get("goals", 0)
            rows.append(
                (
                    game,
                    scope.value,
                    scope_key,
                    player,
                    appearances,
                    goals,
                    dict(sorted(counters.items())),
                    now,
                )
            )
            if scope == Scope.TEAM and goals > 0:
                best = top.get(scope_key)
                if best is None or (goals, -appearances, player) > (
                    best["goals"],
                    -best["appearances"],
                    best["player"],
                ):
                    top[scope_key] = {"player": player, "goals": goals, "appearances": appearances}
    insert_rows(PlayerStats, PLAYER_FIELDS, rows)
    return top


def _team_cards_refresh(game: str, teams: set[str] | None, top: dict[str, dict]) -> None:
    parts = counted(game)
    if teams is not None:
        parts = parts.filter(team_key__in=teams)
    rows = defaultdict(list)
    for row in parts.order_by("finished_at", "match_id").values_list(
        "team_key",
        "team_name",
        "user_id",
        "result",
        "score",
        "against",
        "lines",
        "style",
        "finished_at",
    ):
        rows[row[0]].append(row)
    ratings = {}
    entries = RatingEntry.objects.filter(game=game, user__isnull=True)
    if teams is not None:
        entries = entries.filter(subject__in=teams)
    for subject, rating in entries.order_by("finished_at", "match_id").values_list(
        "subject", "rating_after"
    ):
        ratings[subject] = rating
    cards = []
    for key, matches in rows.items():
        results = [m[3] for m in matches]
        last = matches[-1]
        styles = Counter(m[7] for m in matches[-5:] if m[7])
        cards.append(
            TeamCard(
                game=game,
                key=key,
                team_id=int(key[1:]) if key.startswith("t") else None,
                name=last[1],
                user_id=last[2],
                played=len(results),
                won=results.count("win"),
                drawn=results.count("draw"),
                lost=results.count("loss"),
                goals_for=sum(m[4] for m in matches),
                goals_against=sum(m[5] for m in matches),
                form="".join(r[0].upper() for r in results[-5:]),
                top_scorer=top.get(key),
                lines=last[6] or {},
                rating=round(ratings.get(key, elo.START), 2),
                style=styles.most_common(1)[0][0] if styles else "",
                last_played_at=last[8],
            )
        )
    _rows_replace(TeamCard, cards, game=game, key="key", keys=rows, only=teams, unique=("key",))


def _aggregates_refresh(
    game: str,
    *,
    users: set[int] | None,
    teams: set[str] | None,
    since: tuple[datetime, int] | None,
) -> None:
    """Everything derived from the per-match rows of ``game`` for these managers and teams
    (None: all of them), ratings from match order ``since`` on."""
    rated_users, rated_teams = _ratings_refresh(game, since)
    if users is not None:
        users = users | rated_users
    if teams is not None:
        teams = teams | rated_teams
    _managers_refresh(game, users)
    top = _players_refresh(game, users, teams)
    _team_cards_refresh(game, teams, top)
    GameStatsState.objects.filter(game=game).update(
        matches_included=MatchStatsState.objects.filter(match__game=game).count()
    )


# --- the jobs' entry points -------------------------------------------------------------------


@transaction.atomic
def matches_stats_refresh(*, match_ids: Sequence[int]) -> int:
    """Stats of these finished matches and everything they feed, in one transaction.

    Idempotent; returns how many matches were (re)computed.
    """
    match_ids = sorted(set(match_ids))
    games = sorted(
        set(Match.objects.filter(pk__in=match_ids).values_list("game", flat=True))
        | set(
            MatchParticipation.objects.filter(match_id__in=match_ids).values_list("game", flat=True)
        )
    )
    for game in games:
        _lock_game(game)
    touched = _write_match_rows(match_ids)
    for game in games:
        if game in touched.since:
            _aggregates_refresh(
                game,
                users=touched.users[game],
                teams=touched.teams[game],
                since=touched.since[game],
            )
    return MatchStatsState.objects.filter(match_id__in=match_ids).count()


def match_stats_refresh(*, match_id: int) -> int:
    return matches_stats_refresh(match_ids=[match_id])


def matches_pending(limit: int | None = None) -> list[int]:
    """Finished matches whose stats do not include their last sequence number, oldest first,
    then matches reopened since their stats were computed (whose rows are to be withdrawn)."""
    query = (
        Match.objects.filter(status=MatchStatus.FINISHED)
        .filter(Q(stats_state__isnull=True) | ~Q(stats_state__seq_included=F("seq")))
        .order_by("finished_at", "id")
        .values_list("id", flat=True)
    )
    pending = list(query[:limit] if limit else query)
    reopened = (
        Match.objects.exclude(status=MatchStatus.FINISHED)
        .filter(stats_state__isnull=False)
        .order_by("id")
        .values_list("id", flat=True)
    )
    if limit is None:
        return pending + list(reopened)
    return pending + list(reopened[: max(limit - len(pending), 0)])


def stats_catch_up(*, limit: int = 500) -> int:
    """Compute what the after-commit hand-off missed (broker down, worker died)."""
    pending = matches_pending(limit)
    if pending:
        matches_stats_refresh(match_ids=pending)
    return len(pending)


@dataclass
class RebuildSummary:
    matches: int = 0
    participations: int = 0
    player_lines: int = 0
    managers: int = 0
    teams: int = 0
    games: list[str] = field(default_factory=list)


def stats_rebuild(
    *, batch_size: int = BATCH, progress: Callable[[int], None] | None = None
) -> RebuildSummary:
    """Rebuild every stats row from the finished matches: per-match rows batch by batch
    (one transaction each), then one aggregate pass per game. Safe to interrupt and re-run."""
    ids = list(
        Match.objects.filter(status=MatchStatus.FINISHED)
        .order_by("id")
        .values_list("id", flat=True)
    )
    with transaction.atomic():
        orphans = MatchParticipation.objects.exclude(match__status=MatchStatus.FINISHED)
        orphan_ids = list(orphans.values_list("match_id", flat=True).distinct())
        MatchParticipation.objects.filter(match_id__in=orphan_ids).delete()
        MatchStatsState.objects.exclude(match__status=MatchStatus.FINISHED).delete()
    for start in range(0, len(ids), batch_size):
        chunk = ids[start : start + batch_size]
        with transaction.atomic():
            _write_match_rows(chunk)
        if progress:
            progress(len(chunk))
    games = sorted(
        set(MatchParticipation.objects.values_list("game", flat=True).distinct())
        | set(GameStatsState.objects.values_list("game", flat=True))
        | set(ManagerStats.objects.values_list("game", flat=True).distinct())
        | set(TeamCard.objects.values_list("game", flat=True).distinct())
    )
    for game in games:
        with transaction.atomic():
            _lock_game(game)
            _aggregates_refresh(game, users=None, teams=None, since=None)
    return RebuildSummary(
        matches=len(ids),
        participations=MatchParticipation.objects.count(),
        # every player line is one appearance in its team's totals (no JSON to decode again)
        player_lines=PlayerStats.objects.filter(scope=Scope.TEAM).aggregate(
            lines=Coalesce(Sum("appearances"), 0)
        )["lines"],
        managers=ManagerStats.objects.count(),
        teams=TeamCard.objects.count(),
        games=games,
    )
