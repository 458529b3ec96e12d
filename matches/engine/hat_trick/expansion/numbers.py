"""Double shirt numbers and the "lowest number" rule of thumb (HX-N).

Players who share at least one shirt number count as having the same number: the group's
number is the smallest number two of them share (4/5 and 5 count as 5); a player alone counts
with his lowest number. The lowest group gets the ball (or fouled); when it holds several
players of the team concerned, that team's manager chooses among them.
"""

from __future__ import annotations

from matches.engine.hat_trick.pitch import EMPTY, N_COLS, number_of, side_of


def numbers_of(p: int, numbers: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    return numbers.get(p) or (number_of(p),)


def _groups(players: list[int], numbers: dict[int, tuple[int, ...]]) -> list[tuple[int, list[int]]]:
    """``(group number, members)`` of the players, grouped by shared numbers."""
    groups: list[list[int]] = []
    for p in players:
        mine = set(numbers_of(p, numbers))
        joined = [g for g in groups if any(mine & set(numbers_of(q, numbers)) for q in g)]
        merged = [p]
        for g in joined:
            groups.remove(g)
            merged.extend(g)
        groups.append(merged)
    out = []
    for g in groups:
        if len(g) == 1:
            value = min(numbers_of(g[0], numbers))
        else:
            counts: dict[int, int] = {}
            for q in g:
                for n in numbers_of(q, numbers):
                    counts[n] = counts.get(n, 0) + 1
            value = min(n for n, c in counts.items() if c > 1)
        out.append((value, g))
    return out


def lowest_fields(
    grid: tuple[int, ...],
    line: int,
    sides: tuple[int, ...],
    numbers: dict[int, tuple[int, ...]],
    favoured: int | None = None,
) -> list[int]:
    """Fields of the tied lowest-numbered players of ``sides`` in ``line`` (slot order).

    With both sides (goal kick, a chance that ran out) a tie between the teams goes to
    ``favoured`` (the defending team, HX-N.4): only its players are returned.
    """
    base = line * N_COLS
    where = {
        grid[f]: f for f in range(base, base + N_COLS) if grid[f] and side_of(grid[f]) in sides
    }
    if not where:
        return []
    value, members = min(_groups(list(where), numbers), key=lambda vg: vg[0])
    if favoured is not None and any(side_of(p) == favoured for p in members):
        members = [p for p in members if side_of(p) == favoured]
    elif favoured is not None:
        other = side_of(members[0])
        members = [p for p in members if side_of(p) == other]
    return sorted((where[p] for p in members), key=lambda f: number_of(grid[f]))


def lowest_number(p: int, numbers: dict[int, tuple[int, ...]]) -> int:
    """HX-N.5: at a parry a double number counts with its lower number."""
    return min(numbers_of(p, numbers))


def first(fields: list[int]) -> int:
    return fields[0] if fields else -1


__all__ = ["EMPTY", "first", "lowest_fields", "lowest_number", "numbers_of"]
