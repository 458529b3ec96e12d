"""Every legal action, listed concretely and compactly (the game has no hidden chance).

``legal_actions`` groups the concrete actions: a list-valued field means "pick one of these".
"""

from __future__ import annotations

from typing import Any

from matches.engine.trixkick.actions import ACTION_FIELDS, Action, action_to_json
from matches.engine.trixkick.hints import english_hint
from matches.engine.trixkick.moves import concrete_actions
from matches.engine.trixkick.order import ordered
from matches.engine.trixkick.state import TrixKickState

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
    groups: dict[tuple[str, ...], dict[str, Any]] = {}
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


def legal_actions(s: TrixKickState) -> dict[str, Any]:
    if s.phase == "over":
        return {"hint": english_hint(s), "actor": None, "step": "over", "actions": []}
    side = s.actor
    return {
        "hint": english_hint(s),
        "actor": side,
        "step": s.step,
        "actions": grouped(ordered(s, concrete_actions(s))),
    }
