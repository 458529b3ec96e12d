"""The stored standings of a competition, rebuilt from its fixtures' matches.

Two steps, each a pure function of what it reads:

1. ``fixture_results_refresh``: what the table reads of a fixture's match (the scores, the
   winners, the disciplinary points and the scorers from the game's own stats, the cards
   passed in Amigo Hattrick), stored on the fixture. A match that is not finished (reopened
   by an undo, abandoned) leaves its fixture without a result: its result is out of the
   table. A walkover keeps the result the organiser gave it.
2. ``standings_rebuild``: the table (per group), the bracket, the awards and the champion,
   from the fixtures' results (``competitions.tables``, ``draws``, ``awards``); the fixtures
   the results make known (a cup's next tie, a replay, the next Swiss round, the cup after
   the groups) are added; the competition is finished when its last fixture is played.

Both run in one transaction with the competition's row locked, so two matches ending at the
same moment give the table one after the other does. The stored JSON is written with sorted
keys and its tag (``standings_tag``, the table's and bracket's ``ETag``) is its SHA-256: a
rebuild that finds nothing new writes the same bytes and the same tag.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from competitions import awards as awards_
from competitions import draws, tables
from competitions.models import (
    Competition,
    CompetitionStatus,
    Fixture,
    FixtureStatus,
    Format,
    Member,
    MemberStatus,
    Stage,
)
from matches.engine import get_game
from matches.engine.stats import MatchView, SideView
from matches.log.replay import log_stacks
from matches.models import Match, MatchEvent, MatchSide, MatchStatus

logger = logging.getLogger(__name__)

#: disciplinary points per card counter of a game's stats
CARD_POINTS = {"yellow_cards": tables.YELLOW_CARD_POINTS, "red_cards": tables.RED_CARD_POINTS}
#: the counters of the games' stats the awards read
GOALS = "goals"
PASSED = "cards_passed"


# --- 1. what the table reads of a match -----------------------------------------------------


def match_result(match: Any, sides: Sequence[Any], events: Iterable[Any]) -> dict[str, Any]:
    """The result of a finished match as the table reads it, by side position."""
    applied = log_stacks(events).applied
    effects = (effect for event in applied for effect in (event.effects or ()))
    views = [SideView(s.position, s.config or {}, s.score or 0, s.result or "draw") for s in sides]
    extracted = get_game(match.game).stats.extract(
        MatchView(match.game, views, match.state or {}, effects)
    )
    outcome = match.result or {}
    positions = [s.position for s in sides]
    counters = [extracted.sides.get(p, Counter()) for p in positions]
    scorers: list[dict[str, int]] = [{} for _ in positions]
    for (position, player), lines in sorted(extracted.players.items()):
        if lines.get(GOALS) and position in positions:
            scorers[positions.index(position)][player] = lines[GOALS]
    return {
        "scores": [int(s.score or 0) for s in sides],
        "winners": sorted(int(w) for w in outcome.get("winners", [])),
        "termination": str(outcome.get("termination", "")),
        "discipline": [
            sum(c.get(name, 0) * points for name, points in CARD_POINTS.items()) for c in counters
        ],
        "scorers": scorers,
        "passed": [int(c.get(PASSED, 0)) for c in counters],
        "walkover": False,
    }


def _events_of(match_ids: Sequence[int]) -> dict[int, list[Any]]:
    found: dict[int, list[Any]] = {m: [] for m in match_ids}
    rows = (
        MatchEvent.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "seq")
        .values_list("match_id", "seq", "kind", "effects", named=True)
    )
    for row in rows.iterator(chunk_size=2000):
        found[row.match_id].append(row)
    return found


#: matches read and judged at a time: the work and the memory of a rebuild grow with the
#: matches, not faster (one read of every event at once costs more per event as it grows)
CHUNK = 50


def fixture_results_refresh(competition: Competition, *, only: set[int] | None = None) -> None:
    """Store each fixture's result from its match (``only``: the fixtures of these matches)."""
    fixtures = list(
        competition.fixtures.filter(match__isnull=False)
        .exclude(status=FixtureStatus.WALKOVER)
        .order_by("id")
    )
    if only is not None:
        fixtures = [f for f in fixtures if f.match_id in only]
    for start in range(0, len(fixtures), CHUNK):
        _results_refresh(fixtures[start : start + CHUNK])


