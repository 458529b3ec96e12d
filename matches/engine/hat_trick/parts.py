"""Choices both managers make at once, face down. HT step 1: "Both managers play an action
card (face-down) from the hand ... The cards they have played are revealed"; the shot: the
attacking manager plays one of his shooting cards face down, "at the same time his opponent
plays a goalkeeper card face down", then both are revealed.

With a phone each, each manager logs their own part; the parts make the one action the engine
takes once both are in. A part names its fields: ``{"card": {...}}`` (an action card),
``{"shooting_card": "L2"}`` (the attacker's), ``{"goalkeeper_card": "R1"}`` (the keeper's).
A choice is ``{"type", "parts": {side: {field: [the options]}}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def open_choice(legal: Mapping[str, Any]) -> dict[str, Any] | None:
    """The step's face-down choice of both sides, if it is one."""
    for entry in legal.get("actions", ()):
        if entry["type"] == "play_cards" and legal.get("actor") is None:
            return {
                "type": "play_cards",
                "parts": {side: {"card": list(cards)} for side, cards in enumerate(entry["cards"])},
            }
        # a shot of the match (a shoot-out's penalty also turns up a card: one phone logs it)
        if entry["type"] == "shoot" and "cards" not in entry and legal.get("actor") in (0, 1):
            attacker = legal["actor"]
            return {
                "type": "shoot",
                "parts": {
                    attacker: {"shooting_card": list(entry["shooting_cards"])},
                    1 - attacker: {"goalkeeper_card": list(entry["goalkeeper_cards"])},
                },
            }
    return None


def sides_of(choice: Mapping[str, Any]) -> list[int]:
    return sorted(choice["parts"])


def part_allowed(choice: Mapping[str, Any], side: int, part: Any) -> bool:
    """Whether ``part`` is one of the choices open to ``side``."""
    fields = choice["parts"].get(side)
    return (
        fields is not None
        and isinstance(part, dict)
        and set(part) == set(fields)
        and all(part[name] in options for name, options in fields.items())
    )


def compose(choice: Mapping[str, Any], parts: Mapping[int, Any]) -> dict[str, Any]:
    """The action every side's part makes together."""
    if choice["type"] == "play_cards":
        return {"type": "play_cards", "cards": [parts[side]["card"] for side in sides_of(choice)]}
    action: dict[str, Any] = {"type": choice["type"]}
    for side in sides_of(choice):
        action.update(parts[side])
    return action
