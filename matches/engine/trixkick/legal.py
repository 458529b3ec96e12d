"""Every legal action, listed concretely and compactly (the game has no hidden chance).

``legal_actions`` groups the concrete actions: a list-valued field means "pick one of these".
"""

from __future__ import annotations

from itertools import repeat
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
    return list(_groups(actions).values())


def _groups(actions: list[Action]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The entries of ``grouped`` by their key: the type and the grouping fields' values."""
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
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
    return groups


# The legal actions last listed, with the state they were listed for (held here, so that no
# other object takes its identity): by the key of their entry, the values of its choice. A
# state never changes, so neither does what it lists; ``apply`` skips the rule checks of an
# action listed for the very state it is applied to (a player, and the phone's referee, list a
# state's actions and then play one of them). One slot, replaced as a whole.
_listed: tuple[TrixKickState | None, dict[tuple[Any, ...], frozenset[Any]]] = (None, {})

# per action class: its type, the attributes of the grouping keys, the attribute of the choice
_KEY_ATTRS: dict[type, tuple[str, tuple[str, ...], str | None]] = {
    cls: (kind, tuple(dict(keys)[k] for k in group), None if choice is None else dict(keys)[choice])
    for cls, (kind, keys, group, choice) in _LAYOUT.items()
}


def listed(s: TrixKickState, action: Action) -> bool:
    """Whether ``action`` is among the legal actions just listed for the state ``s`` (False
    when the last list was another state's: ``moves.check`` decides then)."""
    state, members = _listed
    if state is not s:
        return False
    kind, group, choice = _KEY_ATTRS[type(action)]
    try:
        values = members.get((kind, *map(getattr, repeat(action), group)))
        return values is not None and (choice is None or getattr(action, choice) in values)
    except TypeError:  # a value that cannot be a key (a typed action built wrongly)
        return False


def _members(
    groups: dict[tuple[Any, ...], dict[str, Any]],
) -> dict[tuple[Any, ...], frozenset[Any]]:
    """By the key of each entry, the values of its choice (none for a type without one)."""
    return {
        key: frozenset(entry[_CHOICE[key[0]]]) if key[0] in _CHOICE else frozenset()
        for key, entry in groups.items()
    }


def legal_actions(s: TrixKickState) -> dict[str, Any]:
    global _listed
    if s.phase == "over":
        return {"hint": english_hint(s), "actor": None, "step": "over", "actions": []}
    side = s.actor
    groups = _groups(ordered(s, concrete_actions(s)))
    _listed = (s, _members(groups))
    return {
        "hint": english_hint(s),
        "actor": side,
        "step": s.step,
        "actions": list(groups.values()),
    }
