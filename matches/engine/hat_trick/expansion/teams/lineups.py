"""Lineups of the expansion's player cards (HX-B1): checked, normalised into the lineup a match
receives, from picks or a printed team card (HX-B3.1), with the bench and the captain."""

from __future__ import annotations

from collections import Counter

from matches.engine.hat_trick.expansion.teams.catalog import (
    DEFAULT_CAPTAIN,
    MAX_BENCH,
    SLOTS,
    Card,
    card_for_design,
    player_cards,
    team_cards,
)
from matches.engine.i18n import N_
from matches.engine.teams import (
    JSON,
    BenchPick,
    Lineup,
    Pick,
    Violation,
    card_names,
    not_in_edition,
    violation,
)

#: the key of the game a lineup is for
GAME_KEY = "hat-trick"


def check_lineup(
    exp: dict[str, JSON],
    *,
    colour: str,
    picks: list[Pick],
    bench: list[BenchPick] | None = None,
    captain: int | None = None,
) -> list[Violation]:
    """Structural checks of a Hat-Trick lineup: one card of the team's colour per slot 2–11,
    and the optional bench (HX-B1.7) and captain (HX-B1.8)."""
    cards = player_cards(exp)
    bench = bench or []
    found: list[Violation] = []
    slot_counts = Counter(p["slot"] for p in picks)
    card_counts = Counter(p["card"] for p in picks) + Counter(b["card"] for b in bench)
    reported_twice: set[str] = set()
    for pick in picks:
        slot, card_id = pick["slot"], pick["card"]
        if slot not in SLOTS:
            found.append(
                _slot_violation(
                    "unknown_slot",
                    N_("There is no shirt number {slot} in a lineup: numbers run from 2 to 11."),
                    slot,
                    card=card_id,
                )
            )
        card, problems = _card_of(cards, card_id, colour, slot=slot)
        found.extend(problems)
        if card is None:
            continue
        numbers = card.get("numbers", [])
        if slot in SLOTS and slot not in numbers:
            found.append(
                violation(
                    "wrong_slot",
                    N_("{name} wears {numbers} and cannot play as number {slot}."),
                    params={"name": card_names(card, card_id), "numbers": numbers, "slot": slot},
                    rule="HX-B1.4",
                    slot=slot,
                    card=card_id,
                    numbers=numbers,
                )
            )
        if card_counts[card_id] > 1 and card_id not in reported_twice:
            reported_twice.add(card_id)
            found.append(used_twice(card, card_id, picks, bench))
    found.extend(_slot_problems(slot_counts))
    found.extend(_check_bench(cards, colour=colour, picks=picks, bench=bench, seen=reported_twice))
    if captain is not None and captain not in SLOTS:
        found.append(
            violation(
                "captain_not_a_slot",
                N_(
                    "The captain must be one of the players with numbers 2 to 11, not number "
                    "{captain}."
                ),
                params={"captain": captain},
                rule="HX-B1.8",
                slot=captain,
                captain=captain,
            )
        )
    return found


def _slot_problems(slot_counts: Counter[int]) -> list[Violation]:
    """HX-B1.1: each slot 2–11 played by one card."""
    found = [
        _slot_violation(
            "slot_used_twice",
            N_("{count} cards are picked as number {slot}; only one plays there."),
            slot,
            count=slot_counts[slot],
        )
        for slot in sorted(s for s, n in slot_counts.items() if n > 1)
    ]
    found.extend(
        _slot_violation("slot_not_covered", N_("Nobody plays as number {slot}."), slot)
        for slot in SLOTS
        if slot not in slot_counts
    )
    return found


def _slot_violation(
    code: str, template: str, slot: int, *, card: str | None = None, **params: JSON
) -> Violation:
    """HX-B1.1: a violation about shirt number ``slot``, which the sentence names as ``{slot}``
    after the other ``params``."""
    return violation(
        code, template, params={**params, "slot": slot}, rule="HX-B1.1", slot=slot, card=card
    )


def used_twice(card: Card, card_id: str, picks: list[Pick], bench: list[BenchPick]) -> Violation:
    """HX-B1.5: one card on two slots, on a slot and on the bench, or twice on the bench."""
    slots = sorted(p["slot"] for p in picks if p["card"] == card_id)
    on_bench = sum(1 for b in bench if b["card"] == card_id)
    if slots and on_bench:
        template = N_(
            "{name} is picked as number {slots} and also for the bench; each card exists once."
        )
    elif on_bench:
        template = N_("{name} is picked for the bench twice; each card exists once.")
    else:
        template = N_("{name} is picked as number {slots}; each card exists once.")
    return violation(
        "card_used_twice",
        template,
        params={"name": card_names(card, card_id), "slots": slots},
        rule="HX-B1.5",
        slot=slots[0] if slots else None,
        card=card_id,
        slots=slots,
        bench=on_bench,
    )


