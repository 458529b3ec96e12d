"""The TriXKick board: 4 x 5 square fields between two goals.

Rows, from side A's goal to side B's goal::

    row 0  A1 A2 A3 A4   A's goal row (A2, A3: A's penalty area)
    row 1  A5 A6 A7 A8   A's second row
    row 2  C1 C2 C3 C4   middle row (kick-off fields C2, C3)
    row 3  B5 B6 B7 B8   B's second row
    row 4  B1 B2 B3 B4   B's goal row (B2, B3: B's penalty area)

Column 0 holds A1, A5, C1, B5, B1; column 3 holds A4, A8, C4, B8, B4. The goal slots are
named after the corner they adjoin: ``left`` next to X1, ``right`` next to X4.

    >>> coord("B8"), field_at(3, 3)
    ((3, 3), 'B8')
    >>> sorted(ball_targets("C2", 1))
    ['A5', 'A6', 'A7', 'B5', 'B6', 'B7', 'C1', 'C3']
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Literal

ROWS: tuple[tuple[str, ...], ...] = (
    ("A1", "A2", "A3", "A4"),
    ("A5", "A6", "A7", "A8"),
    ("C1", "C2", "C3", "C4"),
    ("B5", "B6", "B7", "B8"),
    ("B1", "B2", "B3", "B4"),
)
FIELDS: tuple[str, ...] = tuple(f for row in ROWS for f in row)
_COORD = {f: (r, c) for r, row in enumerate(ROWS) for c, f in enumerate(row)}

KICKOFF_FIELDS = ("C2", "C3")
SLOTS: tuple[Literal["left", "middle", "right"], ...] = ("left", "middle", "right")
#: fields of each side's half (side 0 = A, side 1 = B)
HALF = (ROWS[0] + ROWS[1], ROWS[4] + ROWS[3])
#: the goal row in front of each side's goal
GOAL_ROW = (ROWS[0], ROWS[4])
#: the second row of each side's half
SECOND_ROW = (ROWS[1], ROWS[3])
#: each side's penalty area
PENALTY_AREA = (("A2", "A3"), ("B2", "B3"))
#: the corner fields next to each side's goal, by keeper slot
CORNERS = ({"left": "A1", "right": "A4"}, {"left": "B1", "right": "B4"})

DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def is_field(name: object) -> bool:
    return isinstance(name, str) and name in _COORD


def coord(name: str) -> tuple[int, int]:
    return _COORD[name]


def field_at(row: int, col: int) -> str | None:
    if 0 <= row < len(ROWS) and 0 <= col < 4:
        return ROWS[row][col]
    return None


def row_of(name: str) -> int:
    return _COORD[name][0]


def col_of(name: str) -> int:
    return _COORD[name][1]


# The target functions are pure and the board is small: each result is computed once and
# shared as a read-only mapping.


@cache
def straight_targets(start: str, reach: int) -> Mapping[str, int]:
    """Fields on a straight line (orthogonal or diagonal) 1..reach away, with the distance."""
    r, c = coord(start)
    out: dict[str, int] = {}
    for dr, dc in DIRECTIONS:
        for step in range(1, reach + 1):
            f = field_at(r + dr * step, c + dc * step)
            if f is None:
                break
            out[f] = step
    return MappingProxyType(out)


@cache
def l_targets(start: str) -> Mapping[str, int]:
    """Fields at the end of an L of three fields (two one way, one across)."""
    r, c = coord(start)
    out: dict[str, int] = {}
    for dr, dc in KNIGHT:
        f = field_at(r + dr, c + dc)
        if f is not None:
            out[f] = 3
    return MappingProxyType(out)


@cache
def ball_targets(start: str, reach: int) -> Mapping[str, int]:
    """Where a ball played ``reach`` fields far may go (TK-4.3, TK-4.4), with its distance."""
    out = dict(straight_targets(start, reach)) if reach > 0 else {}
    if reach >= 3:
        for f, d in l_targets(start).items():
            out.setdefault(f, d)
    return MappingProxyType(out)


@cache
def run_targets(start: str, reach: int, l_shaped: bool = False) -> Mapping[str, int]:
    """Where a piece may run (TK-5.1); with ``l_shaped`` three-symbol pieces also run an L."""
    out = dict(straight_targets(start, reach))
    if l_shaped and reach >= 3:
        for f, d in l_targets(start).items():
            out.setdefault(f, d)
    return MappingProxyType(out)


def chebyshev(a: str, b: str) -> int:
    (ra, ca), (rb, cb) = coord(a), coord(b)
    return max(abs(ra - rb), abs(ca - cb))


def adjacent(a: str, b: str) -> bool:
    return a != b and chebyshev(a, b) == 1


@cache
def diagonal_neighbours(name: str) -> tuple[str, ...]:
    r, c = coord(name)
    out = []
    for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        f = field_at(r + dr, c + dc)
        if f is not None:
            out.append(f)
    return tuple(out)


@cache
def shooting_zone(attacker: int) -> Mapping[str, int]:
    """Fields the attacker may shoot from, with the symbols a shot from there needs (TK-8.1)."""
    target = 1 - attacker
    zone = {f: 1 for f in PENALTY_AREA[target]}
    zone.update({f: 2 for f in SECOND_ROW[target]})
    return MappingProxyType(zone)


def wall_field(shot_from: str) -> str:
    """The goal-row field a shot from the second row passes on its way to the goal."""
    r, c = coord(shot_from)
    row = 0 if r == 1 else 4
    return ROWS[row][c]