def _results_refresh(fixtures: Sequence[Fixture]) -> None:
    match_ids = [f.match_id for f in fixtures if f.match_id is not None]
    matches = {
        m.pk: m
        for m in Match.objects.filter(pk__in=match_ids).only(
            "id", "game", "status", "state", "result", "seq"
        )
    }
    finished = [m for m in match_ids if matches[m].status == MatchStatus.FINISHED]
    sides: dict[int, list[Any]] = {m: [] for m in finished}
    rows = (
        MatchSide.objects.filter(match_id__in=finished)
        .order_by("match_id", "position")
        .only("match_id", "position", "config", "score", "result")
    )
    for side in rows:
        sides[side.match_id].append(side)
    events = _events_of(finished)
    changed = []
    for fixture in fixtures:
        assert fixture.match_id is not None
        match = matches[fixture.match_id]
        if match.status == MatchStatus.FINISHED:
            result = match_result(match, sides[match.pk], events[match.pk])
            status = FixtureStatus.PLAYED
        else:
            result = None
            status = FixtureStatus.PLAYING
            if match.status == MatchStatus.ABANDONED:
                status = FixtureStatus.SCHEDULED
        if result != fixture.result or status != fixture.status:
            fixture.result, fixture.status = result, status
            changed.append(fixture)
    # one UPDATE of the chunk (a CASE per row: kept small, it stays cheap per row)
    Fixture.objects.bulk_update(changed, ["result", "status"])


# --- 2. the standings -------------------------------------------------------------------------


def _rules(competition: Competition) -> tables.Rules:
    return tables.Rules(
        order=competition.tie_break,
        points=tables.POINTS_RULES.get(competition.points, tables.PointsRule()),
        discipline=competition.discipline,
        seed=competition.seed,
    )


def _pair_result(fixture: Fixture, order: int) -> tables.Result | None:
    result = fixture.result
    if not result or fixture.home_id is None:
        return None
    scores = result["scores"]
    discipline = result.get("discipline") or [0, 0]
    return tables.Result(
        home=fixture.home_id,
        away=fixture.away_id if fixture.away_id is not None else -1,
        home_goals=scores[0],
        away_goals=scores[1] if len(scores) > 1 else 0,
        round=fixture.round,
        home_discipline=discipline[0],
        away_discipline=discipline[1] if len(discipline) > 1 else 0,
    )


def _played_order(fixtures: Iterable[Fixture]) -> list[Fixture]:
    """Fixtures with a result, in the order played: by round, then by the fixture's id."""
    return sorted((f for f in fixtures if f.result), key=lambda f: (f.round, f.id))


def _numbers(members: Sequence[int]) -> dict[int, int]:
    """Each member's number in the competition (1 the first to join): the lots are drawn on
    these, so a competition's lots depend on its seed and its members' order alone."""
    return {m: n for n, m in enumerate(sorted(members), start=1)}


def _table(
    members: Sequence[int], fixtures: Sequence[Fixture], rules: tables.Rules
) -> list[dict[str, Any]]:
    number = _numbers(members)
    back = {n: m for m, n in number.items()}
    results = [
        tables.Result(
            number.get(r.home, -1),
            number.get(r.away, -1),
            r.home_goals,
            r.away_goals,
            round=r.round,
            home_discipline=r.home_discipline,
            away_discipline=r.away_discipline,
        )
        for f in _played_order(fixtures)
        if (r := _pair_result(f, 0)) is not None
    ]
    rows = []
    for row in tables.standings([number[m] for m in members], results, rules):
        values = row.as_dict()
        values["member"] = back[row.member]
        rows.append(values)
    return rows


