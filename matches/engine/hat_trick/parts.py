"""Choices both managers make at once, face down (HT step 1: "Both managers play an action
card (face-down) from the hand ... The cards they have played are revealed").

With a phone each, each manager logs their own part; the parts make the one action the engine
takes once both are in. A part is ``{"card": {"kind", "footballs", "edge"}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: the action types whose parts the sides choose face down, at the same time
TYPES = ("play_cards",)


def open_choice(legal: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The step's face-down choice of both sides (its legal entry), if it is one."""
    if legal.get("actor") is not None:
        return None
    return next((entry for entry in legal.get("actions", ()) if entry["type"] in TYPES), None)


def part_allowed(entry: Mapping[str, Any], side: int, part: Any) -> bool:
    """Whether ``part`` is one of the choices open to ``side`` in ``entry``."""
    options = entry["cards"]
    return (
        isinstance(part, dict)
        and set(part) == {"card"}
        and 0 <= side < len(options)
        and part["card"] in options[side]
    )


def sides_of(entry: Mapping[str, Any]) -> range:
    return range(len(entry["cards"]))


def compose(entry: Mapping[str, Any], parts: Mapping[int, Any]) -> dict[str, Any]:
    """The action both parts make together (every side's part given)."""
    return {"type": entry["type"], "cards": [parts[side]["card"] for side in sides_of(entry)]}
