"""What a game's team building offers the teams app: the ``teams`` facet of a
:class:`matches.engine.game.Game` (``None``: teams are not built for the game).

A facet is any object with these members; the teams app calls nothing else of it. An edition
and a team are the teams app's stored objects (``edition.data`` is the edition's catalog,
``team.lineup`` the saved lineup), so they are typed ``Any`` here: the engines import no
Django. The lineups' shapes are in docs/teams.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

#: ``(lineup, violations, source)`` of a checked lineup
Checked = tuple[dict[str, Any], list[dict[str, Any]], str]
#: ``add(kind, code, **fields)``: one card row of an edition's catalog
AddRow = Callable[..., None]


@runtime_checkable
class TeamRules(Protocol):
    """How teams are built for one game."""

    #: budget builds (a rule of the Hat-Trick expansion) exist for this game
    budget_builds: bool
    #: the saved lineup carries the team's style
    styled_lineup: bool

    def catalogs(self, data: dict[str, Any]) -> dict[str, Any]:
        """The engine's reference data plus what team building needs, if it is not there."""
        ...

    def catalog_problems(self, data: Mapping[str, Any]) -> list[str]:
        """What is malformed in an edition's team-building catalog."""
        ...

    def card_rows(self, data: Mapping[str, Any], add: AddRow) -> None:
        """``add(kind, code, **fields)`` each card row of an edition's ``data``."""
        ...

    def create(self, edition: Any, **fields: Any) -> tuple[Checked, dict[str, Any]]:
        """The checked lineup of a new team and the team's fields it settles (name, colours,
        style)."""
        ...

    def update(self, team: Any, changes: dict[str, Any]) -> Checked:
        """The checked lineup of ``team`` with ``changes``."""
        ...

    def recheck(self, team: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """``(lineup, violations)`` of ``team``'s saved lineup, checked again."""
        ...

    def engine_side(self, lineup: Mapping[str, Any]) -> dict[str, Any]:
        """What the engine reads of a saved lineup for a side, beside its name."""
        ...

    def lineup_in_lines(self, team: Any) -> list[list[dict[str, Any]]] | None:
        """The team's players line by line as the team card draws them; ``None``: the card
        shows no lineup."""
        ...

    def line_words(self, lines: Mapping[str, Any]) -> dict[str, str] | None:
        """The words of the team card's lines in the reader's language; ``None``: the card
        shows them as they are."""
        ...
