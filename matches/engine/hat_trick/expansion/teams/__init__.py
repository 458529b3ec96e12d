"""How Hat-Trick teams are built (the "Spieler" expansion's team building, HX-B in
docs/teams.md): lineups of player cards or printed team cards, with bench and captain, and
budget builds. :data:`TEAMS` is the game's team facet (:class:`matches.engine.teams.TeamRules`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from matches.engine.hat_trick.expansion.teams import budget, catalog, shapes
from matches.engine.hat_trick.expansion.teams.catalog import (
    CLASSES,
    COLOURS,
    ORIENTATIONS,
    POOLS,
    STYLES,
    expansion,
    team_cards,
)
from matches.engine.hat_trick.expansion.teams.lineups import (
    check_lineup,
    engine_lineup,
    lineup_normalise,
    team_card_picks,
)
from matches.engine.i18n import N_
from matches.engine.teams import (
    JSON,
    BenchPick,
    BudgetRules,
    BuildRequest,
    CardRow,
    CheckedLineup,
    EditionData,
    LinePlayer,
    Lineup,
    NewTeam,
    Pick,
    TeamRefusal,
    TeamRequest,
    not_in_edition,
)

LINEUP = "lineup"
TEAM_CARD = "team_card"
BUILD = "build"


def checked_lineup(
    data: EditionData,
    *,
    card_colour: str,
    picks: list[Pick] | None,
    team_card: str | None,
    star_keeper: bool,
    style: str | None,
    bench: list[BenchPick] | None = None,
    captain: int | None = None,
) -> CheckedLineup:
    """A lineup of cards or a printed team card, with the optional bench and captain
    (HX-B1.7, HX-B1.8)."""
    exp = expansion(data)
    source = LINEUP
    if team_card is not None:
        source = TEAM_CARD
        card = team_cards(exp).get(team_card)
        if card is None:
            unknown = not_in_edition(
                "unknown_team_card",
                N_("There is no team card “{card}” in this edition."),
                team_card,
                rule="HX-B3.1",
            )
            return CheckedLineup({}, [unknown], source)
        picks = team_card_picks(exp, team_card, card_colour)
        star_keeper = bool(card.get("star_keeper", False))
        style = card.get("style")
    picks = picks or []
    violations = check_lineup(exp, colour=card_colour, picks=picks, bench=bench, captain=captain)
    if violations:
        return CheckedLineup({}, violations, source)
    lineup = lineup_normalise(
        exp,
        colour=card_colour,
        picks=picks,
        star_keeper=star_keeper,
        style=style,
        source=source,
        team_card=team_card,
        bench=bench,
        captain=captain,
    )
    return CheckedLineup(lineup, [], source)


def _lineup_picks(lineup: Lineup) -> list[Pick]:
    return [
        {"slot": int(slot), "card": entry["card"], "gold": bool(entry.get("gold"))}
        for slot, entry in (lineup.get("slots") or {}).items()
    ]


def _lineup_bench(lineup: Lineup) -> list[BenchPick]:
    """The bench of a stored lineup as input (``{"card"}``); none in lineups made before it."""
    return [{"card": entry["card"]} for entry in lineup.get("bench") or []]


class HatTrickBuilds:
    """Budget builds (HX-B2)."""

    choices: Mapping[str, tuple[str, ...]] = {
        "orientation": ORIENTATIONS,
        "budget_class": CLASSES,
        "pool": POOLS,
    }

    def require_catalog(self, data: EditionData) -> None:
        expansion(data)

    def check_build(self, data: EditionData, build: BuildRequest) -> dict[str, JSON]:
        return budget.check_build(data, build)

    def build_lineup(
        self, data: EditionData, build: BuildRequest, budget: dict[str, JSON]
    ) -> Lineup:
        lineup = lineup_normalise(
            expansion(data),
            colour=build.colour,
            picks=build.picks,
            star_keeper=build.star_keeper,
            style=None,
            source=BUILD,
            bench=build.bench or [],
            captain=build.captain,
        )
        lineup["budget"] = budget
        return lineup


class HatTrickTeams:
    """Lineups of player cards or printed team cards, with bench and captain; budget builds."""

    styled_lineup = True
    line_roles = True
    choices: Mapping[str, tuple[str, ...]] = {"colour": COLOURS, "style": STYLES}
    builds: BudgetRules | None = HatTrickBuilds()
    lineup_shape: type | None = shapes.TeamLineup

    def catalog_files(self, data: EditionData) -> Mapping[str, Path]:
        return {} if "expansion" in data else {"expansion": catalog.CATALOG_FILE}

    def catalog_problems(self, data: EditionData) -> list[str]:
        return catalog.expansion_problems(data["expansion"]) if "expansion" in data else []

    def card_rows(self, data: EditionData) -> Iterator[CardRow]:
        return catalog.card_rows(data)

    def new_team(self, data: EditionData, request: TeamRequest) -> NewTeam:
        picks, team_card = request.picks, request.team_card
        if (picks is None) == (team_card is None):
            raise TeamRefusal(
                "lineup_or_team_card",
                N_("Give either a lineup (picks) or a team card, not both and not neither."),
            )
        if request.pieces is not None:
            raise TeamRefusal("pieces_not_allowed", N_("Pieces are for TriXKick teams."))
        checked = checked_lineup(
            data,
            card_colour=request.card_colour,
            picks=picks,
            team_card=team_card,
            star_keeper=request.star_keeper,
            style=request.style,
            bench=request.bench,
            captain=request.captain,
        )
        name, colours, style = request.name, request.colours, request.style
        if team_card is not None and not checked.violations:
            printed = team_cards(expansion(data))[team_card]
            name = name or printed.get("name") or team_card
            colours = colours if colours is not None else printed.get("colours", [])
            style = printed.get("style") if style is None else style
            checked.lineup["style"] = style or None
        return NewTeam(checked, name, colours, style)

    def changed(
        self, data: EditionData, current: Lineup, style: str | None, changes: Mapping[str, JSON]
    ) -> CheckedLineup:
        team_card = changes.get("team_card")
        picks = changes.get("picks")
        if team_card is None and picks is None:
            if current.get("team_card"):
                team_card = current["team_card"]
            else:
                picks = _lineup_picks(current)
        return checked_lineup(
            data,
            card_colour=changes.get("card_colour", current.get("colour", "blue")),
            picks=picks if team_card is None else None,
            team_card=team_card,
            star_keeper=changes.get("star_keeper", current.get("star_keeper", False)),
            style=changes.get("style", style),
            bench=changes["bench"] if "bench" in changes else _lineup_bench(current),
            captain=changes["captain"] if "captain" in changes else current.get("captain"),
        )

    def rechecked(
        self, data: EditionData, current: Lineup, source: str, style: str | None
    ) -> CheckedLineup:
        team_card = current.get("team_card") if source == TEAM_CARD else None
        return checked_lineup(
            data,
            card_colour=current.get("colour", "blue"),
            picks=None if team_card else _lineup_picks(current),
            team_card=team_card,
            star_keeper=bool(current.get("star_keeper")),
            style=style or None,
            bench=_lineup_bench(current),
            captain=current.get("captain"),
        )

    def engine_side(self, lineup: Lineup) -> dict[str, JSON]:
        return {"lineup": engine_lineup(lineup)} if lineup.get("slots") else {}

    def lineup_in_lines(self, lineup: Lineup, data: EditionData) -> list[list[LinePlayer]] | None:
        """As they stand at kick-off, from the team's own goal forward, left to right."""
        slots = lineup.get("slots")
        if not slots:
            return None
        layout = (data or {}).get("kickoff_layout", {}).get("blue", {})
        lines: dict[int, list[tuple[str, LinePlayer]]] = {}
        for slot, player in slots.items():
            place = layout.get(str(slot), "")
            line = int(place[1:]) if place[1:].isdigit() else 99
            lines.setdefault(line, []).append((place[:1], _line_player(int(slot), player)))
        return [
            [p for _column, p in sorted(players, key=lambda item: (item[0], item[1]["slot"]))]
            for _line, players in sorted(lines.items())
        ]


def _line_player(slot: int, player: dict[str, JSON]) -> LinePlayer:
    names = {
        key[5:]: value
        for key, value in player.items()
        if key.startswith("name_") and isinstance(value, str) and value
    }
    names["en"] = player.get("name") or player.get("card", "")
    return {
        "slot": slot,
        "card": player.get("card", ""),
        "role": player.get("role", ""),
        "gold": bool(player.get("gold")),
        "names": names,
    }


#: the game's team facet
TEAMS = HatTrickTeams()
