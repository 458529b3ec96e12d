"""Catalog data the teams app adds to the engines' reference editions.

``hat_trick_expansion.json``: the "Spieler" expansion (64 player cards, abilities, team cards,
budget cards, style cards), stored under the key ``"expansion"`` of the Hat-Trick reference
edition. ``trixkick_pieces.json``: TriXKick's piece sets, stored under ``"team_pieces"`` of the
TriXKick reference edition only when the engine's data has no piece sets of its own (its
top-level ``keepers`` / ``field_pieces`` / ``substitutes``).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@cache
def _load(name: str) -> dict[str, Any]:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def hat_trick_expansion() -> dict[str, Any]:
    return copy.deepcopy(_load("hat_trick_expansion.json"))


def trixkick_pieces() -> dict[str, Any]:
    return copy.deepcopy(_load("trixkick_pieces.json"))


def _piece_codes(items: Any) -> list[str] | None:
    if not isinstance(items, list):
        return None
    codes = []
    for item in items:
        if isinstance(item, str):
            codes.append(item)
        elif isinstance(item, dict):
            code = item.get("code") or item.get("id") or item.get("symbols")
            if not isinstance(code, str):
                return None
            codes.append(code)
        else:
            return None
    return codes


def piece_sets(data: Any) -> dict[str, list[str]] | None:
    """TriXKick's ``{"keepers", "field", "substitutes"}`` piece codes in an edition's data."""
    if not isinstance(data, dict):
        return None
    for key in (None, "pieces", "team_pieces"):
        block = data if key is None else data.get(key)
        if not isinstance(block, dict):
            continue
        sets = {}
        for name, aliases in (
            ("keepers", ("keepers", "goalkeepers")),
            ("field", ("field_pieces", "field", "field_players")),
            ("substitutes", ("substitutes",)),
        ):
            found = None
            for alias in aliases:
                found = _piece_codes(block.get(alias))
                if found is not None:
                    break
            if found is None:
                break
            sets[name] = found
        else:
            return sets
    return None
