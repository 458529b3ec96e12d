"""Reading a side's expansion lineup (HX-0): player cards on slots 2-11, gold flags, star
keeper and style, as ``teams.selectors.team_side_config(...)["engine_side"]["lineup"]`` gives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from matches.engine.hat_trick.errors import SetupError, refused_setup
from matches.engine.hat_trick.expansion.model import Face, XCard
from matches.engine.hat_trick.state import PlayerCard

SLOTS = tuple(range(2, 12))
STYLES = ("tactical", "technical", "physical", "total")
EDGES = ("left", "right")


def _err(cause: str, **details: Any) -> SetupError:
    """An ``invalid_lineup`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_lineup", "HX-0.1", cause, **details)


def _whole(value: Any, low: int, high: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _face(side: int, slot: int, data: Any, name: str) -> Face:
    if not isinstance(data, Mapping):
        raise _err("face_not_object", side=side, slot=slot)
    attack, defence, ability = data.get("attack"), data.get("defence"), data.get("ability")
    if not _whole(attack, 0, 9) or not _whole(defence, 0, 9):
        raise _err("face_footballs", side=side, slot=slot)
    if ability is not None and (not isinstance(ability, str) or not 0 < len(ability) <= 80):
        raise _err("face_ability", side=side, slot=slot)
    return Face(attack, defence, ability)


def read_card(side: int, slot: int, entry: Any, seen: set[str]) -> tuple[PlayerCard, XCard, bool]:
    """One card of a lineup on ``slot`` (a bench card: ``slot`` 0, any of its numbers)."""
    if not isinstance(entry, Mapping):
        raise _err("card_not_object", side=side, slot=slot)
    card_id = entry.get("card")
    if not isinstance(card_id, str) or not card_id or card_id in seen:
        raise _err("card_id", side=side, slot=slot)
    seen.add(card_id)
    numbers = entry.get("numbers")
    if (
        not isinstance(numbers, list)
        or not 1 <= len(numbers) <= 2
        or not all(_whole(n, 2, 11) for n in numbers)
        or (slot and slot not in numbers)
    ):
        raise _err("card_numbers", side=side, slot=slot)
    edge = entry.get("edge")
    if edge not in EDGES:
        raise _err("card_edge", side=side, slot=slot)
    role = entry.get("role") or "player"
    if not isinstance(role, str):
        raise _err("card_role", side=side, slot=slot)
    silver = _face(side, slot, entry.get("silver"), "silver")
    gold_face = _face(side, slot, entry.get("gold_side"), "gold_side")
    is_gold = entry.get("gold", False)
    if not isinstance(is_gold, bool):
        raise _err("card_gold", side=side, slot=slot)
    player = PlayerCard(slot, role, edge, silver.attack, silver.defence, False)
    card = XCard(side, slot, card_id, role, tuple(sorted(numbers)), edge, silver, gold_face)
    return player, card, is_gold


def read_bench(side: int, lineup: Mapping[str, Any], seen: set[str]) -> list[XCard]:
    """HX-E.3: the optional ``bench`` (up to 5 cards in the slot format, ``slot`` 0)."""
    bench = lineup.get("bench", [])
    if not isinstance(bench, list) or len(bench) > 5:
        raise _err("bench", side=side)
    return [read_card(side, 0, entry, seen)[1] for entry in bench]


def read_captain(side: int, lineup: Mapping[str, Any]) -> int:
    """HX-E.4: the captain's slot (``captain`` in the lineup), no. 6 when not given."""
    captain = lineup.get("captain", 6)
    if not _whole(captain, 2, 11):
        raise _err("captain", side=side)
    return captain


def read_lineup(
    side: int, lineup: Any
) -> tuple[list[PlayerCard], list[XCard], set[int], bool, str | None]:
    """``(players, cards, gold slots, star keeper, style)`` of one side's lineup.

    Raises :class:`SetupError` (code ``invalid_lineup``, clause HX-0.1) for anything malformed.
    """
    if not isinstance(lineup, Mapping):
        raise _err("not_object", side=side)
    slots = lineup.get("slots")
    if not isinstance(slots, Mapping) or sorted(map(str, slots)) != sorted(map(str, SLOTS)):
        raise _err("slots", side=side)
    players: list[PlayerCard] = []
    cards: list[XCard] = []
    gold: set[int] = set()
    seen: set[str] = set()
    for slot in SLOTS:
        entry = slots.get(str(slot), slots.get(slot))
        player, card, is_gold = read_card(side, slot, entry, seen)
        if is_gold:
            gold.add(slot)
        players.append(player)
        cards.append(card)
    star_keeper = lineup.get("star_keeper", False)
    if not isinstance(star_keeper, bool):
        raise _err("star_keeper", side=side)
    style = lineup.get("style")
    if style is not None and style not in STYLES:
        raise _err("style", side=side)
    return players, cards, gold, star_keeper, style
