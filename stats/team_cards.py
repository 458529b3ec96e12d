"""Team cards: each team's record, form, rating, style and top scorer."""

from __future__ import annotations

from collections import Counter, defaultdict

from stats import elo
from stats.models import (
    RatingEntry,
    TeamCard,
)
from stats.rows import counted, rows_replace


def team_cards_refresh(game: str, teams: set[str] | None, top: dict[str, dict]) -> None:
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
    rows_replace(TeamCard, cards, game=game, key="key", keys=rows, only=teams, unique=("key",))
