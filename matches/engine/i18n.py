"""Sentences of the engines, kept apart from the rules so they can be translated.

The engines stay free of Django: each game lists, in ``<game>/texts.py``, one English sentence
template per error code (``ERRORS``) and per step hint (``HINTS``), written with named
``{placeholders}`` that are keys of the error's ``details`` (or of the hint's parameters). The
Django side (``matches.i18n``) looks the template up in the gettext catalog of the language the
request asked for, and fills in the placeholders in words: team names instead of side indexes,
cards as "Long ball 4, left". ``N_`` only marks a template for the catalog's extraction
(``pybabel extract -k N_``); it returns its argument unchanged.

An error's template is found under ``"<code>:<cause>"`` first when its details name a ``cause``
(one code, such as ``invalid_action``, refusing malformed input for several reasons under one
clause), then under ``"<code>@<rule>"`` (one code whose causes differ by clause), then under
``"<code>"``. ``PARTS`` in a game's texts names the fields of its moves and set-ups in words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from matches.engine.base import EngineError
from matches.engine.base import error_template as error_template  # re-exported

#: The languages every sentence a player reads is written in: ``(code, name)``, English first
#: (the fallback). The server's ``settings.LANGUAGES`` is this list.
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("de", "Deutsch"))
#: their codes
LANGUAGE_CODES: tuple[str, ...] = tuple(code for code, _name in LANGUAGES)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark, do not translate"
    return text


@contextmanager
def refusals_of(game: str) -> Iterator[None]:
    """Name ``game`` on an engine error raised inside (``exc.game``): a refusal of malformed
    input carries no clause that tells its game, and its sentence is looked up in the game's
    texts."""
    try:
        yield
    except EngineError as exc:
        if getattr(exc, "game", None) is None:
            exc.game = game
        raise


def _same(text: str) -> str:
    return text


def _same_in_context(context: str, text: str) -> str:
    return text


_translator: Callable[[str], str] = _same
_in_context: Callable[[str, str], str] = _same_in_context


def set_translator(
    translate: Callable[[str], str] | None,
    translate_in_context: Callable[[str, str], str] | None = None,
) -> None:
    """Where the engines' sentences and pictures get their words from: ``translate`` maps an
    English text to the text in the reader's language, ``translate_in_context`` does the same
    for a text marked with a context (``pgettext``). The Django app installs its ``gettext``
    and ``pgettext`` at start-up, a phone the same compiled catalog through the standard
    library's ``gettext``; without one the words stay English."""
    global _translator, _in_context
    _translator = translate or _same
    _in_context = translate_in_context or _same_in_context


def gettext(text: str) -> str:
    """``text`` in the reader's language (the catalog installed by :func:`set_translator`)."""
    return _translator(text)


def pgettext(context: str, text: str) -> str:
    """``text``, marked with ``context`` in the catalog, in the reader's language."""
    return _in_context(context, text)


def tr(text: str) -> str:
    """A label of a picture in the reader's language (``text`` is marked for the catalog)."""
    return _translator(text)


#: The names a side goes by when it has none of its own (translated in pictures).
SIDE_COLOURS = {"Blue": N_("Blue"), "Red": N_("Red")}


def side_label(name: str) -> str:
    """A side's name for a picture: its own, or its colour in the reader's language."""
    return tr(SIDE_COLOURS[name]) if name in SIDE_COLOURS else name