def _card_of(
    cards: dict[str, Card], card_id: str, colour: str, **where: JSON
) -> tuple[Card | None, list[Violation]]:
    """The card and its problems as a card of this team (HX-B1.2, HX-B1.3); ``where`` names
    the place (``slot=7`` or ``bench=True``) in the violations' details."""
    card = cards.get(card_id)
    if card is None:
        return None, [
            not_in_edition(
                "unknown_card",
                N_("There is no player card “{card}” in this edition."),
                card_id,
                rule="HX-B1.2",
                **where,
            )
        ]
    if card.get("colour") == colour:
        return card, []
    template = (
        N_("{name} on the bench is a {card_colour} card; this team plays with {colour} cards.")
        if where.get("bench")
        else N_("{name} is a {card_colour} card; this team plays with {colour} cards.")
    )
    return card, [
        violation(
            "wrong_colour",
            template,
            params={
                "name": card_names(card, card_id),
                "card_colour": card.get("colour"),
                "colour": colour,
            },
            rule="HX-B1.3",
            card=card_id,
            card_colour=card.get("colour"),
            team_colour=colour,
            **where,
        )
    ]


def _check_bench(
    cards: dict[str, Card],
    *,
    colour: str,
    picks: list[Pick],
    bench: list[BenchPick],
    seen: set[str],
) -> list[Violation]:
    """HX-B1.7: up to five further cards of the team's colour, none of them on the pitch."""
    found: list[Violation] = []
    if len(bench) > MAX_BENCH:
        found.append(
            violation(
                "bench_too_long",
                N_("The bench takes up to {limit} cards, not {count}."),
                params={"limit": MAX_BENCH, "count": len(bench)},
                rule="HX-B1.7",
                count=len(bench),
                limit=MAX_BENCH,
            )
        )
    pitch = Counter(p["card"] for p in picks)
    for entry in bench:
        card_id = entry["card"]
        card, problems = _card_of(cards, card_id, colour, bench=True)
        found.extend(problems)
        if card is None:
            continue
        twice = pitch[card_id] + sum(1 for b in bench if b["card"] == card_id)
        if twice > 1 and card_id not in seen:
            seen.add(card_id)
            found.append(used_twice(card, card_id, picks, bench))
    return found


def lineup_normalise(
    exp: dict[str, JSON],
    *,
    colour: str,
    picks: list[Pick],
    star_keeper: bool,
    style: str | None,
    source: str,
    team_card: str | None = None,
    bench: list[BenchPick] | None = None,
    captain: int | None = None,
) -> Lineup:
    """The lineup a match receives (see docs/teams.md, "Lineup shape").

    ``bench`` holds the bench cards (``{"card"}``, HX-B1.7) in the slot format without a
    slot, on their silver side (they come on silver, HX-E.3); ``captain`` is the captain's
    slot, no. 6 when not given (HX-B1.8).
    """
    cards = player_cards(exp)
    by_slot = {p["slot"]: p for p in picks}
    slots = {
        str(slot): _lineup_entry(
            cards[by_slot[slot]["card"]], bool(by_slot[slot].get("gold", False))
        )
        for slot in SLOTS
    }
    return {
        "game": GAME_KEY,
        "source": source,
        "team_card": team_card,
        "colour": colour,
        "slots": slots,
        "gold": sorted(int(s) for s, entry in slots.items() if entry["gold"]),
        "star_keeper": bool(star_keeper),
        "style": style or None,
        "bench": [_lineup_entry(cards[entry["card"]], False) for entry in bench or []],
        "captain": DEFAULT_CAPTAIN if captain is None else captain,
    }


def _lineup_entry(card: Card, gold: bool) -> dict[str, JSON]:
    side = card["gold" if gold else "silver"]
    return {
        "card": card["id"],
        "design": card.get("design"),
        "role": card.get("role"),
        "name": card.get("name"),
        "numbers": card.get("numbers"),
        "shield": card.get("shield"),
        "edge": card.get("edge"),
        "gold": gold,
        "attack": side.get("attack"),
        "defence": side.get("defence"),
        "ability": side.get("ability"),
        "silver": card.get("silver"),
        "gold_side": card.get("gold"),
    }


def team_card_picks(exp: dict[str, JSON], team_card_id: str, colour: str) -> list[Pick]:
    """The picks printed on a team card, in the given colour. ``KeyError`` if unknown."""
    team = team_cards(exp)[team_card_id]
    gold = set(team.get("gold", []))
    picks: list[Pick] = []
    for slot_text, design in team.get("lineup", {}).items():
        slot = int(slot_text)
        card = card_for_design(exp, design, colour)
        picks.append(
            {
                "slot": slot,
                "card": card["id"] if card else f"{colour}:{design}",
                "gold": slot in gold,
            }
        )
    return sorted(picks, key=lambda p: p["slot"])


ENGINE_SLOT_KEYS = ("card", "role", "numbers", "edge", "gold", "silver", "gold_side")


def engine_lineup(lineup: Lineup) -> dict[str, JSON]:
    """What the Hat-Trick engine reads of a lineup: each slot's card values and abilities,
    gold flags, the star keeper and the style (docs/rules/hat-trick.md, HX-0.1), the bench in
    the slot format (HX-E.3) and the captain's slot (HX-E.4; no. 6 for a lineup saved before
    teams had one)."""
    return {
        "slots": {
            str(slot): {key: entry.get(key) for key in ENGINE_SLOT_KEYS}
            for slot, entry in sorted(lineup["slots"].items(), key=lambda item: int(item[0]))
        },
        "star_keeper": bool(lineup.get("star_keeper", False)),
        "style": lineup.get("style") or None,
        "bench": [
            {key: entry.get(key) for key in ENGINE_SLOT_KEYS} for entry in lineup.get("bench") or []
        ],
        "captain": lineup.get("captain") or DEFAULT_CAPTAIN,
    }
