"""Building the expansion part of a match's set-up from the sides' lineups and the edition."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matches.engine.hat_trick.errors import SetupError, refused_setup
from matches.engine.hat_trick.expansion.effects import check_effect
from matches.engine.hat_trick.expansion.lineup import read_bench, read_captain, read_lineup
from matches.engine.hat_trick.expansion.model import XCard, XSetup, XState
from matches.engine.hat_trick.expansion.style_data import read_style_cards
from matches.engine.hat_trick.hooks import BaseCards
from matches.engine.hat_trick.pitch import code
from matches.engine.hat_trick.state import KeeperCard

MATCH_EVENTS = ("long_shot", "corners", "substitutions", "captain", "counter")


def _err(rule: str, cause: str) -> SetupError:
    """An ``invalid_setup`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_setup", rule, cause)


def match_events(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Option ``match_events``: the optional match events switched on (HX-E), none by default."""
    value = options.get("match_events", [])
    if not isinstance(value, list) or not all(v in MATCH_EVENTS for v in value):
        raise _err("HX-E.0", "match_events")
    return tuple(e for e in MATCH_EVENTS if e in value)


def _catalog(edition: Mapping[str, Any]) -> Mapping[str, Any]:
    exp = edition.get("expansion")
    return exp if isinstance(exp, Mapping) else {}


def _abilities(
    edition: Mapping[str, Any], wanted: set[str]
) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The effects of the abilities the lineups use; an ability without ``effect`` data is
    text only and never offered (HX-A.0)."""
    found: dict[str, dict[str, Any]] = {}
    for entry in _catalog(edition).get("abilities", []) or []:
        if isinstance(entry, Mapping) and entry.get("id") in wanted and "effect" in entry:
            problem = check_effect(entry["effect"])
            if problem:
                raise _err("HX-A.0", "ability_data")
            found[entry["id"]] = dict(entry["effect"])
    return tuple(sorted(found.items()))


def apply_lineups(
    edition: Mapping[str, Any],
    sides: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any],
    base: BaseCards,
) -> XSetup | None:
    """Replace the base cards of every side that brings a lineup; the expansion set-up or None.

    An expansion side keeps both goalkeeper sets in play (``base.keepers``); which one it may
    use is ``XState.star_keeper`` (HX-K).
    """
    events = match_events(options)
    lineups = [side.get("lineup") for side in sides]
    if all(lu is None for lu in lineups):
        if events:
            raise _err("HX-E.0", "match_events_without_lineup")
        return None
    cards: list[XCard] = []
    gold: set[int] = set()
    styles: list[str | None] = [None, None]
    star_ids: list[tuple[str, ...]] = [(), ()]
    bench: list[XCard] = []
    captains = [6, 6]
    for side, lineup in enumerate(lineups):
        if lineup is None:
            continue
        side_players, side_cards, side_gold, star, style = read_lineup(side, lineup)
        bench.extend(read_bench(side, lineup, {c.card for c in side_cards}))
        captains[side] = read_captain(side, lineup)
        base.players[side] = side_players
        cards.extend(side_cards)
        gold.update(code(side, n) for n in side_gold)
        styles[side] = style
        base.star_keepers[side] = base.star_keepers[side] or star
        sets = edition["goalkeepers"][base.colours[side]]
        regular = tuple(_keeper(k) for k in sets["regular"])
        stars = tuple(_keeper(k) for k in sets["star"])
        base.keepers[side] = regular + stars
        star_ids[side] = tuple(k.id for k in stars)
    style_cards, conditions = read_style_cards(_catalog(edition))
    wanted = {a for c in (*cards, *bench) for a in (c.silver.ability, c.gold.ability) if a}
    xsetup = XSetup(
        lineups=(lineups[0] is not None, lineups[1] is not None),
        cards=tuple(cards),
        abilities=_abilities(edition, wanted),
        star_keeper_ids=(star_ids[0], star_ids[1]),
        styles=(styles[0], styles[1]),
        style_cards=style_cards,
        style_conditions=conditions,
        events=events,
        start_gold=tuple(sorted(gold)),
        bench=tuple(bench),
        captains=(captains[0], captains[1]),
        start_star_keeper=(
            bool(lineups[0] is not None and base.star_keepers[0]),
            bool(lineups[1] is not None and base.star_keepers[1]),
        ),
    )
    return xsetup


POSITIONS = ("final_line_centre", "final_line_wing", "second_line_centre", "second_line_wing")


def _keeper(k: Mapping[str, Any]) -> KeeperCard:
    return KeeperCard(
        k["id"], k["dive"], tuple(sorted((pos, int(k["draws"][pos])) for pos in POSITIONS))
    )


class SpielerSetup:
    """The "Spieler" expansion's part of the set-up (``hooks.ExpansionSetup``)."""

    from_lineups = staticmethod(apply_lineups)
    from_json = staticmethod(XSetup.from_json)


def initial_xstate(xsetup: XSetup) -> XState:
    return XState(
        gold=frozenset(xsetup.start_gold),
        star_keeper=xsetup.start_star_keeper,
        style=xsetup.styles,
        window=(("kick_off", None, {}),),
    )
