"""``legal_actions`` of expansion matches: what the base list gains (abilities, style cards,
optional match events) and the pending lowest-number choice that replaces it."""

from __future__ import annotations

from typing import Any

from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import action_to_json
from matches.engine.hat_trick.decks import pile_counts
from matches.engine.hat_trick.expansion.abilities import ability_options
from matches.engine.hat_trick.expansion.match_events import counter_target, enabled, long_shot_open
from matches.engine.hat_trick.expansion.styles import style_options
from matches.engine.hat_trick.expansion.substitutions import substitution_options
from matches.engine.hat_trick.legal import shoot_entry
from matches.engine.hat_trick.pitch import number_of
from matches.engine.hat_trick.state import State, played


def paused(s: State) -> dict[str, Any] | None:
    """HX-N.2: while tied players wait for their manager's choice, that choice is all there is."""
    if s.x.choice is None:
        return None
    kind, side, fields, _ = s.x.choice
    numbers = [number_of(s.grid[f]) for f in fields]
    hint = P.HINTS["tie"].format(players=", ".join(map(str, numbers)))
    actions = [{"type": "choose", "decides": kind, "players": numbers}]
    return {"hint": hint, "actor": side, "step": s.phase, "actions": actions}


def extra_actions(s: State, actions: list[dict[str, Any]]) -> None:
    """HX-A / HX-S: the ability uses and style cards open to each side now (extra actions;
    the step does not change)."""
    for side in (0, 1):
        uses = ability_options(s, side)
        if uses:
            actions.append(
                {"type": "ability", "side": side, "uses": [action_to_json(u) for u in uses]}
            )
    for side in (0, 1):
        plays = style_options(s, side)
        if plays:
            actions.append(
                {"type": "style", "side": side, "uses": [action_to_json(p) for p in plays]}
            )
    if s.setup.expansion.events:
        _match_events(s, actions)


def _match_events(s: State, actions: list[dict[str, Any]]) -> None:
    """HX-E: the optional match events open now."""
    if long_shot_open(s):
        entry = shoot_entry(s, played(s, s.attacker).kind)
        entry["long_shot"] = True
        actions.append(entry)
    for side in (0, 1):
        if enabled(s, "counter") and counter_target(s, side) >= 0:
            actions.append({"type": "counter", "side": side})
        subs = substitution_options(s, side)
        if subs:
            actions.append(
                {"type": "substitute", "side": side, "uses": [action_to_json(u) for u in subs]}
            )
    side = s.x.protest
    if side >= 0:
        counts = pile_counts(s.decks[side])
        cards = [c.to_json() for c, n in zip(s.setup.card_kinds, counts, strict=True) if n]
        if cards:
            actions.append({"type": "protest", "side": side, "cards": cards})
