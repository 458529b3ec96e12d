"""The compact text notation of TriXKick actions (one line each, round-trips).

=================  ==============================  ============================
action             notation                        example
=================  ==============================  ============================
place              ``<piece>@<field>``             ``A-KKL@C2``
keepers            ``<A|B> keepers <order>``       ``B keepers LKR``
substitute         ``sub <out> <in>``              ``sub A-KL A-KKLR``
play               ``<piece> <symbol>><field>``    ``A-KKL L>C3``
shoot              ``<piece> <symbol>>><slot>``    ``B-KKR R>>right``
run                ``<piece> <field>``             ``B-RRL A7``
double_pass        ``<piece> <s>><partner> <s>><field>``  ``A-KL K>A-KR R>A6``
castle             ``<piece><><piece>``            ``B-KL<>B-LR``
end / pass         ``end`` / ``pass``
card               ``card <piece>``                ``card B-RRK``
corner             ``corner <left|right>``         ``corner left``
rebound            ``rebound <field>``             ``rebound B6``
whistle            ``whistle``
=================  ==============================  ============================

    >>> format_action(parse_notation("A-KKL L>C3"))
    'A-KKL L>C3'
"""

from __future__ import annotations

import re
from typing import Any

from matches.engine.trixkick.actions import (
    Action,
    Card,
    Castle,
    CornerChoice,
    DoublePass,
    EndTurn,
    Keepers,
    Pass,
    Place,
    Play,
    Rebound,
    Run,
    Shoot,
    Substitute,
    Whistle,
    action_to_json,
    parse_action,
)
from matches.engine.trixkick.errors import unreadable

_P = r"[AB]-[KLR]{2,4}"
_F = r"[ABC][1-8]"
_S = r"[KLR]"
_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(rf"^(?P<piece>{_P})@(?P<to>{_F})$"), lambda m: {"type": "place", **m}),
    (
        re.compile(r"^(?P<side>[AB]) keepers (?P<order>[KLR]{2,3})$"),
        lambda m: {"type": "keepers", "side": "AB".index(m["side"]), "order": m["order"]},
    ),
    (
        re.compile(rf"^sub (?P<out>{_P}) (?P<into>{_P})$"),
        lambda m: {"type": "substitute", "out": m["out"], "in": m["into"]},
    ),
    (
        re.compile(rf"^(?P<piece>{_P}) (?P<symbol>{_S})>>(?P<target>left|middle|right)$"),
        lambda m: {"type": "shoot", **m},
    ),
    (
        re.compile(
            rf"^(?P<piece>{_P}) (?P<symbol>{_S})>(?P<partner>{_P}) (?P<return_symbol>{_S})>(?P<to>{_F})$"
        ),
        lambda m: {"type": "double_pass", **m},
    ),
    (
        re.compile(rf"^(?P<piece>{_P}) (?P<symbol>{_S})>(?P<to>{_F})$"),
        lambda m: {"type": "play", **m},
    ),
    (re.compile(rf"^(?P<piece>{_P}) (?P<to>{_F})$"), lambda m: {"type": "run", **m}),
    (
        re.compile(rf"^(?P<piece>{_P})<>(?P<other>{_P})$"),
        lambda m: {"type": "castle", "piece": m["piece"], "with": m["other"]},
    ),
    (re.compile(r"^end$"), lambda m: {"type": "end"}),
    (re.compile(r"^pass$"), lambda m: {"type": "pass"}),
    (re.compile(r"^whistle$"), lambda m: {"type": "whistle"}),
    (re.compile(rf"^card (?P<piece>{_P})$"), lambda m: {"type": "card", **m}),
    (re.compile(r"^corner (?P<side>left|right)$"), lambda m: {"type": "corner", **m}),
    (re.compile(rf"^rebound (?P<to>{_F})$"), lambda m: {"type": "rebound", **m}),
]


def parse_notation(text: Any) -> Action:
    if not isinstance(text, str):
        raise unreadable("invalid_action", "TK-0", "not_text")
    line = text.strip()
    for pattern, build in _PATTERNS:
        m = pattern.match(line)
        if m:
            return parse_action(build(m.groupdict()))
    raise unreadable("invalid_action", "TK-0", "not_notation")


def format_action(action: Action) -> str:
    action_to_json(action)  # rejects foreign objects
    if isinstance(action, Place):
        return f"{action.piece}@{action.to}"
    if isinstance(action, Keepers):
        return f"{'AB'[action.side]} keepers {action.order}"
    if isinstance(action, Substitute):
        return f"sub {action.out} {action.into}"
    if isinstance(action, Play):
        return f"{action.piece} {action.symbol}>{action.to}"
    if isinstance(action, Shoot):
        return f"{action.piece} {action.symbol}>>{action.target}"
    if isinstance(action, Run):
        return f"{action.piece} {action.to}"
    if isinstance(action, DoublePass):
        return f"{action.piece} {action.symbol}>{action.partner} {action.return_symbol}>{action.to}"
    if isinstance(action, Castle):
        return f"{action.piece}<>{action.with_piece}"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Whistle):
        return "whistle"
    if isinstance(action, Card):
        return f"card {action.piece}"
    if isinstance(action, CornerChoice):
        return f"corner {action.side}"
    if isinstance(action, Rebound):
        return f"rebound {action.to}"
    raise unreadable("invalid_action", "TK-0", "not_a_move")
