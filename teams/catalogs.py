"""The one way an edition's data gets its team-building catalogs: each game's team facet names
the data files its editions take (``TeamRules.catalog_files``), read here once per process."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from teams.game_rules import team_rules


@cache
def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def catalog_file(path: Path) -> Any:
    """A catalog file's data (a fresh copy)."""
    return copy.deepcopy(_load(path))


def with_team_catalogs(game: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's reference data plus the catalogs team building needs, where it lacks them."""
    data = dict(data)
    rules = team_rules(game)
    if rules is not None:
        for key, path in rules.catalog_files(data).items():
            data[key] = catalog_file(path)
    return data
