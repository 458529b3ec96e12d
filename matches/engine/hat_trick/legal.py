"""``legal_actions``: what the phone may offer at this moment, with a plain-words hint."""

from __future__ import annotations

from typing import Any

from matches.engine.hat_trick import hooks
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.decks import available, pile_counts
from matches.engine.hat_trick.duels import long_ball_lines
from matches.engine.hat_trick.flow import can_shoot, chance_targets, move_rules
from matches.engine.hat_trick.movement import move_options, sideways_receivers
from matches.engine.hat_trick.pitch import number_of
from matches.engine.hat_trick.state import State, played


def _cards(s: State, side: int) -> list[dict[str, Any]]:
    return [c.to_json() for c in available(s.setup, s.decks[side])]


def shoot_entry(s: State, kind: str | None) -> dict[str, Any]:
    """The ``shoot`` entry: the shooting cards of the action's colour and the keeper cards the
    defending side may reveal now."""
    keeper_side = 1 - s.attacker
    shooting = [c.id for c in s.setup.shooting if kind is None or c.action == kind]
    keepers = hooks.of(s).keepers_in_play(s, keeper_side)
    return {
        "type": "shoot",
        "shooting_cards": shooting,
        "goalkeeper_cards": [k.id for k in keepers],
    }


def actor(s: State) -> int | None:
    ph = s.phase
    if ph in (P.PLAY_CARDS, P.SO_PLAY_CARDS, P.OVER, P.ET_KICKOFF):
        return None
    if ph in P.MOVE_PHASES:
        return move_rules(s).side
    if ph == P.KEEPER_DRAW:
        return 1 - s.attacker
    return s.attacker


def legal_actions(s: State) -> dict[str, Any]:
    ph = s.phase
    actions: list[dict[str, Any]] = []
    paused = hooks.of(s).paused(s)
    if paused is not None:
        return paused
    if ph in (P.PLAY_CARDS, P.SO_PLAY_CARDS):
        actions.append(
            {
                "type": "play_cards",
                "cards": [_cards(s, 0), _cards(s, 1)],
                "draw": ph == P.PLAY_CARDS,
            }
        )
    elif ph in P.MOVE_PHASES:
        moves = move_options(s, move_rules(s))
        if moves:
            actions.append({"type": "move", "moves": moves})
        actions.append({"type": "skip"})
    elif ph in (P.SIDEWAYS_PASS, P.SO_SIDEWAYS_PASS):
        actions.append(
            {
                "type": "pass_sideways",
                "receivers": [number_of(s.grid[f]) for f in sideways_receivers(s.grid, s.ball)],
            }
        )
    elif ph == P.LONG_BALL_LINE:
        actions.append({"type": "long_ball", "lines": long_ball_lines(s)})
    elif ph == P.FK_CHOICE:
        actions.append({"type": "free_kick", "scoring_opportunity": [True, False]})
    elif ph == P.SO_ACTION:
        kind = played(s, s.attacker).kind
        receivers = [number_of(s.grid[f]) for f in chance_targets(s)]
        if receivers:  # with nobody to pass to, refusing is the only way on
            actions.append({"type": "pass", "pass_type": kind, "receivers": receivers})
        actions.append({"type": "refuse"})
    elif ph == P.SO_SHOT:
        if can_shoot(s):
            actions.append(shoot_entry(s, played(s, s.attacker).kind))
        actions.append({"type": "refuse"})
    elif ph == P.PENALTY:
        actions.append(shoot_entry(s, played(s, s.attacker).kind))
    elif ph == P.SHOOTOUT:
        entry = shoot_entry(s, None)
        counts = pile_counts(s.decks[s.attacker])
        entry["cards"] = [c.to_json() for c, n in zip(s.setup.card_kinds, counts, strict=True) if n]
        entry["note"] = "the shooting card must match the kind of the turned-up card"
        actions.append(entry)
    elif ph == P.KEEPER_DRAW:
        shot = s.shot
        assert shot is not None
        actions.append(
            {
                "type": "keeper_draw",
                "max_cards": shot.draws,
                "power": shot.power,
                "cards": [
                    dict(c.to_json(), available=n)
                    for c, n in zip(
                        s.setup.card_kinds, pile_counts(s.decks[1 - shot.side]), strict=True
                    )
                    if n
                ],
            }
        )
    elif ph == P.GK_CARD:
        actions.append({"type": "goal_kick", "cards": _cards(s, s.attacker)})
    elif ph == P.ET_KICKOFF:
        actions.append({"type": "kick_off", "side": [0, 1]})
    if ph != P.OVER:
        hooks.of(s).extra_actions(s, actions)
    return {"hint": P.HINTS[ph], "actor": actor(s), "step": ph, "actions": actions}
