"""Catalog labels in the reader's language: card names, roles, budget cards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from matches.engine.teams import shield_word
from teams.models import Card, CardKind

#: the base game's roles (reference edition), in words
ROLES = {
    "full_back": lambda: pgettext("role", "Full-back"),
    "centre_back": lambda: pgettext("role", "Centre-back"),
    "defensive_midfielder": lambda: pgettext("role", "Defensive midfielder"),
    "attacking_midfielder": lambda: pgettext("role", "Attacking midfielder"),
    "forward": lambda: pgettext("role", "Forward"),
}


def _language() -> str:
    return (get_language() or "en").split("-")[0]


def said(data: dict[str, Any], key: str) -> str:
    """A text of a catalog entry in the reader's language: ``<key>_<lang>`` when the edition
    gives one (the expansion's catalog gives German: ``text_de``, ``title_de``…), else ``<key>``."""
    own = data.get(f"{key}_{_language()}")
    if isinstance(own, str) and own:
        return own
    plain = data.get(key)
    return plain if isinstance(plain, str) else ""


def card_name(card: Card) -> str:
    """The card's name as the reader's language has it: a catalog row's ``name_<lang>`` (a style
    card's ``title_<lang>``) when the edition gives one (the expansion's player cards, team
    cards and style cards do), else our words for the role or the budget card, else the printed
    name."""
    data = card.data if isinstance(card.data, dict) else {}
    own = data.get(f"name_{_language()}")
    if card.kind == CardKind.STYLE_CARD:
        own = data.get(f"title_{_language()}")
    if isinstance(own, str) and own:
        return own
    if card.kind == CardKind.BASE_PLAYER and card.role in ROLES:
        return ROLES[card.role]()
    if card.kind == CardKind.BUDGET_CARD:
        return _("Budget card {orientation}").format(orientation=shield_word(card.shield))
    return card.name


def role_words(roles: Iterable[str]) -> dict[str, str]:
    """Each role id in words in the reader's language: the base game's from our words, the
    expansion's as its player cards name it (``name_<lang>``); an unknown id is left out."""
    roles = {str(role) for role in roles}
    words = {role: ROLES[role]() for role in roles if role in ROLES}
    cards = Card.objects.filter(
        kind__in=(CardKind.BASE_PLAYER, CardKind.PLAYER), role__in=roles - set(words)
    ).order_by("id")
    for card in cards:
        words.setdefault(card.role, card_name(card))
    return words


def abilities_by_id(edition_data: Any) -> dict[str, dict[str, Any]]:
    """The expansion's abilities of an edition, by id."""
    exp = edition_data.get("expansion") if isinstance(edition_data, dict) else None
    entries = exp.get("abilities") if isinstance(exp, dict) else None
    return {
        entry["id"]: entry
        for entry in entries or []
        if isinstance(entry, dict) and isinstance(entry.get("id"), str)
    }


def card_texts(card: Card, abilities: dict[str, dict[str, Any]]) -> dict[str, str]:
    """What the card says, in the reader's language: a player card's two abilities (``silver``,
    ``gold``), a style card's ``condition`` and ``effect``; nothing for other cards."""
    data = card.data if isinstance(card.data, dict) else {}
    if card.kind == CardKind.PLAYER:
        texts = {}
        for face in ("silver", "gold"):
            side = data.get(face)
            ability = abilities.get(side.get("ability")) if isinstance(side, dict) else None
            if ability is not None:
                texts[face] = said(ability, "text")
        return texts
    if card.kind == CardKind.STYLE_CARD:
        return {"condition": said(data, "condition"), "effect": said(data, "effect")}
    return {}
