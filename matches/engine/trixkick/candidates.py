"""The actions that may be legal now, in a fixed order (``moves.check`` decides which are).

Only actions ``check`` would refuse for certain are left out here (a field already holding two
own pieces, a symbol the piece does not show, a field out of the ball's reach…): that keeps the
list, and so the work of ``check``, small.
"""

from __future__ import annotations

from matches.engine.trixkick import actions as A
from matches.engine.trixkick.ballplay import SET_PIECES
from matches.engine.trixkick.board import (
    FIELDS,
    HALF,
    KICKOFF_FIELDS,
    SECOND_ROW,
    SLOTS,
    adjacent,
    ball_targets,
    diagonal_neighbours,
    shooting_zone,
)
from matches.engine.trixkick.fouls import card_candidates
from matches.engine.trixkick.pieces import SYMBOLS, count
from matches.engine.trixkick.setup import keeper_orders
from matches.engine.trixkick.state import (
    TrixKickState,
    field_of,
    holders,
    on_board,
    run_targets_of,
    the_ball,
    the_setup,
    with_status,
)


def _own_counts(state: TrixKickState, side: int) -> dict[str, int]:
    """How many pieces of ``side`` stand on each field."""
    counts: dict[str, int] = {}
    for p in state.pieces.values():
        if p.side == side and p.field is not None:
            counts[p.field] = counts.get(p.field, 0) + 1
    return counts


def candidates(state: TrixKickState) -> list[A.Action]:
    """Actions that may be legal, in a fixed order; ``moves.check`` decides."""
    step, side = state.step, state.actor
    pieces = state.pieces
    out: list[A.Action] = []
    if step == "place":
        squad = with_status(state, side, "squad")
        full = {f for f, n in _own_counts(state, side).items() if n >= 2}
        setup = the_setup(state)
        if setup.kind == "kickoff":  # TK-2.1, TK-2.2: own half, and C2/C3 for the kicker
            allowed = set(HALF[side])
            if side == setup.kicker:
                allowed.update(KICKOFF_FIELDS)
            fields = [f for f in FIELDS if f in allowed and f not in full]
        else:
            fields = [f for f in FIELDS if f not in full]
        out += [A.Place(pid, f) for pid in squad for f in fields]
        out += [A.Substitute(o, i) for o in squad for i in with_status(state, side, "bench")]
    elif step == "keepers":
        out += [A.Keepers(side, order) for order in keeper_orders(state)]
    elif step in ("attack", "penalty"):
        hs = holders(state)
        kick = the_ball(state).kick
        shows = {pid: {s: count(pieces[pid].symbols, s) for s in SYMBOLS} for pid in hs}
        zone = shooting_zone(side)
        for pid in hs:
            if step == "penalty" or pieces[pid].field in zone:
                for s in SYMBOLS:
                    if shows[pid][s]:
                        out += [A.Shoot(pid, s, slot) for slot in SLOTS]
        if step == "attack":
            for pid in hs:
                origin = pieces[pid].field
                for s in SYMBOLS:
                    n = shows[pid][s]
                    if not n:
                        continue
                    reach = n - 1 if kick == "corner" else n
                    targets = ball_targets(origin, reach)
                    out += [A.Play(pid, s, f) for f in FIELDS if f in targets]
            if not state.turn.ran and kick not in SET_PIECES:  # else already_ran/kick_first
                out += _runs(state, side)
            if state.options.double_pass and kick is None:
                for pid in hs:
                    start = pieces[pid].field
                    mine = pieces[pid].symbols
                    near = diagonal_neighbours(start)
                    for mate in on_board(state, side):
                        mf = pieces[mate].field
                        if mate == pid or mf not in near:
                            continue
                        theirs = pieces[mate].symbols
                        for s in SYMBOLS:
                            if not (count(mine, s) and count(theirs, s)):
                                continue
                            for r in SYMBOLS:
                                if r == s or not (count(theirs, r) and count(mine, r)):
                                    continue
                                out += [
                                    A.DoublePass(pid, s, mate, r, f)
                                    for f in diagonal_neighbours(mf)
                                ]
            out.append(A.EndTurn())
    elif step == "defend":
        out += _runs(state, side)
        if state.options.castling:
            own = on_board(state, side)
            out += [
                A.Castle(a, b)
                for a in own
                for b in own
                if a < b and adjacent(field_of(state, a), field_of(state, b))
            ]
        out.append(A.Pass())
    elif step == "card":
        out += [A.Card(pid) for pid in card_candidates(state)]
    elif step == "corner_choice":
        out += [A.CornerChoice("left"), A.CornerChoice("right")]
    elif step == "rebound":
        out += [A.Rebound(f) for f in SECOND_ROW[side]]
    if state.options.match_length.kind == "time":
        out.append(A.Whistle())
    return out


def _runs(state: TrixKickState, side: int) -> list[A.Action]:
    out: list[A.Action] = []
    full = {f for f, n in _own_counts(state, side).items() if n >= 2}
    l_shaped = state.options.l_shaped_runs
    for pid in on_board(state, side):
        p = state.pieces[pid]
        targets = run_targets_of(p, l_shaped)
        out += [A.Run(pid, f) for f in sorted(targets) if f not in full]
    return out
