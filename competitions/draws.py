"""The fixtures of each format, drawn by pure functions (no Django; docs/competitions.md).

Members are given as ids (any ``int``), in seeding order where the format seeds them. Nothing
here reads a clock or an unseeded random source: a draw is the same for the same members and
the same stored seed.

- :func:`round_robin`: a league, single or double, by Berger tables (the circle method: one
  member fixed, the others turning one place a round). Every member plays at most once a
  round (an odd number of members: one sits out each round), each pair meets once per leg, a
  member's home and away games differ by one at most within a leg, and the second leg is the
  first with home and away swapped, round by round.
- :func:`cup_bracket`: single elimination. The bracket is the next power of two; its byes
  go to the top seeds, seed 1 and seed 2 can meet only in the final (1-4 only in the
  semi-finals, and so on); an optional match for third place between the semi-finals' losers.
- :func:`group_draw` and :func:`cross_seeded`: groups of 3 to 6 drawn in seeding pots (a
  snake), then the first of each group into a cup with cross-seeding (A1 v B2, B1 v A2, ...).
- :func:`swiss_round`: a round of the Swiss system, paired by score with no rematch through a
  maximum-weight matching (networkx's ``max_weight_matching``), not a pairing written by hand.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

#: the fewest and most members of a group of the groups-then-cup format
GROUP_SIZES = (3, 6)


class DrawError(ValueError):
    """The members cannot be drawn as asked (too few, groups of the wrong size...); ``code``
    names the case, a service turns it into a domain error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Pairing:
    """One fixture of a draw: ``round`` counts from 1 across both legs, ``home`` kicks off
    (or starts, by the game's rule)."""

    round: int
    home: int
    away: int
    leg: int = 1


# --- leagues ------------------------------------------------------------------------------


