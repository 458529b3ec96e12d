"""Expansion ("Spieler") rule tests: editions with the catalog, lineups, new matches (``xnew``,
from the kick-off layout ``states.KICK_OFF``) and the ability uses offered."""

from __future__ import annotations

import copy
from functools import cache

from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.expansion.teams import catalog, lineups
from matches.engine.hat_trick.state import State
from teams.catalogs import with_team_catalogs

# The cheapest full blue lineup (see tests/teams/conftest.py).
CHEAP = {
    2: "full_back-2",
    3: "full_back-3",
    4: "stopper-4",
    5: "stopper-5",
    6: "central_midfielder-6",
    7: "central_midfielder-7",
    8: "attacking_midfielder-8",
    10: "attacking_midfielder-10",
    9: "goal_poacher-9",
    11: "goal_poacher-11",
}


@cache
def _edition() -> dict:
    return with_team_catalogs("hat-trick", copy.deepcopy(dict(ENGINE.default_edition())))


def edition() -> dict:
    return copy.deepcopy(_edition())


def lineup(
    designs: dict[int, str] | None = None,
    *,
    colour: str = "blue",
    gold=(),
    star_keeper: bool = False,
    style: str | None = None,
    team_card: str | None = None,
) -> dict:
    """The engine's lineup for a team card, or for ``designs`` (slot -> card design)."""
    exp = _edition()["expansion"]
    if team_card is not None:
        picks = lineups.team_card_picks(exp, team_card, colour)
        card = catalog.team_cards(exp)[team_card]
        star_keeper, style = card["star_keeper"], card["style"]
    else:
        designs = {**CHEAP, **(designs or {})}
        picks = [
            {"slot": s, "card": f"{colour}:{d}", "gold": s in gold} for s, d in designs.items()
        ]
    assert not lineups.check_lineup(exp, colour=colour, picks=picks)
    full = lineups.lineup_normalise(
        exp, colour=colour, picks=picks, star_keeper=star_keeper, style=style, source="test"
    )
    return copy.deepcopy(lineups.engine_lineup(full))


def xnew(blue: dict | None = None, red: dict | None = None, **options) -> State:
    """A match where blue (and red, if given) play expansion lineups."""
    sides = [{"name": "Blue", "lineup": blue or lineup()}, {"name": "Red"}]
    if red is not None:
        sides[1]["lineup"] = red
    return ENGINE.initial_state(edition=edition(), sides=sides, options=options)


def with_bench(team: dict, designs: dict[int, str], colour: str = "blue") -> dict:
    """``team`` with bench cards: the engine entries of ``designs`` (slot -> card design)."""
    donor = lineup(designs, colour=colour)
    used = {entry["card"] for entry in team["slots"].values()}
    bench = [dict(donor["slots"][str(slot)], gold=False) for slot in designs]
    return {**team, "bench": [b for b in bench if b["card"] not in used]}


def offered(s: State) -> list[dict]:
    """The ability uses ``legal_actions`` offers now."""
    return [
        u for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "ability" for u in a["uses"]
    ]


def use(side: int, player: int, **extra) -> dict:
    """An ``ability`` action of ``side``'s no. ``player``."""
    return {"type": "ability", "side": side, "player": player, **extra}


def uses_of(s: State, player: int) -> list[dict]:
    return [u for u in offered(s) if u["player"] == player]
