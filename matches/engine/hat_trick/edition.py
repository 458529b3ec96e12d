"""Editions are data: the reference edition ships as ``data/reference_edition.json``.

``build_setup`` reads every card value from the edition it is given and applies the match
options (star players, national teams, star goalkeepers, extra time, shootout, kick-off).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from matches.engine.hat_trick import hooks
from matches.engine.hat_trick.cards import ActionCard, card_from_json
from matches.engine.hat_trick.errors import SetupError, refused_setup
from matches.engine.hat_trick.pitch import EMPTY, N_FIELDS, code, parse_field
from matches.engine.hat_trick.state import KeeperCard, PlayerCard, Setup, ShootingCard

DATA = Path(__file__).with_name("data") / "reference_edition.json"
OPTION_NAMES = frozenset(
    {
        "kickoff",
        "star_players",
        "national_teams",
        "star_goalkeepers",
        "extra_time",
        "penalty_shootout",
        "match_events",
    }
)
POSITIONS = ("final_line_centre", "final_line_wing", "second_line_centre", "second_line_wing")


@cache
def reference_edition() -> Mapping[str, Any]:
    """The reference edition, read from disk once."""
    with DATA.open(encoding="utf-8") as fh:
        edition: Mapping[str, Any] = json.load(fh)
        return edition


def _err(cause: str, **details: Any) -> SetupError:
    """An ``invalid_setup`` refusal; ``cause`` picks its sentence (``texts.ERRORS``)."""
    return refused_setup("invalid_setup", "HT-0.2", cause, **details)


def _pair(options: Mapping[str, Any], name: str, default: Any) -> list[Any]:
    value = options.get(name, [default, default])
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise _err("option_per_side")
    return list(value)


def _bool(options: Mapping[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise _err("option_on_off")
    return value


def build_setup(
    edition: Mapping[str, Any], sides: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
) -> tuple[Setup, int]:
    """The match's :class:`Setup` and the side that kicks off the first half."""
    if not isinstance(sides, Sequence) or len(sides) != 2:
        raise _err("two_sides")
    names = []
    lineups = []
    for i, side in enumerate(sides):
        if not isinstance(side, Mapping):
            raise _err("side_not_object", side=i)
        name = side.get("name", ["Blue", "Red"][i])
        if not isinstance(name, str) or not name.strip():
            raise _err("side_name", side=i)
        names.append(name)
        lineups.append(side)
    if not isinstance(options, Mapping):
        raise _err("options_not_object")
    unknown = set(options) - OPTION_NAMES
    if unknown:
        raise _err("unknown_option")
    kickoff = options.get("kickoff", 0)
    if kickoff not in (0, 1) or isinstance(kickoff, bool):
        raise _err("kickoff")
    try:
        return _build(edition, names, options, lineups), kickoff
    except SetupError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _err("edition_malformed") from exc


def _build(
    edition: Mapping[str, Any],
    names: list[str],
    options: Mapping[str, Any],
    sides: Sequence[Mapping[str, Any]] = ({}, {}),
) -> Setup:
    colours = [s["colour"] for s in sorted(edition["sides"], key=lambda s: s["index"])]
    if len(colours) != 2:
        raise _err("edition_two_sides")
    star_numbers, star_keepers = _star_numbers(edition, options)
    players = [
        _player_cards(edition, colour, star_numbers[side], side)
        for side, colour in enumerate(colours)
    ]
    keeper_stars = [bool(star_keepers[s]) or 1 in star_numbers[s] for s in (0, 1)]
    keepers = [
        _keeper_cards(edition, colour, keeper_stars[side]) for side, colour in enumerate(colours)
    ]
    base = hooks.BaseCards(colours, players, keepers, keeper_stars)
    xsetup = hooks.expansion_from_lineups(edition, sides, options, base)
    shooting = tuple(
        ShootingCard(s["id"], s["action"], int(s["modifier"]), tuple(sorted(s["symbols"].items())))
        for s in edition["shooting_cards"]
    )
    deck = edition["action_deck"]
    kinds, counts = _action_deck(deck)
    layout_data = edition["kickoff_layout"]
    grid = _kickoff_grid(layout_data, colours)
    return Setup(
        edition=str(edition.get("key", "custom")),
        names=(names[0], names[1]),
        colours=(colours[0], colours[1]),
        players=(tuple(players[0]), tuple(players[1])),
        star_keepers=(keeper_stars[0], keeper_stars[1]),
        keepers=(keepers[0], keepers[1]),
        shooting=shooting,
        card_kinds=tuple(kinds),
        composition=tuple(counts),
        hand_size=int(deck.get("hand_size", 3)),
        layout=grid,
        ball_number=int(layout_data.get("ball", 6)),
        extra_time=_bool(options, "extra_time"),
        penalty_shootout=_bool(options, "penalty_shootout"),
        expansion=xsetup,
    )


