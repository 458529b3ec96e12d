"""Amigo Hattrick's protocol for the API: its typed shapes (``SHAPES``, declared in
:mod:`~matches.engine.amigo_hattrick.protocol`) and how a legal entry becomes a ready action.

With the hands logged, plays and passes are listed as ready actions. The deal is listed as
``{"type": "deal", "hands": "optional", "players": n, "hand_size": k}``: its first ready
action deals the reference deck (red, blue, green, 1 to 20, in that order) card by card round
the table, so every later entry is a ready play or pass again; where the match does not log
hands (``"hands": "omitted"``) it is the deal without hands. A table deals its own cards and
logs those hands, or leaves ``hands`` out (AH-2.1). Without logged hands an entry names the
``colours`` a card may have: its first ready action lays the lowest card of the first colour
not yet out this game (``legal.used``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.amigo_hattrick import edition_shapes, protocol, state_shapes
from matches.engine.amigo_hattrick.actions import CODEC
from matches.engine.amigo_hattrick.cards import COLOURS, HIGHEST, LOWEST, Card, full_deck
from matches.engine.base import GameShapes

SHAPES = GameShapes.from_protocol(
    protocol,
    edition_shapes,
    state_shapes,
    input_codes=frozenset(
        {
            "invalid_card",
            "invalid_edition",
            "invalid_hands",
            "invalid_notation",
            "invalid_option",
            "invalid_options",
            "invalid_sides",
            "invalid_state",
            "invalid_trick",
            "missing_field",
            "unknown_action_type",
            "unknown_colour",
            "unknown_field",
            "unknown_option",
            "wrong_player_count",
        }
    ),
    ready_rule=(
        "With the hands logged every `play` and `pass` entry is a ready action. The `deal` "
        "entry's first ready action deals the reference deck round the table (`hands: null` "
        "where hands are not logged). Without logged hands an entry names the `colours` a "
        "card may have; any card of them not yet out (`legal.used`) makes the action."
    ),
)


def first_action(
    entry: Mapping[str, Any], legal: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The first ready action of one legal entry (JSON)."""
    if entry["type"] == "deal":
        if entry["hands"] == "omitted":
            return {"type": "deal", "hands": None}
        players, size = entry["players"], entry["hand_size"]
        deck = [card.to_json() for card in full_deck(COLOURS, LOWEST, HIGHEST)]
        return {"type": "deal", "hands": [deck[seat::players][:size] for seat in range(players)]}
    action = {key: value for key, value in entry.items() if key in CODEC.keys(entry["type"])}
    if "card" not in action:
        used = set((legal or {}).get("used", ()))
        colour = entry["colours"][0]
        number = next(n for n in range(LOWEST, HIGHEST + 1) if Card(colour, n).text not in used)
        action["card"] = {"colour": colour, "number": number}
    return action