def _winner(fixture: Fixture) -> int | None:
    """The member who won a fixture (one winner only), else ``None`` (a draw, not played)."""
    result = fixture.result
    if not result:
        return None
    winners = result.get("winners") or []
    if len(winners) != 1:
        return None
    seats = [fixture.home_id, fixture.away_id]
    return seats[winners[0]] if winners[0] < len(seats) else None


def _cup(
    competition: Competition,
    seeds: Sequence[int],
    fixtures: list[Fixture],
    *,
    stage: str = Stage.CUP,
    round_offset: int = 0,
) -> tuple[dict[str, Any], bool]:
    """The bracket as the results stand, adding the fixtures of ties that became known and the
    replay of a drawn tie (games without a decider). Returns the bracket and whether the cup
    is over."""
    third = bool(competition.settings.get("third_place"))
    ties = draws.cup_bracket(seeds, third_place=third)
    by_tie: dict[int, list[Fixture]] = {}
    for f in fixtures:
        if f.stage == stage and f.tie is not None:
            by_tie.setdefault(f.tie, []).append(f)
    winners: dict[int, int] = {}
    states: list[draws.TieState] = []
    # resolve round by round, so a tie's fixtures exist once its members are known
    for _ in range(max(t.round for t in ties) + 1):
        states = draws.cup_progress(ties, winners)
        for state in states:
            tie = state.tie
            if state.winner is not None or tie.is_bye:
                continue
            if state.home is None or state.away is None:
                continue
            played = sorted(by_tie.get(tie.number, []), key=lambda f: (f.leg, f.id))
            if not played:
                made = _new_fixture(competition, stage, tie, state, round_offset, leg=1)
                by_tie[tie.number] = [made]
                fixtures.append(made)
                continue
            last = played[-1]
            if last.status in (FixtureStatus.SCHEDULED, FixtureStatus.POSTPONED) and (
                (last.home_id, last.away_id)
                not in {(state.home, state.away), (state.away, state.home)}
            ):
                # an undo changed who is in the tie before it was played
                last.home_id, last.away_id = state.home, state.away
                last.save(update_fields=["home", "away"])
            won = _winner(last)
            if won is not None:
                winners[tie.number] = won
            elif last.result:  # drawn, and the game has no decider: a replay, sides swapped
                replay = _new_fixture(
                    competition,
                    stage,
                    tie,
                    state,
                    round_offset,
                    leg=last.leg + 1,
                    swap=last.leg % 2 == 1,  # home and away swap with each replay
                )
                by_tie[tie.number].append(replay)
                fixtures.append(replay)
    states = draws.cup_progress(ties, winners)
    final = next(s for s in reversed(states) if not s.tie.third_place)
    over = final.winner is not None and all(
        s.winner is not None for s in states if s.tie.third_place
    )
    bracket = {
        "ties": [
            {
                "number": s.tie.number,
                "round": s.tie.round + round_offset,
                "third_place": s.tie.third_place,
                "bye": s.tie.is_bye,
                "home": s.home,
                "away": s.away,
                "winner": s.winner,
                "fixtures": [
                    f.id for f in sorted(by_tie.get(s.tie.number, []), key=lambda f: f.leg)
                ],
            }
            for s in states
        ],
        "champion": final.winner,
    }
    third_state = next((s for s in states if s.tie.third_place), None)
    bracket["third"] = third_state.winner if third_state is not None else None
    bracket["runner_up"] = final.loser
    return bracket, over


