"""Choices both managers make at once, face down. HT step 1: "Both managers play an action
card (face-down) from the hand ... The cards they have played are revealed"; the shot: the
attacking manager plays one of his shooting cards face down, "at the same time his opponent
plays a goalkeeper card face down", then both are revealed.

With a phone each, each manager logs their own part; the parts make the one action the engine
takes once both are in. A part names its fields: ``{"card": {...}}`` (an action card),
``{"shooting_card": "L2"}`` (the attacker's), ``{"goalkeeper_card": "R1"}`` (the keeper's).
A shoot-out's penalty (HT-8.5): the shooter turns up his top action card and plays a shooting
card of its colour face down, ``{"card": {...}, "shooting_card": "L2"}``, while the keeper
plays his goalkeeper card; the turned-up card travels with the shooter's part, so nothing of
it shows before both are in.
A choice is ``{"type", "parts": {side: {field: [the options]}}}``; ``"colours"`` (a shoot-out)
maps each shooting card to the action its colour goes with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.i18n import N_

#: what a manager reads when their part is not one of the step's options
REFUSED = N_("{side} cannot play that card now.")


def open_choice(legal: Mapping[str, Any], state: Any = None) -> dict[str, Any] | None:
    """The step's face-down choice of both sides, if it is one (``state``: the match's, for
    the colours of the shooting cards in a shoot-out)."""
    for entry in legal.get("actions", ()):
        if entry["type"] == "play_cards" and legal.get("actor") is None:
            return {
                "type": "play_cards",
                "parts": {side: {"card": list(cards)} for side, cards in enumerate(entry["cards"])},
            }
        # a shot of the match, or a shoot-out's penalty with the card the shooter turns up
        if entry["type"] == "shoot" and legal.get("actor") in (0, 1):
            attacker = legal["actor"]
            shooter: dict[str, Any] = {"shooting_card": list(entry["shooting_cards"])}
            choice: dict[str, Any] = {"type": "shoot"}
            if "cards" in entry:
                shooter["card"] = list(entry["cards"])
                choice["colours"] = {c.id: c.action for c in state.setup.shooting} if state else {}
            choice["parts"] = {
                attacker: shooter,
                1 - attacker: {"goalkeeper_card": list(entry["goalkeeper_cards"])},
            }
            return choice
    return None


def sides_of(choice: Mapping[str, Any]) -> list[int]:
    return sorted(choice["parts"])


def part_allowed(choice: Mapping[str, Any], side: int, part: Any) -> bool:
    """Whether ``part`` is one of the choices open to ``side``."""
    fields = choice["parts"].get(side)
    fits = (
        fields is not None
        and isinstance(part, dict)
        and set(part) == set(fields)
        and all(part[name] in options for name, options in fields.items())
    )
    if fits and "colours" in choice and "card" in part:  # HT-6.1: the turned-up card's colour
        return bool(choice["colours"].get(part["shooting_card"]) == part["card"].get("kind"))
    return fits


def compose(choice: Mapping[str, Any], parts: Mapping[int, Any]) -> dict[str, Any]:
    """The action every side's part makes together."""
    if choice["type"] == "play_cards":
        return {"type": "play_cards", "cards": [parts[side]["card"] for side in sides_of(choice)]}
    action: dict[str, Any] = {"type": choice["type"]}
    for side in sides_of(choice):
        action.update(parts[side])
    return action
