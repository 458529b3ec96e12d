"""A game's violations as the API and the stored rows say them: in the reader's language,
whenever they are read (the game's team facet keeps each sentence's template, see
``matches.engine.teams``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from matches.engine.teams import Violation, say


def _language() -> str:
    return (get_language() or "en").split("-")[0]


def violation_message(violation: Mapping[str, Any]) -> str:
    """The violation's sentence in the active language (a stored one from before sentences were
    kept as templates, or one that was a sentence already, stays as it was said)."""
    text = violation.get("text")
    template = text.get("template") if isinstance(text, dict) else None
    if not isinstance(template, str):
        return str(violation.get("message", ""))
    return say({"template": template, "params": text.get("params") or {}}, _language())


def said(violations: Iterable[Violation]) -> list[Violation]:
    """The violations with their sentences in the active language (as they are stored)."""
    return [{**v, "message": violation_message(v)} for v in violations]


def public_violation(violation: Mapping[str, Any]) -> dict[str, Any]:
    """The violation as the API shows it: its sentence in the reader's language."""
    shown = {key: value for key, value in violation.items() if key != "text"}
    shown["message"] = violation_message(violation)
    return shown


def invalid_reason(violations: list[dict[str, Any]], rechecked_against: str = "") -> str:
    """Why a team or build is invalid, in the active language: the first five violations."""
    if not violations:
        return ""
    text = "; ".join(violation_message(v) for v in violations[:5])
    more = len(violations) - 5
    if more > 0:
        text = _("{reasons} (and {count} more)").format(reasons=text, count=more)
    if rechecked_against:
        text = _("Re-checked against {edition}: {reasons}").format(
            edition=rechecked_against, reasons=text
        )
    return text
