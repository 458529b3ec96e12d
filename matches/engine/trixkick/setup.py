"""Set-ups and re-set-ups: kick-off, corner, goal kick, free kick, penalty (TK-2, TK-10..12).

In every set-up all field pieces leave the board and are placed again one at a time, the sides
alternating (``starter`` first); then each side sets up its keepers hidden. Substitutions
(TK-14) happen while a side still has the piece to take off in hand.
"""

from __future__ import annotations

from itertools import permutations

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import Keepers, Place, Substitute
from matches.engine.trixkick.board import (
    HALF,
    KICKOFF_FIELDS,
    PENALTY_AREA,
)
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import run_range, side_of, symbol_set
from matches.engine.trixkick.state import (
    new_ball,
    other,
    pieces_on,
    start_attack,
    with_status,
)

KINDS = ("kickoff", "corner", "goal_kick", "free_kick", "penalty")
RULE = {
    "kickoff": "TK-2.1",
    "corner": "TK-10",
    "goal_kick": "TK-11",
    "free_kick": "TK-12.3",
    "penalty": "TK-12.5",
}


def start_setup(
    w: dict,
    kind: str,
    kicker: int,
    starter: int,
    *,
    field: str | None = None,
    locked: str | None = None,
    first: bool = False,
) -> None:
    """Lift every piece and keeper off the board and begin a set-up."""
    for p in w["pieces"].values():
        if p["status"] == "play":
            p["status"] = "squad"
            p["field"] = None
    w["keepers"] = [None, None]
    w["revealed"] = [[], []]
    w["setup"] = {
        "kind": kind,
        "kicker": kicker,
        "starter": starter,
        "field": field,
        "locked": locked,
        "first": first,
        "keepers_done": [False, False],
    }
    w["ball"] = None
    w["phase"] = "setup"
    w["step"] = "place"
    w["attacker"] = kicker
    w["protect"] = False
    w["pending"] = None
    w["turn"] = {"played": False, "ran": False, "moved": {}}
    w["actor"] = starter
    _advance(w, [], last=None)


def setup_area(w: dict) -> tuple[str, ...]:
    """The protected field(s) of the set-up: only the kicker's pieces may stand there."""
    s = w["setup"]
    kind = s["kind"]
    if kind in ("corner", "free_kick"):
        return (s["field"],)
    if kind == "goal_kick":
        return PENALTY_AREA[s["kicker"]]
    if kind == "penalty":
        return PENALTY_AREA[other(s["kicker"])]
    return ()


def _own_in(w: dict, side: int, fields: tuple[str, ...]) -> int:
    return sum(len(pieces_on(w, f, side)) for f in fields)


_NOT_IN_HAND = {
    "sent_off": ("piece_sent_off", "TK-12.2"),
    "out": ("piece_substituted", "TK-14"),
    "bench": ("piece_on_bench", "TK-14"),
}


def _not_in_hand(pid: str, status: str, rule: str) -> Exception:
    """Why a piece cannot be set up (or taken off): already set up, sent off, substituted..."""
    code, rule = _NOT_IN_HAND.get(status, ("piece_not_in_hand", rule))
    return illegal(code, rule, piece=pid)


def check_place(w: dict, side: int, a: Place) -> None:
    s = w["setup"]
    kind = s["kind"]
    rule = RULE[kind]
    p = w["pieces"].get(a.piece)
    if p is None or p["side"] != side:
        raise illegal("not_your_piece", "TK-2.1", piece=a.piece)
    if p["status"] != "squad":
        raise _not_in_hand(a.piece, p["status"], "TK-2.1")
    if len(pieces_on(w, a.to, side)) >= 2:
        raise illegal("field_full", "TK-5.2", field=a.to)
    remaining = len(with_status(w, side, "squad"))
    if kind == "kickoff":
        kicker = side == s["kicker"]
        empty_ko = [f for f in KICKOFF_FIELDS if not pieces_on(w, f, side)] if kicker else []
        if a.to in KICKOFF_FIELDS and kicker:
            if a.to not in empty_ko:
                raise illegal("kickoff_field_taken", "TK-2.2", field=a.to)
        elif a.to not in HALF[side]:
            raise illegal("not_own_half", "TK-2.1", field=a.to)
        if kicker and remaining <= len(empty_ko) and a.to not in empty_ko:
            raise illegal("kickoff_piece_missing", "TK-2.2")
        return
    area = setup_area(w)
    if side != s["kicker"]:
        if a.to in area:
            raise illegal("protected_field", rule, field=a.to)
        return
    single = kind in ("corner", "free_kick", "penalty")
    inside = _own_in(w, side, area)
    if a.to in area and single and inside >= 1:
        raise illegal("one_taker_only", rule, field=a.to)
    if inside == 0 and remaining <= 1 and a.to not in area:
        raise illegal("taker_missing", rule, fields=list(area))


