"""A competition's table as a pure function of its results (no Django; docs/competitions.md).

:func:`standings` takes the members, the results in the order they were played and the
competition's rules (points for a win, a draw and a loss; the tie-break order; whether
disciplinary points count; the seed of its lots) and gives each member's row: played, won,
drawn, lost, goals for and against, difference, points, form (the last five results, the
latest last), disciplinary points, position and the change of position since the last round,
and which criterion decided the member's place against the member just below it.

The tie-break orders (:data:`ORDERS`), each applied to the members level on points:

- ``difference`` (a; the World Cup's): goal difference, goals scored, then head-to-head among
  the members still level (points, difference, goals in their games with one another);
- ``head_to_head`` (b; the European Championship's, and leagues such as Spain's and
  Italy's): head-to-head first (points, difference, goals among the members level only, as
  a sub-table, applied again to those still level after it), then overall goal difference
  and goals scored.

Either may be followed by disciplinary points (fewer first; Hat-Trick's cards: a yellow 1, a
red 3) where the competition counts them, and always ends with lots drawn from the seed stored
with the competition, so the order is the same on every read and the row says "lot".

A criterion that separates some of the level members splits them: each part still level is
ordered again, from the head-to-head's first criterion where head-to-head split them (among
the fewer members now level, as the European Championship's rules say), else from the next
criterion.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

#: the tie-break orders a competition chooses from
DIFFERENCE = "difference"
HEAD_TO_HEAD = "head_to_head"
ORDERS = (DIFFERENCE, HEAD_TO_HEAD)

#: the criteria, as a row names the one that decided its place
POINTS = "points"
GOAL_DIFFERENCE = "goal_difference"
GOALS_SCORED = "goals_scored"
H2H_POINTS = "head_to_head_points"
H2H_DIFFERENCE = "head_to_head_difference"
H2H_GOALS = "head_to_head_goals"
DISCIPLINE = "discipline"
LOT = "lot"
CRITERIA = (
    POINTS,
    GOAL_DIFFERENCE,
    GOALS_SCORED,
    H2H_POINTS,
    H2H_DIFFERENCE,
    H2H_GOALS,
    DISCIPLINE,
    LOT,
)
_H2H = (H2H_POINTS, H2H_DIFFERENCE, H2H_GOALS)

#: disciplinary points of a card, as UEFA counts them
YELLOW_CARD_POINTS = 1
RED_CARD_POINTS = 3


@dataclass(frozen=True, slots=True)
class PointsRule:
    win: int = 3
    draw: int = 1
    loss: int = 0


#: the points rules offered: 3/1/0 (the default) and 2/1/0
POINTS_RULES = {"3-1-0": PointsRule(3, 1, 0), "2-1-0": PointsRule(2, 1, 0)}


@dataclass(frozen=True, slots=True)
class Result:
    """One played fixture: ``round`` orders the table's rounds; ``*_discipline`` are the
    disciplinary points each side took (cards)."""

    home: int
    away: int
    home_goals: int
    away_goals: int
    round: int = 1
    home_discipline: int = 0
    away_discipline: int = 0


@dataclass(frozen=True, slots=True)
class Rules:
    order: str = DIFFERENCE
    points: PointsRule = field(default_factory=PointsRule)
    discipline: bool = False
    seed: int = 0


def stored(row: Any, *, first: tuple[str, ...] = ()) -> dict[str, object]:
    """A row (a dataclass) as the standings store it: its fields ``first``, then the others in
    their order, tuples as lists. The order is the stored JSON's, which its tag hashes."""
    names = [*first, *(f.name for f in fields(row) if f.name not in first)]
    return {name: _plain(getattr(row, name)) for name in names}


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


#: a table row's first fields as stored: who, where, and where after each round
_ROW_FIRST = ("member", "position", "positions")


@dataclass(frozen=True, slots=True)
class Row:
    member: int
    position: int
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    difference: int
    points: int
    form: tuple[str, ...]
    discipline: int
    previous_position: int | None
    change: int
    decided_by: str | None
    positions: tuple[int, ...] = ()  # after each round with results, the first first

    def as_dict(self) -> dict[str, object]:
        return stored(self, first=_ROW_FIRST)


@dataclass(slots=True)
class _Line:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    scored: int = 0
    conceded: int = 0
    points: int = 0
    discipline: int = 0
    form: list[str] = field(default_factory=list)


def _tally(
    members: Iterable[int], results: Iterable[Result], points: PointsRule
) -> dict[int, _Line]:
    """Each member's line; a result against someone not among ``members`` (a Swiss bye, a
    game outside a sub-table) counts for the member in it alone."""
    lines = {m: _Line() for m in members}
    for r in results:
        home, away = lines.get(r.home), lines.get(r.away)
        if home is not None:
            _count(home, r.home_goals, r.away_goals, r.home_discipline, points)
        if away is not None:
            _count(away, r.away_goals, r.home_goals, r.away_discipline, points)
    return lines


