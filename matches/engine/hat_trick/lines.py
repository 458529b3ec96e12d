"""Who gets the ball: "lowest number" look-ups in a line (HT-3A, HT-3B, HT-5.8, HT-6.8, HT-7.2)."""

from __future__ import annotations

from matches.engine.hat_trick.pitch import EMPTY, N_COLS, N_LINES, number_of, side_of


def lowest(grid: tuple[int, ...], line: int, side: int) -> int:
    """Field of ``side``'s lowest-numbered player in ``line``; -1 if none."""
    best, best_n = -1, 999
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p != EMPTY and side_of(p) == side and number_of(p) < best_n:
            best, best_n = f, number_of(p)
    return best


def lowest_any(grid: tuple[int, ...], line: int, favoured: int) -> int:
    """Lowest number of both teams in ``line``; on equal numbers ``favoured``'s player. -1 if empty."""
    best, key = -1, (999, 9)
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p == EMPTY:
            continue
        k = (number_of(p), 0 if side_of(p) == favoured else 1)
        if k < key:
            best, key = f, k
    return best


def closest_number(grid: tuple[int, ...], line: int, target: int, favoured: int) -> int:
    """Player in ``line`` whose number is closest to ``target``; ties: ``favoured``, then lower number."""
    best, key = -1, (999, 9, 999)
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p == EMPTY:
            continue
        k = (abs(number_of(p) - target), 0 if side_of(p) == favoured else 1, number_of(p))
        if k < key:
            best, key = f, k
    return best


def line_sum(grid: tuple[int, ...], line: int, side: int, values: dict, attack: bool) -> int:
    total = 0
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p != EMPTY and side_of(p) == side:
            card = values[p]
            total += card.attack if attack else card.defence
    return total


def nearest_lowest(grid: tuple[int, ...], line: int, side: int, toward: int) -> int:
    """Lowest-numbered player of ``side`` in ``line``, else in the nearest line that holds one.

    At equal distance the line in direction ``toward`` (+1 / -1) is searched first.
    """
    f = lowest(grid, line, side)
    if f >= 0:
        return f
    for dist in range(1, N_LINES):
        for candidate in (line + toward * dist, line - toward * dist):
            if 0 <= candidate < N_LINES:
                f = lowest(grid, candidate, side)
                if f >= 0:
                    return f
    return -1
