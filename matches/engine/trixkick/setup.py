"""Set-ups and re-set-ups: kick-off, corner, goal kick, free kick, penalty (TK-2, TK-10..12).

In every set-up all field pieces leave the board and are placed again one at a time, the sides
alternating (``starter`` first); then each side sets up its keepers hidden. Substitutions
(TK-14) happen while a side still has the piece to take off in hand.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import permutations
from operator import attrgetter

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import Keepers, Place, Substitute
from matches.engine.trixkick.board import (
    HALF,
    KICKOFF_FIELDS,
    PENALTY_AREA,
)
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import run_range, side_of, symbol_set
from matches.engine.trixkick.state import Keepers as KeeperSlots
from matches.engine.trixkick.state import (
    Pieces,
    SetUp,
    TrixKickState,
    Turn,
    new_ball,
    other,
    pieces_on,
    start_attack,
    the_setup,
    with_side,
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
    s: TrixKickState,
    kind: str,
    kicker: int,
    starter: int,
    *,
    field: str | None = None,
    locked: str | None = None,
    first: bool = False,
) -> TrixKickState:
    """Lift every piece and keeper off the board and begin a set-up."""
    lifted = {
        pid: p._replace(status="squad", field=None)
        for pid, p in s.pieces.items()
        if p.status == "play"
    }
    s = s._replace(
        pieces=s.pieces.replaced(lifted),
        keepers=(None, None),
        revealed=((), ()),
        setup=SetUp(field, first, (False, False), kicker, kind, locked, starter),
        ball=None,
        phase="setup",
        step="place",
        attacker=kicker,
        protect=False,
        pending=None,
        turn=Turn(),
        actor=starter,
    )
    return _advance(s, [], last=None)


def setup_area(s: TrixKickState) -> tuple[str, ...]:
    """The protected field(s) of the set-up: only the kicker's pieces may stand there."""
    setup = the_setup(s)
    kind = setup.kind
    if kind in ("corner", "free_kick") and setup.field is not None:
        return (setup.field,)
    if kind == "goal_kick":
        return PENALTY_AREA[setup.kicker]
    if kind == "penalty":
        return PENALTY_AREA[other(setup.kicker)]
    return ()


def _own_in(s: TrixKickState, side: int, fields: tuple[str, ...]) -> int:
    return sum(len(pieces_on(s, f, side)) for f in fields)


_NOT_IN_HAND = {
    "sent_off": ("piece_sent_off", "TK-12.2"),
    "out": ("piece_substituted", "TK-14"),
    "bench": ("piece_on_bench", "TK-14"),
}


def _not_in_hand(pid: str, status: str, rule: str) -> Exception:
    """Why a piece cannot be set up (or taken off): already set up, sent off, substituted..."""
    code, rule = _NOT_IN_HAND.get(status, ("piece_not_in_hand", rule))
    return illegal(code, rule, piece=pid)


def check_place(s: TrixKickState, side: int, a: Place) -> None:
    setup = the_setup(s)
    kind = setup.kind
    rule = RULE[kind]
    p = s.pieces.get(a.piece)
    if p is None or p.side != side:
        raise illegal("not_your_piece", "TK-2.1", piece=a.piece)
    if p.status != "squad":
        raise _not_in_hand(a.piece, p.status, "TK-2.1")
    if len(pieces_on(s, a.to, side)) >= 2:
        raise illegal("field_full", "TK-5.2", field=a.to)
    remaining = len(with_status(s, side, "squad"))
    if kind == "kickoff":
        kicker = side == setup.kicker
        empty_ko = [f for f in KICKOFF_FIELDS if not pieces_on(s, f, side)] if kicker else []
        if a.to in KICKOFF_FIELDS and kicker:
            if a.to not in empty_ko:
                raise illegal("kickoff_field_taken", "TK-2.2", field=a.to)
        elif a.to not in HALF[side]:
            raise illegal("not_own_half", "TK-2.1", field=a.to)
        if kicker and remaining <= len(empty_ko) and a.to not in empty_ko:
            raise illegal("kickoff_piece_missing", "TK-2.2")
        return
    area = setup_area(s)
    if side != setup.kicker:
        if a.to in area:
            raise illegal("protected_field", rule, field=a.to)
        return
    single = kind in ("corner", "free_kick", "penalty")
    inside = _own_in(s, side, area)
    if a.to in area and single and inside >= 1:
        raise illegal("one_taker_only", rule, field=a.to)
    if inside == 0 and remaining <= 1 and a.to not in area:
        raise illegal("taker_missing", rule, fields=list(area))


def do_place(s: TrixKickState, side: int, a: Place, events: list[GameEvent]) -> TrixKickState:
    return _advance(s, events, last=side, pieces=s.pieces.moved(a.piece, field=a.to, status="play"))


_STATUS = attrgetter("status")


def _left_to_place(pieces: Pieces) -> tuple[bool, bool]:
    """Whether each side has pieces still to place. A set-up asks this after every piece: C
    does the looking (the ids are sorted, side 0's "A-..." before side 1's "B-...")."""
    statuses = list(map(_STATUS, pieces.values()))
    split = bisect_left(list(pieces), "B")
    return "squad" in statuses[:split], "squad" in statuses[split:]


