"""TriXKick's protocol for the API: its typed shapes (``SHAPES``, declared in
:mod:`~matches.engine.trixkick.protocol`) and how a legal entry becomes a ready action.

An entry names the action's ``type`` and, for each field, either its value or the list of the
values open now; the first ready action takes the first of each list.
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import GameShapes
from matches.engine.trixkick import protocol

SHAPES = GameShapes.from_protocol(
    protocol,
    input_codes=frozenset(
        {
            "invalid_action",
            "invalid_edition",
            "invalid_option",
            "invalid_pieces",
            "invalid_sides",
            "invalid_state",
        }
    ),
    ready_rule=(
        "An entry is its action with one field (`to`, `target`, `with`, `in`, `order`, "
        "`piece` or `side`) given as the list of the values open now; the action takes one. "
        "Entries and values come most useful first."
    ),
)


def first_action(entry: dict[str, Any], legal: dict[str, Any] | None = None) -> dict[str, Any]:
    """The first ready action of one legal entry (JSON)."""
    return {key: value[0] if isinstance(value, list) else value for key, value in entry.items()}
