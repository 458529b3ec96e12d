"""Pitch geometry: 4 columns (a-d) x 6 lines (1-6); a field is ``line * 4 + column``.

Side 0 (blue) defends line 1 and attacks toward line 6; side 1 (red) the other way round.
A player on the grid is coded ``side * 100 + shirt number``; 0 is an empty field.
"""

from __future__ import annotations

COLUMNS = "abcd"
N_COLS = 4
N_LINES = 6
N_FIELDS = N_COLS * N_LINES
EMPTY = 0


def code(side: int, number: int) -> int:
    return side * 100 + number


SIDE_CODES = ((code(0, 0), code(1, 0)), (code(1, 0), code(2, 0)))
"""Each side's players are one run of codes: ``first <= player < end`` (and not ``EMPTY``)."""


def side_of(player: int) -> int:
    return player // 100


def number_of(player: int) -> int:
    return player % 100


def line_of(field: int) -> int:
    return field >> 2


def col_of(field: int) -> int:
    return field & 3


def field_name(field: int) -> str:
    return f"{COLUMNS[field & 3]}{(field >> 2) + 1}"


FIELD_NAMES = tuple(field_name(f) for f in range(N_FIELDS))
"""``field_name`` of each field, for a step to look up instead of calling it."""


def parse_field(name: str) -> int:
    if (
        not isinstance(name, str)
        or len(name) != 2
        or name[0] not in COLUMNS
        or name[1] not in "123456"
    ):
        raise ValueError(f"{name!r} is not a field (a1 ... d6)")
    return (int(name[1]) - 1) * N_COLS + COLUMNS.index(name[0])


def forward(side: int) -> int:
    """Line step toward the goal ``side`` attacks."""
    return 1 if side == 0 else -1


def final_line(side: int) -> int:
    """The line in front of the goal ``side`` attacks (0-based)."""
    return N_LINES - 1 if side == 0 else 0


def lines_from_goal(side: int, n: int) -> int:
    """The 0-based line that is ``n`` lines in front of ``side``'s own goal (n = 1..6)."""
    return n - 1 if side == 0 else N_LINES - n


def in_final_lines(side: int, line: int, count: int) -> bool:
    """Whether ``line`` is one of the last ``count`` lines before the goal ``side`` attacks."""
    return line >= N_LINES - count if side == 0 else line < count


def is_middle_of_final_line(side: int, field: int) -> bool:
    return line_of(field) == final_line(side) and col_of(field) in (1, 2)


def shooting_position(side: int, field: int) -> str:
    """Key of a goalkeeper card's draw table: final/second line x centre/wing."""
    where = "final_line" if line_of(field) == final_line(side) else "second_line"
    return f"{where}_{'centre' if col_of(field) in (1, 2) else 'wing'}"


NEIGHBOURS = tuple(
    tuple(
        (l2 * N_COLS + c2)
        for l2 in (f // N_COLS - 1, f // N_COLS, f // N_COLS + 1)
        for c2 in (f % N_COLS - 1, f % N_COLS, f % N_COLS + 1)
        if 0 <= l2 < N_LINES and 0 <= c2 < N_COLS and (l2, c2) != (f // N_COLS, f % N_COLS)
    )
    for f in range(N_FIELDS)
)
"""The up to 8 fields around each field (diagonals included)."""
