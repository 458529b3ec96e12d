"""How teams are built for each game that has them: one adapter per game, attached to the
game's registered object (``get_game(key).teams``) when the app starts (``teams.apps``).

An adapter turns an edition's catalog into card rows, checks and normalises a lineup for a new
team, a change or a re-check, and gives the part of a saved lineup the game's engine reads for
a side. A game without an adapter has no teams. The lineups' shapes are in docs/teams.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from companion.errors import DomainError
from matches.engine import UnknownGameError, get_game, hat_trick, trixkick
from teams import rules
from teams.catalogs import hat_trick_expansion, piece_sets, trixkick_pieces
from teams.labels import role_words
from teams.models import CardKind, Edition, Team

#: ``(lineup, violations, source)`` of a checked lineup
Checked = tuple[dict[str, Any], list[dict[str, Any]], str]
#: ``add(kind, code, **fields)``: one card row; a text field is cut to its column's length
AddRow = Callable[..., None]


def with_team_catalogs(game: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's reference data plus what team building needs, if it is not there yet."""
    adapter = team_adapter(game)
    return adapter.catalogs(dict(data)) if adapter is not None else dict(data)


def team_adapter(game: str) -> TeamAdapter | None:
    """The adapter of ``game``; ``None``: teams are not built for it."""
    try:
        return get_game(game).teams
    except UnknownGameError:
        return None


class TeamAdapter:
    """What a game's teams need; subclass per game."""

    #: budget builds (a rule of the Hat-Trick expansion) exist for this game
    budget_builds = False
    #: the saved lineup carries the team's style
    styled_lineup = False

    def catalogs(self, data: dict[str, Any]) -> dict[str, Any]:
        """The engine's reference data plus what team building needs, if it is not there."""
        return data

    def catalog_problems(self, data: Mapping[str, Any]) -> list[str]:
        """What is malformed in an edition's team-building catalog."""
        return []

    def card_rows(self, data: Mapping[str, Any], add: AddRow) -> None:
        """``add(kind, code, **fields)`` each card row of an edition's ``data``."""

    def create(self, edition: Edition, **fields: Any) -> tuple[Checked, dict[str, Any]]:
        """The checked lineup of a new team and the team's fields it settles (name, colours,
        style). ``fields``: name, colours, style, card_colour, picks, star_keeper,
        team_card, pieces, bench, captain (see ``teams.services.teams.team_create``)."""
        raise NotImplementedError

    def update(self, team: Team, changes: dict[str, Any]) -> Checked:
        raise NotImplementedError

    def recheck(self, team: Team) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        raise NotImplementedError

    def engine_side(self, lineup: Mapping[str, Any]) -> dict[str, Any]:
        """What the engine reads of a saved lineup for a side, beside its name."""
        return {}

    def lineup_in_lines(self, team: Team) -> list[list[dict[str, Any]]] | None:
        """The team's players line by line as the team card draws them, each
        ``{"slot", "name", "role", "gold"}``; ``None``: the card shows no lineup."""
        return None

    def line_words(self, lines: Mapping[str, Any]) -> dict[str, str] | None:
        """The words of the team card's lines (``TeamCard.lines``) in the reader's language;
        ``None``: the card shows them as they are."""
        return None


def _objects(values: Any) -> list[dict[str, Any]]:
    """The objects of a catalog's list (a card is an object; anything else is no card)."""
    return [value for value in values or [] if isinstance(value, dict)]


def _numbers(values: Any) -> tuple[int | None, int | None]:
    if not isinstance(values, list):
        return None, None
    numbers = sorted(n for n in values if rules.is_whole(n, 0, 99))
    if not numbers:
        return None, None
    return numbers[0], (numbers[-1] if len(numbers) > 1 else None)


def _expansion(edition: Edition) -> dict[str, Any]:
    try:
        return rules.expansion(edition.data)
    except rules.CatalogMissing as exc:
        raise DomainError(
            "no_catalog",
            _(
                "This edition has no Hat-Trick expansion catalog: choose a Hat-Trick edition "
                "with the expansion's cards."
            ),
        ) from exc


