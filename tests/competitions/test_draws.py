"""The draws of every format (competitions/draws.py), their properties checked for every size
the formats take: leagues of 2-24 members, single and double; cups of 2-33; groups; Swiss."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.draws import (
    DrawError,
    Tie,
    berger_rounds,
    bracket_order,
    bracket_size,
    cross_seeded,
    cup_bracket,
    cup_progress,
    group_draw,
    group_sizes,
    round_robin,
    seeded,
    sitting_out,
    swiss_round,
    swiss_rounds,
)

pytestmark = pytest.mark.no_services


def members_of(count: int) -> list[int]:
    # ids as a database gives them: not 0..n-1
    return [100 + 7 * i for i in range(count)]


# --- leagues ------------------------------------------------------------------------------


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("count", range(2, 25))
def test_every_berger_property_holds(count, double):
    members = members_of(count)
    fixtures = round_robin(members, double=double)
    legs = 2 if double else 1
    rounds_per_leg = count - 1 + count % 2
    assert max(f.round for f in fixtures) == rounds_per_leg * legs
    assert len(fixtures) == legs * count * (count - 1) // 2

    # everyone at most once a round; an odd number: exactly one sits out each round
    for number in range(1, rounds_per_leg * legs + 1):
        playing = [m for f in fixtures if f.round == number for m in (f.home, f.away)]
        assert len(playing) == len(set(playing))
        assert len(playing) == count - count % 2
    out = sitting_out(members, fixtures)
    if count % 2:
        assert all(len(idle) == 1 for idle in out.values())
        # each member sits out once per leg
        assert Counter(m for idle in out.values() for m in idle) == dict.fromkeys(members, legs)

    for leg in range(1, legs + 1):
        games = [f for f in fixtures if f.leg == leg]
        # each pair once per leg, no one against himself
        pairs = Counter(frozenset((f.home, f.away)) for f in games)
        assert all(f.home != f.away for f in games)
        assert set(pairs.values()) == {1}
        assert len(pairs) == count * (count - 1) // 2
        # home and away balanced within one per member
        balance = Counter()
        for f in games:
            balance[f.home] += 1
            balance[f.away] -= 1
        assert all(abs(balance[m]) <= 1 for m in members), balance

    if double:
        first = [f for f in fixtures if f.leg == 1]
        second = [f for f in fixtures if f.leg == 2]
        # the second leg is the first reversed, round by round
        assert [(f.round + rounds_per_leg, f.away, f.home) for f in first] == [
            (f.round, f.home, f.away) for f in second
        ]
        # over both legs every member is at home exactly as often as away
        balance = Counter()
        for f in fixtures:
            balance[f.home] += 1
            balance[f.away] -= 1
        assert set(balance.values()) <= {0}


def test_the_first_round_of_four():
    assert berger_rounds(4) == [[(0, 3), (1, 2)], [(3, 1), (2, 0)], [(2, 3), (0, 1)]]


def test_a_league_needs_two_distinct_members():
    with pytest.raises(DrawError) as refused:
        round_robin([1])
    assert refused.value.code == "too_few_members"
    with pytest.raises(DrawError) as refused:
        round_robin([1, 1, 2])
    assert refused.value.code == "duplicate_member"


# --- cups ---------------------------------------------------------------------------------


def test_bracket_order_keeps_the_best_seeds_apart():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@pytest.mark.parametrize("third_place", [False, True])
@pytest.mark.parametrize("count", range(2, 34))
def test_cup_brackets_have_the_right_byes_and_seeds(count, third_place):
    seeds = members_of(count)
    ties = cup_bracket(seeds, third_place=third_place)
    size = bracket_size(count)
    assert size >= count > size // 2
    first = [t for t in ties if t.round == 1]
    assert len(first) == size // 2
    # every member once in the first round
    drawn = [s.member for t in first for s in (t.home, t.away) if s.member is not None]
    assert sorted(drawn) == sorted(seeds)
    # the byes: as many as the bracket's places left over, each to one of the top seeds
    byes = [t for t in first if t.is_bye]
    assert len(byes) == size - count
    bye_members = {t.home.member for t in byes}
    assert bye_members == set(seeds[: size - count])
    assert not any(t.home.is_bye and t.away.is_bye for t in first)
    # seed s meets seed size+1-s in the first round
    for t in first:
        if not t.is_bye:
            a, b = seeds.index(t.home.member) + 1, seeds.index(t.away.member) + 1
            assert a + b == size + 1
    # the rounds halve to one final; the third place only with semi-finals and when asked
    rounds = max(t.round for t in ties)
    assert rounds == max(1, (size - 1).bit_length())
    finals = [t for t in ties if t.round == rounds and not t.third_place]
    assert len(finals) == 1
    thirds = [t for t in ties if t.third_place]
    assert len(thirds) == (1 if third_place and size >= 4 else 0)
    # seeds 1 and 2 can meet only in the final; the top four only from the semi-finals on
    progressed = _favourites_win(ties, seeds)
    final = next(s for s in progressed if s.tie == finals[0])
    assert {final.home, final.away} == set(seeds[:2])
    if size >= 4:
        semis = [s for s in progressed if s.tie.round == rounds - 1]
        assert {m for s in semis for m in (s.home, s.away)} - {None} == set(seeds[:4])


def _favourites_win(ties: list[Tie], seeds: list[int]):
    winners: dict[int, int] = {}
    while True:
        states = cup_progress(ties, winners)
        open_ties = [
            s
            for s in states
            if s.winner is None and s.home is not None and s.away is not None
            if s.tie.number not in winners
        ]
        if not open_ties:
            return states
        for s in open_ties:
            winners[s.tie.number] = min((s.home, s.away), key=seeds.index)


def test_a_cup_of_five_with_a_third_place():
    ties = cup_bracket([1, 2, 3, 4, 5], third_place=True)
    first = [(t.home.member, t.away.member) for t in ties if t.round == 1]
    assert first == [(1, None), (4, 5), (2, None), (3, None)]
    states = cup_progress(ties, {2: 5, 5: 5, 6: 2})
    # 1 and 2 and 3 went through on byes; 5 beat 4, then 1; 2 beat 3
    third = next(s for s in states if s.tie.third_place)
    final = next(s for s in states if s.tie.round == 3 and not s.tie.third_place)
    assert (third.home, third.away) == (1, 3)
    assert (final.home, final.away) == (5, 2)
    with pytest.raises(DrawError):
        cup_progress(ties, {2: 1})


def test_seeding_by_rating_or_at_random_from_a_stored_seed():
    members = [11, 12, 13, 14, 15]
    ratings = {11: 1400.0, 12: 1600.0, 13: 1500.0, 14: 1500.0}
    by_rating = seeded(members, ratings=ratings, seed=7)
    assert by_rating[0] == 12 and set(by_rating[1:3]) == {13, 14} and by_rating[3:] == [11, 15]
    assert seeded(members, ratings=ratings, seed=7) == by_rating
    drawn = seeded(members, seed=42)
    assert sorted(drawn) == members
    assert seeded(members, seed=42) == drawn
    assert len({tuple(seeded(members, seed=s)) for s in range(20)}) > 1


# --- groups, then a cup -------------------------------------------------------------------


@pytest.mark.parametrize("count", range(3, 37))
def test_groups_of_three_to_six(count):
    for groups in range(1, count // 3 + 1):
        try:
            sizes = group_sizes(count, groups)
        except DrawError:
            assert count / groups > 6
            continue
        assert sum(sizes) == count and max(sizes) - min(sizes) <= 1
        assert min(sizes) >= 3 and max(sizes) <= 6
        drawn = group_draw(members_of(count), groups=groups)
        assert [len(g) for g in drawn] == sizes
        # the snake: each group headed by one of the first seeds
        assert [g[0] for g in drawn] == members_of(count)[:groups]


def test_groups_of_the_wrong_size_are_refused():
    with pytest.raises(DrawError) as refused:
        group_sizes(8, 3)
    assert refused.value.code == "invalid_groups"
    with pytest.raises(DrawError):
        group_sizes(14, 2)


def test_cross_seeding_pairs_each_winner_with_the_partner_groups_runner_up():
    standings = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"], ["D1", "D2", "D3"]]
    ids = {name: i for i, name in enumerate(n for g in standings for n in g)}
    names = {i: n for n, i in ids.items()}
    seeds = cross_seeded([[ids[n] for n in g] for g in standings], qualifiers=2)
    first = {
        (names[t.home.member], names[t.away.member]) for t in cup_bracket(seeds) if t.round == 1
    }
    assert first == {("A1", "B2"), ("B1", "A2"), ("C1", "D2"), ("D1", "C2")}
    # A1 and B1 in different halves: they can meet only in the final
    order = [names[t.home.member] for t in cup_bracket(seeds) if t.round == 1]
    assert order.index("A1") < 2 <= order.index("B1")


@pytest.mark.parametrize("groups", range(1, 9))
@pytest.mark.parametrize("qualifiers", [1, 2, 3])
def test_cross_seeding_never_pairs_one_group_in_the_first_round(groups, qualifiers):
    standings = [[g * 10 + p for p in range(4)] for g in range(groups)]
    if groups * qualifiers < 2:
        with pytest.raises(DrawError):
            cross_seeded(standings, qualifiers=qualifiers)
        return
    seeds = cross_seeded(standings, qualifiers=qualifiers)
    assert sorted(seeds) == sorted(m for g in standings for m in g[:qualifiers])
    assert seeds[:groups] == [g[0] for g in standings]
    for t in cup_bracket(seeds):
        if t.round == 1 and not t.is_bye and groups > 1:
            assert t.home.member // 10 != t.away.member // 10


# --- Swiss ----------------------------------------------------------------------------------


def _perfect_without_rematch(members: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: can the members (an even number) all be paired without a rematch?"""
    if not members:
        return True
    first, rest = members[0], members[1:]
    for other in rest:
        if frozenset((first, other)) not in met and _perfect_without_rematch(
            [m for m in rest if m != other], met
        ):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=10),
    density=st.floats(min_value=0.0, max_value=0.9),
    data=st.data(),
)
def test_the_swiss_never_pairs_a_rematch_while_another_pairing_exists(count, density, data):
    members = list(range(1, count + 1))
    all_pairs = list(itertools.combinations(members, 2))
    played = data.draw(
        st.lists(st.sampled_from(all_pairs), max_size=int(len(all_pairs) * density), unique=True)
    )
    scores = {m: data.draw(st.integers(min_value=0, max_value=6)) / 2 for m in members}
    ranking = sorted(members, key=lambda m: -scores[m])
    drawn = swiss_round(ranking, scores=scores, played=played)
    met = {frozenset(p) for p in played}
    paired = [m for p in drawn.pairs for m in p]
    # everyone once: paired, or the one who sits out
    assert sorted(paired + ([drawn.bye] if drawn.bye is not None else [])) == members
    assert (drawn.bye is not None) == (count % 2 == 1)
    if drawn.rematches:
        # only when no round without a rematch exists (for any choice of who sits out)
        sitting = [None] if count % 2 == 0 else members
        for out in sitting:
            rest = [m for m in members if m != out]
            assert not _perfect_without_rematch(rest, met)
    assert drawn.rematches == sum(frozenset(p) in met for p in drawn.pairs)