def _new_fixture(
    competition: Competition,
    stage: str,
    tie: draws.Tie,
    state: draws.TieState,
    round_offset: int,
    *,
    leg: int,
    swap: bool = False,
) -> Fixture:
    home, away = (state.away, state.home) if swap else (state.home, state.away)
    number = tie.round + round_offset
    fixture = Fixture(
        competition=competition,
        stage=stage,
        round=number,
        leg=leg,
        tie=tie.number,
        home_id=home,
        away_id=away,
        date=round_date(competition, number),
    )
    gone = set(
        competition.members.filter(pk__in=[home, away], status=MemberStatus.LEFT).values_list(
            "pk", flat=True
        )
    )
    if gone:  # a member who left: the tie goes to the other, as their open fixtures did
        fixture.status = FixtureStatus.WALKOVER
        fixture.result = walkover_result(home_wins=home not in gone)
    fixture.save()
    return fixture


def _members(competition: Competition) -> list[Member]:
    return list(
        competition.members.filter(status__in=(MemberStatus.ACCEPTED, MemberStatus.LEFT))
        .select_related("user", "team")
        .order_by("id")
    )


def _names(members: Sequence[Member]) -> dict[str, dict[str, Any]]:
    return {
        str(m.pk): {
            "user": m.user.username,
            "team": m.team.name if m.team is not None else None,
            "left": m.status == MemberStatus.LEFT,
        }
        for m in members
    }


def _match_lines(fixtures: Sequence[Fixture]) -> list[awards_.MatchLine]:
    lines = []
    for f in _played_order(fixtures):
        result = f.result or {}
        if result.get("walkover") or f.away_id is None or f.home_id is None:
            continue
        scores, scorers = result["scores"], result.get("scorers") or [{}, {}]
        lines.append(awards_.MatchLine(f.home_id, scores[0], scores[1], scorers[0]))
        lines.append(awards_.MatchLine(f.away_id, scores[1], scores[0], scorers[1]))
    return lines


def _day_scores(fixtures: Sequence[Fixture]) -> list[list[tables.DayScore]]:
    days = []
    for f in _played_order(fixtures):
        scores = (f.result or {})["scores"]
        seats = f.seats
        days.append(
            [
                tables.DayScore(
                    member=seats[i],
                    score=scores[i],
                    place=1 + sum(1 for other in scores if other > scores[i]),
                )
                for i in range(min(len(seats), len(scores)))
            ]
        )
    return days


def _swiss_next_round(
    competition: Competition, members: list[int], active: set[int], fixtures: list[Fixture]
) -> None:
    """Draw the next Swiss round once every fixture of the last one has its result; those who
    left are not paired any more."""
    rounds = int(competition.settings.get("rounds") or draws.swiss_rounds(len(members)))
    last = max((f.round for f in fixtures), default=0)
    if last >= rounds or any(not f.result for f in fixtures if f.round == last):
        return
    rows = _table(members, fixtures, _rules(competition))
    ranking = [r["member"] for r in rows if r["member"] in active]
    if len(ranking) < 2:
        return
    scores = {r["member"]: float(r["points"]) for r in rows}
    played = [
        (f.home_id, f.away_id) for f in fixtures if f.home_id is not None and f.away_id is not None
    ]
    byes = [f.home_id for f in fixtures if f.home_id is not None and f.away_id is None]
    homes: Counter[int] = Counter()
    for home, away in played:
        homes[home] += 1
        homes[away] -= 1
    drawn = draws.swiss_round(ranking, scores=scores, played=played, byes=byes, homes=homes)
    fixtures.extend(swiss_fixtures(competition, last + 1, drawn))


def swiss_fixtures(competition: Competition, number: int, drawn: draws.SwissRound) -> list[Fixture]:
    """The next Swiss round's fixtures, dated, saved."""
    made = swiss_round(competition, number, drawn, on=round_date(competition, number))
    return Fixture.objects.bulk_create(made)


def swiss_round(
    competition: Competition, number: int, drawn: draws.SwissRound, *, on: date | None = None
) -> list[Fixture]:
    """A Swiss round's fixtures as drawn (not saved): its pairs, and the bye's walkover."""
    columns: dict[str, Any] = {
        "competition": competition,
        "stage": Stage.SWISS,
        "round": number,
        "date": on,
    }
    made = [Fixture(home_id=h, away_id=a, **columns) for h, a in drawn.pairs]
    if drawn.bye is not None:
        bye = Fixture(
            home_id=drawn.bye, status=FixtureStatus.WALKOVER, result=bye_result(), **columns
        )
        made.append(bye)
    return made


