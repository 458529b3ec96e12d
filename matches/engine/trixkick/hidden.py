"""Hidden keepers: what a viewer may see of the other side's set-up (TK-2.3, TK-8.2).

Each side sets up its keepers hidden. The full state keeps their symbols (the engine has to
decide every shot), so the API shows each viewer a *view*: the keepers of every side not in
``visible`` are masked, except the slots a shot has revealed (``revealed``, TK-8.2, TK-9).
Once the match is over everything is shown.

A masked keeper is ``None``; the slots stay, so a client still sees which slots exist (left,
middle, right, or left, right and the reserve in the two-keeper variant)::

    >>> masked_keepers({"left": "K", "middle": "L", "right": "R"}, ["middle"])
    {'left': None, 'middle': 'L', 'right': None}

The logged ``keepers`` action is masked likewise until the match is over: its ``order`` becomes
``None`` and its notation shows one ``?`` per keeper (``B keepers ???``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

HIDDEN_MARK = "?"


def masked_keepers(keepers: Any, revealed: Any) -> Any:
    """A side's keeper slots with every slot not in ``revealed`` set to ``None``."""
    if not isinstance(keepers, Mapping):
        return keepers
    shown = set(revealed) if isinstance(revealed, Iterable) else set()
    return {slot: (symbol if slot in shown else None) for slot, symbol in keepers.items()}


def _sides(visible: Any) -> frozenset[int]:
    try:
        return frozenset(visible)
    except TypeError:
        return frozenset()


def view_state(state_json: Mapping[str, Any], visible: Any) -> dict[str, Any]:
    """The state JSON without the unrevealed keepers of the sides not in ``visible``.

    Never changes ``state_json`` (it may be a stored snapshot): the result is a new dict that
    shares every value except ``keepers``.
    """
    out = dict(state_json)
    keepers = out.get("keepers")
    if out.get("phase") == "over" or not isinstance(keepers, Sequence) or len(keepers) != 2:
        return out
    sides = _sides(visible)
    revealed = out.get("revealed")
    if not isinstance(revealed, Sequence) or len(revealed) != 2:
        revealed = [[], []]
    out["keepers"] = [
        keepers[side] if side in sides else masked_keepers(keepers[side], revealed[side])
        for side in (0, 1)
    ]
    return out


def view_event(
    action: Mapping[str, Any],
    notation: str,
    effects: Sequence[Mapping[str, Any]],
    visible: Any,
    *,
    finished: bool,
) -> tuple[dict[str, Any], str, list[dict[str, Any]]]:
    """A logged action as a viewer sees it: another side's ``keepers`` order stays hidden.

    The game events that follow an action never hold an unrevealed keeper (a shot's events
    name only the keeper it revealed), so they are passed on as they are.
    """
    action_out = dict(action) if isinstance(action, Mapping) else action
    effects_out = [dict(e) if isinstance(e, Mapping) else e for e in effects or ()]
    if finished or not isinstance(action_out, dict) or action_out.get("type") != "keepers":
        return action_out, notation, effects_out
    side = action_out.get("side")
    if side in _sides(visible):
        return action_out, notation, effects_out
    order = action_out.get("order")
    hidden = HIDDEN_MARK * (len(order) if isinstance(order, str) else 3)
    action_out["order"] = None
    letter = "AB"[side] if side in (0, 1) and not isinstance(side, bool) else "?"
    return action_out, f"{letter} keepers {hidden}", effects_out


def hidden_sides(viewed_json: Mapping[str, Any]) -> frozenset[int]:
    """The sides whose keepers ``viewed_json`` (a :func:`view_state`) does not show."""
    keepers = viewed_json.get("keepers")
    if not isinstance(keepers, Sequence) or len(keepers) != 2:
        return frozenset()
    return frozenset(
        side
        for side in (0, 1)
        if isinstance(keepers[side], Mapping)
        and any(symbol is None for symbol in keepers[side].values())
    )


def unchecked(viewed_json: Mapping[str, Any], action: Any) -> str | None:
    """A shot is decided by the keeper it meets (TK-8.2): while the other side's keepers are
    hidden from the holder of ``viewed_json``, only the full state decides it."""
    if not isinstance(action, Mapping) or action.get("type") != "shoot":
        return None
    piece = action.get("piece")
    if not isinstance(piece, str) or piece[:2] not in ("A-", "B-"):
        return None  # malformed: the engine refuses it
    shooter = "AB".index(piece[0])
    return "hidden_keepers" if 1 - shooter in hidden_sides(viewed_json) else None


def marked_unknown(viewed_json: Mapping[str, Any]) -> dict[str, Any]:
    """``viewed_json`` with each hidden keeper marked unknown (``HIDDEN_MARK``) instead of
    ``None``, a state the engine reads."""
    keepers = viewed_json.get("keepers")
    if not isinstance(keepers, Sequence):
        return dict(viewed_json)
    return {
        **viewed_json,
        "keepers": [
            {slot: HIDDEN_MARK if symbol is None else symbol for slot, symbol in k.items()}
            if isinstance(k, Mapping)
            else k
            for k in keepers
        ],
    }
