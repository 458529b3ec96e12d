"""TriXKick's own parameters of a sentence in words: pieces, symbols, fields, steps (see
:mod:`matches.engine.wording`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.engine.i18n import gettext, pgettext
from matches.engine.trixkick import texts
from matches.engine.wording import any_of, word_of

SYMBOLS = {
    "K": lambda: pgettext("TriXKick symbol", "head"),
    "L": lambda: pgettext("TriXKick symbol", "left foot"),
    "R": lambda: pgettext("TriXKick symbol", "right foot"),
}
SIDE_NAMES = (
    ("A", lambda: pgettext("team", "Team A")),
    ("B", lambda: pgettext("team", "Team B")),
)


def piece(pid: Any) -> str:
    """A piece by its symbols, as the rulebook names it ("KKL")."""
    return pid.split("-", 1)[1] if isinstance(pid, str) and "-" in pid else str(pid)


def symbol(value: Any) -> str:
    if value is None:
        return pgettext("TriXKick symbol", "any")
    return word_of(SYMBOLS, value)


def words(key: str, value: Any, names: Sequence[str] | None) -> str | None:
    if key in ("piece", "partner", "out", "into"):
        return piece(value)
    if key == "pieces":
        return any_of([piece(v) for v in value])
    if key == "symbol":
        return symbol(value)
    if key == "fields":
        return any_of([str(v) for v in value])
    if key == "step":
        phrase = texts.STEPS.get(value)
        return gettext(phrase) if phrase else ""
    return None
