"""How a TriXKick legal entry becomes a ready action.

An entry names the action's ``type`` and, for each field, either its value or the list of the
values open now; the first ready action takes the first of each list.
"""

from __future__ import annotations

from typing import Any


def first_action(entry: dict[str, Any]) -> dict[str, Any]:
    """The first ready action of one legal entry (JSON)."""
    return {key: value[0] if isinstance(value, list) else value for key, value in entry.items()}
