"""Hat-Trick's own parameters of a sentence in words: action cards, edges, styles, match
events, steps (see :mod:`matches.engine.wording`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matches.engine.hat_trick import texts
from matches.engine.i18n import gettext, pgettext
from matches.engine.wording import COLOUR_SIDE_NAMES, word_of

KINDS = {
    "short_pass": lambda: pgettext("Hat-Trick action card", "Short pass"),
    "long_ball": lambda: pgettext("Hat-Trick action card", "Long ball"),
    "dribbling": lambda: pgettext("Hat-Trick action card", "Dribbling"),
}
EDGES = {
    "left": lambda: pgettext("edge of a card", "left"),
    "right": lambda: pgettext("edge of a card", "right"),
}
STYLES = {
    "tactical": lambda: pgettext("style card", "tactical"),
    "technical": lambda: pgettext("style card", "technical"),
    "physical": lambda: pgettext("style card", "physical"),
    "total": lambda: pgettext("style card", "total"),
}
MATCH_EVENTS = {
    "long_shot": lambda: pgettext("match event", "Long shot"),
    "corners": lambda: pgettext("match event", "Corners"),
    "substitutions": lambda: pgettext("match event", "Substitutions"),
    "captain": lambda: pgettext("match event", "Captain"),
    "counter": lambda: pgettext("match event", "Counter"),
}
SIDE_NAMES = COLOUR_SIDE_NAMES


def card(value: Any) -> str:
    """An action card in words: "Long ball 4, left"."""
    if isinstance(value, Mapping) and {"kind", "footballs", "edge"} <= set(value):
        return gettext("{kind} {footballs}, {edge}").format(
            kind=word_of(KINDS, value["kind"]),
            footballs=value["footballs"],
            edge=word_of(EDGES, value["edge"]),
        )
    return str(value)


def style(value: str) -> str:
    """A style (tactical, technical, physical, total) in words."""
    return word_of(STYLES, value)


def words(key: str, value: Any, names: Sequence[str] | None) -> str | None:
    if key == "card":
        return card(value)
    if key in ("pass_type", "kind"):
        return word_of(KINDS, value)
    if key in ("edge", "card_edge"):
        return word_of(EDGES, value)
    if key == "step":
        hint_text = texts.HINTS.get(value)
        return gettext(hint_text) if hint_text else ""
    if key in ("style", "played"):
        return style(value)
    if key == "event":
        return word_of(MATCH_EVENTS, value)
    return None
