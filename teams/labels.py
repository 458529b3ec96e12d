"""Catalog labels in the reader's language: card names, roles, budget cards."""

from __future__ import annotations

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from teams.models import Card, CardKind
from teams.rules import shield_word

#: the base game's roles (reference edition), in words
ROLES = {
    "full_back": lambda: pgettext("role", "Full-back"),
    "centre_back": lambda: pgettext("role", "Centre-back"),
    "defensive_midfielder": lambda: pgettext("role", "Defensive midfielder"),
    "attacking_midfielder": lambda: pgettext("role", "Attacking midfielder"),
    "forward": lambda: pgettext("role", "Forward"),
}


def card_name(card: Card) -> str:
    """The card's name as the reader's language has it: a catalog row's ``name_<lang>`` when
    the edition gives one (the expansion's player cards do), else our words for the role or
    the budget card, else the printed name."""
    language = (get_language() or "en").split("-")[0]
    data = card.data if isinstance(card.data, dict) else {}
    own = data.get(f"name_{language}")
    if isinstance(own, str) and own:
        return own
    if card.kind == CardKind.BASE_PLAYER and card.role in ROLES:
        return ROLES[card.role]()
    if card.kind == CardKind.BUDGET_CARD:
        return _("Budget card {orientation}").format(orientation=shield_word(card.shield))
    return card.name
