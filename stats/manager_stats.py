"""Manager stats (record, goals, streaks, rival and nemesis) and head-to-head records."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from companion.sql import insert_rows
from stats import elo
from stats.models import (
    HeadToHead,
    ManagerStats,
    RatingEntry,
)
from stats.rows import RESULT_RANK, counted, rows_replace

RIVAL_MIN_MEETINGS = 3


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


def manager_stats_refresh(game: str, users: set[int] | None) -> None:
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
    rows_replace(
        ManagerStats,
        stats,
        game=game,
        key="user_id",
        keys=rows,
        only=users,
        unique=("game", "user"),
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