def _count(line: _Line, scored: int, conceded: int, discipline: int, points: PointsRule) -> None:
    line.played += 1
    line.scored += scored
    line.conceded += conceded
    line.discipline += discipline
    if scored > conceded:
        line.won += 1
        line.points += points.win
        line.form.append("W")
    elif scored < conceded:
        line.lost += 1
        line.points += points.loss
        line.form.append("L")
    else:
        line.drawn += 1
        line.points += points.draw
        line.form.append("D")


def criteria_of(rules: Rules) -> tuple[str, ...]:
    """The tie-break criteria of a competition's rules, in order (after points)."""
    chosen: tuple[str, ...]
    if rules.order == DIFFERENCE:
        chosen = (GOAL_DIFFERENCE, GOALS_SCORED, *_H2H)
    elif rules.order == HEAD_TO_HEAD:
        chosen = (*_H2H, GOAL_DIFFERENCE, GOALS_SCORED)
    else:
        raise ValueError(f"no tie-break order {rules.order!r}")
    if rules.discipline:
        chosen = (*chosen, DISCIPLINE)
    return (*chosen, LOT)


def lot(seed: int, member: int) -> str:
    """A member's lot (drawn ascending): the same for the same seed on every read."""
    return hashlib.sha256(f"lot:{seed}:{member}".encode()).hexdigest()


class _Ranker:
    """Orders members by criteria in turn, each splitting those the ones before left level,
    and records what decided each split (but points: the first, and the rule)."""

    def __init__(self, criteria: Sequence[str]) -> None:
        self.criteria = tuple(criteria)
        self.decided: dict[int, str] = {}

    def key(self, criterion: str, group: Sequence[int]) -> Callable[[int], object]:
        """The sort key of ``criterion`` among the members of ``group``."""
        raise NotImplementedError

    def restart(self, index: int) -> int:
        """The criterion from which a part still level after ``criteria[index]`` is ordered."""
        return index + 1

    def order(self, group: list[int], start: int = 0) -> list[int]:
        """``group`` in order by the criteria from ``start`` on."""
        if len(group) == 1:
            return group
        for index in range(start, len(self.criteria)):
            criterion = self.criteria[index]
            parts = _split(group, self.key(criterion, group))
            if len(parts) == 1:
                continue
            ordered: list[int] = []
            for number, part in enumerate(parts):
                inner = self.order(part, self.restart(index)) if len(part) > 1 else part
                if number < len(parts) - 1 and criterion != POINTS:
                    # the last of this part was put above the next part by this criterion
                    self.decided[inner[-1]] = criterion
                ordered.extend(inner)
            return ordered
        return group  # unreachable: lots always split


class _TableRanker(_Ranker):
    """A table's order: points, then the rules' criteria."""

    def __init__(
        self,
        lines: Mapping[int, _Line],
        results: Sequence[Result],
        rules: Rules,
        criteria: Sequence[str],
    ) -> None:
        super().__init__(criteria)
        self.lines = lines
        self.results = results
        self.rules = rules

    def key(self, criterion: str, group: Sequence[int]) -> Callable[[int], object]:
        lines = self.lines
        if criterion == POINTS:
            return lambda m: -lines[m].points
        if criterion == GOAL_DIFFERENCE:
            return lambda m: -(lines[m].scored - lines[m].conceded)
        if criterion == GOALS_SCORED:
            return lambda m: -lines[m].scored
        if criterion == DISCIPLINE:
            return lambda m: lines[m].discipline
        if criterion == LOT:
            return lambda m: lot(self.rules.seed, m)
        inside = set(group)
        sub = _tally(
            group,
            (r for r in self.results if r.home in inside and r.away in inside),
            self.rules.points,
        )
        if criterion == H2H_POINTS:
            return lambda m: -sub[m].points
        if criterion == H2H_DIFFERENCE:
            return lambda m: -(sub[m].scored - sub[m].conceded)
        return lambda m: -sub[m].scored

    def restart(self, index: int) -> int:
        # those head-to-head left level: the head-to-head again, among the fewer now level
        if self.criteria[index] in _H2H:
            return self.criteria.index(_H2H[0])
        return index + 1


def _split(group: Sequence[int], key: Callable[[int], object]) -> list[list[int]]:
    ranked = sorted(group, key=key)  # type: ignore[arg-type]
    parts: list[list[int]] = []
    last: object = object()
    for member in ranked:
        value = key(member)
        if parts and value == last:
            parts[-1].append(member)
        else:
            parts.append([member])
        last = value
    return parts


def ranking(members: Sequence[int], results: Sequence[Result], rules: Rules) -> list[int]:
    """The members in table order (points first, then the rules' criteria)."""
    return _ranked(members, results, rules)[0]


def _ranked(
    members: Sequence[int], results: Sequence[Result], rules: Rules
) -> tuple[list[int], dict[int, _Line], dict[int, str]]:
    lines = _tally(members, results, rules.points)
    criteria = (POINTS, *criteria_of(rules))
    ranker = _TableRanker(lines, results, rules, criteria)
    ordered = ranker.order(list(members))
    return ordered, lines, ranker.decided