def _advance(
    s: TrixKickState, events: list[GameEvent], last: int | None, pieces: Pieces | None = None
) -> TrixKickState:
    """The set-up's next step; ``pieces``: the pieces as they are now, if ``s`` does not hold
    them yet (put in with the step: one copy of the state for a placed piece, not two)."""
    if pieces is None:
        pieces = s.pieces
    setup = the_setup(s)
    left = _left_to_place(pieces)
    if left[0] or left[1]:
        if last is None:
            nxt = setup.starter if left[setup.starter] else other(setup.starter)
        else:
            nxt = other(last) if left[other(last)] else last
        return s._replace(step="place", actor=nxt, pieces=pieces)
    done = setup.keepers_done
    for side in (setup.starter, other(setup.starter)):
        if not done[side]:
            return s._replace(step="keepers", actor=side, pieces=pieces)
    return _finish(s._replace(pieces=pieces), events)


def keeper_orders(s: TrixKickState) -> list[str]:
    n = 2 if s.options.two_keepers else 3
    return ["".join(p) for p in permutations("KLR", n)]


def check_keepers(s: TrixKickState, side: int, a: Keepers) -> None:
    if a.side != side:
        raise illegal("not_your_turn", "TK-2.3")
    n = 2 if s.options.two_keepers else 3
    if len(a.order) != n:
        raise illegal("keeper_count", "TK-18.1" if n == 2 else "TK-2.3", count=n)


def do_keepers(s: TrixKickState, side: int, a: Keepers, events: list[GameEvent]) -> TrixKickState:
    setup = the_setup(s)
    s = s._replace(
        keepers=with_side(s.keepers, side, KeeperSlots.from_order(a.order)),
        setup=setup._replace(keepers_done=with_side(setup.keepers_done, side, True)),
    )
    return _advance(s, events, last=None)


def check_substitute(s: TrixKickState, side: int, a: Substitute) -> None:
    opts = s.options
    if not opts.substitutions:
        raise illegal("substitutions_off", "TK-14")
    if the_setup(s).first:
        raise illegal("no_substitution_now", "TK-14")
    if side_of(a.out) != side or side_of(a.into) != side:
        raise illegal("not_your_piece", "TK-14")
    out = s.pieces.get(a.out)
    into = s.pieces.get(a.into)
    if out is not None and out.status in ("sent_off", "out"):
        raise _not_in_hand(a.out, out.status, "TK-14")
    if out is None or out.status != "squad":
        raise illegal("cannot_come_off", "TK-14", piece=a.out)
    if into is None or into.status != "bench":
        raise illegal("not_on_bench", "TK-14", piece=a.into)
    if s.subs[side] >= 3:
        raise illegal("no_substitutions_left", "TK-14")
    if opts.one_triple_substitute and run_range(into.symbols) >= 3 and s.triples_in[side]:
        raise illegal("one_triple_only", "TK-18.6")
    if opts.same_symbol_substitutes and symbol_set(into.symbols) != symbol_set(out.symbols):
        raise illegal("symbols_differ", "TK-18.7", into=a.into, out=a.out)


def do_substitute(
    s: TrixKickState, side: int, a: Substitute, events: list[GameEvent]
) -> TrixKickState:
    pieces = s.pieces
    into = pieces[a.into]
    subs = s.subs[side] + 1
    triples = s.triples_in[side] + (1 if run_range(into.symbols) >= 3 else 0)
    events.append(GameEvent("substitution", side, {"out": a.out, "in": a.into, "count": subs}))
    return s._replace(
        pieces=pieces.replaced(
            {
                a.out: pieces[a.out]._replace(status="out"),
                a.into: into._replace(status="squad", yellow=False),
            }
        ),
        subs=with_side(s.subs, side, subs),
        triples_in=with_side(s.triples_in, side, triples),
    )


def _finish(s: TrixKickState, events: list[GameEvent]) -> TrixKickState:
    """The set-up is complete: the ball goes to the kick's taker(s)."""
    setup = the_setup(s)
    kind, kicker = setup.kind, setup.kicker
    if kind == "kickoff":
        takers = [pid for f in KICKOFF_FIELDS for pid in pieces_on(s, f, kicker)]
    else:
        takers = [pid for f in setup_area(s) for pid in pieces_on(s, f, kicker)]
    if kind in ("corner", "free_kick"):
        place = setup.field
    elif takers:
        place = s.pieces[takers[0]].field
    else:
        place = setup.field or KICKOFF_FIELDS[0]
    ball = new_ball(
        field=place,
        owner=kicker if takers else None,
        symbol=setup.locked,
        loose=not takers,
        holders=tuple(takers) if takers else None,
        kick=kind,
        lock_rule="TK-12.3" if setup.locked else "TK-4.2",
    )
    s = start_attack(s._replace(ball=ball, setup=None), kicker)
    if kind == "kickoff":
        return s._replace(protect=True)
    if kind == "penalty":
        return s._replace(step="penalty")
    return s
