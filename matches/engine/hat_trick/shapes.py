"""Hat-Trick's protocol for the API: its typed shapes (``SHAPES``, declared in
:mod:`~matches.engine.hat_trick.protocol` and :mod:`~matches.engine.hat_trick.effect_shapes`)
and how a legal entry becomes a ready action.

A ``legal_actions`` entry describes a family of actions (the cards each side may reveal, the
moves open, the receivers…). :func:`first_action` is the family's first member, in the JSON
form ``parse_action`` reads (the API's ``legal.ready[i]``): a phone that always sends
``legal.ready[0]`` plays a whole match. It is the same expansion :func:`~matches.engine.hat_trick.sampling.random_action` draws
from, taking the first choice every time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from matches.engine.base import GameShapes
from matches.engine.hat_trick import edition_shapes, protocol, state_shapes
from matches.engine.hat_trick.actions import action_to_json
from matches.engine.hat_trick.effect_shapes import EFFECTS
from matches.engine.hat_trick.sampling import random_action

_T = TypeVar("_T")

SHAPES = GameShapes.from_protocol(
    protocol,
    edition_shapes,
    state_shapes,
    input_codes=frozenset({"invalid_lineup", "invalid_setup"}),
    effects=EFFECTS,
    ready_rule=(
        "An entry lists the choices per field; an action takes one of each: `play_cards` one "
        "card of `cards[0]` and one of `cards[1]`, `move` the `player` and `direction` of one "
        "of `moves`, `pass` and `pass_sideways` one of `receivers`, `long_ball` one of "
        "`lines`, `shoot` one of `shooting_cards` and of `goalkeeper_cards`, `keeper_draw` up "
        "to `max_cards` cards; `ability`, `style` and `substitute` list ready actions in `uses`."
    ),
)


class _FirstChoice:
    """Stands in for ``random.Random``: every choice is the first one, every count the least."""

    def choice(self, seq: Sequence[_T]) -> _T:
        return seq[0]

    def randint(self, low: int, _high: int) -> int:
        return low

    def randrange(self, *_args: int) -> int:
        return 0


def first_action(
    entry: Mapping[str, Any], legal: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The first ready action of one legal entry (JSON)."""
    return action_to_json(random_action({"actions": [entry]}, _FirstChoice()))
