"""A re-set-up both managers make at once, each for their own side (TK-2, TK-10 - TK-12).

After a foul, a goal or a period every piece is placed again, the sides alternating (the
``starter`` first), then each side sets up its keepers hidden. With a phone each, each manager
sends their side's set-up as one part, ``{"places": [{"piece", "to"}, ...], "keepers": "KLR"}``
(their pieces still in hand, in the order they go down; ``keepers`` may be null: set up
afterwards as a move of its own). The part stays hidden from the other side until both are in;
then the parts make the moves of the set-up in the rulebook's alternation, keepers last.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.i18n import N_
from matches.engine.trixkick.board import FIELDS
from matches.engine.trixkick.state import TrixKickState, the_setup, with_status

#: what a manager reads when their part does not set up their side
REFUSED = N_(
    "{side}'s set-up must place every piece not yet set up, each once, on a field of the board."
)


def open_choice(
    legal: Mapping[str, Any], state: TrixKickState | None = None
) -> dict[str, Any] | None:
    """The set-up under way as a choice of both sides, if pieces are to be placed now."""
    if state is None or legal.get("actor") not in (0, 1):
        return None
    if not any(entry["type"] == "place" for entry in legal.get("actions", ())):
        return None
    squads = {side: with_status(state, side, "squad") for side in (0, 1)}
    return {
        "type": "set_up",
        "starter": legal["actor"],
        "keepers": [not done for done in the_setup(state).keepers_done],
        "parts": {side: {"places": squads[side], "keepers": None} for side in (0, 1)},
    }


def sides_of(choice: Mapping[str, Any]) -> list[int]:
    return sorted(choice["parts"])


def part_allowed(choice: Mapping[str, Any], side: int, part: Any) -> bool:
    """Every piece the side still has in hand, once each, on a field of the board; the keepers'
    order, if given, a string of their symbols."""
    fields = choice["parts"].get(side)
    if fields is None or not isinstance(part, dict) or set(part) != {"places", "keepers"}:
        return False
    places = part["places"]
    if not isinstance(places, list) or not all(
        isinstance(p, dict)
        and set(p) == {"piece", "to"}
        and isinstance(p["piece"], str)
        and p["to"] in FIELDS
        for p in places
    ):
        return False
    keepers = part["keepers"]
    return sorted(p["piece"] for p in places) == fields["places"] and (
        keepers is None or isinstance(keepers, str)
    )


def compose(choice: Mapping[str, Any], parts: Mapping[int, Any]) -> list[dict[str, Any]]:
    """The set-up's moves: a piece of each side in turn (the starter first; a side with none
    left lets the other go on), then the keepers of each side that sent them, the starter's
    first."""
    starter = choice["starter"]
    queues = {side: list(parts[side]["places"]) for side in sides_of(choice)}
    actions: list[dict[str, Any]] = []
    side = starter
    while queues[0] or queues[1]:
        if not queues[side]:
            side = 1 - side
        place = queues[side].pop(0)
        actions.append({"type": "place", "piece": place["piece"], "to": place["to"]})
        side = 1 - side
    for keeper_side in (starter, 1 - starter):
        order = parts[keeper_side]["keepers"]
        if order is None or not choice["keepers"][keeper_side]:
            break  # a side sets its keepers up as a move of its own: the batch ends here
        actions.append({"type": "keepers", "side": keeper_side, "order": order})
    return actions
