"""The step hint of a state: which sentence of the catalog (``texts.HINTS``) and its
parameters, and that sentence in English as ``legal_actions`` gives it."""

from __future__ import annotations

from typing import Any

from matches.engine.amigo_hattrick import texts
from matches.engine.amigo_hattrick.state import Step
from matches.engine.base import fill_hint


def hint(state: Any) -> tuple[str, dict[str, Any]]:
    """The hint's template and parameters for the state (see ``legal.hint``)."""
    if state.step is Step.OVER:
        totals = state.totals
        best = max(totals)
        winners = [side for side in range(state.players) if totals[side] == best]
        return "over", {"winners": winners, "points": best}
    if state.step is Step.DEAL:
        return "deal", {"side": state.dealer, "game": state.game + 1, "count": state.hand_size}
    tricks = state.tricks
    params: dict[str, Any] = {"side": state.turn}
    if not tricks:
        return "lead", {**params, "round": state.round, "game": state.game}
    if len(tricks) == 1:
        return "one_trick", {**params, "colour": tricks[0].colour}
    third = next(c for c in state.colours if c not in (t.colour for t in tricks))
    return "two_tricks", {
        **params,
        "colour": tricks[0].colour,
        "other": tricks[1].colour,
        "third": third,
    }


def english_hint(state: Any) -> str:
    """The hint in English, as ``legal_actions`` gives it (the API translates it per request)."""
    key, params = hint(state)
    names = state.names
    return fill_hint(
        texts.HINTS[key], params, names, winners=lambda sides: " and ".join(names[s] for s in sides)
    )


#: Hint key → the clauses that govern that step (the state answer's quick reference).
