"""TriXKick's protocol for the API: its typed shapes (``SHAPES``, declared in
:mod:`~matches.engine.trixkick.protocol`).

An entry names the action's ``type`` and, for each field, either its value or the list of the
values open now; the first ready action takes the first of each list (the game's default
``first_action``, :func:`matches.engine.game.first_of_each`).
"""

from __future__ import annotations

from matches.engine.base import GameShapes
from matches.engine.trixkick import edition_shapes, protocol, state_shapes

SHAPES = GameShapes.from_protocol(
    protocol,
    edition_shapes,
    state_shapes,
    input_codes=frozenset(
        {
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