def berger_rounds(count: int) -> list[list[tuple[int, int]]]:
    """The rounds of one leg for ``count`` places (0 to count-1), as (home, away) pairs of
    places. An odd count gets a place of its own for the bye, whose pairs are left out."""
    if count < 2:
        return []
    places = count + count % 2
    fixed = places - 1
    turning = places - 1
    rounds = []
    for index in range(places - 1):
        pairs = []
        other = index % turning
        # the fixed place alternates home and away
        pairs.append((other, fixed) if index % 2 == 0 else (fixed, other))
        for step in range(1, places // 2):
            first = (index + step) % turning
            second = (index - step) % turning
            pairs.append((first, second) if step % 2 else (second, first))
        rounds.append([(h, a) for h, a in pairs if h < count and a < count])
    return rounds


def round_robin(members: Sequence[int], *, double: bool = False) -> list[Pairing]:
    """A league's fixtures, round by round; ``double``: a second leg, the first reversed."""
    _distinct(members, least=2)
    first_leg = berger_rounds(len(members))
    fixtures = [
        Pairing(round=number, home=members[h], away=members[a], leg=1)
        for number, pairs in enumerate(first_leg, start=1)
        for h, a in pairs
    ]
    if double:
        offset = len(first_leg)
        fixtures += [
            Pairing(round=f.round + offset, home=f.away, away=f.home, leg=2) for f in fixtures
        ]
    return fixtures


def sitting_out(members: Sequence[int], fixtures: Sequence[Pairing]) -> dict[int, list[int]]:
    """Round -> the members who play no fixture in it (the bye of an odd number)."""
    rounds: dict[int, set[int]] = {}
    for f in fixtures:
        rounds.setdefault(f.round, set()).update((f.home, f.away))
    return {r: [m for m in members if m not in playing] for r, playing in sorted(rounds.items())}


# --- seeding ------------------------------------------------------------------------------


def seeded(
    members: Sequence[int], *, ratings: Mapping[int, float] | None = None, seed: int = 0
) -> list[int]:
    """The members in seeding order: by rating, best first (equal ratings, and members
    without one after those with one, in an order drawn from ``seed``), or, without
    ratings, all in an order drawn from ``seed``."""
    _distinct(members, least=1)
    order = sorted(members, key=lambda m: lot_key(seed, m))
    if ratings is None:
        rng = random.Random(seed)
        shuffled = list(members)
        rng.shuffle(shuffled)
        return shuffled
    rated = [m for m in order if m in ratings]
    rated.sort(key=lambda m: -ratings[m])
    return rated + [m for m in order if m not in ratings]


def lot_key(seed: int, member: int) -> str:
    """A member's lot: the same for the same seed on every read (sorted ascending)."""
    return hashlib.sha256(f"{seed}:{member}".encode()).hexdigest()


def bracket_size(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """The seeds (1-based) of a bracket of ``size`` places, top to bottom: 1 and 2 in
    opposite halves, 1-4 in different quarters... (``[1, 8, 4, 5, 2, 7, 3, 6]``)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


# --- cups ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One place of a tie: a member drawn into it, the winner (or loser) of an earlier tie,
    or nothing (a bye)."""

    member: int | None = None
    winner_of: int | None = None
    loser_of: int | None = None

    @property
    def is_bye(self) -> bool:
        return self.member is None and self.winner_of is None and self.loser_of is None


@dataclass(frozen=True, slots=True)
class Tie:
    """A tie of a cup: ``number`` counts from 1 in the order of play (the first round top to
    bottom, then the next); ``round`` 1 is the first; the final is the last round's tie
    without ``third_place``."""

    number: int
    round: int
    home: Slot
    away: Slot
    third_place: bool = False

    @property
    def is_bye(self) -> bool:
        return self.home.is_bye or self.away.is_bye


def cup_bracket(seeds: Sequence[int], *, third_place: bool = False) -> list[Tie]:
    """The ties of a single-elimination cup of the members in seeding order (best first).

    The first round fills the bracket's places by :func:`bracket_order`; a seed without an
    opponent there (the bracket's size less the members: the byes) goes through. The match
    for third place, if asked for and there are semi-finals, comes before the final."""
    _distinct(seeds, least=2)
    size = bracket_size(len(seeds))
    order = bracket_order(size)
    member_of = {s: seeds[s - 1] for s in order if s <= len(seeds)}
    ties: list[Tie] = []
    current: list[int] = []
    for index in range(0, size, 2):
        home, away = order[index], order[index + 1]
        ties.append(
            Tie(
                number=len(ties) + 1,
                round=1,
                home=Slot(member=member_of.get(home)),
                away=Slot(member=member_of.get(away)),
            )
        )
        current.append(ties[-1].number)
    round_number = 1
    while len(current) > 1:
        round_number += 1
        following: list[int] = []
        final_round = len(current) == 2
        if final_round and third_place and size >= 4:
            ties.append(
                Tie(
                    number=len(ties) + 1,
                    round=round_number,
                    home=Slot(loser_of=current[0]),
                    away=Slot(loser_of=current[1]),
                    third_place=True,
                )
            )
        for index in range(0, len(current), 2):
            ties.append(
                Tie(
                    number=len(ties) + 1,
                    round=round_number,
                    home=Slot(winner_of=current[index]),
                    away=Slot(winner_of=current[index + 1]),
                )
            )
            following.append(ties[-1].number)
        current = following
    return ties


@dataclass(frozen=True, slots=True)
class TieState:
    """Who is in a tie as the results stand, and who went through (``None``: not yet)."""

    tie: Tie
    home: int | None
    away: int | None
    winner: int | None
    loser: int | None


def cup_progress(ties: Sequence[Tie], winners: Mapping[int, int]) -> list[TieState]:
    """Each tie with its members as far as the winners known so far (tie number -> winning
    member) decide them; a tie with a bye is won by its member."""
    by_number: dict[int, TieState] = {}
    for tie in ties:
        home = _slot_member(tie.home, by_number)
        away = _slot_member(tie.away, by_number)
        winner: int | None = None
        if tie.is_bye:
            winner = home if home is not None else away
        elif tie.number in winners and home is not None and away is not None:
            if winners[tie.number] not in (home, away):
                raise DrawError("not_in_tie", "The winner of a tie must be one of its members.")
            winner = winners[tie.number]
        loser = None
        if winner is not None and not tie.is_bye:
            loser = away if winner == home else home
        by_number[tie.number] = TieState(tie, home, away, winner, loser)
    return [by_number[t.number] for t in ties]


def _slot_member(slot: Slot, known: Mapping[int, TieState]) -> int | None:
    if slot.member is not None:
        return slot.member
    if slot.winner_of is not None:
        return known[slot.winner_of].winner
    if slot.loser_of is not None:
        return known[slot.loser_of].loser
    return None


# --- groups, then a cup -------------------------------------------------------------------


def group_sizes(count: int, groups: int) -> list[int]:
    """The sizes of ``groups`` groups of ``count`` members, the larger first, differing by
    one at most; each must hold 3 to 6."""
    if groups < 1:
        raise DrawError("invalid_groups", "There must be at least one group.")
    base, extra = divmod(count, groups)
    sizes = [base + 1] * extra + [base] * (groups - extra)
    if sizes[-1] < GROUP_SIZES[0] or sizes[0] > GROUP_SIZES[1]:
        raise DrawError("invalid_groups", "Each group must have 3 to 6 members.")
    return sizes


def group_draw(seeds: Sequence[int], *, groups: int) -> list[list[int]]:
    """The groups (A, B, ...) of the members in seeding order, drawn in pots as a snake: the
    first ``groups`` seeds head the groups in order, the next go back the other way..."""
    _distinct(seeds, least=3)
    sizes = group_sizes(len(seeds), groups)
    drawn: list[list[int]] = [[] for _ in range(groups)]
    index = 0
    pot = 0
    while index < len(seeds):
        order = list(range(groups)) if pot % 2 == 0 else list(range(groups - 1, -1, -1))
        for g in order:
            if index < len(seeds) and len(drawn[g]) < sizes[g]:
                drawn[g].append(seeds[index])
                index += 1
        pot += 1
    return drawn


def cross_seeded(standings: Sequence[Sequence[int]], *, qualifiers: int) -> list[int]:
    """The cup's seeds from the groups' final orders: every group winner first (group order),
    then every runner-up, ...; within each tier below the winners, the order is chosen so
    that no first-round tie pairs two members of one group where another choice exists, and
    a group's winner meets the next place of its partner group (A1 v B2, B1 v A2, C1 v D2...;
    an odd last group's partner is the first)."""
    groups = len(standings)
    if qualifiers < 1 or any(len(g) < qualifiers for g in standings):
        raise DrawError("invalid_qualifiers", "Each group must have that many members.")
    if groups * qualifiers < 2:
        raise DrawError("too_few_members", "A cup needs at least two members.")
    count = groups * qualifiers
    size = bracket_size(count)
    order = bracket_order(size)
    opponent = {order[i]: order[i + 1] for i in range(0, size, 2)}
    opponent.update({b: a for a, b in opponent.items()})
    group_of: dict[int, int] = {}
    placed: dict[int, int] = {}  # seed -> member
    for g, members in enumerate(standings):
        group_of[members[0]] = g
        placed[g + 1] = members[0]
    for tier in range(1, qualifiers):
        seats = list(range(tier * groups + 1, (tier + 1) * groups + 1))
        pool = [standings[g][tier] for g in range(groups)]
        for g in range(groups):
            group_of[standings[g][tier]] = g
        chosen = _seat(seats, pool, placed, opponent, group_of, groups)
        placed.update(chosen)
    return [placed[s] for s in range(1, count + 1)]


def _partner(group: int, groups: int) -> int:
    partner = group ^ 1
    return partner if partner < groups else 0


def _seat(
    seats: list[int],
    pool: list[int],
    placed: Mapping[int, int],
    opponent: Mapping[int, int],
    group_of: Mapping[int, int],
    groups: int,
) -> dict[int, int]:
    """Members of one tier into their seats: the partner group's member first, never one of
    the opponent's group where a choice without exists (a small search)."""

    def preference(seat: int, chosen: Mapping[int, int], left: list[int]) -> list[int]:
        rival = opponent.get(seat)
        rival_member = chosen.get(rival) if rival is not None else None
        if rival_member is None and rival is not None:
            rival_member = placed.get(rival)
        if rival_member is None:
            return left
        rival_group = group_of[rival_member]
        wanted = _partner(rival_group, groups)
        ranked = sorted(left, key=lambda m: (group_of[m] != wanted, group_of[m]))
        return [m for m in ranked if group_of[m] != rival_group]

    def search(index: int, chosen: dict[int, int], left: list[int]) -> dict[int, int] | None:
        if index == len(seats):
            return dict(chosen)
        seat = seats[index]
        for member in preference(seat, chosen, left):
            chosen[seat] = member
            found = search(index + 1, chosen, [m for m in left if m != member])
            if found is not None:
                return found
            del chosen[seat]
        return None

    found = search(0, {}, list(pool))
    return found if found is not None else dict(zip(seats, pool, strict=True))


# --- Swiss ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SwissRound:
    pairs: list[tuple[int, int]]  # (home, away)
    bye: int | None
    rematches: int


def swiss_round(
    ranking: Sequence[int],
    *,
    scores: Mapping[int, float],
    played: Sequence[tuple[int, int]] = (),
    byes: Sequence[int] = (),
    homes: Mapping[int, int] | None = None,
) -> SwissRound:
    """The next round of a Swiss system.

    ``ranking`` is the members as the table orders them (best first), ``scores`` their
    points, ``played`` the pairs already met (either way round), ``byes`` those who sat out a
    round before, ``homes`` how many more home games than away each has had.

    The pairing is a maximum-cardinality, maximum-weight matching of the graph of possible
    pairs: a pair that met before weighs almost nothing, so a round without a rematch is
    always chosen when one exists; among those, the one with the least sum of squared score
    differences (members of equal score meet first). With an odd number one member sits out:
    the lowest-ranked who has not sat out before.
    """
    _distinct(ranking, least=2)
    homes = homes or {}
    met = {frozenset(p) for p in played}
    rank = {m: i for i, m in enumerate(ranking)}
    doubled = {m: round(2 * scores.get(m, 0)) for m in ranking}
    spread = max(doubled.values()) - min(doubled.values())
    count = len(ranking)
    max_penalty = (spread + 1) ** 2 * count + count
    big = (count // 2 + 1) * (max_penalty + 1) + 1
    graph = nx.Graph()
    graph.add_nodes_from(ranking)
    for i, a in enumerate(ranking):
        for b in ranking[i + 1 :]:
            if frozenset((a, b)) in met:
                graph.add_edge(a, b, weight=1)
                continue
            penalty = (doubled[a] - doubled[b]) ** 2 * count + abs(rank[a] - rank[b])
            graph.add_edge(a, b, weight=big - penalty)
    bye_node = -1
    if count % 2:
        while bye_node in rank:
            bye_node -= 1
        sat_out = set(byes)
        candidates = [m for m in ranking if m not in sat_out] or list(ranking)
        for m in candidates:
            # the lowest-ranked first: the penalty falls with the rank
            graph.add_edge(bye_node, m, weight=big - (count - rank[m]))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    rematches = 0
    for a, b in matching:
        if a == bye_node or b == bye_node:
            bye = b if a == bye_node else a
            continue
        if frozenset((a, b)) in met:
            rematches += 1
        first, second = sorted((a, b), key=lambda m: rank[m])
        # the one with fewer home games plays at home; equal: the higher-ranked
        if homes.get(second, 0) < homes.get(first, 0):
            first, second = second, first
        pairs.append((first, second))
    pairs.sort(key=lambda p: min(rank[p[0]], rank[p[1]]))
    return SwissRound(pairs=pairs, bye=bye, rematches=rematches)


def swiss_rounds(count: int) -> int:
    """The usual number of Swiss rounds for ``count`` members: enough for one member to win
    every game alone (the ceiling of log2), at least one, never more than a round robin's."""
    rounds = max(1, (count - 1).bit_length())
    return min(rounds, count - 1 + count % 2)


def _distinct(members: Sequence[int], *, least: int) -> None:
    if len(set(members)) != len(members):
        raise DrawError("duplicate_member", "A member can be drawn only once.")
    if len(members) < least:
        raise DrawError("too_few_members", f"This needs at least {least} members.")
