"""Every legal action, listed concretely and compactly (the game has no hidden chance).

``legal_actions`` groups the concrete actions: a list-valued field means "pick one of these".
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalActionError
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
)
from matches.engine.trixkick.board import (
    FIELDS,
    SECOND_ROW,
    SLOTS,
    diagonal_neighbours,
    run_targets,
)
from matches.engine.trixkick.fouls import card_candidates
from matches.engine.trixkick.moves import STEP_HINT, check
from matches.engine.trixkick.pieces import SYMBOLS, run_range
from matches.engine.trixkick.setup import keeper_orders
from matches.engine.trixkick.state import holders, on_board, with_status


def _candidates(w: dict) -> list[Action]:
    step, side = w["step"], w["actor"]
    out: list[Action] = []
    if step == "place":
        squad = with_status(w, side, "squad")
        out += [Place(pid, f) for pid in squad for f in FIELDS]
        out += [Substitute(o, i) for o in squad for i in with_status(w, side, "bench")]
    elif step == "keepers":
        out += [Keepers(side, order) for order in keeper_orders(w)]
    elif step in ("attack", "penalty"):
        hs = holders(w)
        for pid in hs:
            for s in SYMBOLS:
                out += [Shoot(pid, s, slot) for slot in SLOTS]
        if step == "attack":
            for pid in hs:
                for s in SYMBOLS:
                    out += [Play(pid, s, f) for f in FIELDS]
            out += _runs(w, side)
            if w["options"]["double_pass"]:
                for pid in hs:
                    start = w["pieces"][pid]["field"]
                    for mate in on_board(w, side):
                        mf = w["pieces"][mate]["field"]
                        if mate == pid or mf not in diagonal_neighbours(start):
                            continue
                        for s in SYMBOLS:
                            for r in SYMBOLS:
                                out += [
                                    DoublePass(pid, s, mate, r, f) for f in diagonal_neighbours(mf)
                                ]
            out.append(EndTurn())
    elif step == "defend":
        out += _runs(w, side)
        if w["options"]["castling"]:
            mine = on_board(w, side)
            out += [Castle(a, b) for a in mine for b in mine if a < b]
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
    for pid in on_board(w, side):
        p = w["pieces"][pid]
        reach = run_range(p["symbols"])
        targets = run_targets(p["field"], reach, w["options"]["l_shaped_runs"])
        out += [Run(pid, f) for f in sorted(targets)]
    return out


def concrete_actions(
    w: dict, limit: int | None = None, skip: tuple[type, ...] = ()
) -> list[Action]:
    """The legal actions one by one (``limit`` stops early; ``skip`` leaves types out)."""
    if w["phase"] == "over":
        return []
    found: list[Action] = []
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


def grouped(actions: list[Action]) -> list[dict[str, Any]]:
    """Concrete actions folded per piece (and symbol): the last field becomes a list."""
    groups: dict[tuple, dict[str, Any]] = {}
    for action in actions:
        data = action_to_json(action)
        kind = data["type"]
        choice = _CHOICE.get(kind)
        if choice is None:
            groups.setdefault((kind,), data)
            continue
        key = (kind, *(data[k] for k in _GROUP.get(kind, ())))
        entry = groups.setdefault(
            key, {**{k: v for k, v in data.items() if k != choice}, choice: []}
        )
        entry[choice].append(data[choice])
    return list(groups.values())


def legal_actions(w: dict) -> dict[str, Any]:
    if w["phase"] == "over":
        return {"hint": "The match is over.", "actor": None, "step": "over", "actions": []}
    side = w["actor"]
    hint = f"{w['names'][side]} ({'AB'[side]}) to {STEP_HINT[w['step']]}."
    return {
        "hint": hint,
        "actor": side,
        "step": w["step"],
        "actions": grouped(concrete_actions(w)),
    }
