"""The small vocabulary of effects abilities and style cards are built from (HX-A.0).

An ability in the edition is ``{"id", "text", "effect": {...}}``; the effect is one of the
kinds below with its parameters. The engine knows these kinds only, so a corrected card text
is a data change. ``check_effect`` says what is wrong with an effect (``""`` when it is fine).

Kinds (parameters in brackets, all optional unless marked):

``move``      move a player [who: self | neighbour | line_mate | any_own; directions: forward,
              backward, diagonal_forward, other_wing; steps; with_ball; optional; wing_only;
              to_final_line; flip_on_return]
``swap``      swap places with a team-mate [with: in_front | line_mate]
``intercept`` take the ball from the opponent after his pass [pass_type*; where*: over | next_to];
              without ``when`` it answers the pass of the last action (HX-A.3, HX-A.10)
``take_ball`` the ball comes to this player [from: neighbour | event; needs_pass_card]
``foul``      a deliberate foul on the neighbouring dribbler (announced, applied at the duel)
``modifier``  footballs added when the action is resolved (announced in step 2)
              [target*: attack | defence | shot_power | keeper_draws | shot_position;
              amount; action; role; columns; half; requires; until]
``block``     an opponent next to this player may not use an ability this round
``borrow``    use a neighbouring team-mate's ability [face*: silver | gold]
``free_kick`` a free kick where the ball is [own_card; opponent_stronger]

Triggers (``when``): ``own_move`` (the owner's step-2 move), ``after_opponent_move``, or the
kind of an event of the last action: ``dribble_won``, ``dribble_lost``, ``dribble``,
``pass_completed``, ``long_ball_completed``, ``pass_intercepted``, ``long_ball_intercepted``,
``ball_won``, ``parry``, ``player_moved``, ``cards_revealed``; narrowed by ``role`` (the owner is
the event's ``dribbler`` / ``receiver`` / ``interceptor`` / ``winner`` / ``player``), ``team``
(``own`` / ``opponent``), ``relation`` (``in_front``: the event's player was right in front of
the owner), ``column`` (``own``: the event started in the owner's column) and ``pass_type``.
Modifiers are always announced in the owner's own step 2 (``when`` is ignored).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = (
    "move",
    "swap",
    "intercept",
    "take_ball",
    "foul",
    "modifier",
    "block",
    "borrow",
    "free_kick",
)
EVENT_TRIGGERS = (
    "dribble_won",
    "dribble_lost",
    "dribble",
    "pass_completed",
    "long_ball_completed",
    "pass_intercepted",
    "long_ball_intercepted",
    "ball_won",
    "parry",
    "player_moved",
    "cards_revealed",
)
TRIGGERS = ("own_move", "after_opponent_move", *EVENT_TRIGGERS)
DIRECTIONS = ("forward", "backward", "diagonal_forward", "other_wing")
TARGETS = ("attack", "defence", "shot_power", "keeper_draws", "shot_position")
ACTIONS = ("short_pass", "long_ball", "dribbling")
ROLES = (
    "dribbler",
    "defender",
    "passer",
    "receiver",
    "interceptor",
    "winner",
    "player",
    "shooter",
    "in_line",
    "neighbour_defender",
    "counted",
)
ALLOWED = {
    "move": {
        "who",
        "directions",
        "steps",
        "with_ball",
        "optional",
        "wing_only",
        "to_final_line",
        "flip_on_return",
        "needs_card",
    },
    "swap": {"with"},
    "intercept": {"pass_type", "where"},
    "take_ball": {"from", "needs_pass_card", "final_line", "columns"},
    "foul": set(),
    "modifier": {"target", "amount", "action", "role", "columns", "half", "requires", "until"},
    "block": set(),
    "borrow": {"face"},
    "free_kick": {"own_card", "opponent_stronger"},
}
COMMON = {"kind", "when", "role", "team", "relation", "column", "pass_type", "not_in_chance"}


def check_effect(effect: Any) -> str:
    """What is wrong with an effect's data, or ``""``."""
    if not isinstance(effect, Mapping):
        return "effect must be an object."
    kind = effect.get("kind")
    if kind not in KINDS:
        return f"effect kind must be one of {', '.join(KINDS)}."
    unknown = set(effect) - COMMON - ALLOWED[kind]
    if unknown:
        return f"unknown effect field(s) {', '.join(sorted(map(str, unknown)))}."
    when = effect.get("when", "own_move")
    if when not in TRIGGERS:
        return f"when must be one of {', '.join(TRIGGERS)}."
    dirs = effect.get("directions", ["forward"])
    if not isinstance(dirs, list) or not all(d in DIRECTIONS for d in dirs):
        return f"directions must list some of {', '.join(DIRECTIONS)}."
    steps = effect.get("steps", 1)
    if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= 3:
        return "steps must be 1, 2 or 3."
    if kind == "modifier":
        if effect.get("target") not in TARGETS:
            return f"modifier target must be one of {', '.join(TARGETS)}."
        amount = effect.get("amount", 1)
        if not isinstance(amount, int) or isinstance(amount, bool) or not -3 <= amount <= 3:
            return "modifier amount must be a whole number from -3 to 3."
        if effect.get("action") not in (None, *ACTIONS):
            return f"modifier action must be one of {', '.join(ACTIONS)}."
        if effect.get("role") not in (None, *ROLES):
            return f"role must be one of {', '.join(ROLES)}."
    if kind == "intercept":
        if effect.get("pass_type") not in ("short_pass", "long_ball"):
            return "intercept needs pass_type short_pass or long_ball."
        if effect.get("where") not in ("over", "next_to"):
            return "intercept needs where: over or next_to."
    if kind == "borrow" and effect.get("face") not in ("silver", "gold"):
        return "borrow needs face: silver or gold."
    return ""
