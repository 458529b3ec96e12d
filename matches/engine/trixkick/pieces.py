"""Pieces, their symbols and the edition data the piece sets come from.

A piece is written by its symbols: ``K`` head, ``L`` left foot, ``R`` right foot. A piece id is
the team letter and the symbols: ``A-KKL``. Keepers are not pieces on the board; each side's
three keeper stones (``K``, ``L``, ``R``) stand hidden in the goal slots.

    >>> count("KKL", "K"), run_range("KKL"), run_range("KLR")
    (2, 2, 1)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from matches.engine.trixkick.errors import refused_setup

SYMBOLS: tuple[Literal["K", "L", "R"], ...] = ("K", "L", "R")
SYMBOL_NAMES = {"K": "head", "L": "left foot", "R": "right foot"}
PIECE_SYMBOLS = re.compile(r"^[KLR]{2,4}$")
PIECE_ID = re.compile(r"^[AB]-[KLR]{2,4}$")
_DATA = Path(__file__).with_name("data") / "reference_edition.json"


def count(symbols: str, symbol: str | None) -> int:
    """How many of ``symbol`` the piece shows; with ``None`` all its symbols."""
    return len(symbols) if symbol is None else symbols.count(symbol)


@lru_cache(maxsize=256)
def run_range(symbols: str) -> int:
    """How far a piece runs: the number of its most frequent identical symbol (TK-5.1)."""
    return max(symbols.count(s) for s in SYMBOLS)


def symbol_set(symbols: str) -> frozenset[str]:
    return frozenset(symbols)


def piece_id(side: int, symbols: str) -> str:
    return f"{'AB'[side]}-{symbols}"


def side_of(pid: str) -> int:
    return 0 if pid.startswith("A-") else 1


@lru_cache(maxsize=1)
def _reference_text() -> str:
    return _DATA.read_text(encoding="utf-8")


def reference_edition() -> dict[str, Any]:
    """A fresh copy of the reference edition's data."""
    data: dict[str, Any] = json.loads(_reference_text())
    return data


def _symbol_list(value: Any, what: str, group: str, minimum: int, maximum: int) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise refused_setup("invalid_pieces", "TK-1", cause="symbol_list", group=group)
    if not minimum <= len(value) <= maximum:
        raise refused_setup(
            "invalid_pieces",
            "TK-1",
            cause="piece_count",
            group=group,
            minimum=minimum,
            maximum=maximum,
        )
    seen: set[str] = set()
    for sym in value:
        if not PIECE_SYMBOLS.match(sym):
            raise refused_setup("invalid_pieces", "TK-1", cause="not_a_piece", group=group)
        key = "".join(sorted(sym))
        if key in seen:
            raise refused_setup("invalid_pieces", "TK-1", cause="piece_twice", group=group)
        seen.add(key)
    return list(value)


def team_pieces(edition: Mapping[str, Any], side: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The field pieces and substitutes one side plays with (``sides[i]["pieces"]`` or the edition's)."""
    if not isinstance(edition, Mapping):
        raise refused_setup("invalid_edition", "TK-1")
    chosen = side.get("pieces") if isinstance(side, Mapping) else None
    source: Mapping[str, Any]
    if chosen is None:
        source = edition
    elif isinstance(chosen, Mapping):
        unknown = set(chosen) - {"field", "substitutes"}
        if unknown:
            raise refused_setup("invalid_pieces", "TK-1", cause="unknown_key")
        source = {
            "field_pieces": chosen.get("field", edition.get("field_pieces")),
            "substitutes": chosen.get("substitutes", edition.get("substitutes")),
        }
    else:
        raise refused_setup("invalid_pieces", "TK-1", cause="not_object")
    field = _symbol_list(source.get("field_pieces"), "the field pieces", "field_pieces", 2, 10)
    subs = _symbol_list(source.get("substitutes", []), "the substitutes", "substitutes", 0, 6)
    overlap = {"".join(sorted(s)) for s in field} & {"".join(sorted(s)) for s in subs}
    if overlap:
        raise refused_setup("invalid_pieces", "TK-1", cause="field_and_substitute")
    return field, subs
