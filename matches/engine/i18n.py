"""Sentences of the engines, kept apart from the rules so they can be translated.

The engines stay free of Django: each game lists, in ``<game>/texts.py``, one English sentence
template per error code (``ERRORS``) and per step hint (``HINTS``), written with named
``{placeholders}`` that are keys of the error's ``details`` (or of the hint's parameters). The
Django side (``matches.i18n``) looks the template up in the gettext catalog of the language the
request asked for, and fills in the placeholders in words: team names instead of side indexes,
cards as "Long ball 4, left". ``N_`` only marks a template for the catalog's extraction
(``pybabel extract -k N_``); it returns its argument unchanged.

An error's template is found under ``"<code>@<rule>"`` first (one code whose causes differ by
clause), then under ``"<code>"``.
"""

from __future__ import annotations

from collections.abc import Mapping


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark, do not translate"
    return text


def error_template(errors: Mapping[str, str], code: str, rule: str | None) -> str | None:
    """The template for an error of ``code`` raised under ``rule`` (``None``: not listed)."""
    if rule:
        found = errors.get(f"{code}@{rule}")
        if found is not None:
            return found
    return errors.get(code)