@pytest.mark.parametrize("count", range(2, 25))
def test_a_whole_swiss_has_no_rematch(count):
    """A Swiss of the usual number of rounds, the better-ranked winning each game: never a
    rematch, nobody sits out twice, equal scores meet first."""
    members = members_of(count)
    scores = dict.fromkeys(members, 0.0)
    played: list[tuple[int, int]] = []
    byes: list[int] = []
    homes: Counter[int] = Counter()
    for _ in range(swiss_rounds(count)):
        ranking = sorted(members, key=lambda m: (-scores[m], m))
        drawn = swiss_round(ranking, scores=scores, played=played, byes=byes, homes=homes)
        assert drawn.rematches == 0
        if drawn.bye is not None:
            assert drawn.bye not in byes
            byes.append(drawn.bye)
            scores[drawn.bye] += 1
        for home, away in drawn.pairs:
            assert frozenset((home, away)) not in {frozenset(p) for p in played}
            played.append((home, away))
            # the one who has been at home less often plays at home
            assert homes[home] <= homes[away]
            homes[home] += 1
            homes[away] -= 1
            winner = min(home, away, key=ranking.index)
            scores[winner] += 1


def test_the_first_swiss_round_pairs_equal_scores():
    ranking = [1, 2, 3, 4, 5, 6]
    scores = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    drawn = swiss_round(ranking, scores=scores, played=[(1, 2)])
    pairs = {frozenset(p) for p in drawn.pairs}
    # 1 and 2 met already: each meets one of the next score group
    assert frozenset((1, 2)) not in pairs
    assert drawn.rematches == 0
    assert frozenset((5, 6)) in pairs
