"""The expansion's team-building catalog in an edition's data: its file, its cards, its card
rows and what makes it malformed (docs/teams.md, "Budget cards and team building").

The catalog (the game's ``data/expansion.json``: 64 player cards, abilities, team cards, budget cards, style
cards) is stored under the key ``"expansion"`` of a Hat-Trick edition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from matches.engine.hat_trick.expansion.effects import check_effect
from matches.engine.hat_trick.expansion.style_data import problems as style_card_problems
from matches.engine.i18n import N_
from matches.engine.teams import JSON, CardRow, EditionData, TeamRefusal, is_whole, objects

#: the catalog file team building adds to a Hat-Trick edition's data
CATALOG_FILE = Path(__file__).resolve().parents[2] / "data" / "expansion.json"

SLOTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
COLOURS = ("blue", "red")
ORIENTATIONS = ("defensive", "balanced", "offensive")
CLASSES = ("I", "II", "III", "IV")
POOLS = ("defensive", "offensive")
STYLES = ("tactical", "technical", "physical", "total")
MAX_BENCH = 5  # HX-B1.7 (the engine's HX-E.3 bench)
DEFAULT_CAPTAIN = 6  # HX-B1.8 (the engine's default, HX-E.4)

#: no catalog for a team
NO_CATALOG = N_(
    "This edition has no Hat-Trick expansion catalog: choose a Hat-Trick edition "
    "with the expansion's cards."
)
#: no catalog for a build's check
NO_BUILD_CATALOG = N_("This edition has no Hat-Trick expansion catalog.")

Card = dict[str, JSON]


def expansion(data: JSON, refusal: str = NO_CATALOG) -> dict[str, JSON]:
    """The expansion catalog of an edition's data; :class:`TeamRefusal` ``no_catalog``
    (saying ``refusal``) when it has none."""
    exp = data.get("expansion") if isinstance(data, dict) else None
    if not isinstance(exp, dict) or not isinstance(exp.get("player_cards"), list):
        raise TeamRefusal("no_catalog", refusal)
    return exp


def player_cards(exp: dict[str, JSON]) -> dict[str, Card]:
    return {card["id"]: card for card in exp.get("player_cards", []) if "id" in card}


def team_cards(exp: dict[str, JSON]) -> dict[str, Card]:
    return {card["id"]: card for card in exp.get("team_cards", []) if "id" in card}


def budget_row(exp: dict[str, JSON], orientation: str, budget_class: str) -> dict[str, int] | None:
    for card in exp.get("budget_cards", []):
        if card.get("orientation") == orientation:
            row = card.get("classes", {}).get(budget_class)
            if isinstance(row, dict):
                return {pool: int(row.get(pool, 0)) for pool in POOLS}
    return None


def card_for_design(exp: dict[str, JSON], design: str, colour: str) -> Card | None:
    for card in exp.get("player_cards", []):
        if card.get("design") == design and card.get("colour") == colour:
            return dict(card)
    return None


# --- card rows -------------------------------------------------------------------------------


def _numbers(values: JSON) -> tuple[int | None, int | None]:
    if not isinstance(values, list):
        return None, None
    numbers = sorted(n for n in values if is_whole(n, 0, 99))
    if not numbers:
        return None, None
    return numbers[0], (numbers[-1] if len(numbers) > 1 else None)


def _whole(value: JSON, high: int) -> int | None:
    return value if is_whole(value, 0, high) else None


def card_rows(data: EditionData) -> Iterator[CardRow]:
    """The base game's players, then the expansion's player, team, budget and style cards."""
    for player in objects(data.get("players")):
        number = _whole(player.get("number"), 99)
        yield CardRow(
            "base_player",
            f"base:{player.get('colour')}:{number}",
            {
                "colour": player.get("colour", ""),
                "number": number,
                "role": player.get("role", ""),
                "name": str(player.get("role", "")).replace("_", " "),
                "data": player,
            },
        )
    found = data.get("expansion")
    exp: dict[str, JSON] = found if isinstance(found, dict) else {}
    yield from _expansion_rows(exp)


def _expansion_rows(exp: dict[str, JSON]) -> Iterator[CardRow]:
    for card in objects(exp.get("player_cards")):
        low, high = _numbers(card.get("numbers"))
        yield CardRow(
            "player",
            card.get("id"),
            {
                "colour": card.get("colour", ""),
                "number": low,
                "number_alt": high,
                "shield": card.get("shield", ""),
                "price": _whole(card.get("price"), 999),
                "role": card.get("role", ""),
                "name": card.get("name", ""),
                "data": card,
            },
        )
    for card in objects(exp.get("team_cards")):
        yield CardRow(
            "team_card",
            f"team:{card.get('id')}",
            {
                "price": _whole(card.get("value"), 999),
                "shield": card.get("style", ""),
                "name": card.get("name", ""),
                "data": card,
            },
        )
    for card in objects(exp.get("budget_cards")):
        orientation = card.get("orientation")  # a budget card is known by it
        yield CardRow(
            "budget_card",
            f"budget:{orientation}",
            {"shield": orientation, "name": f"budget card {orientation}", "data": card},
        )
    for card in objects(exp.get("style_cards")):
        yield CardRow(
            "style_card",
            f"style:{card.get('id')}",
            {"shield": card.get("style", ""), "name": card.get("title", ""), "data": card},
        )


# --- catalog shape ---------------------------------------------------------------------------


def expansion_problems(exp: JSON) -> list[str]:
    """What is malformed in an expansion catalog (so an edit cannot store it): ``[]`` if fine."""
    if not isinstance(exp, dict):
        return ["expansion must be an object."]
    cards = exp.get("player_cards")
    if not isinstance(cards, list):
        return ["expansion.player_cards must be a list."]
    problems = _player_card_problems(cards)
    problems.extend(_entry_problems(exp, "budget_cards", _budget_card_problems))
    problems.extend(_entry_problems(exp, "team_cards", _team_card_problems))
    problems.extend(_effect_problems(exp))
    for key in ("gold_upgrade_price", "star_keeper_price"):
        if key in exp and not is_whole(exp[key], 0, 99):
            problems.append(f"expansion.{key} must be a whole number of stars.")
    if exp.get("star_keeper_pool", "defensive") not in POOLS:
        problems.append("expansion.star_keeper_pool must be defensive or offensive.")
    return problems


def _player_card_problems(cards: list[JSON]) -> list[str]:
    problems: list[str] = []
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
    return problems


def _entry_problems(
    exp: dict[str, JSON], key: str, problems_of: Callable[[str, JSON], Iterator[str]]
) -> list[str]:
    """The problems of each entry of the list ``expansion.<key>`` (none: no list), each
    ``problems_of`` the entry named by its place and the entry."""
    entries = exp.get(key, []) or []
    return [
        problem
        for i, entry in enumerate(entries)
        for problem in problems_of(f"expansion.{key}[{i}]", entry)
    ]


def _budget_card_problems(where: str, budget: JSON) -> Iterator[str]:
    if not isinstance(budget, dict) or budget.get("orientation") not in ORIENTATIONS:
        yield f"{where}.orientation must be one of {', '.join(ORIENTATIONS)}."
        return
    classes = budget.get("classes")
    if not isinstance(classes, dict):
        yield f"{where}.classes must be an object."
        return
    for name, row in classes.items():
        if not isinstance(row, dict) or not all(is_whole(row.get(p), 0, 999) for p in POOLS):
            yield f"{where}.classes.{name} must give defensive and offensive stars."


def _team_card_problems(where: str, team: JSON) -> Iterator[str]:
    if not isinstance(team, dict) or not isinstance(team.get("id"), str):
        yield f"{where}.id must be a text."
        return
    lineup = team.get("lineup")
    if not isinstance(lineup, dict) or not all(
        isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in lineup.items()
    ):
        yield f"{where}.lineup must map shirt numbers to card designs."
    gold = team.get("gold", [])
    if not isinstance(gold, list) or not all(is_whole(n, 1, 11) for n in gold):
        yield f"{where}.gold must list shirt numbers."
    if not isinstance(team.get("star_keeper", False), bool):
        yield f"{where}.star_keeper must be true or false."


def _effect_problems(exp: dict[str, JSON]) -> list[str]:
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