def standings(members: Sequence[int], results: Sequence[Result], rules: Rules) -> list[Row]:
    """The table: a row per member, in order (see the module's description)."""
    ordered, lines, decided = _ranked(members, results, rules)
    # the table after each round with results, by the same order (the chart of positions)
    rounds = sorted({r.round for r in results})
    earlier = [ranking(members, [r for r in results if r.round <= n], rules) for n in rounds[:-1]]
    rows = []
    for member, place in _places(ordered, earlier, played=bool(rounds)):
        line = lines[member]
        rows.append(
            Row(
                member=member,
                position=place.position,
                played=line.played,
                won=line.won,
                drawn=line.drawn,
                lost=line.lost,
                goals_for=line.scored,
                goals_against=line.conceded,
                difference=line.scored - line.conceded,
                points=line.points,
                form=tuple(line.form[-5:]),
                discipline=line.discipline,
                previous_position=place.previous_position,
                change=place.change,
                decided_by=decided.get(member),
                positions=place.positions,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class _Place:
    position: int
    previous_position: int | None
    change: int  # up (positive) or down since the table before the last round
    positions: tuple[int, ...]


def _places(
    ordered: Sequence[int], earlier: Sequence[Sequence[int]], *, played: bool
) -> list[tuple[int, _Place]]:
    """The members of a table in order, each with its place: its position, its position in the
    table before the last round (the last of ``earlier``, the orders after each round before
    it) and the change since, and its positions after each round (none before one is
    ``played``)."""
    after = [{m: i for i, m in enumerate(order, start=1)} for order in earlier]
    previous = after[-1] if after else {}
    places = []
    for position, member in enumerate(ordered, start=1):
        was = previous.get(member)
        change = 0 if was is None else was - position
        chart = (*(table[member] for table in after), position) if played else ()
        places.append((member, _Place(position, was, change, chart)))
    return places


# --- a series of match days (Amigo Hattrick) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayScore:
    """One member's line of one match day: the match's score and place (1 the best)."""

    member: int
    score: int
    place: int


@dataclass(frozen=True, slots=True)
class SeriesRow:
    member: int
    position: int
    days: int
    score: int
    places: tuple[int, ...]  # how many firsts, seconds... (as many as the most at a table)
    best: int | None
    previous_position: int | None
    change: int
    decided_by: str | None
    positions: tuple[int, ...] = ()  # after each match day, the first first

    def as_dict(self) -> dict[str, object]:
        return stored(self, first=_ROW_FIRST)


#: the criteria of a series, after the summed score: more first places, then seconds...
SERIES_PLACES = "places"


def series_standings(
    members: Sequence[int], days: Sequence[Sequence[DayScore]], *, seed: int = 0
) -> list[SeriesRow]:
    """The table of a series of match days: the days' scores summed (the higher first), then
    more first places, more second places..., then lots."""
    ordered, totals, decided = _series_ranked(members, days, seed)
    # the table after each match day (the chart of positions)
    earlier = [_series_ranked(members, days[:n], seed)[0] for n in range(1, len(days))]
    rows = []
    for member, place in _places(ordered, earlier, played=bool(days)):
        count, score, places, best = totals[member]
        rows.append(
            SeriesRow(
                member=member,
                position=place.position,
                days=count,
                score=score,
                places=places,
                best=best,
                previous_position=place.previous_position,
                change=place.change,
                decided_by=decided.get(member),
                positions=place.positions,
            )
        )
    return rows


def _series_ranked(
    members: Sequence[int], days: Sequence[Sequence[DayScore]], seed: int
) -> tuple[list[int], dict[int, tuple[int, int, tuple[int, ...], int | None]], dict[int, str]]:
    widest = max((len(day) for day in days), default=0)
    totals: dict[int, tuple[int, int, tuple[int, ...], int | None]] = {}
    for member in members:
        count = score = 0
        places = [0] * widest
        best: int | None = None
        for day in days:
            for line in day:
                if line.member != member:
                    continue
                count += 1
                score += line.score
                if 1 <= line.place <= widest:
                    places[line.place - 1] += 1
                best = line.score if best is None else max(best, line.score)
        totals[member] = (count, score, tuple(places), best)
    ranker = _SeriesRanker(totals, seed)
    return ranker.order(list(members)), totals, ranker.decided


class _SeriesRanker(_Ranker):
    """A series' order: the summed score, then more first places, more seconds..., then lots."""

    def __init__(
        self, totals: Mapping[int, tuple[int, int, tuple[int, ...], int | None]], seed: int
    ) -> None:
        super().__init__((POINTS, SERIES_PLACES, LOT))
        self.totals = totals
        self.seed = seed

    def key(self, criterion: str, group: Sequence[int]) -> Callable[[int], object]:
        totals = self.totals
        if criterion == POINTS:
            return lambda m: -totals[m][1]
        if criterion == SERIES_PLACES:
            return lambda m: tuple(-p for p in totals[m][2])
        return lambda m: lot(self.seed, m)
