"""Team-building rules as pure functions over an edition's data (no ORM, no HTTP).

Clause ids (``HX-B…``) refer to docs/teams.md, section "Budget cards and team building".
Every check returns *all* violations at once; each is a dict
``{"code", "message", "rule", "slot", "card", "details", "text"}``: ``text`` keeps the
sentence's English template and its parameters, so the sentence is said again in the reader's
language whenever it is read (``violation_message``; ``public_violation`` gives the API's shape).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from matches.engine.hat_trick import ENGINE as HAT_TRICK
from matches.engine.hat_trick.expansion.effects import check_effect
from matches.engine.hat_trick.expansion.style_data import problems as style_card_problems
from teams.catalogs import piece_sets

SLOTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
COLOURS = ("blue", "red")
ORIENTATIONS = ("defensive", "balanced", "offensive")
CLASSES = ("I", "II", "III", "IV")
POOLS = ("defensive", "offensive")
STYLES = ("tactical", "technical", "physical", "total")
MAX_BENCH = 5  # HX-B1.7 (the engine's HX-E.3 bench)
DEFAULT_CAPTAIN = 6  # HX-B1.8 (the engine's default, HX-E.4)


class CatalogMissing(ValueError):
    """The edition has no data for what was asked (e.g. no expansion catalog)."""


def violation(
    code: str,
    template: str,
    *,
    rule: str,
    params: dict[str, Any] | None = None,
    slot: int | None = None,
    card: str | None = None,
    **details: Any,
) -> dict[str, Any]:
    """A violation whose sentence is ``template`` (marked, English) with ``params`` in words."""
    text = {"template": template, "params": dict(params or {})}
    return {
        "code": code,
        "message": violation_message({"text": text}),
        "rule": rule,
        "slot": slot,
        "card": card,
        "details": details,
        "text": text,
    }


def violation_said(code: str, message: str, *, rule: str) -> dict[str, Any]:
    """A violation from a refusal that is already a sentence (it stays in its language)."""
    return {
        "code": code,
        "message": message,
        "rule": rule,
        "slot": None,
        "card": None,
        "details": {},
    }


def card_names(card: dict[str, Any], card_id: str) -> dict[str, str]:
    """A catalog card's names by language (``name``, ``name_de``…), for a violation's ``name``."""
    names = {"en": str(card.get("name") or card_id)}
    for key, value in card.items():
        if key.startswith("name_") and isinstance(value, str) and value:
            names[key[5:]] = value
    return names


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _param_words(key: str, value: Any) -> str:
    if key == "name" and isinstance(value, dict):
        language = (get_language() or "en").split("-")[0]
        return str(value.get(language) or value.get("en") or "")
    if key in ("shield", "pool", "orientation"):
        return shield_word(value)
    if key in ("colour", "card_colour"):
        return colour_word(value)
    if key == "numbers" and isinstance(value, list):
        return "/".join(map(str, value))
    if key == "slots" and isinstance(value, list):
        return _and([str(v) for v in value])
    if key == "pieces" and isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def violation_message(violation: dict[str, Any]) -> str:
    """The violation's sentence in the active language (a stored one from before sentences were
    kept as templates, or one that was a sentence already, stays as it was said)."""
    text = violation.get("text")
    template = text.get("template") if isinstance(text, dict) else None
    if not isinstance(template, str):
        return str(violation.get("message", ""))
    params = text.get("params") or {}
    words = {key: _param_words(key, value) for key, value in params.items()}
    return _(template).format(**words)


def public_violation(violation: dict[str, Any]) -> dict[str, Any]:
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


def colour_word(colour: str | None) -> str:
    """A card colour of Hat-Trick in words."""
    words = {"blue": pgettext("card colour", "blue"), "red": pgettext("card colour", "red")}
    return words.get(colour or "", colour or "")


def shield_word(shield: str | None) -> str:
    """A shield (and the pool of stars it is paid from) in words."""
    words = {
        "defensive": pgettext("shield", "defensive"),
        "balanced": pgettext("shield", "balanced"),
        "offensive": pgettext("shield", "offensive"),
    }
    return words.get(shield or "", shield or "")


# --- catalog access -------------------------------------------------------------------------


def expansion(data: Any) -> dict[str, Any]:
    exp = data.get("expansion") if isinstance(data, dict) else None
    if not isinstance(exp, dict) or not isinstance(exp.get("player_cards"), list):
        raise CatalogMissing("This edition has no Hat-Trick expansion catalog.")
    return exp


def player_cards(exp: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {card["id"]: card for card in exp.get("player_cards", []) if "id" in card}


def team_cards(exp: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {card["id"]: card for card in exp.get("team_cards", []) if "id" in card}


def budget_row(exp: dict[str, Any], orientation: str, budget_class: str) -> dict[str, int] | None:
    for card in exp.get("budget_cards", []):
        if card.get("orientation") == orientation:
            row = card.get("classes", {}).get(budget_class)
            if isinstance(row, dict):
                return {pool: int(row.get(pool, 0)) for pool in POOLS}
    return None


def card_for_design(exp: dict[str, Any], design: str, colour: str) -> dict[str, Any] | None:
    for card in exp.get("player_cards", []):
        if card.get("design") == design and card.get("colour") == colour:
            return card
    return None


# --- lineups --------------------------------------------------------------------------------


def check_lineup(
    exp: dict[str, Any],
    *,
    colour: str,
    picks: list[dict[str, Any]],
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> list[dict[str, Any]]:
    """Structural checks of a Hat-Trick lineup: one card of the team's colour per slot 2–11,
    and the optional bench (HX-B1.7) and captain (HX-B1.8)."""
    cards = player_cards(exp)
    bench = bench or []
    found: list[dict[str, Any]] = []
    slot_counts = Counter(p["slot"] for p in picks)
    card_counts = Counter(p["card"] for p in picks) + Counter(b["card"] for b in bench)
    reported_twice: set[str] = set()
    for pick in picks:
        slot, card_id = pick["slot"], pick["card"]
        if slot not in SLOTS:
            found.append(
                violation(
                    "unknown_slot",
                    N_("There is no shirt number {slot} in a lineup: numbers run from 2 to 11."),
                    params={"slot": slot},
                    rule="HX-B1.1",
                    slot=slot,
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
            found.append(_used_twice(card, card_id, picks, bench))
    for slot in sorted(s for s, n in slot_counts.items() if n > 1):
        found.append(
            violation(
                "slot_used_twice",
                N_("{count} cards are picked as number {slot}; only one plays there."),
                params={"count": slot_counts[slot], "slot": slot},
                rule="HX-B1.1",
                slot=slot,
            )
        )
    for slot in SLOTS:
        if slot not in slot_counts:
            found.append(
                violation(
                    "slot_not_covered",
                    N_("Nobody plays as number {slot}."),
                    params={"slot": slot},
                    rule="HX-B1.1",
                    slot=slot,
                )
            )
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


def _used_twice(
    card: dict[str, Any], card_id: str, picks: list[dict[str, Any]], bench: list[dict[str, Any]]
) -> dict[str, Any]:
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
    cards: dict[str, dict[str, Any]], card_id: str, colour: str, **where: Any
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The card and its problems as a card of this team (HX-B1.2, HX-B1.3); ``where`` names
    the place (``slot=7`` or ``bench=True``) in the violations' details."""
    card = cards.get(card_id)
    if card is None:
        return None, [
            violation(
                "unknown_card",
                N_("There is no player card “{card}” in this edition."),
                params={"card": card_id},
                rule="HX-B1.2",
                card=card_id,
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
    cards: dict[str, dict[str, Any]],
    *,
    colour: str,
    picks: list[dict[str, Any]],
    bench: list[dict[str, Any]],
    seen: set[str],
) -> list[dict[str, Any]]:
    """HX-B1.7: up to five further cards of the team's colour, none of them on the pitch."""
    found: list[dict[str, Any]] = []
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
            found.append(_used_twice(card, card_id, picks, bench))
    return found


def lineup_normalise(
    exp: dict[str, Any],
    *,
    colour: str,
    picks: list[dict[str, Any]],
    star_keeper: bool,
    style: str | None,
    source: str,
    team_card: str | None = None,
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> dict[str, Any]:
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
        "game": HAT_TRICK.key,
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


def _lineup_entry(card: dict[str, Any], gold: bool) -> dict[str, Any]:
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


def team_card_picks(exp: dict[str, Any], team_card_id: str, colour: str) -> list[dict[str, Any]]:
    """The picks printed on a team card, in the given colour. ``KeyError`` if unknown."""
    team = team_cards(exp)[team_card_id]
    gold = set(team.get("gold", []))
    picks = []
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


# --- budget builds ---------------------------------------------------------------------------


def _pool_state(budget: dict[str, int], spent: dict[str, int]) -> dict[str, dict[str, int]]:
    return {
        pool: {"budget": budget[pool], "spent": spent[pool], "left": budget[pool] - spent[pool]}
        for pool in POOLS
    }


def _choose_pools(
    costs: list[int], fixed: dict[str, int], budget: dict[str, int]
) -> tuple[tuple[str, ...], dict[str, int], dict[str, int]]:
    """The pools of the free balanced players: ``(choice, spent, over)``.

    The best assignment has the least overspending in total, then the least in one pool, then
    the most stars left in the poorer pool; among equals, the first in the order that tries
    ``defensive`` before ``offensive`` for each player in turn. Found over the reachable
    defensive sums (not the 2**n assignments), so a long list of picks stays cheap.
    """
    total = sum(costs)
    # reach[i]: the defensive sums the players i.. can make
    reach: list[set[int]] = [set() for _ in range(len(costs) + 1)]
    reach[len(costs)] = {0}
    for i in range(len(costs) - 1, -1, -1):
        reach[i] = reach[i + 1] | {d + costs[i] for d in reach[i + 1]}

    def outcome(d: int) -> tuple[tuple[int, int, int], dict[str, int], dict[str, int]]:
        spent = {"defensive": fixed["defensive"] + d, "offensive": fixed["offensive"] + total - d}
        over = {pool: max(0, spent[pool] - budget[pool]) for pool in POOLS}
        left = [budget[pool] - spent[pool] for pool in POOLS]
        return (sum(over.values()), max(over.values()), -min(left)), spent, over

    best_key = min(outcome(d)[0] for d in reach[0])
    targets = {d for d in reach[0] if outcome(d)[0] == best_key}
    choice: list[str] = []
    so_far = 0
    for i, cost in enumerate(costs):
        if any(t - so_far - cost in reach[i + 1] for t in targets):
            choice.append("defensive")
            so_far += cost
        else:
            choice.append("offensive")
    _, spent, over = outcome(so_far)
    return tuple(choice), spent, over


def check_build(
    exp: dict[str, Any],
    *,
    orientation: str,
    budget_class: str,
    colour: str,
    picks: list[dict[str, Any]],
    star_keeper: bool,
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> dict[str, Any]:
    """Check a budget build; answer ``{"valid", "violations", "pools", "picks", "bench"}``.

    ``picks`` are ``{"slot", "card", "gold", "pool"}``; ``pool`` (defensive/offensive) is
    optional and only chooses the pool of a balanced player: without it, the pool is chosen
    so that the build fits if any whole assignment does (HX-B2.4). ``bench`` cards
    (``{"card", "pool"}``) are paid like the others at their silver price (HX-B2.7).
    """
    bench = bench or []
    found = check_lineup(exp, colour=colour, picks=picks, bench=bench, captain=captain)
    cards = player_cards(exp)
    gold_price = int(exp.get("gold_upgrade_price", 1))
    keeper_price = int(exp.get("star_keeper_price", 0))
    keeper_pool = exp.get("star_keeper_pool", "defensive")

    budget = budget_row(exp, orientation, budget_class)
    if budget is None:
        found.append(
            violation(
                "budget_row_missing",
                N_(
                    "This edition's budget cards have no row for {orientation}, class {budget_class}."
                ),
                params={"orientation": orientation, "budget_class": budget_class},
                rule="HX-B2.1",
                orientation=orientation,
                budget_class=budget_class,
            )
        )
        budget = {pool: 0 for pool in POOLS}

    fixed = {pool: 0 for pool in POOLS}
    free: list[int] = []  # indexes of balanced picks whose pool the server chooses
    priced: list[dict[str, Any]] = []
    # Bench cards (HX-B2.7) come after the lineup's picks, with ``slot`` None and never gold.
    everyone = [*picks, *({**b, "slot": None, "gold": False} for b in bench)]
    for pick in everyone:
        card = cards.get(pick["card"])
        entry = {
            "slot": pick["slot"],
            "card": pick["card"],
            "gold": bool(pick.get("gold", False)),
            "shield": card.get("shield") if card else None,
            "price": None,
            "cost": None,
            "pool": None,
        }
        priced.append(entry)
        if card is None:
            continue
        price = int(card.get("price", 0))
        cost = price + (gold_price if entry["gold"] else 0)
        entry["price"], entry["cost"] = price, cost
        shield = card.get("shield")
        wanted = pick.get("pool")
        if shield in POOLS:
            if wanted and wanted != shield:
                found.append(
                    violation(
                        "wrong_pool",
                        N_(
                            "{name} has the {shield} shield and is paid from the {shield} stars "
                            "only."
                        ),
                        params={"name": card_names(card, pick["card"]), "shield": shield},
                        rule="HX-B2.3",
                        slot=pick["slot"],
                        card=pick["card"],
                        shield=shield,
                        pool=wanted,
                    )
                )
            entry["pool"] = shield
            fixed[shield] += cost
        elif wanted in POOLS:
            entry["pool"] = wanted
            fixed[wanted] += cost
        else:
            free.append(len(priced) - 1)
    if star_keeper:
        fixed[keeper_pool] += keeper_price

    # Choose the pools of the free balanced players: the fitting assignment if there is one,
    # otherwise the one that overspends least.
    choice, spent, over = _choose_pools([priced[i]["cost"] for i in free], fixed, budget)
    for index, pool in zip(free, choice, strict=True):
        priced[index]["pool"] = pool
        priced[index]["pool_chosen"] = True

    total_cost = sum(spent.values())
    total_budget = sum(budget.values())
    splitting_would_fit = (
        free
        and any(over.values())
        and total_cost <= total_budget
        and all(fixed[pool] <= budget[pool] for pool in POOLS)
    )
    if splitting_would_fit:
        found.append(
            violation(
                "balanced_player_split",
                N_(
                    "The stars would suffice only if a balanced player were paid partly from "
                    "each pool; each player is paid wholly from one pool."
                ),
                rule="HX-B2.4",
                cards=[priced[i]["card"] for i in free],
                needed=total_cost,
                available=total_budget,
            )
        )
    else:
        for pool in POOLS:
            if over[pool]:
                found.append(
                    violation(
                        f"{pool}_pool_exceeded",
                        N_(
                            "The players paid from the {pool} stars cost {spent}; the budget card "
                            "allows {budget}."
                        ),
                        params={"pool": pool, "spent": spent[pool], "budget": budget[pool]},
                        rule="HX-B2.2",
                        pool=pool,
                        spent=spent[pool],
                        budget=budget[pool],
                        over=over[pool],
                    )
                )
    on_pitch, on_bench = priced[: len(picks)], priced[len(picks) :]
    for entry in on_bench:
        del entry["slot"], entry["gold"]
    return {
        "valid": not found,
        "violations": found,
        "pools": _pool_state(budget, spent),
        "picks": sorted(on_pitch, key=lambda p: p["slot"]),
        "bench": on_bench,
        "star_keeper_cost": keeper_price if star_keeper else 0,
    }


# --- TriXKick --------------------------------------------------------------------------------


def check_pieces(
    data: Any, *, field: list[str], substitutes: list[str], keepers: list[str]
) -> list[dict[str, Any]]:
    """A TriXKick team: 10 field pieces and substitutes from the piece set, and 3 keepers."""
    sets = piece_sets(data)
    if sets is None:
        raise CatalogMissing("This edition has no TriXKick piece sets.")
    found: list[dict[str, Any]] = []
    outfield = Counter(sets["field"]) + Counter(sets["substitutes"])
    chosen = Counter(field) + Counter(substitutes)
    for code, count in sorted(chosen.items()):
        if code not in outfield:
            found.append(
                violation(
                    "unknown_piece",
                    N_("There is no field piece {piece} in this edition."),
                    params={"piece": code},
                    rule="TK-T1",
                    card=code,
                )
            )
        elif count > outfield[code]:
            found.append(
                violation(
                    "piece_used_twice",
                    N_("The piece {piece} is chosen {count} times; the set has {have}."),
                    params={"piece": code, "count": count, "have": outfield[code]},
                    rule="TK-T1",
                    card=code,
                )
            )
    if len(field) != 10:
        found.append(
            violation(
                "field_size",
                N_("A team has 10 field pieces, not {count}."),
                params={"count": len(field)},
                rule="TK-T1",
                count=len(field),
            )
        )
    keeper_set = Counter(sets["keepers"])
    if Counter(keepers) != keeper_set:
        found.append(
            violation(
                "wrong_keepers",
                N_("A team has the keeper pieces {pieces}."),
                params={"pieces": list(sets["keepers"])},
                rule="TK-T1",
                expected=sets["keepers"],
            )
        )
    return found


# --- catalog shape ------------------------------------------------------------------------------


def is_whole(value: Any, low: int = 0, high: int = 10**6) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def expansion_problems(exp: Any) -> list[str]:
    """What is malformed in an expansion catalog (so an edit cannot store it): ``[]`` if fine."""
    if not isinstance(exp, dict):
        return ["expansion must be an object."]
    problems: list[str] = []
    cards = exp.get("player_cards")
    if not isinstance(cards, list):
        return ["expansion.player_cards must be a list."]
    ids: set[str] = set()
    for i, card in enumerate(cards):
        where = f"expansion.player_cards[{i}]"
        if not isinstance(card, dict):
            problems.append(f"{where} must be an object.")
            continue
        if not isinstance(card.get("id"), str) or not card["id"]:
            problems.append(f"{where}.id must be a text.")
        elif card["id"] in ids:
            problems.append(f"{where}.id {card['id']!r} is used twice.")
        else:
            ids.add(card["id"])
        if card.get("colour") not in COLOURS:
            problems.append(f"{where}.colour must be one of {', '.join(COLOURS)}.")
        numbers = card.get("numbers")
        if (
            not isinstance(numbers, list)
            or not 1 <= len(numbers) <= 2
            or not all(is_whole(n, 2, 11) for n in numbers)
        ):
            problems.append(f"{where}.numbers must be one or two shirt numbers from 2 to 11.")
        if card.get("shield") not in ("defensive", "balanced", "offensive"):
            problems.append(f"{where}.shield must be defensive, balanced or offensive.")
        if not is_whole(card.get("price"), 0, 99):
            problems.append(f"{where}.price must be a whole number of stars.")
        for side in ("silver", "gold"):
            if not isinstance(card.get(side), dict):
                problems.append(f"{where}.{side} must be an object.")
    for i, budget in enumerate(exp.get("budget_cards", []) or []):
        where = f"expansion.budget_cards[{i}]"
        if not isinstance(budget, dict) or budget.get("orientation") not in ORIENTATIONS:
            problems.append(f"{where}.orientation must be one of {', '.join(ORIENTATIONS)}.")
            continue
        classes = budget.get("classes")
        if not isinstance(classes, dict):
            problems.append(f"{where}.classes must be an object.")
            continue
        for name, row in classes.items():
            if not isinstance(row, dict) or not all(is_whole(row.get(p), 0, 999) for p in POOLS):
                problems.append(f"{where}.classes.{name} must give defensive and offensive stars.")
    for i, team in enumerate(exp.get("team_cards", []) or []):
        where = f"expansion.team_cards[{i}]"
        if not isinstance(team, dict) or not isinstance(team.get("id"), str):
            problems.append(f"{where}.id must be a text.")
            continue
        lineup = team.get("lineup")
        if not isinstance(lineup, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in lineup.items()
        ):
            problems.append(f"{where}.lineup must map shirt numbers to card designs.")
        gold = team.get("gold", [])
        if not isinstance(gold, list) or not all(is_whole(n, 1, 11) for n in gold):
            problems.append(f"{where}.gold must list shirt numbers.")
        if not isinstance(team.get("star_keeper", False), bool):
            problems.append(f"{where}.star_keeper must be true or false.")
    problems.extend(_effect_problems(exp))
    for key in ("gold_upgrade_price", "star_keeper_price"):
        if key in exp and not is_whole(exp[key], 0, 99):
            problems.append(f"expansion.{key} must be a whole number of stars.")
    if exp.get("star_keeper_pool", "defensive") not in POOLS:
        problems.append("expansion.star_keeper_pool must be defensive or offensive.")
    return problems


def _effect_problems(exp: dict[str, Any]) -> list[str]:
    """Ability effects and style card data the engine would refuse (HX-A.0, HX-S.0): checked
    with the engine's own vocabulary so that an edit cannot store what no match could play."""
    problems: list[str] = []
    abilities = exp.get("abilities", []) or []
    if not isinstance(abilities, list):
        return ["expansion.abilities must be a list."]
    for i, ability in enumerate(abilities):
        where = f"expansion.abilities[{i}]"
        if not isinstance(ability, dict) or not isinstance(ability.get("id"), str):
            problems.append(f"{where}.id must be a text.")
        elif "effect" in ability:
            problem = check_effect(ability["effect"])
            if problem:
                problems.append(f"{where}.effect: {problem}")
    if not isinstance(exp.get("style_cards", []) or [], list):
        return [*problems, "expansion.style_cards must be a list."]
    return problems + style_card_problems(exp)
