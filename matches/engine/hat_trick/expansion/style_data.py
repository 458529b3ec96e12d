"""Style cards as edition data (HX-S.0): their earning conditions and their effects.

A style card in the edition's ``expansion.style_cards`` is ``{"id", "style", "title",
"condition", "effect", "earn", "play"}``: ``condition`` and ``effect`` are the printed texts,
``earn`` and ``play`` the data the engine plays. ``play`` is an effect of the ability
vocabulary (``effects.py``) limited to what needs no owning card (``STYLE_KINDS``); ``earn`` is

``{"actions": ["short_pass" | "long_ball" | "dribble", ...], "count": 1-5, "distinct": bool}``:
the team's last ``count`` successful actions in a row are all of the listed kinds (and, with
``distinct``, all of different kinds). The cards of one style lie on one deck whose back names
one condition, so every card of a style must carry the same ``earn``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.hat_trick.errors import SetupError, refused_setup
from matches.engine.hat_trick.expansion.effects import check_effect

STYLES = ("tactical", "technical", "physical", "total")  # also the order of HX-S.9
ORDER = {style: i for i, style in enumerate(STYLES)}
RUN_KINDS = ("short_pass", "long_ball", "dribble")
MAX_RUN = 5
STYLE_KINDS = ("move", "swap", "intercept", "take_ball", "modifier", "free_kick")
STYLE_TARGETS = ("attack", "defence")
STYLE_FORBIDDEN = {"flip_on_return", "requires", "until", "columns", "role"}
EVENT_ROLES = ("dribbler", "passer", "receiver", "interceptor", "winner", "player")


def check_condition(earn: Any) -> str:
    """What is wrong with a style card's ``earn`` data, or ``""``."""
    if not isinstance(earn, Mapping):
        return "earn must be an object."
    unknown = set(earn) - {"actions", "count", "distinct"}
    if unknown:
        return f"unknown earn field(s) {', '.join(sorted(map(str, unknown)))}."
    actions = earn.get("actions")
    if not isinstance(actions, list) or not actions or not all(a in RUN_KINDS for a in actions):
        return f"earn.actions must list some of {', '.join(RUN_KINDS)}."
    count = earn.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_RUN:
        return f"earn.count must be a whole number from 1 to {MAX_RUN}."
    distinct = earn.get("distinct", False)
    if not isinstance(distinct, bool):
        return "earn.distinct must be true or false."
    if distinct and count > len(set(actions)):
        return "earn.distinct needs at least count different actions."
    return ""


def check_style_effect(play: Any) -> str:
    """What is wrong with a style card's ``play`` effect, or ``""``."""
    problem = check_effect(play)
    if problem:
        return problem
    if play["kind"] not in STYLE_KINDS:
        return f"a style card's effect kind must be one of {', '.join(STYLE_KINDS)}."
    forbidden = set(play) & (STYLE_FORBIDDEN if play["kind"] == "modifier" else {"flip_on_return"})
    if forbidden:
        return f"a style card cannot use {', '.join(sorted(forbidden))}."
    if play.get("role") not in (None, *EVENT_ROLES):
        return f"a style card's role is one of {', '.join(EVENT_ROLES)}."
    if play["kind"] == "modifier" and play.get("target") not in STYLE_TARGETS:
        return "a style card's modifier adds to attack or defence."
    if play["kind"] == "move" and play.get("who", "self") != "self":
        return "a style card's move moves the player it names (who: self)."
    return ""


def satisfied(earn: Mapping[str, Any], run: tuple[str, ...]) -> bool:
    """Whether the successful actions ``run`` (oldest first) meet the condition ``earn``."""
    count = earn["count"]
    if len(run) < count:
        return False
    last = run[-count:]
    if not all(kind in earn["actions"] for kind in last):
        return False
    return not earn.get("distinct") or len(set(last)) == count


def _err(cause: str) -> SetupError:
    """An ``invalid_setup`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_setup", "HX-S.0", cause)


def read_style_cards(
    catalog: Mapping[str, Any],
) -> tuple[tuple[tuple[str, str, dict[str, Any]], ...], tuple[tuple[str, dict[str, Any]], ...]]:
    """``(cards, conditions)``: ``(id, style, play)`` of every playable style card and the
    condition of each style's deck. A card without ``play`` data is text only; a style whose
    cards carry no ``earn`` cannot be earned. Malformed data is a :class:`SetupError`."""
    cards: list[tuple[str, str, dict[str, Any]]] = []
    conditions: dict[str, dict[str, Any]] = {}
    for entry in catalog.get("style_cards", []) or []:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            continue
        style = entry.get("style")
        if style not in STYLES:
            raise _err("style_card_style")
        play = entry.get("play")
        if play is not None:
            problem = check_style_effect(play)
            if problem:
                raise _err("style_card_effect")
            cards.append((entry["id"], style, dict(play)))
        earn = entry.get("earn")
        if earn is not None:
            problem = check_condition(earn)
            if problem:
                raise _err("style_card_condition")
            if conditions.setdefault(style, dict(earn)) != dict(earn):
                raise _err("style_card_conditions")
    return tuple(cards), tuple(sorted(conditions.items()))


def problems(catalog: Mapping[str, Any]) -> list[str]:
    """Every problem of the catalog's style cards (for the edition check in ``teams``)."""
    out = []
    conditions: dict[str, Any] = {}
    for i, entry in enumerate(catalog.get("style_cards", []) or []):
        where = f"expansion.style_cards[{i}]"
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            out.append(f"{where}.id must be a text.")
            continue
        if entry.get("style") not in STYLES:
            out.append(f"{where}.style must be one of {', '.join(STYLES)}.")
            continue
        if "play" in entry:
            problem = check_style_effect(entry["play"])
            if problem:
                out.append(f"{where}.play: {problem}")
        if "earn" in entry:
            problem = check_condition(entry["earn"])
            if problem:
                out.append(f"{where}.earn: {problem}")
            elif conditions.setdefault(entry["style"], entry["earn"]) != entry["earn"]:
                out.append(f"{where}.earn: the {entry['style']} cards must share one condition.")
    return out
