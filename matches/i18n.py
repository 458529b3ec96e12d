"""Engine sentences in the request's language: error messages and step hints.

The wording itself is pure and lives beside the engines (``matches.engine.wording``, which a
phone runs too); the server's gettext catalog (``companion/locale``) is installed into it at
start-up (``matches.apps``). This module adds what needs the server: the clauses of the rules
pages and their addresses. See docs/i18n.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import NoReverseMatch

from matches.engine import get_game
from matches.engine.wording import (  # noqa: F401 - the server's wording, re-exported
    effect_text,
    error_message,
    fill,
    game_name,
    game_of_rule,
    hint_key,
    hint_message,
    hint_with_actor,
    part_name,
    placeholders,
    render_param,
    side_name,
    state_side_names,
    texts,
    to_move_name,
)


def quick_reference(game: str, state: Any, legal: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The clauses that govern the current step, in the active language (short texts)."""
    from matches.rules_at_hand import clauses

    module = get_game(game).texts
    if module is None or get_game(game).hint is None:
        return []
    key, _params = hint_key(game, state, legal)
    found = (clauses.clause_json(game, clause) for clause in module.STEP_CLAUSES.get(key, ()))
    return [clause for clause in found if clause is not None]


def rule_link(rule: str | None, *, game: str | None = None) -> str | None:
    """The address of the clause ``rule`` of ``game`` (from the rule's prefix when not given)."""
    from matches.rules_at_hand import clauses

    game = game or game_of_rule(rule)
    if not rule or game is None or rule not in clauses.clauses(game):
        return None
    try:
        return clauses.clause_url(game, rule)
    except NoReverseMatch:  # a URL configuration without the rules (some tests use their own)
        return None
