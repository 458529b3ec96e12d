"""The step hint of a position: which sentence of the catalog (``texts.HINTS``) and its
parameters, and that sentence in English as ``legal_actions`` gives it."""

from __future__ import annotations

from typing import Any

from matches.engine.base import fill_hint
from matches.engine.trixkick import texts
from matches.engine.trixkick.pieces import SYMBOL_NAMES
from matches.engine.trixkick.setup import setup_area
from matches.engine.trixkick.state import TrixKickState, the_ball, the_setup


def hint(s: TrixKickState) -> tuple[str, dict[str, Any]]:
    """The hint's template and its parameters for the state ``s`` (read only)."""
    if s.phase == "over":
        return "over", {}
    side = s.actor
    step = s.step
    params: dict[str, Any] = {"side": side}
    if step == "place":
        kind = the_setup(s).kind
        if kind != "kickoff":
            params["fields"] = list(setup_area(s))
        return f"place/{kind}", params
    if step == "keepers":
        params["count"] = 2 if s.options.two_keepers else 3
        return "keepers", params
    if step == "attack":
        ball = the_ball(s)
        kick = ball.kick
        if kick == "kickoff":
            return "attack/kickoff", params
        if kick is not None:
            params["field"] = ball.field
            return "attack/set_piece", params
        params["symbol"] = ball.symbol
        if ball.loose:
            params["field"] = ball.field
            return "attack/loose", params
        if ball.symbol is None:
            return "attack/free", params
        if ball.lock_rule == "TK-7.4":
            return "attack/won", params
        return "attack", params
    if step == "defend" and s.options.castling:
        return "defend/castling", params
    return step, params


def english_hint(s: TrixKickState) -> str:
    """The hint in English, as ``legal_actions`` gives it (the API translates it per request)."""
    key, params = hint(s)
    return fill_hint(
        texts.HINTS[key],
        params,
        s.names,
        symbol=lambda symbol: SYMBOL_NAMES.get(symbol, "any"),
        fields=" or ".join,
    )
