"""Double shirt numbers and the "lowest number" rule of thumb (HX-N).

Players who share at least one shirt number count as having the same number. Read pairwise
(HX-N.1): a player who shares a number with another counts with the smallest number he shares
with anyone (4/5 and 5 both count as 5); a player who shares none counts with his lowest number.
The players with the lowest such number all carry it, so each shares it with every other one:
they tie, and nobody else does (with 2/3, 3 and 2/4, no. 3 shares only 3 with 2/3 and is not
tied at 2). When the tied players are of the team concerned, its manager chooses among them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.engine.base import GameEvent
from matches.engine.hat_trick.pitch import EMPTY, N_COLS, number_of, side_of
from matches.engine.hat_trick.state import State


def numbers_of(p: int, numbers: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    return numbers.get(p) or (number_of(p),)


def _value(p: int, players: list[int], numbers: dict[int, tuple[int, ...]]) -> int:
    """The number ``p`` counts with among ``players``: the smallest he shares with any of
    them, or his lowest when he shares none."""
    mine = set(numbers_of(p, numbers))
    shared = [
        min(common) for q in players if q != p and (common := mine & set(numbers_of(q, numbers)))
    ]
    return min(shared) if shared else min(mine)


def _lowest(players: list[int], numbers: dict[int, tuple[int, ...]]) -> list[int]:
    """The players who tie for the lowest number (HX-N.1, pairwise)."""
    values = {p: _value(p, players, numbers) for p in players}
    low = min(values.values())
    return [p for p in players if values[p] == low]


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
    members = _lowest(list(where), numbers)
    if favoured is not None and any(side_of(p) == favoured for p in members):
        members = [p for p in members if side_of(p) == favoured]
    elif favoured is not None:
        other = side_of(members[0])
        members = [p for p in members if side_of(p) == other]
    return sorted((where[p] for p in members), key=lambda f: number_of(grid[f]))


def lowest_number(p: int, numbers: dict[int, tuple[int, ...]]) -> int:
    """HX-N.5: at a parry a double number counts with its lower number."""
    return min(numbers_of(p, numbers))


@dataclass(frozen=True, slots=True)
class DoubleNumbers:
    """The shirt numbers of a match's expansion cards (``lines.ShirtNumbers``)."""

    numbers: dict[int, tuple[int, ...]]

    def lowest_fields(
        self, grid: tuple[int, ...], line: int, sides: tuple[int, ...], favoured: int | None = None
    ) -> list[int]:
        return lowest_fields(grid, line, sides, self.numbers, favoured)

    def lowest_number(self, p: int) -> int:
        return lowest_number(p, self.numbers)


def pause(
    s: State, kind: str, side: int, fields: list[int], extra: Any, events: list[GameEvent]
) -> State:
    """HX-N.2 - HX-N.4: wait for the manager's choice among the tied ``fields`` (event
    ``lowest_number_tie``); ``extra`` is what the choice completes."""
    events.append(
        GameEvent(
            "lowest_number_tie",
            side,
            {"decides": kind, "players": [number_of(s.grid[f]) for f in fields]},
        )
    )
    return s._replace(x=s.x._replace(choice=(kind, side, tuple(fields), extra)))


__all__ = ["EMPTY", "DoubleNumbers", "lowest_fields", "lowest_number", "numbers_of", "pause"]