def walkover_result(*, home_wins: bool) -> dict[str, Any]:
    """A fixture awarded without a match: 3-0 to the winner (docs/competitions.md)."""
    return {
        "scores": [3, 0] if home_wins else [0, 3],
        "winners": [0 if home_wins else 1],
        "termination": "walkover",
        "discipline": [0, 0],
        "scorers": [{}, {}],
        "passed": [0, 0],
        "walkover": True,
    }


def round_date(competition: Competition, number: int) -> date | None:
    """The date of a round, where the draw gave the first round's and the days between."""
    first = competition.settings.get("first_date")
    if not first:
        return None
    every = int(competition.settings.get("days_between") or 7)
    return date.fromisoformat(first) + timedelta(days=every * (number - 1))


def bye_result() -> dict[str, Any]:
    """A Swiss bye: a 1-0 win (docs/competitions.md)."""
    return {
        "scores": [1, 0],
        "winners": [0],
        "termination": "bye",
        "discipline": [0, 0],
        "scorers": [{}, {}],
        "passed": [0, 0],
        "walkover": True,
    }


def _group_standings(
    competition: Competition, members: Sequence[Member], fixtures: list[Fixture]
) -> tuple[list[dict[str, Any]], list[list[int]], bool]:
    groups: dict[int, set[int]] = {}
    for f in fixtures:
        if f.stage == Stage.GROUP and f.group is not None:
            groups.setdefault(f.group, set()).update(
                m for m in (f.home_id, f.away_id) if m is not None
            )
    known = {m.pk for m in members}
    out, orders = [], []
    rules = _rules(competition)
    for number in sorted(groups):
        inside = sorted(m for m in groups[number] if m in known)
        games = [f for f in fixtures if f.stage == Stage.GROUP and f.group == number]
        rows = _table(inside, games, rules)
        out.append({"group": number, "rows": rows})
        orders.append([r["member"] for r in rows])
    complete = all(f.result for f in fixtures if f.stage == Stage.GROUP)
    return out, orders, complete


