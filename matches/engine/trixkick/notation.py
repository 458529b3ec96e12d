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

from matches.engine.action_forms import NotationTable
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
            action: Action = parse_action(build(m.groupdict()))
            return action
    raise unreadable("invalid_action", "TK-0", "not_notation")


_FORMS = NotationTable(
    {
        Place: "{a.piece}@{a.to}",
        Keepers: lambda a: f"{'AB'[a.side]} keepers {a.order}",
        Substitute: "sub {a.out} {a.into}",
        Play: "{a.piece} {a.symbol}>{a.to}",
        Shoot: "{a.piece} {a.symbol}>>{a.target}",
        Run: "{a.piece} {a.to}",
        DoublePass: "{a.piece} {a.symbol}>{a.partner} {a.return_symbol}>{a.to}",
        Castle: "{a.piece}<>{a.with_piece}",
        EndTurn: "end",
        Pass: "pass",
        Whistle: "whistle",
        Card: "card {a.piece}",
        CornerChoice: "corner {a.side}",
        Rebound: "rebound {a.to}",
    },
    lambda: unreadable("invalid_action", "TK-0", "not_a_move"),
)


def format_action(action: Action) -> str:
    action_to_json(action)  # rejects foreign objects and malformed fields
    return _FORMS(action)
