"""The step hint of a position: which sentence of the catalog (``texts.HINTS``) and its
parameters, and that sentence in English as ``legal_actions`` gives it."""

from __future__ import annotations

from typing import Any

from matches.engine.trixkick import texts
from matches.engine.trixkick.pieces import SYMBOL_NAMES
from matches.engine.trixkick.setup import setup_area


def hint(w: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The hint's template and its parameters for the state ``w`` (read only)."""
    if w["phase"] == "over":
        return "over", {}
    side = w["actor"]
    step = w["step"]
    params: dict[str, Any] = {"side": side}
    if step == "place":
        s = w["setup"]
        kind = s["kind"]
        if kind != "kickoff":
            params["fields"] = list(setup_area(w))
        return f"place/{kind}", params
    if step == "keepers":
        params["count"] = 2 if w["options"].get("two_keepers") else 3
        return "keepers", params
    if step == "attack":
        ball = w["ball"] or {}
        kick = ball.get("kick")
        if kick == "kickoff":
            return "attack/kickoff", params
        if kick is not None:
            params["field"] = ball.get("field")
            return "attack/set_piece", params
        params["symbol"] = ball.get("symbol")
        if ball.get("loose"):
            params["field"] = ball.get("field")
            return "attack/loose", params
        if ball.get("symbol") is None:
            return "attack/free", params
        if ball.get("lock_rule") == "TK-7.4":
            return "attack/won", params
        return "attack", params
    if step == "defend" and w["options"].get("castling"):
        return "defend/castling", params
    return step, params


def english_hint(w: dict[str, Any]) -> str:
    """The hint in English, as ``legal_actions`` gives it (the API translates it per request)."""
    key, params = hint(w)
    words = dict(params)
    if "side" in words:
        words["side"] = w["names"][words["side"]]
    if "symbol" in words:
        words["symbol"] = SYMBOL_NAMES.get(words["symbol"], "any")
    if "fields" in words:
        words["fields"] = " or ".join(words["fields"])
    return texts.HINTS[key].format(**words)
