"""The rules at hand: each game's clauses in a few words, in the reader's language.

``docs/rules/<game>.md`` is the rules document, clause by clause; the game's data file
``clauses.yaml`` (in its package, ``Game.data_file``) holds, for every clause id of it, a short
text in each language and the interpretation where we had to take one (a test checks that no
clause is missing). Error answers link to
``clause_url`` of the clause they cite; the state answer lists the clauses of the current step.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml
from django.urls import reverse
from django.utils.translation import get_language

from matches.engine import Game, UnknownGameError, get_game
from matches.engine.i18n import LANGUAGE_CODES


def game_data(game: str, name: str) -> Any:
    """The game's data file ``name`` (YAML), read once; ``None`` if it has none."""
    try:
        return _read(get_game(game), name)
    except UnknownGameError:
        return None


@cache
def _read(game: Game, name: str) -> Any:
    found = game.data_file(name)
    return yaml.safe_load(found.read_text(encoding="utf-8")) if found is not None else None


def clauses(game: str) -> dict[str, dict[str, Any]]:
    """Clause id → ``{"text": {lang: str}, "interpretation": {lang: str}?}`` (file order)."""
    return game_data(game, "clauses.yaml") or {}


def language() -> str:
    current = (get_language() or "en").split("-")[0]
    return current if current in LANGUAGE_CODES else LANGUAGE_CODES[0]


def clause_url(game: str, clause: str) -> str:
    return reverse("game-rule", kwargs={"game": game, "clause": clause})


def parent_of(clause: str, known: dict[str, Any]) -> str | None:
    """The section a clause belongs to: ``HT-3B.2`` → ``HT-3``, ``HX-S.9`` → ``HX-S``."""
    prefix, _, rest = clause.partition("-")
    head = rest.split(".")[0]
    candidates = [f"{prefix}-{head}"]
    digits = "".join(ch for ch in head if ch.isdigit())
    if digits and digits != head:
        candidates.append(f"{prefix}-{digits}")
    for candidate in candidates:
        if candidate != clause and candidate in known:
            return candidate
    return None


def clause_json(game: str, clause: str) -> dict[str, Any] | None:
    """One clause in the active language, or ``None`` if the game has no such clause."""
    known = clauses(game)
    entry = known.get(clause)
    if entry is None:
        return None
    lang = language()
    interpretation = entry.get("interpretation")
    return {
        "id": clause,
        "section": parent_of(clause, known),
        "text": entry["text"][lang],
        "interpretation": interpretation[lang] if interpretation else None,
        "url": clause_url(game, clause),
    }


def rules_json(game: str) -> dict[str, Any]:
    return {
        "game": game,
        "language": language(),
        "clauses": [clause_json(game, clause) for clause in clauses(game)],
    }
