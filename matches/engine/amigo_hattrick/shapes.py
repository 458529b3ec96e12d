"""How an Amigo Hattrick legal entry becomes a ready action.

With the hands logged, plays and passes are listed as ready actions. The deal is listed as
``{"type": "deal", "hands": "optional", "players": n, "hand_size": k}``: its first ready
action deals the reference deck (red, blue, green, 1 to 20, in that order) card by card round
the table, so every later entry is a ready play or pass again. A table deals its own cards and
logs those hands, or leaves ``hands`` out (AH-2.1).
"""

from __future__ import annotations

from typing import Any

from matches.engine.amigo_hattrick.actions import _FIELDS
from matches.engine.amigo_hattrick.cards import COLOURS, HIGHEST, LOWEST, full_deck


def first_action(entry: dict[str, Any]) -> dict[str, Any]:
    """The first ready action of one legal entry (JSON)."""
    if entry["type"] == "deal":
        players, size = entry["players"], entry["hand_size"]
        deck = [card.to_json() for card in full_deck(COLOURS, LOWEST, HIGHEST)]
        return {"type": "deal", "hands": [deck[seat::players][:size] for seat in range(players)]}
    return {key: value for key, value in entry.items() if key in _FIELDS[entry["type"]]}
