"""How TriXKick teams are built (TK-T1): ten field pieces and the substitutes from an
edition's piece set, and the three keepers. :data:`TEAMS` is the game's team facet
(:class:`matches.engine.teams.TeamRules`).

An edition's piece sets are its own top-level ``keepers`` / ``field_pieces`` / ``substitutes``
(the engine's reference data), or the same under ``pieces`` or ``team_pieces``; an edition
without any gets ``data/team_pieces.json`` under ``team_pieces``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

from matches.engine.i18n import N_
from matches.engine.teams import (
    JSON,
    CardRow,
    CheckedLineup,
    EditionData,
    Lineup,
    NewTeam,
    PieceChoice,
    TeamRefusal,
    TeamRequest,
    TeamRules,
    Violation,
    not_in_edition,
    violation,
)
from matches.engine.trixkick.edition_shapes import TeamLineup

#: the piece sets team building adds to an edition without its own
PIECES_FILE = Path(__file__).resolve().parent / "data" / "team_pieces.json"
#: the key of the game a lineup is for
GAME_KEY = "trixkick"
PIECES = "pieces"
FIELD_SIZE = 10
_SETS = (
    ("keepers", ("keepers", "goalkeepers")),
    ("field", ("field_pieces", "field", "field_players")),
    ("substitutes", ("substitutes",)),
)
_NO_BENCH = N_(
    "A bench and a captain are for Hat-Trick teams; a TriXKick team names its substitutes "
    "among its pieces."
)

PieceSets = dict[str, list[str]]


def _piece_codes(items: JSON) -> list[str] | None:
    if not isinstance(items, list):
        return None
    codes = []
    for item in items:
        if isinstance(item, str):
            codes.append(item)
        elif isinstance(item, dict):
            code = item.get("code") or item.get("id") or item.get("symbols")
            if not isinstance(code, str):
                return None
            codes.append(code)
        else:
            return None
    return codes


def piece_sets(data: JSON) -> PieceSets | None:
    """The ``{"keepers", "field", "substitutes"}`` piece codes in an edition's data."""
    if not isinstance(data, dict):
        return None
    for key in (None, "pieces", "team_pieces"):
        block = data if key is None else data.get(key)
        if not isinstance(block, dict):
            continue
        sets = {}
        for name, aliases in _SETS:
            found = None
            for alias in aliases:
                found = _piece_codes(block.get(alias))
                if found is not None:
                    break
            if found is None:
                break
            sets[name] = found
        else:
            return sets
    return None


def check_pieces(
    sets: PieceSets, *, field: list[str], substitutes: list[str], keepers: list[str]
) -> list[Violation]:
    """A TriXKick team: 10 field pieces and substitutes from the piece set, and 3 keepers."""
    found: list[Violation] = []
    outfield = Counter(sets["field"]) + Counter(sets["substitutes"])
    chosen = Counter(field) + Counter(substitutes)
    for code, count in sorted(chosen.items()):
        if code not in outfield:
            found.append(
                not_in_edition(
                    "unknown_piece",
                    N_("There is no field piece {piece} in this edition."),
                    code,
                    rule="TK-T1",
                    name="piece",
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
    if len(field) != FIELD_SIZE:
        found.append(
            violation(
                "field_size",
                N_("A team has 10 field pieces, not {count}."),
                params={"count": len(field)},
                rule="TK-T1",
                count=len(field),
            )
        )
    if Counter(keepers) != Counter(sets["keepers"]):
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


def checked_pieces(data: EditionData, pieces: PieceChoice | None) -> CheckedLineup:
    """The team's pieces (each set left out: the edition's whole set), checked."""
    sets = piece_sets(data)
    if sets is None:
        raise TeamRefusal("no_catalog", N_("This edition has no TriXKick piece sets."))
    chosen: PieceChoice = pieces or {}
    field = list(chosen.get("field") or sets["field"])
    given = chosen.get("substitutes")
    substitutes = list(given if given is not None else sets["substitutes"])
    keepers = list(chosen.get("keepers") or sets["keepers"])
    violations = check_pieces(sets, field=field, substitutes=substitutes, keepers=keepers)
    lineup: Lineup = {
        "game": GAME_KEY,
        "source": PIECES,
        "field": field,
        "substitutes": substitutes,
        "keepers": keepers,
    }
    return CheckedLineup(lineup, violations, PIECES)


class TrixKickTeams(TeamRules):
    """Piece sets: field pieces, substitutes and keepers."""

    lineup_shape: type | None = TeamLineup

    def catalog_files(self, data: EditionData) -> Mapping[str, Path]:
        return {} if piece_sets(data) is not None else {"team_pieces": PIECES_FILE}

    def card_rows(self, data: EditionData) -> Iterator[CardRow]:
        for set_name, codes in (piece_sets(data) or {}).items():
            for index, code in enumerate(codes):
                yield CardRow(
                    "piece",
                    f"{set_name}:{code}:{index}",
                    {
                        "shield": set_name,
                        "role": set_name,
                        "name": code,
                        "data": {"set": set_name, "symbols": code},
                    },
                )

    def new_team(self, data: EditionData, request: TeamRequest) -> NewTeam:
        if request.picks is not None or request.team_card is not None:
            raise TeamRefusal("lineup_not_allowed", N_("TriXKick teams are made of pieces."))
        if request.bench is not None or request.captain is not None:
            raise TeamRefusal("lineup_not_allowed", _NO_BENCH)
        checked = checked_pieces(data, request.pieces)
        return NewTeam(checked, request.name, request.colours, request.style)

    def changed(
        self, data: EditionData, current: Lineup, style: str | None, changes: Mapping[str, JSON]
    ) -> CheckedLineup:
        if "bench" in changes or "captain" in changes:
            raise TeamRefusal("lineup_not_allowed", _NO_BENCH)
        return checked_pieces(data, changes.get("pieces"))

    def rechecked(
        self, data: EditionData, current: Lineup, source: str, style: str | None
    ) -> CheckedLineup:
        pieces: PieceChoice = {
            "field": current.get("field"),
            "substitutes": current.get("substitutes"),
            "keepers": current.get("keepers"),
        }
        return checked_pieces(data, pieces)

    def engine_side(self, lineup: Lineup) -> dict[str, JSON]:
        return {
            "pieces": {
                "field": list(lineup.get("field", [])),
                "substitutes": list(lineup.get("substitutes", [])),
            }
        }


#: the game's team facet
TEAMS = TrixKickTeams()