def _star_numbers(
    edition: Mapping[str, Any], options: Mapping[str, Any]
) -> tuple[list[set[int]], list[Any]]:
    """Each side's star player numbers (its national team's or the ones it names) and its
    ``star_goalkeepers`` option."""
    teams = edition.get("national_teams", {}).get("teams", {})
    star_numbers: list[set[int]] = [set(), set()]
    national = _pair(options, "national_teams", None)
    stars = options.get("star_players")
    if stars is not None:
        stars = _pair(options, "star_players", [])
    star_keepers = _pair(options, "star_goalkeepers", False)
    for side in (0, 1):
        if national[side] is not None:
            if stars is not None and stars[side]:
                raise _err("stars_and_national_team", side=side)
            if national[side] not in teams:
                raise _err("unknown_national_team", side=side)
            star_numbers[side].update(teams[national[side]])
        if stars is not None:
            if not isinstance(stars[side], list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in stars[side]
            ):
                raise _err("star_players", side=side)
            star_numbers[side].update(stars[side])
        if not isinstance(star_keepers[side], bool):
            raise _err("star_goalkeepers")
    return star_numbers, star_keepers


def _player_cards(
    edition: Mapping[str, Any], colour: str, star_numbers: set[int], side: int
) -> list[PlayerCard]:
    """A side's ten player cards by number, each with its star or regular values."""
    cards = [p for p in edition["players"] if p["colour"] == colour]
    numbers = {p["number"] for p in cards}
    bad = star_numbers - numbers - {1}
    if bad:
        raise _err("no_star_player", side=side, players=sorted(bad))
    players = []
    for p in sorted(cards, key=lambda p: p["number"]):
        star = p["number"] in star_numbers
        values = p["star" if star else "regular"]
        players.append(
            PlayerCard(
                p["number"],
                p["role"],
                p["edge"],
                int(values["attack"]),
                int(values["defence"]),
                star,
            )
        )
    if len(players) != 10:
        raise _err("edition_player_cards")
    return players


def _keeper_cards(edition: Mapping[str, Any], colour: str, star: bool) -> tuple[KeeperCard, ...]:
    return tuple(
        KeeperCard(
            k["id"], k["dive"], tuple(sorted((pos, int(k["draws"][pos])) for pos in POSITIONS))
        )
        for k in edition["goalkeepers"][colour]["star" if star else "regular"]
    )


def _action_deck(deck: Mapping[str, Any]) -> tuple[list[ActionCard], list[int]]:
    """The deck's distinct action cards and how many of each it holds."""
    kinds: list[ActionCard] = []
    counts: list[int] = []
    for entry in deck["cards"]:
        card = card_from_json({k: entry[k] for k in ("kind", "footballs", "edge")})
        if card in kinds:
            raise _err("edition_deck_twice")
        kinds.append(card)
        counts.append(int(entry["count"]))
    return kinds, counts


def _kickoff_grid(layout_data: Mapping[str, Any], colours: list[str]) -> tuple[int, ...]:
    """The pitch at kick-off: each field's player code (``EMPTY`` where none stands)."""
    grid = [EMPTY] * N_FIELDS
    for side, colour in enumerate(colours):
        for number, name in layout_data[colour].items():
            f = parse_field(name)
            if grid[f] != EMPTY:
                raise _err("edition_layout_twice")
            grid[f] = code(side, int(number))
    if sum(1 for g in grid if g) != 20:
        raise _err("edition_layout_count")
    return tuple(grid)
