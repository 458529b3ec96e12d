"""Elo ratings, pure functions (no Django).

Start value ``START = 1500``, ``K = 32``, expected score ``1 / (1 + 10 ** ((Rb - Ra) / 400))``.
Two managers: the usual update with 1 / 0.5 / 0 for win / draw / loss. Three or more
managers (Amigo Hattrick): every pair of managers plays a virtual game decided by their match
totals (higher total wins, equal is a draw), and each pair's change is scaled by
``1 / (n - 1)``, so one match moves a rating at most ``K`` like a two-sided match.
Guests (sides without a user) and a manager meeting himself are not rated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

START = 1500.0
K = 32.0


def expected(rating: float, other: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def match_update(
    ratings: Mapping[int, float], scores: Sequence[tuple[int, float]], *, k: float = K
) -> dict[int, float]:
    """New ratings of the managers in one match. ``scores``: (manager, match score) pairs.

    Each manager appears once (the caller merges or drops duplicates); unknown managers start
    at ``START``. Returns only the managers of this match.
    """
    players = [manager for manager, _ in scores]
    before = {m: ratings.get(m, START) for m in players}
    if len(players) < 2:
        return before
    scale = k / (len(players) - 1)
    delta = dict.fromkeys(players, 0.0)
    for i, (a, score_a) in enumerate(scores):
        for b, score_b in scores[i + 1 :]:
            actual = 1.0 if score_a > score_b else 0.5 if score_a == score_b else 0.0
            change = scale * (actual - expected(before[a], before[b]))
            delta[a] += change
            delta[b] -= change
    return {m: before[m] + delta[m] for m in players}