def do_place(w: dict, side: int, a: Place, events: list) -> None:
    p = w["pieces"][a.piece]
    p["field"] = a.to
    p["status"] = "play"
    _advance(w, events, last=side)


def _advance(w: dict, events: list, last: int | None) -> None:
    s = w["setup"]
    left = [len(with_status(w, side, "squad")) for side in (0, 1)]
    if left[0] or left[1]:
        if last is None:
            nxt = s["starter"] if left[s["starter"]] else other(s["starter"])
        else:
            nxt = other(last) if left[other(last)] else last
        w["step"] = "place"
        w["actor"] = nxt
        return
    done = s["keepers_done"]
    for side in (s["starter"], other(s["starter"])):
        if not done[side]:
            w["step"] = "keepers"
            w["actor"] = side
            return
    _finish(w, events)


def keeper_orders(w: dict) -> list[str]:
    n = 2 if w["options"]["two_keepers"] else 3
    return ["".join(p) for p in permutations("KLR", n)]


def check_keepers(w: dict, side: int, a: Keepers) -> None:
    if a.side != side:
        raise illegal("not_your_turn", "TK-2.3")
    n = 2 if w["options"]["two_keepers"] else 3
    if len(a.order) != n:
        raise illegal("keeper_count", "TK-18.1" if n == 2 else "TK-2.3", count=n)


def do_keepers(w: dict, side: int, a: Keepers, events: list) -> None:
    if len(a.order) == 3:
        w["keepers"][side] = {"left": a.order[0], "middle": a.order[1], "right": a.order[2]}
    else:
        reserve = next(x for x in "KLR" if x not in a.order)
        w["keepers"][side] = {"left": a.order[0], "right": a.order[1], "reserve": reserve}
    w["setup"]["keepers_done"][side] = True
    _advance(w, events, last=None)


def check_substitute(w: dict, side: int, a: Substitute) -> None:
    opts = w["options"]
    if not opts["substitutions"]:
        raise illegal("substitutions_off", "TK-14")
    if w["setup"]["first"]:
        raise illegal("no_substitution_now", "TK-14")
    if side_of(a.out) != side or side_of(a.into) != side:
        raise illegal("not_your_piece", "TK-14")
    out = w["pieces"].get(a.out)
    into = w["pieces"].get(a.into)
    if out is not None and out["status"] in ("sent_off", "out"):
        raise _not_in_hand(a.out, out["status"], "TK-14")
    if out is None or out["status"] != "squad":
        raise illegal("cannot_come_off", "TK-14", piece=a.out)
    if into is None or into["status"] != "bench":
        raise illegal("not_on_bench", "TK-14", piece=a.into)
    if w["subs"][side] >= 3:
        raise illegal("no_substitutions_left", "TK-14")
    if opts["one_triple_substitute"] and run_range(into["symbols"]) >= 3 and w["triples_in"][side]:
        raise illegal("one_triple_only", "TK-18.6")
    if opts["same_symbol_substitutes"] and symbol_set(into["symbols"]) != symbol_set(
        out["symbols"]
    ):
        raise illegal("symbols_differ", "TK-18.7", into=a.into, out=a.out)


def do_substitute(w: dict, side: int, a: Substitute, events: list) -> None:
    w["pieces"][a.out]["status"] = "out"
    w["pieces"][a.into]["status"] = "squad"
    w["pieces"][a.into]["yellow"] = False
    w["subs"][side] += 1
    if run_range(w["pieces"][a.into]["symbols"]) >= 3:
        w["triples_in"][side] += 1
    events.append(
        GameEvent("substitution", side, {"out": a.out, "in": a.into, "count": w["subs"][side]})
    )


def _finish(w: dict, events: list) -> None:
    """The set-up is complete: the ball goes to the kick's taker(s)."""
    s = w["setup"]
    kind, kicker = s["kind"], s["kicker"]
    ball = new_ball(
        field=None,
        owner=kicker,
        symbol=s["locked"],
        loose=False,
        holders=[],
        kick=kind,
        lock_rule="TK-12.3" if s["locked"] else "TK-4.2",
    )
    if kind == "kickoff":
        takers = [pid for f in KICKOFF_FIELDS for pid in pieces_on(w, f, kicker)]
    else:
        takers = [pid for f in setup_area(w) for pid in pieces_on(w, f, kicker)]
    ball["holders"] = takers
    if kind in ("corner", "free_kick"):
        ball["field"] = s["field"]
    elif takers:
        ball["field"] = w["pieces"][takers[0]]["field"]
    else:
        ball["field"] = s["field"] or KICKOFF_FIELDS[0]
    if not takers:
        ball.update(loose=True, owner=None, holders=None)
    w["ball"] = ball
    w["setup"] = None
    start_attack(w, kicker)
    if kind == "kickoff":
        w["protect"] = True
    if kind == "penalty":
        w["step"] = "penalty"
