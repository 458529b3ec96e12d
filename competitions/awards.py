"""A season's awards from the games' own stats, as pure functions (no Django).

Football games (Hat-Trick, TriXKick, a toy game with goals): the top scorer (the player, a
member's footballer by the key the game's stats give him, with most goals), the best defence
(fewest goals conceded a game), the most clean sheets and the longest unbeaten run (games in a
row without a loss, in the order played). A series of match days (Amigo Hattrick): the best
score of one match day and the fewest cards passed a match day. An award held by several
members at once names them all; an award nobody earned (no goal scored, no clean sheet) is
left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from competitions.tables import stored

TOP_SCORER = "top_scorer"
BEST_DEFENCE = "best_defence"
CLEAN_SHEETS = "clean_sheets"
UNBEATEN_RUN = "unbeaten_run"
BEST_SCORE = "best_score"
FEWEST_PASSES = "fewest_passes"
KINDS = (TOP_SCORER, BEST_DEFENCE, CLEAN_SHEETS, UNBEATEN_RUN, BEST_SCORE, FEWEST_PASSES)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One member's line of one counted match, in the order played: goals for and against,
    and the game's stats counters of the side (``scorers``: a player's key -> his goals)."""

    member: int
    goals_for: int
    goals_against: int
    scorers: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DayLine:
    """One member's line of one match day of a series: its score and the cards passed."""

    member: int
    score: int
    passed: int = 0


@dataclass(frozen=True, slots=True)
class Award:
    kind: str
    members: tuple[int, ...]
    value: float
    player: str | None = None

    def as_dict(self) -> dict[str, object]:
        return stored(self)


def _best(values: Mapping[int, float], *, highest: bool) -> tuple[tuple[int, ...], float]:
    best = max(values.values()) if highest else min(values.values())
    return tuple(sorted(m for m, v in values.items() if v == best)), best


def match_awards(lines: Sequence[MatchLine]) -> list[Award]:
    """The awards of a league or cup from its members' lines, in the order played."""
    if not lines:
        return []
    awards: list[Award] = []
    goals: dict[tuple[int, str], int] = defaultdict(int)
    for line in lines:
        for player, count in line.scorers.items():
            goals[(line.member, player)] += count
    top = max(goals.values(), default=0)
    if top > 0:
        leaders = sorted(key for key, count in goals.items() if count == top)
        for member, player in leaders:
            awards.append(Award(TOP_SCORER, (member,), top, player))
    played: dict[int, int] = defaultdict(int)
    conceded: dict[int, int] = defaultdict(int)
    clean: dict[int, int] = defaultdict(int)
    run: dict[int, int] = defaultdict(int)
    longest: dict[int, int] = defaultdict(int)
    for line in lines:
        played[line.member] += 1
        conceded[line.member] += line.goals_against
        if line.goals_against == 0:
            clean[line.member] += 1
        if line.goals_for >= line.goals_against:
            run[line.member] += 1
            longest[line.member] = max(longest[line.member], run[line.member])
        else:
            run[line.member] = 0
    average = {m: round(conceded[m] / played[m], 2) for m in played}
    members, value = _best(average, highest=False)
    awards.append(Award(BEST_DEFENCE, members, value))
    if clean:
        members, value = _best(clean, highest=True)
        awards.append(Award(CLEAN_SHEETS, members, value))
    if any(longest.values()):
        members, value = _best(longest, highest=True)
        awards.append(Award(UNBEATEN_RUN, members, value))
    return awards


def series_awards(days: Sequence[Sequence[DayLine]]) -> list[Award]:
    """The awards of a series of match days: the best score of one day, the fewest cards
    passed a day (over the days a member played)."""
    lines = [line for day in days for line in day]
    if not lines:
        return []
    best: dict[int, int] = {}
    passed: dict[int, int] = defaultdict(int)
    count: dict[int, int] = defaultdict(int)
    for line in lines:
        best[line.member] = max(best.get(line.member, line.score), line.score)
        passed[line.member] += line.passed
        count[line.member] += 1
    awards = []
    members, value = _best(best, highest=True)
    awards.append(Award(BEST_SCORE, members, value))
    per_day = {m: round(passed[m] / count[m], 2) for m in count}
    members, value = _best(per_day, highest=False)
    awards.append(Award(FEWEST_PASSES, members, value))
    return awards
