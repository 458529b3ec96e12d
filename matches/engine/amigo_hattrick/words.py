"""Amigo Hattrick's own parameters of a sentence in words: cards and colours (see
:mod:`matches.engine.wording`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matches.engine.amigo_hattrick import texts
from matches.engine.i18n import gettext, pgettext
from matches.engine.wording import all_of, part_in_words, word_of

COLOURS = {
    "red": lambda: pgettext("card colour", "red"),
    "blue": lambda: pgettext("card colour", "blue"),
    "green": lambda: pgettext("card colour", "green"),
}
_LETTERS = {"R": "red", "B": "blue", "G": "green"}


def card(value: Any) -> str:
    """A card in words: "red 10"."""
    if isinstance(value, Mapping):
        colour, number = value.get("colour"), value.get("number")
    elif isinstance(value, str) and value[:1] in _LETTERS and value[1:].isdigit():
        colour, number = _LETTERS[value[:1]], value[1:]
    else:
        return str(value)
    return gettext("{colour} {number}").format(colour=word_of(COLOURS, colour), number=number)


def words(key: str, value: Any, names: Sequence[str] | None) -> str | None:
    if key in ("card", "high_card"):
        return card(value)
    if key == "fields":  # the parts of a move a refusal names
        return all_of([part_in_words(texts, v) or str(v) for v in value])
    if key in ("colour", "other", "third"):
        return word_of(COLOURS, value)
    if key == "colours":
        return all_of([word_of(COLOURS, v) for v in value])
    return None