def _hat_trick_lineup(
    edition: Edition,
    *,
    card_colour: str,
    picks: list[dict[str, Any]] | None,
    team_card: str | None,
    star_keeper: bool,
    style: str | None,
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(lineup, violations)`` for a lineup of cards or a printed team card, with the
    optional bench and captain (HX-B1.7, HX-B1.8)."""
    exp = _expansion(edition)
    if team_card is not None:
        card = rules.team_cards(exp).get(team_card)
        if card is None:
            return {}, [
                rules.violation(
                    "unknown_team_card",
                    N_("There is no team card “{card}” in this edition."),
                    params={"card": team_card},
                    rule="HX-B3.1",
                    card=team_card,
                )
            ]
        picks = rules.team_card_picks(exp, team_card, card_colour)
        star_keeper = bool(card.get("star_keeper", False))
        style = card.get("style")
        source = Team.Source.TEAM_CARD
    else:
        source = Team.Source.LINEUP
    picks = picks or []
    violations = rules.check_lineup(
        exp, colour=card_colour, picks=picks, bench=bench, captain=captain
    )
    if violations:
        return {}, violations
    lineup = rules.lineup_normalise(
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
    return lineup, []


def _trixkick_lineup(
    edition: Edition, *, pieces: dict[str, list[str]] | None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    sets = piece_sets(edition.data)
    if sets is None:
        raise DomainError("no_catalog", _("This edition has no TriXKick piece sets."))
    pieces = pieces or {}
    field = list(pieces.get("field") or sets["field"])
    substitutes = list(
        pieces["substitutes"] if pieces.get("substitutes") is not None else sets["substitutes"]
    )
    keepers = list(pieces.get("keepers") or sets["keepers"])
    violations = rules.check_pieces(
        edition.data, field=field, substitutes=substitutes, keepers=keepers
    )
    lineup = {
        "game": trixkick.ENGINE.key,
        "source": Team.Source.PIECES,
        "field": field,
        "substitutes": substitutes,
        "keepers": keepers,
    }
    return lineup, violations


def _lineup_picks(lineup: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"slot": int(slot), "card": entry["card"], "gold": bool(entry.get("gold"))}
        for slot, entry in (lineup.get("slots") or {}).items()
    ]


def _lineup_bench(lineup: dict[str, Any]) -> list[dict[str, Any]]:
    """The bench of a stored lineup as input (``{"card"}``); none in lineups made before it."""
    return [{"card": entry["card"]} for entry in lineup.get("bench") or []]


class HatTrickTeams(TeamAdapter):
    """Lineups of player cards or printed team cards, with bench and captain; budget builds."""

    budget_builds = True
    styled_lineup = True

    def catalogs(self, data: dict[str, Any]) -> dict[str, Any]:
        if "expansion" not in data:
            data["expansion"] = hat_trick_expansion()
        return data

    def catalog_problems(self, data: Mapping[str, Any]) -> list[str]:
        return rules.expansion_problems(data["expansion"]) if "expansion" in data else []

    def card_rows(self, data: Mapping[str, Any], add: AddRow) -> None:
        for player in _objects(data.get("players")):
            number = player.get("number")
            number = number if rules.is_whole(number, 0, 99) else None
            add(
                CardKind.BASE_PLAYER,
                f"base:{player.get('colour')}:{number}",
                colour=player.get("colour", ""),
                number=number,
                role=player.get("role", ""),
                name=str(player.get("role", "")).replace("_", " "),
                data=player,
            )
        exp = data.get("expansion") if isinstance(data.get("expansion"), dict) else {}
        for card in _objects(exp.get("player_cards")):
            low, high = _numbers(card.get("numbers"))
            price = card.get("price")
            add(
                CardKind.PLAYER,
                card.get("id"),
                colour=card.get("colour", ""),
                number=low,
                number_alt=high,
                shield=card.get("shield", ""),
                price=price if rules.is_whole(price, 0, 999) else None,
                role=card.get("role", ""),
                name=card.get("name", ""),
                data=card,
            )
        for card in _objects(exp.get("team_cards")):
            value = card.get("value")
            add(
                CardKind.TEAM_CARD,
                f"team:{card.get('id')}",
                price=value if rules.is_whole(value, 0, 999) else None,
                shield=card.get("style", ""),
                name=card.get("name", ""),
                data=card,
            )
        for card in _objects(exp.get("budget_cards")):
            orientation = card.get("orientation")  # a budget card is known by it
            add(
                CardKind.BUDGET_CARD,
                f"budget:{orientation}",
                shield=orientation,
                name=f"budget card {orientation}",
                data=card,
            )
        for card in _objects(exp.get("style_cards")):
            add(
                CardKind.STYLE_CARD,
                f"style:{card.get('id')}",
                shield=card.get("style", ""),
                name=card.get("title", ""),
                data=card,
            )

    def create(self, edition: Edition, **fields: Any) -> tuple[Checked, dict[str, Any]]:
        picks, team_card, bench, captain = (
            fields[key] for key in ("picks", "team_card", "bench", "captain")
        )
        name, colours, style = fields["name"], fields["colours"], fields["style"]
        card_colour, star_keeper, pieces = (
            fields[key] for key in ("card_colour", "star_keeper", "pieces")
        )
        if (picks is None) == (team_card is None):
            raise DomainError(
                "lineup_or_team_card",
                _("Give either a lineup (picks) or a team card, not both and not neither."),
            )
        if pieces is not None:
            raise DomainError("pieces_not_allowed", _("Pieces are for TriXKick teams."))
        lineup, violations = _hat_trick_lineup(
            edition,
            card_colour=card_colour,
            picks=picks,
            team_card=team_card,
            star_keeper=star_keeper,
            style=style,
            bench=bench,
            captain=captain,
        )
        if team_card is not None and not violations:
            printed = rules.team_cards(_expansion(edition))[team_card]
            name = name or printed.get("name") or team_card
            colours = colours if colours is not None else printed.get("colours", [])
            style = printed.get("style") if style is None else style
            lineup["style"] = style or None
        source = team_card is not None and Team.Source.TEAM_CARD or Team.Source.LINEUP
        return (lineup, violations, source), {"name": name, "colours": colours, "style": style}

    def update(self, team: Team, changes: dict[str, Any]) -> Checked:
        current = team.lineup or {}
        team_card = changes.get("team_card")
        picks = changes.get("picks")
        if team_card is None and picks is None:
            if current.get("team_card"):
                team_card = current["team_card"]
            else:
                picks = _lineup_picks(current)
        bench = changes["bench"] if "bench" in changes else _lineup_bench(current)
        captain = changes["captain"] if "captain" in changes else current.get("captain")
        lineup, violations = _hat_trick_lineup(
            team.edition,
            card_colour=changes.get("card_colour", current.get("colour", "blue")),
            picks=picks if team_card is None else None,
            team_card=team_card,
            star_keeper=changes.get("star_keeper", current.get("star_keeper", False)),
            style=changes.get("style", team.style),
            bench=bench,
            captain=captain,
        )
        source = Team.Source.TEAM_CARD if team_card else Team.Source.LINEUP
        return lineup, violations, source

    def recheck(self, team: Team) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        current = team.lineup or {}
        team_card = current.get("team_card") if team.source == Team.Source.TEAM_CARD else None
        lineup, violations = _hat_trick_lineup(
            team.edition,
            card_colour=current.get("colour", "blue"),
            picks=None if team_card else _lineup_picks(current),
            team_card=team_card,
            star_keeper=bool(current.get("star_keeper")),
            style=team.style or None,
            bench=_lineup_bench(current),
            captain=current.get("captain"),
        )
        return lineup, violations

    def engine_side(self, lineup: Mapping[str, Any]) -> dict[str, Any]:
        return {"lineup": _hat_trick_engine_lineup(lineup)} if lineup.get("slots") else {}

    def lineup_in_lines(self, team: Team) -> list[list[dict[str, Any]]] | None:
        """As they stand at kick-off, from the team's own goal forward, left to right."""
        slots = (team.lineup or {}).get("slots")
        if not slots:
            return None
        layout = (team.edition.data or {}).get("kickoff_layout", {}).get("blue", {})
        lines: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        for slot, player in slots.items():
            field = layout.get(str(slot), "")
            line = int(field[1:]) if field[1:].isdigit() else 99
            lines.setdefault(line, []).append((field[:1], {"slot": int(slot), **player}))
        german = get_language() == "de"
        words = role_words(str(p.get("role", "")) for p in slots.values())  # the reader's
        return [
            [
                {
                    "slot": p["slot"],
                    "name": words.get(str(p.get("role", "")))
                    or (german and p.get("name_de"))
                    or p.get("name")
                    or p.get("card", ""),
                    "role": p.get("role", ""),
                    "gold": bool(p.get("gold")),
                }
                for _column, p in sorted(players, key=lambda item: (item[0], item[1]["slot"]))
            ]
            for _line, players in sorted(lines.items())
        ]

    def line_words(self, lines: Mapping[str, Any]) -> dict[str, str] | None:
        return role_words(lines)


class TrixKickTeams(TeamAdapter):
    """Piece sets: field pieces, substitutes and keepers."""

    def catalogs(self, data: dict[str, Any]) -> dict[str, Any]:
        if piece_sets(data) is None:
            data["team_pieces"] = trixkick_pieces()
        return data

    def card_rows(self, data: Mapping[str, Any], add: AddRow) -> None:
        sets = piece_sets(data) or {}
        for set_name, codes in sets.items():
            for index, code in enumerate(codes):
                add(
                    CardKind.PIECE,
                    f"{set_name}:{code}:{index}",
                    shield=set_name,
                    role=set_name,
                    name=code,
                    data={"set": set_name, "symbols": code},
                )

    def create(self, edition: Edition, **fields: Any) -> tuple[Checked, dict[str, Any]]:
        picks, team_card, bench, captain = (
            fields[key] for key in ("picks", "team_card", "bench", "captain")
        )
        name, colours, style = fields["name"], fields["colours"], fields["style"]
        pieces = fields["pieces"]
        if picks is not None or team_card is not None:
            raise DomainError("lineup_not_allowed", _("TriXKick teams are made of pieces."))
        if bench is not None or captain is not None:
            raise DomainError(
                "lineup_not_allowed",
                _(
                    "A bench and a captain are for Hat-Trick teams; a TriXKick team names "
                    "its substitutes among its pieces."
                ),
            )
        lineup, violations = _trixkick_lineup(edition, pieces=pieces)
        source = Team.Source.PIECES
        return (lineup, violations, source), {"name": name, "colours": colours, "style": style}

    def update(self, team: Team, changes: dict[str, Any]) -> Checked:
        if "bench" in changes or "captain" in changes:
            raise DomainError(
                "lineup_not_allowed",
                _(
                    "A bench and a captain are for Hat-Trick teams; a TriXKick team names "
                    "its substitutes among its pieces."
                ),
            )
        lineup, violations = _trixkick_lineup(team.edition, pieces=changes.get("pieces"))
        source = Team.Source.PIECES
        return lineup, violations, source

    def recheck(self, team: Team) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        lineup, violations = _trixkick_lineup(
            team.edition,
            pieces={k: team.lineup.get(k) for k in ("field", "substitutes", "keepers")},
        )
        return lineup, violations

    def engine_side(self, lineup: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "pieces": {
                "field": list(lineup.get("field", [])),
                "substitutes": list(lineup.get("substitutes", [])),
            }
        }


ENGINE_SLOT_KEYS = ("card", "role", "numbers", "edge", "gold", "silver", "gold_side")


def _hat_trick_engine_lineup(lineup: dict[str, Any]) -> dict[str, Any]:
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
        "captain": lineup.get("captain") or rules.DEFAULT_CAPTAIN,
    }


def attach_adapters() -> None:
    """Give the games with teams their adapter (called once the apps are ready)."""
    hat_trick.GAME.attach(teams=HatTrickTeams())
    trixkick.GAME.attach(teams=TrixKickTeams())