def standings_of(competition: Competition) -> dict[str, Any]:
    """The standings as they follow from the fixtures' results (adding the fixtures those
    results make known)."""
    members = _members(competition)
    ids = [m.pk for m in members]
    fixtures = list(competition.fixtures.all().order_by("round", "id"))
    rules = _rules(competition)
    out: dict[str, Any] = {
        "format": competition.format,
        "tie_break": competition.tie_break,
        "points": competition.points,
        "members": _names(members),
        "tables": [],
        "bracket": None,
        "awards": [],
        "champion": None,
        "over": False,
    }
    drawn = bool(fixtures) or competition.status != CompetitionStatus.OPEN
    over = False
    if competition.format in (Format.LEAGUE, Format.SWISS):
        active = {m.pk for m in members if m.status == MemberStatus.ACCEPTED}
        if competition.format == Format.SWISS and drawn:
            _swiss_next_round(competition, ids, active, fixtures)
        rows = _table(ids, fixtures, rules)
        out["tables"] = [{"group": None, "rows": rows}]
        over = drawn and bool(fixtures) and all(f.result for f in fixtures)
        if competition.format == Format.SWISS and over and len(active) >= 2:
            total = int(competition.settings.get("rounds") or draws.swiss_rounds(len(ids)))
            over = max(f.round for f in fixtures) >= total
        if over and rows:
            out["champion"] = rows[0]["member"]
        out["awards"] = [a.as_dict() for a in awards_.match_awards(_match_lines(fixtures))]
    elif competition.format == Format.CUP:
        seeds = list(competition.settings.get("seeds") or [])
        if len(seeds) >= 2:
            bracket, over = _cup(competition, seeds, fixtures)
            out["bracket"] = bracket
            out["champion"] = bracket["champion"] if over else None
        out["awards"] = [a.as_dict() for a in awards_.match_awards(_match_lines(fixtures))]
    elif competition.format == Format.GROUPS_CUP:
        groups, orders, complete = _group_standings(competition, members, fixtures)
        out["tables"] = groups
        if complete and orders:
            qualifiers = int(competition.settings.get("qualifiers") or 2)
            seeds = draws.cross_seeded(orders, qualifiers=qualifiers)
            offset = max((f.round for f in fixtures if f.stage == Stage.GROUP), default=0)
            bracket, over = _cup(competition, seeds, fixtures, round_offset=offset)
            out["bracket"] = bracket
            out["champion"] = bracket["champion"] if over else None
        out["awards"] = [a.as_dict() for a in awards_.match_awards(_match_lines(fixtures))]
    elif competition.format == Format.SERIES:
        number = _numbers(ids)
        days = [
            [tables.DayScore(number[d.member], d.score, d.place) for d in day if d.member in number]
            for day in _day_scores(fixtures)
        ]
        rows = []
        for row in tables.series_standings([number[m] for m in ids], days, seed=competition.seed):
            values = row.as_dict()
            values["member"] = ids[row.member - 1]
            rows.append(values)
        out["tables"] = [{"group": None, "rows": rows}]
        over = drawn and bool(fixtures) and all(f.result for f in fixtures)
        if over and rows:
            out["champion"] = rows[0]["member"]
        day_lines = [
            [
                awards_.DayLine(f.seats[i], result["scores"][i], result["passed"][i])
                for i in range(min(len(f.seats), len(result["scores"])))
            ]
            for f in _played_order(fixtures)
            if (result := f.result or {})
        ]
        out["awards"] = [a.as_dict() for a in awards_.series_awards(day_lines)]
    out["over"] = over
    out["rounds"] = sorted({f.round for f in fixtures})
    out["rounds_played"] = sorted(
        {f.round for f in fixtures} - {f.round for f in fixtures if not f.result}
    )
    return out


def encode(standings: Mapping[str, Any]) -> str:
    return json.dumps(standings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@transaction.atomic
def standings_rebuild(*, competition_id: int, matches: set[int] | None = None) -> str | None:
    """Refresh the results of the competition's fixtures (``matches``: of these only) and
    store its standings; returns the stored tag (``None``: no such competition)."""
    competition = Competition.objects.select_for_update().filter(pk=competition_id).first()
    if competition is None:
        return None
    fixture_results_refresh(competition, only=matches)
    standings = standings_of(competition)
    text = encode(standings)
    tag = hashlib.sha256(text.encode()).hexdigest()
    fields = []
    if tag != competition.standings_tag:
        competition.standings = json.loads(text)
        competition.standings_tag = tag
        fields += ["standings", "standings_tag"]
    if standings["over"] and competition.status == CompetitionStatus.RUNNING:
        competition.status = CompetitionStatus.FINISHED
        competition.finished_at = timezone.now()
        fields += ["status", "finished_at"]
    elif not standings["over"] and competition.status == CompetitionStatus.FINISHED:
        competition.status = CompetitionStatus.RUNNING  # an undo reopened its last match
        competition.finished_at = None
        fields += ["status", "finished_at"]
    if fields:
        competition.save(update_fields=fields)
    return competition.standings_tag


def competitions_of_match(match_id: int) -> list[int]:
    return list(Fixture.objects.filter(match_id=match_id).values_list("competition_id", flat=True))


def rebuild_all(*, competition_ids: Sequence[int] | None = None) -> int:
    """Every competition's fixtures' results and standings, from their matches."""
    ids = (
        list(competition_ids)
        if competition_ids is not None
        else list(Competition.objects.order_by("id").values_list("id", flat=True))
    )
    for competition_id in ids:
        standings_rebuild(competition_id=competition_id)
    return len(ids)
