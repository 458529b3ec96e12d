"""Every legal action, listed concretely and compactly (the game has no hidden chance).

``legal_actions`` groups the concrete actions: a list-valued field means "pick one of these".
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalActionError
from matches.engine.trixkick.actions import (
    ACTION_FIELDS,
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
)
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
    run_targets,
    shooting_zone,
)
from matches.engine.trixkick.fouls import card_candidates
from matches.engine.trixkick.moves import check
from matches.engine.trixkick.order import ordered
from matches.engine.trixkick.pieces import SYMBOLS, count, run_range
from matches.engine.trixkick.setup import keeper_orders
from matches.engine.trixkick.state import holders, on_board, reading, with_status
from matches.engine.trixkick.texts import english_hint


def _own_counts(w: dict, side: int) -> dict[str, int]:
    """How many pieces of ``side`` stand on each field."""
    counts: dict[str, int] = {}
    for p in w["pieces"].values():
        if p["side"] == side and p["field"] is not None:
            counts[p["field"]] = counts.get(p["field"], 0) + 1
    return counts


def _candidates(w: dict) -> list[Action]:
    """Actions that may be legal, in a fixed order; ``check`` decides.

    Only actions ``check`` would refuse for certain are left out here (a field already holding
    two own pieces, a symbol the piece does not show, a field out of the ball's reach…): that
    keeps the list, and so the work of ``check``, small.
    """
    step, side = w["step"], w["actor"]
    pieces = w["pieces"]
    out: list[Action] = []
    if step == "place":
        squad = with_status(w, side, "squad")
        full = {f for f, n in _own_counts(w, side).items() if n >= 2}
        setup = w["setup"]
        if setup["kind"] == "kickoff":  # TK-2.1, TK-2.2: own half, and C2/C3 for the kicker
            allowed = set(HALF[side])
            if side == setup["kicker"]:
                allowed.update(KICKOFF_FIELDS)
            fields = [f for f in FIELDS if f in allowed and f not in full]
        else:
            fields = [f for f in FIELDS if f not in full]
        out += [Place(pid, f) for pid in squad for f in fields]
        out += [Substitute(o, i) for o in squad for i in with_status(w, side, "bench")]
    elif step == "keepers":
        out += [Keepers(side, order) for order in keeper_orders(w)]
    elif step in ("attack", "penalty"):
        hs = holders(w)
        kick = w["ball"]["kick"]
        shows = {pid: {s: count(pieces[pid]["symbols"], s) for s in SYMBOLS} for pid in hs}
        zone = shooting_zone(side)
        for pid in hs:
            if step == "penalty" or pieces[pid]["field"] in zone:
                for s in SYMBOLS:
                    if shows[pid][s]:
                        out += [Shoot(pid, s, slot) for slot in SLOTS]
        if step == "attack":
            for pid in hs:
                origin = pieces[pid]["field"]
                for s in SYMBOLS:
                    n = shows[pid][s]
                    if not n:
                        continue
                    reach = n - 1 if kick == "corner" else n
                    targets = ball_targets(origin, reach)
                    out += [Play(pid, s, f) for f in FIELDS if f in targets]
            if not w["turn"]["ran"] and kick not in SET_PIECES:  # else already_ran/kick_first
                out += _runs(w, side)
            if w["options"]["double_pass"] and kick is None:
                for pid in hs:
                    start = pieces[pid]["field"]
                    mine = pieces[pid]["symbols"]
                    near = diagonal_neighbours(start)
                    for mate in on_board(w, side):
                        mf = pieces[mate]["field"]
                        if mate == pid or mf not in near:
                            continue
                        theirs = pieces[mate]["symbols"]
                        for s in SYMBOLS:
                            if not (count(mine, s) and count(theirs, s)):
                                continue
                            for r in SYMBOLS:
                                if r == s or not (count(theirs, r) and count(mine, r)):
                                    continue
                                out += [
                                    DoublePass(pid, s, mate, r, f) for f in diagonal_neighbours(mf)
                                ]
            out.append(EndTurn())
    elif step == "defend":
        out += _runs(w, side)
        if w["options"]["castling"]:
            mine = on_board(w, side)
            out += [
                Castle(a, b)
                for a in mine
                for b in mine
                if a < b and adjacent(pieces[a]["field"], pieces[b]["field"])
            ]
        out.append(Pass())
    elif step == "card":
        out += [Card(pid) for pid in card_candidates(w)]
    elif step == "corner_choice":
        out += [CornerChoice("left"), CornerChoice("right")]
    elif step == "rebound":
        out += [Rebound(f) for f in SECOND_ROW[side]]
    if w["options"]["match_length"]["kind"] == "time":
        out.append(Whistle())
    return out


def _runs(w: dict, side: int) -> list[Action]:
    out: list[Action] = []
    full = {f for f, n in _own_counts(w, side).items() if n >= 2}
    l_shaped = w["options"]["l_shaped_runs"]
    for pid in on_board(w, side):
        p = w["pieces"][pid]
        targets = run_targets(p["field"], run_range(p["symbols"]), l_shaped)
        out += [Run(pid, f) for f in sorted(targets) if f not in full]
    return out


def concrete_actions(
    w: dict, limit: int | None = None, skip: tuple[type, ...] = ()
) -> list[Action]:
    """The legal actions one by one (``limit`` stops early; ``skip`` leaves types out)."""
    if w["phase"] == "over":
        return []
    found: list[Action] = []
    with reading(w):
        for action in _candidates(w):
            if isinstance(action, skip):
                continue
            try:
                check(w, action)
            except IllegalActionError:
                continue
            found.append(action)
            if limit is not None and len(found) >= limit:
                break
    return found


_GROUP = {
    "place": ("piece",),
    "substitute": ("out",),
    "play": ("piece", "symbol"),
    "shoot": ("piece", "symbol"),
    "run": ("piece",),
    "double_pass": ("piece", "symbol", "partner", "return_symbol"),
    "castle": ("piece",),
    "keepers": ("side",),
}
_CHOICE = {
    "place": "to",
    "substitute": "in",
    "play": "to",
    "shoot": "target",
    "run": "to",
    "double_pass": "to",
    "castle": "with",
    "keepers": "order",
    "card": "piece",
    "corner": "side",
    "rebound": "to",
}

#: action type -> the field whose values a legal entry lists (the others are fixed)
CHOICES = _CHOICE

# per action class: its type, the JSON keys and attributes in order, the grouping keys and the
# key whose values are collected into a list (``None``: one entry per distinct action)
_LAYOUT: dict[type, tuple[str, tuple[tuple[str, str], ...], tuple[str, ...], str | None]] = {
    cls: (
        kind,
        tuple(spec),
        _GROUP.get(kind, ()),
        _CHOICE.get(kind),
    )
    for kind, (cls, spec) in ACTION_FIELDS.items()
}


def grouped(actions: list[Action]) -> list[dict[str, Any]]:
    """Concrete actions folded per piece (and symbol): the last field becomes a list."""
    groups: dict[tuple, dict[str, Any]] = {}
    for action in actions:
        kind, keys, group, choice = _LAYOUT[type(action)]
        if choice is None:
            if (kind,) not in groups:
                groups[(kind,)] = action_to_json(action)
            continue
        data = {key: getattr(action, attr) for key, attr in keys}
        key = (kind, *(data[k] for k in group))
        entry = groups.get(key)
        if entry is None:
            entry = {"type": kind}
            entry.update((k, v) for k, v in data.items() if k != choice)
            entry[choice] = []
            groups[key] = entry
        entry[choice].append(data[choice])
    return list(groups.values())


def legal_actions(w: dict) -> dict[str, Any]:
    if w["phase"] == "over":
        return {"hint": english_hint(w), "actor": None, "step": "over", "actions": []}
    side = w["actor"]
    return {
        "hint": english_hint(w),
        "actor": side,
        "step": w["step"],
        "actions": grouped(ordered(w, concrete_actions(w))),
    }
