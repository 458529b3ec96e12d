"""One match refereed away from the server: what a phone shows next and what a move does.

The phone's Web Worker runs this module (with the engines and the compiled catalogs, in
Pyodide); the server builds its legal actions with the same :func:`localized_legal`. A
:class:`Table` holds the state the phone knows, applies a move with the engine and answers in
JSON: the legal actions with their hint, the summary, the outcome, the picture with the last
move marked, the events with their sentences, or the refusal with its sentence.

Where a move depends on what this phone may not see (the other side's hidden TriXKick keepers
at a shot), the table does not guess: :meth:`Table.apply` answers ``unchecked`` with the
reason, and the server decides.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from matches.engine import EngineError, first_action, get_engine
from matches.engine.base import HiddenInformation
from matches.engine.i18n import refusals_of, set_translator
from matches.engine.wording import (
    effect_text,
    error_message,
    hint_message,
    hint_with_actor,
    state_side_names,
)


def localized_legal(engine: Any, state: Any) -> dict[str, Any]:
    """``legal_actions`` with its hint in the active language, naming the side to move, and
    the first ready action of each entry (``ready``)."""
    legal = dict(engine.legal_actions(state))
    legal["ready"] = [first_action(engine.key, entry, legal) for entry in legal["actions"]]
    hint = hint_message(engine.key, state, legal)
    if hint is not None:
        legal["hint"] = hint
    if isinstance(legal.get("hint"), str):
        legal["hint"] = hint_with_actor(engine.key, state, legal["hint"], legal.get("actor"))
    return legal


def use_catalog(locale_dir: str | Path, language: str) -> None:
    """Install the compiled catalog (``<locale_dir>/<language>/LC_MESSAGES/django.mo``, the
    server's own) for the engines' sentences and pictures; English needs none."""
    translations = stdlib_gettext.translation(
        "django", localedir=str(locale_dir), languages=[language], fallback=True
    )
    set_translator(translations.gettext, translations.pgettext)


class Table:
    """The state a phone knows of one match, and the one before its last move."""

    def __init__(self, game: str, state_json: Mapping[str, Any], before_json: Any = None):
        self.engine = get_engine(game)
        self.game = game
        with refusals_of(game):
            self.state = self.engine.state_from_json(state_json)
            self.before = (
                self.engine.state_from_json(before_json) if before_json is not None else None
            )
        self.state_json = dict(state_json)

    def view(self, *, picture: bool = True) -> dict[str, Any]:
        """What the phone shows now: legal actions with their hint, summary, outcome, picture."""
        outcome = self.engine.outcome(self.state)
        data: dict[str, Any] = {
            "legal": localized_legal(self.engine, self.state),
            "summary": self.engine.summary(self.state),
            "outcome": outcome.to_json() if outcome else None,
            "state": self.state_json,
        }
        if picture:
            # drawn as the server draws it for this phone: what is hidden from it unseen
            svg = None
            if isinstance(self.engine, HiddenInformation):
                svg = self.engine.render_svg_viewed(self.state_json, self.before)
            data["svg"] = (
                svg if svg is not None else self.engine.render_svg(self.state, self.before)
            )
        return data

    def apply(self, action_data: Any, *, picture: bool = True) -> dict[str, Any]:
        """Apply a move: ``{"ok": True, "action", "notation", "effects", "view"}``, or
        ``{"ok": False, "error": {...}}`` with the refusal's sentence, or
        ``{"ok": False, "unchecked": reason}`` when the phone cannot decide it."""
        reason = None
        if isinstance(self.engine, HiddenInformation):
            reason = self.engine.unchecked(self.state_json, action_data)
        if reason is not None:
            return {"ok": False, "unchecked": reason}
        names = state_side_names(self.game, self.state)
        try:
            with refusals_of(self.game):
                action = self.engine.parse_action(action_data)
                transition = self.engine.apply(self.state, action)
        except EngineError as exc:
            error = exc.as_dict()
            message = error_message(exc.code, exc.rule, exc.details, game=self.game, names=names)
            if message is not None:
                error["message"] = message
            return {"ok": False, "error": error}
        effects = [event.to_json() for event in transition.events]
        for effect in effects:
            effect["text"] = effect_text(self.game, effect, names)
        self.before, self.state = self.state, transition.state
        self.state_json = self.engine.state_to_json(self.state)
        return {
            "ok": True,
            "action": self.engine.action_to_json(action),
            "notation": self.engine.format_action(action),
            "effects": effects,
            "view": self.view(picture=picture),
        }


# ---------------------------------------------------------------- the phone's worker

_TABLES: dict[str, Table] = {}
_LOCALE = {"dir": "locale"}


def answer(request: str) -> str:
    """One request of the phone's Web Worker (JSON in, JSON out), by its ``op``:

    - ``language``: the catalog of ``language`` from ``locale`` (the bundle's folder);
    - ``load``: the ``state`` (JSON, as the API gave it) of the match ``table`` of ``game``,
      answers its view (``picture``: with the SVG);
    - ``apply``: the ``action`` on that table (see :meth:`Table.apply`);
    - ``drop``: forget the table.

    A table the worker does not hold answers ``{"ok": False, "missing": True}``."""
    message = json.loads(request)
    op = message.get("op")
    picture = bool(message.get("picture", True))
    if op == "language":
        _LOCALE["dir"] = message.get("locale", _LOCALE["dir"])
        use_catalog(_LOCALE["dir"], message["language"])
        return json.dumps({"ok": True})
    key = str(message.get("table"))
    if op == "load":
        try:
            loaded = Table(message["game"], message["state"], message.get("before"))
        except EngineError as exc:
            return json.dumps({"ok": False, "error": exc.as_dict()})
        _TABLES[key] = loaded
        return json.dumps({"ok": True, "view": loaded.view(picture=picture)})
    if op == "drop":
        _TABLES.pop(key, None)
        return json.dumps({"ok": True})
    table = _TABLES.get(key)
    if table is None:
        return json.dumps({"ok": False, "missing": True})
    if op == "apply":
        return json.dumps(table.apply(message.get("action"), picture=picture))
    if op == "view":
        return json.dumps({"ok": True, "view": table.view(picture=picture)})
    return json.dumps({"ok": False, "error": {"code": "unknown_op", "message": str(op)}})
