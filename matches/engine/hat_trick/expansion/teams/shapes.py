"""A Hat-Trick team's lineup as the API sends it (``TeamOutput.lineup``, a side's set-up), the
typed shape of what :func:`~matches.engine.hat_trick.expansion.teams.lineups.lineup_normalise`
stores (docs/teams.md, "Lineup shape")."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from matches.engine.hat_trick.actions import Edge
from matches.engine.hat_trick.edition_shapes import AbilityId, CatalogFace, Shield, Style


class LineupEntry(TypedDict):
    """A player card on its slot (or on the bench): its catalog values and the face it starts
    on (``attack``, ``defence``, ``ability``: gold's if ``gold``)."""

    card: str
    design: str | None
    role: str | None
    name: str | None
    numbers: list[int] | None
    shield: Shield | None
    edge: Edge | None
    gold: bool
    attack: int | None
    defence: int | None
    ability: AbilityId | None
    silver: CatalogFace | None
    gold_side: CatalogFace | None


class Pool(TypedDict):
    budget: int
    spent: int
    left: int


Budget = TypedDict(
    "Budget",
    {
        "orientation": Shield,
        "class": Annotated[str, "The budget class (I-IV)."],
        "pools": Annotated[dict[str, Pool], "Pool -> its stars: budget, spent, left."],
    },
)
Budget.__doc__ = "The budget card a build's team was priced against, and its pools (HX-B2)."


class TeamLineup(TypedDict, total=False):
    """A team's lineup: its ten player cards by slot (2-11), gold flags, star keeper, style,
    bench and captain; ``budget`` for a team made from a build. Empty (`{}`) while the team's
    lineup is refused (its ``violations`` say why)."""

    game: Literal["hat-trick"]
    source: Literal["lineup", "team_card", "build"]
    team_card: str | None
    colour: Literal["blue", "red"]
    slots: Annotated[dict[str, LineupEntry], "Slot (2-11) -> its card."]
    gold: list[int]
    star_keeper: bool
    style: Style | None
    bench: list[LineupEntry]
    captain: int
    budget: Budget
