"""Shared helpers for the TriXKick tests."""

from __future__ import annotations

from matches.engine.trixkick import ENGINE
from matches.engine.trixkick.state import new_ball

A_SETUP = {
    "KKL": "C2",
    "LLK": "C3",
    "KKR": "A8",
    "RRK": "A5",
    "RRL": "A7",
    "LLR": "A6",
    "KLR": "A3",
    "KL": "A2",
    "KR": "A4",
    "LR": "A1",
}
B_SETUP = {
    "RRL": "B7",
    "KKR": "B7",
    "KKL": "B6",
    "RRK": "B8",
    "LLK": "B5",
    "KL": "B1",
    "LR": "B2",
    "LLR": "B2",
    "KLR": "B3",
    "KR": "B4",
}
BEGINNER = {"special_situations": False}


def new_match(options=None, sides=None):
    return ENGINE.initial_state(
        edition=ENGINE.default_edition(),
        sides=sides or [{"name": "Blue"}, {"name": "Red"}],
        options=options if options is not None else {},
    )


def setup_lines(a_setup=None, b_setup=None, first="B", a_keepers="KLR", b_keepers="KLR"):
    """Notation lines for an alternating set-up, ``first`` placing first."""
    a = [f"A-{p}@{f}" for p, f in (a_setup or A_SETUP).items()]
    b = [f"B-{p}@{f}" for p, f in (b_setup or B_SETUP).items()]
    order = (b, a) if first == "B" else (a, b)
    lines = []
    for i in range(max(len(a), len(b))):
        for seq in order:
            if i < len(seq):
                lines.append(seq[i])
    keepers = {"A": f"A keepers {a_keepers}", "B": f"B keepers {b_keepers}"}
    other = "A" if first == "B" else "B"
    lines += [keepers[first], keepers[other]]
    return lines


def play(state, lines):
    """Apply notation lines; returns (state, all events)."""
    events = []
    for line in lines:
        t = ENGINE.apply(state, ENGINE.parse_notation(line))
        state = t.state
        events.extend(t.events)
    return state, events


def kinds(events):
    return [e.kind for e in events]


def started(options=None, **kw):
    """A match past its first set-up (A kicks off)."""
    state, _ = play(new_match(options), setup_lines(**kw))
    return state


def pieces_at(state, field):
    w = state.to_json()
    return sorted(pid for pid, p in w["pieces"].items() if p["field"] == field)


def position(
    a,
    b,
    *,
    holder=None,
    symbol=None,
    ball=None,
    loose=False,
    attacker=0,
    options=None,
    keepers=("KLR", "KLR"),
):
    """A state in the middle of play: pieces where given, ``attacker`` to move."""
    from matches.engine.trixkick.pieces import side_of

    opts = {**BEGINNER, **(options or {})}
    sides = [
        {"name": "Blue", "pieces": {"field": sorted(set(a)), "substitutes": []}},
        {"name": "Red", "pieces": {"field": sorted(set(b)), "substitutes": []}},
    ]
    w = new_match(opts, sides=sides).to_json()
    for letter, placed in (("A", a), ("B", b)):
        for sym, field in placed.items():
            w["pieces"][f"{letter}-{sym}"].update(field=field, status="play")
    slots = []
    for k in keepers:
        if len(k) == 3:
            slots.append({"left": k[0], "middle": k[1], "right": k[2]})
        else:
            reserve = next(x for x in "KLR" if x not in k)
            slots.append({"left": k[0], "right": k[1], "reserve": reserve})
    field = ball or w["pieces"][holder]["field"]
    w.update(
        keepers=slots,
        setup=None,
        phase="play",
        step="attack",
        actor=attacker,
        attacker=attacker,
        protect=False,
        ball=new_ball(
            field=field,
            owner=None if loose else (side_of(holder) if holder else attacker),
            symbol=symbol,
            loose=loose,
            holders=None,
            kick=None,
            lock_rule="TK-4.2",
        ).to_json(),
    )
    return ENGINE.state_from_json(w)
