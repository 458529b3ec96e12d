"""The table and its tie-break orders (competitions/tables.py) against real, published final
tables: each entered as its results and ordered by the order its competition used, exactly as
published. Sources are named with each table."""

from __future__ import annotations

from pathlib import Path

import pytest

from competitions.tables import (
    DIFFERENCE,
    HEAD_TO_HEAD,
    POINTS_RULES,
    DayScore,
    Result,
    Rules,
    ranking,
    series_standings,
    standings,
)

pytestmark = pytest.mark.no_services

DATA = Path(__file__).parent / "data"


class Names:
    """Team names to member ids and back (a table works on ids)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, name: str) -> int:
        return self.ids.setdefault(name, 1000 + len(self.ids))

    def name(self, member: int) -> str:
        return next(n for n, i in self.ids.items() if i == member)


def group(games: list[tuple[int, str, int, int, str]], names: Names) -> list[Result]:
    return [Result(names(h), names(a), hg, ag, round=r) for r, h, hg, ag, a in games]


def published(rows, names: Names) -> list[tuple[str, int, int, int]]:
    return [(names.name(r.member), r.points, r.goals_for, r.goals_against) for r in rows]


# --- a domestic league: goal difference and goals scored decide -----------------------------


def premier_league_2011_12(names: Names) -> list[Result]:
    """Every result of the 2011-12 Premier League (380 matches), as recorded by the
    openfootball project (github.com/openfootball/england, 2011-12/1-premierleague.txt):
    a line per match, ``round;home;goals-goals;away``."""
    results = []
    for line in (DATA / "premier_league_2011_12.txt").read_text().splitlines():
        round_, home, score, away = line.split(";")
        hg, ag = score.split("-")
        results.append(Result(names(home), names(away), int(hg), int(ag), round=int(round_)))
    return results


def test_premier_league_2011_12_goal_difference_and_goals_scored():
    """The 2011-12 Premier League's final table (premierleague.com, "Premier League Table
    2011/12"; Wikipedia, "2011–12 Premier League", League table): points, then goal
    difference, then goals scored. Manchester City champions over Manchester United on goal
    difference (+64 to +56), Liverpool above Fulham on goal difference, West Bromwich
    Albion above Swansea City, both -7, on goals scored (45 to 44)."""
    names = Names()
    results = premier_league_2011_12(names)
    assert len(results) == 380
    rows = standings(list(names.ids.values()), results, Rules(order=DIFFERENCE))
    assert published(rows, names) == [
        ("Manchester City", 89, 93, 29),
        ("Manchester United", 89, 89, 33),
        ("Arsenal FC", 70, 74, 49),
        ("Tottenham Hotspur", 69, 66, 41),
        ("Newcastle United", 65, 56, 51),
        ("Chelsea FC", 64, 65, 46),
        ("Everton FC", 56, 50, 40),
        ("Liverpool FC", 52, 47, 40),
        ("Fulham FC", 52, 48, 51),
        ("West Bromwich Albion", 47, 45, 52),
        ("Swansea City", 47, 44, 51),
        ("Norwich City", 47, 52, 66),
        ("Sunderland AFC", 45, 45, 46),
        ("Stoke City", 45, 36, 53),
        ("Wigan Athletic", 43, 42, 62),
        ("Aston Villa", 38, 37, 53),
        ("Queens Park Rangers", 37, 43, 66),
        ("Bolton Wanderers", 36, 46, 77),
        ("Blackburn Rovers", 31, 48, 78),
        ("Wolverhampton Wanderers", 25, 40, 82),
    ]
    decided = {names.name(r.member): r.decided_by for r in rows}
    assert decided["Manchester City"] == "goal_difference"
    assert decided["Liverpool FC"] == "goal_difference"
    assert decided["West Bromwich Albion"] == "goals_scored"
    assert decided["Swansea City"] == "goal_difference"
    assert decided["Arsenal FC"] is None  # points
    city = rows[0]
    assert (city.played, city.won, city.drawn, city.lost, city.difference) == (38, 28, 5, 5, 64)
    # the last day: City 3-2 QPR; United won 1-0 at Sunderland; the round before City led
    assert city.form[-1] == "W" and city.previous_position == 1 and city.change == 0


# --- a domestic league ordered head-to-head first --------------------------------------------


def la_liga_2013_14(names: Names) -> list[Result]:
    """Every result of the 2013-14 Primera División (380 matches), as recorded by the
    openfootball project (github.com/openfootball/espana, 2013-14/1-liga.txt)."""
    results = []
    for line in (DATA / "la_liga_2013_14.txt").read_text().splitlines():
        round_, home, score, away = line.split(";")
        hg, ag = score.split("-")
        results.append(Result(names(home), names(away), int(hg), int(ag), round=int(round_)))
    return results


def test_la_liga_2013_14_head_to_head_before_goal_difference():
    """The 2013-14 Primera División's final table (LFP, "Clasificación Liga BBVA 2013/14";
    Wikipedia, "2013–14 La Liga", League table), ordered by the Spanish rule: head-to-head
    among the level clubs first. Barcelona second over Real Madrid (both 87) on their games
    (2-1, 4-3); Villarreal sixth over Real Sociedad (both 59); Getafe thirteenth over
    Espanyol (both 42) on their games although Espanyol's goal difference was 9 better; Elche
    sixteenth over Almería (both 40)."""
    names = Names()
    results = la_liga_2013_14(names)
    assert len(results) == 380
    members = list(names.ids.values())
    rows = standings(members, results, Rules(order=HEAD_TO_HEAD))
    assert published(rows, names) == [
        ("Atlético Madrid", 90, 77, 26),
        ("FC Barcelona", 87, 100, 33),
        ("Real Madrid", 87, 104, 38),
        ("Athletic Club", 70, 66, 39),
        ("Sevilla FC", 63, 69, 52),
        ("Villarreal CF", 59, 60, 44),
        ("Real Sociedad", 59, 62, 55),
        ("Valencia CF", 49, 51, 53),
        ("RC Celta", 49, 49, 54),
        ("Levante UD", 48, 35, 43),
        ("Málaga CF", 45, 39, 46),
        ("Rayo Vallecano", 43, 46, 80),
        ("Getafe CF", 42, 35, 54),
        ("Espanyol Barcelona", 42, 41, 51),
        ("Granada CF", 41, 32, 56),
        ("Elche CF", 40, 30, 50),
        ("UD Almería", 40, 43, 71),
        ("CA Osasuna", 39, 32, 62),
        ("Real Valladolid", 36, 38, 60),
        ("Real Betis", 25, 36, 78),
    ]
    decided = {names.name(r.member): r.decided_by for r in rows}
    assert decided["FC Barcelona"] == "head_to_head_points"
    assert decided["Getafe CF"] == "head_to_head_points"
    # by goal difference first (order a), Espanyol would be above Getafe
    other = [names.name(m) for m in ranking(members, results, Rules(order=DIFFERENCE))]
    assert other.index("Espanyol Barcelona") < other.index("Getafe CF")


# --- tournament groups ----------------------------------------------------------------------


def test_world_cup_1994_group_e_goals_scored_then_head_to_head():
    """FIFA World Cup 1994, group E (FIFA's tournament report; Wikipedia, "1994 FIFA World
    Cup Group E"): all four on 4 points and a goal difference of 0. Mexico first and Norway
    last on goals scored; Ireland above Italy on their game (1-0). Ordered by points, goal
    difference, goals scored, head-to-head: order (a)."""
    names = Names()
    results = group(
        [
            (1, "Italy", 0, 1, "Republic of Ireland"),
            (1, "Norway", 1, 0, "Mexico"),
            (2, "Italy", 1, 0, "Norway"),
            (2, "Mexico", 2, 1, "Republic of Ireland"),
            (3, "Republic of Ireland", 0, 0, "Norway"),
            (3, "Italy", 1, 1, "Mexico"),
        ],
        names,
    )
    rows = standings(list(names.ids.values()), results, Rules(order=DIFFERENCE))
    assert published(rows, names) == [
        ("Mexico", 4, 3, 3),
        ("Republic of Ireland", 4, 2, 2),
        ("Italy", 4, 2, 2),
        ("Norway", 4, 1, 1),
    ]
    assert [r.decided_by for r in rows] == [
        "goals_scored",
        "head_to_head_points",
        "goals_scored",
        None,
    ]


def test_world_cup_2014_group_g_goal_difference():
    """FIFA World Cup 2014, group G (FIFA.com match reports; Wikipedia, "2014 FIFA World Cup
    Group G"): the United States above Portugal, both on 4 points, on goal difference (0 to
    -3)."""
    names = Names()
    results = group(
        [
            (1, "Germany", 4, 0, "Portugal"),
            (1, "Ghana", 1, 2, "United States"),
            (2, "Germany", 2, 2, "Ghana"),
            (2, "United States", 2, 2, "Portugal"),
            (3, "United States", 0, 1, "Germany"),
            (3, "Portugal", 2, 1, "Ghana"),
        ],
        names,
    )
    rows = standings(list(names.ids.values()), results, Rules(order=DIFFERENCE))
    assert published(rows, names) == [
        ("Germany", 7, 7, 2),
        ("United States", 4, 4, 4),
        ("Portugal", 4, 4, 7),
        ("Ghana", 1, 4, 6),
    ]
    assert rows[1].decided_by == "goal_difference"


def test_world_cup_2018_group_h_disciplinary_points_before_lots():
    """FIFA World Cup 2018, group H (FIFA's regulations, art. 32.5: fair-play points before
    the drawing of lots; Wikipedia, "2018 FIFA World Cup Group H"): Japan and Senegal level
    on points, difference, goals and their game (2-2); Japan through on fair-play points,
    4 yellow cards to Senegal's 6 as FIFA published them. The test books each side's
    published total on its last match (the order sums them, so where they fell does not
    matter)."""
    names = Names()
    games = [
        (1, "Colombia", 1, 2, "Japan"),
        (1, "Poland", 1, 2, "Senegal"),
        (2, "Japan", 2, 2, "Senegal"),
        (2, "Poland", 0, 3, "Colombia"),
        (3, "Japan", 0, 1, "Poland"),
        (3, "Senegal", 0, 1, "Colombia"),
    ]
    results = group(games, names)
    cards = {"Japan": 4, "Senegal": 6}
    results = [
        Result(
            r.home,
            r.away,
            r.home_goals,
            r.away_goals,
            round=r.round,
            home_discipline=cards.get(names.name(r.home), 0) if r.round == 3 else 0,
            away_discipline=cards.get(names.name(r.away), 0) if r.round == 3 else 0,
        )
        for r in results
    ]
    rules = Rules(order=DIFFERENCE, discipline=True)
    rows = standings(list(names.ids.values()), results, rules)
    assert published(rows, names) == [
        ("Colombia", 6, 5, 2),
        ("Japan", 4, 4, 4),
        ("Senegal", 4, 4, 4),
        ("Poland", 3, 2, 5),
    ]
    assert rows[1].decided_by == "discipline"
    assert (rows[1].discipline, rows[2].discipline) == (4, 6)
    # without disciplinary points the lots decide, the same on every read
    by_lot = standings(list(names.ids.values()), results, Rules(order=DIFFERENCE, seed=5))
    assert by_lot[1].decided_by == "lot"
    assert by_lot == standings(list(names.ids.values()), results, Rules(order=DIFFERENCE, seed=5))


def test_euro_2012_group_a_head_to_head_before_goal_difference():
    """UEFA EURO 2012, group A (UEFA.com, "EURO 2012 Group A"; Wikipedia, "UEFA Euro 2012
    Group A"): Greece second over Russia, both on 4 points, on their game (1-0), though
    Russia's goal difference was better (+2 to 0): order (b). Order (a) puts Russia second."""
    names = Names()
    results = group(
        [
            (1, "Poland", 1, 1, "Greece"),
            (1, "Russia", 4, 1, "Czech Republic"),
            (2, "Greece", 1, 2, "Czech Republic"),
            (2, "Poland", 1, 1, "Russia"),
            (3, "Czech Republic", 1, 0, "Poland"),
            (3, "Greece", 1, 0, "Russia"),
        ],
        names,
    )
    members = list(names.ids.values())
    rows = standings(members, results, Rules(order=HEAD_TO_HEAD))
    assert published(rows, names) == [
        ("Czech Republic", 6, 4, 5),
        ("Greece", 4, 3, 3),
        ("Russia", 4, 5, 3),
        ("Poland", 2, 2, 3),
    ]
    assert rows[1].decided_by == "head_to_head_points"
    # before the last round: Russia 4, Czech Republic 3, Poland 2, Greece 1
    assert [(names.name(r.member), r.previous_position, r.change) for r in rows] == [
        ("Czech Republic", 2, 1),
        ("Greece", 4, 2),
        ("Russia", 1, -2),
        ("Poland", 3, -1),
    ]
    assert [r.form for r in rows] == [
        ("L", "W", "W"),
        ("D", "L", "W"),
        ("W", "D", "L"),
        ("D", "D", "L"),
    ]
    other = ranking(members, results, Rules(order=DIFFERENCE))
    assert [names.name(m) for m in other][:3] == ["Czech Republic", "Russia", "Greece"]


def test_euro_2004_group_c_head_to_head_goals_among_three():
    """UEFA EURO 2004, group C (UEFA.com, "EURO 2004 Group C"; Wikipedia, "UEFA Euro 2004
    Group C"): Sweden, Denmark and Italy on 5 points; among the three every game was drawn
    (0-0, 1-1, 2-2), so each had 2 points and a difference of 0 in the sub-table, and goals
    scored in it decided: Sweden 3, Denmark 2, Italy 1."""
    names = Names()
    results = group(
        [
            (1, "Denmark", 0, 0, "Italy"),
            (1, "Sweden", 5, 0, "Bulgaria"),
            (2, "Bulgaria", 0, 2, "Denmark"),
            (2, "Italy", 1, 1, "Sweden"),
            (3, "Italy", 2, 1, "Bulgaria"),
            (3, "Denmark", 2, 2, "Sweden"),
        ],
        names,
    )
    rows = standings(list(names.ids.values()), results, Rules(order=HEAD_TO_HEAD))
    assert published(rows, names) == [
        ("Sweden", 5, 8, 3),
        ("Denmark", 5, 4, 2),
        ("Italy", 5, 3, 2),
        ("Bulgaria", 0, 1, 9),
    ]
    assert [r.decided_by for r in rows] == [
        "head_to_head_goals",
        "head_to_head_goals",
        None,
        None,
    ]


# --- the rules' other choices ---------------------------------------------------------------


def test_two_points_for_a_win_and_the_table_of_no_results():
    a, b, c = 1, 2, 3
    results = [Result(a, b, 2, 0), Result(b, c, 1, 1)]
    rows = standings([a, b, c], results, Rules(points=POINTS_RULES["2-1-0"]))
    assert [(r.member, r.points) for r in rows] == [(a, 2), (c, 1), (b, 1)]
    empty = standings([a, b, c], [], Rules(seed=3))
    assert [r.played for r in empty] == [0, 0, 0]
    assert {r.decided_by for r in empty[:-1]} == {"lot"}
    assert empty[-1].decided_by is None
    assert all(r.previous_position is None and r.change == 0 for r in empty)


def test_lots_come_from_the_stored_seed():
    members = list(range(1, 9))
    orders = {tuple(ranking(members, [], Rules(seed=seed))) for seed in range(10)}
    assert len(orders) > 1
    assert ranking(members, [], Rules(seed=4)) == ranking(members, [], Rules(seed=4))


def test_form_is_the_last_five_latest_last():
    a, b = 1, 2
    scores = [(1, 0), (0, 0), (0, 2), (3, 1), (1, 1), (2, 0)]
    results = [Result(a, b, x, y, round=i) for i, (x, y) in enumerate(scores, start=1)]
    row = next(r for r in standings([a, b], results, Rules()) if r.member == a)
    assert row.form == ("D", "L", "W", "D", "W")
    assert (row.won, row.drawn, row.lost, row.goals_for, row.goals_against) == (3, 2, 1, 7, 4)


def test_an_amigo_series_sums_the_days_then_counts_places():
    ann, ben, cleo, dan = 1, 2, 3, 4
    days = [
        [DayScore(ann, 30, 1), DayScore(ben, 20, 2), DayScore(cleo, 10, 3), DayScore(dan, 5, 4)],
        [DayScore(ben, 25, 1), DayScore(cleo, 20, 2), DayScore(ann, 15, 3)],
        [DayScore(cleo, 40, 1), DayScore(dan, 30, 2), DayScore(ann, 0, 3), DayScore(ben, 0, 4)],
    ]
    rows = series_standings([ann, ben, cleo, dan], days, seed=1)
    assert [(r.member, r.score, r.days) for r in rows] == [
        (cleo, 70, 3),
        (ben, 45, 3),
        (ann, 45, 3),
        (dan, 35, 2),
    ]
    # Ann and Ben: 45 each and one first place each (Ann 1st, 3rd, 3rd; Ben 2nd, 1st, 4th):
    # Ben has a second place more
    assert rows[1].decided_by == "places"
    assert rows[0].decided_by is None and rows[2].decided_by is None
    ann_row = next(r for r in rows if r.member == ann)
    assert ann_row.places == (1, 0, 2, 0) and ann_row.best == 30
    assert rows[0].previous_position == 3 and rows[0].change == 2
    # the places after each match day: Ann first, then level with Ben on 45 (Ben ahead by the
    # second place he has more), then third
    assert {r.member: r.positions for r in rows} == {
        ann: (1, 2, 3),
        ben: (2, 1, 2),
        cleo: (3, 3, 1),
        dan: (4, 4, 4),
    }


def test_positions_after_each_round_are_the_table_of_that_round():
    """The chart of positions: a member's place after each round with results, each by the
    whole order (here head-to-head decides round 2 and lots decide round 1's level pair)."""
    a, b, c, d = 1, 2, 3, 4
    results = [
        Result(a, b, 1, 0, round=1),
        Result(c, d, 0, 0, round=1),
        Result(b, c, 2, 0, round=2),
        Result(d, a, 1, 0, round=2),
        Result(a, c, 0, 3, round=3),
        Result(b, d, 1, 1, round=3),
    ]
    rules = Rules(order=HEAD_TO_HEAD, seed=7)
    rows = standings([a, b, c, d], results, rules)
    for n in (1, 2):
        before = ranking([a, b, c, d], [r for r in results if r.round <= n], rules)
        assert [next(r for r in rows if r.member == m).positions[n - 1] for m in before] == [
            1,
            2,
            3,
            4,
        ]
    assert all(len(r.positions) == 3 and r.positions[-1] == r.position for r in rows)
    assert all(r.previous_position == r.positions[-2] for r in rows)
    assert standings([a, b], [], rules)[0].positions == ()


def test_awards_from_the_games_stats():
    from competitions.awards import DayLine, MatchLine, match_awards, series_awards

    a, b, c = 1, 2, 3
    lines = [
        MatchLine(a, 2, 0, {"9": 2}),
        MatchLine(b, 0, 2),
        MatchLine(a, 1, 1, {"7": 1}),
        MatchLine(c, 1, 1, {"9": 1}),
        MatchLine(b, 3, 0, {"10": 2, "9": 1}),
        MatchLine(c, 0, 3),
        MatchLine(a, 0, 1),
        MatchLine(b, 1, 0, {"10": 1}),
    ]
    awards = {award.kind: award for award in match_awards(lines)}
    assert (awards["top_scorer"].members, awards["top_scorer"].player) == ((b,), "10")
    assert awards["top_scorer"].value == 3
    # goals against a game: a 2/3, b 2/3, c 4/2
    assert awards["best_defence"].members == (a, b)
    assert (awards["clean_sheets"].members, awards["clean_sheets"].value) == ((b,), 2)
    # b: lost, won, won: two in a row; a: won, drew, lost: two in a row
    assert (awards["unbeaten_run"].members, awards["unbeaten_run"].value) == ((a, b), 2)
    days = [[DayLine(a, 30, 4), DayLine(b, 25, 2)], [DayLine(a, 10, 2), DayLine(b, 35, 6)]]
    series = {award.kind: award for award in series_awards(days)}
    assert (series["best_score"].members, series["best_score"].value) == ((b,), 35)
    assert (series["fewest_passes"].members, series["fewest_passes"].value) == ((a,), 3)
    assert match_awards([]) == [] and series_awards([]) == []
