"""Match options: length, the special situations of section 6 and the advanced variants.

>>> normalise_options({"special_situations": False})["fouls"]
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.base import SetupError
from matches.engine.trixkick.errors import refused_setup

SPECIAL = ("fouls", "offside", "substitutions", "double_pass", "castling")
VARIANTS = (
    "two_keepers",
    "keeper_support",
    "l_shaped_runs",
    "far_corner",
    "no_second_touch",
    "one_triple_substitute",
    "same_symbol_substitutes",
)
DEFAULTS: dict[str, Any] = {
    "kickoff_side": 0,
    "match_length": {"kind": "goals", "goals": 1},
    **{name: True for name in SPECIAL},
    **{name: False for name in VARIANTS},
}


def _bad(cause: str, **details: Any) -> SetupError:
    """An ``invalid_option`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_option", "TK-17", cause, **details)


def _match_length(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise _bad("match_length")
    kind = value.get("kind")
    if kind == "goals":
        if set(value) - {"kind", "goals"}:
            raise _bad("goals_only")
        goals = value.get("goals", 1)
        if isinstance(goals, bool) or not isinstance(goals, int) or not 1 <= goals <= 99:
            raise _bad("goals")
        return {"kind": "goals", "goals": goals}
    if kind == "time":
        if set(value) - {"kind", "periods", "minutes"}:
            raise _bad("time_only")
        periods = value.get("periods", 2)
        minutes = value.get("minutes", 15)
        for name, number, top in (("periods", periods, 4), ("minutes", minutes, 180)):
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= top:
                raise _bad("periods" if name == "periods" else "minutes", high=top)
        return {"kind": "time", "periods": periods, "minutes": minutes}
    raise _bad("match_length_kind")


def normalise_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option with its value; raises :class:`SetupError` on an unknown or bad one."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise _bad("not_object")
    unknown = set(options) - set(DEFAULTS) - {"special_situations"}
    if unknown:
        raise _bad("unknown_option")
    out = dict(DEFAULTS)
    out["match_length"] = dict(DEFAULTS["match_length"])
    if "special_situations" in options:
        flag = options["special_situations"]
        if not isinstance(flag, bool):
            raise _bad("on_off")
        for name in SPECIAL:
            out[name] = flag
    for name in SPECIAL + VARIANTS:
        if name in options:
            if not isinstance(options[name], bool):
                raise _bad("on_off")
            out[name] = options[name]
    if "kickoff_side" in options:
        side = options["kickoff_side"]
        if isinstance(side, bool) or side not in (0, 1):
            raise _bad("kickoff_side")
        out["kickoff_side"] = side
    if "match_length" in options:
        out["match_length"] = _match_length(options["match_length"])
    if out["keeper_support"] and not out["two_keepers"]:
        raise refused_setup("invalid_option", "TK-18.2")
    return out
