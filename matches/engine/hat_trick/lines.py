"""Who gets the ball: "lowest number" look-ups in a line (HT-3A, HT-3B, HT-5.8, HT-6.8, HT-7.2)."""

from __future__ import annotations

from typing import Protocol

from matches.engine.hat_trick.pitch import EMPTY, N_COLS, N_LINES, SIDE_CODES, number_of, side_of
from matches.engine.hat_trick.state import PlayerCard


class ShirtNumbers(Protocol):
    """An expansion's shirt numbers (HX-N: a player may carry two); None in the base game."""

    def lowest_fields(
        self, grid: tuple[int, ...], line: int, sides: tuple[int, ...], favoured: int | None = None
    ) -> list[int]:
        """Fields of the players of ``sides`` tied for the lowest number in ``line``."""
        ...

    def lowest_number(self, p: int) -> int:
        """The number player ``p`` counts with at a parry."""
        ...


def _first(fields: list[int]) -> int:
    return fields[0] if fields else -1


def lowest(grid: tuple[int, ...], line: int, side: int, numbers: ShirtNumbers | None = None) -> int:
    """Field of ``side``'s lowest-numbered player in ``line``; -1 if none.

    ``numbers`` (expansion) applies the double-number rule (HX-N); of tied players the first
    in slot order is returned (the manager may choose another).
    """
    if numbers is not None:
        return _first(numbers.lowest_fields(grid, line, (side,)))
    # a side's codes are one run (``code(side, n)``): its lowest number is its lowest code
    first, best_p = SIDE_CODES[side]
    best = -1
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p != EMPTY and first <= p < best_p:
            best, best_p = f, p
    return best


def lowest_any(
    grid: tuple[int, ...], line: int, favoured: int, numbers: ShirtNumbers | None = None
) -> int:
    """Lowest number of both teams in ``line``; on equal numbers ``favoured``'s player. -1 if empty."""
    if numbers is not None:
        return _first(numbers.lowest_fields(grid, line, (0, 1), favoured))
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


def closest_number(
    grid: tuple[int, ...],
    line: int,
    target: int,
    favoured: int,
    numbers: ShirtNumbers | None = None,
) -> int:
    """Player in ``line`` whose number is closest to ``target``; ties: ``favoured``, then lower number.

    With ``numbers`` a double number counts with its lower number (HX-N.5).
    """
    best, key = -1, (999, 9, 999)
    base = line * N_COLS
    for f in range(base, base + N_COLS):
        p = grid[f]
        if p == EMPTY:
            continue
        n = number_of(p) if numbers is None else numbers.lowest_number(p)
        k = (abs(n - target), 0 if side_of(p) == favoured else 1, n)
        if k < key:
            best, key = f, k
    return best


def line_sum(
    grid: tuple[int, ...], line: int, side: int, values: dict[int, PlayerCard], attack: bool
) -> int:
    total = 0
    first, end = SIDE_CODES[side]
    base = line * N_COLS
    for p in grid[base : base + N_COLS]:
        if p != EMPTY and first <= p < end:
            card = values[p]
            total += card.attack if attack else card.defence
    return total


def nearest_lowest(
    grid: tuple[int, ...], line: int, side: int, toward: int, numbers: ShirtNumbers | None = None
) -> int:
    """Lowest-numbered player of ``side`` in ``line``, else in the nearest line that holds one.

    At equal distance the line in direction ``toward`` (+1 / -1) is searched first.
    """
    f = lowest(grid, line, side, numbers)
    if f >= 0:
        return f
    for dist in range(1, N_LINES):
        for candidate in (line + toward * dist, line - toward * dist):
            if 0 <= candidate < N_LINES:
                f = lowest(grid, candidate, side, numbers)
                if f >= 0:
                    return f
    return -1
