"""Hat-Trick's edition as the API sends and takes it (``GET``/``PATCH /api/editions/{id}/``):
the typed shape of an edition's ``data`` (``Edition``): the base game's reference data (pitch,
kick-off layout, player and goalkeeper cards, shooting cards, action deck, national teams) and
the "Spieler" expansion's catalog (player, team, budget and style cards, abilities), and each
catalog card as ``GET /api/editions/{id}/cards/`` lists it (``CARDS``, by card kind).

An edition is data a staff member may edit: the keys below are those of the reference edition,
every one optional at the top (a match or a team refuses an edition that lacks what it needs,
with its own error). Rule clauses: docs/rules/hat-trick.md; the catalog: docs/teams.md."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.hat_trick.actions import CardKind, Edge

AbilityId = Annotated[str, "An ability of the expansion's catalog, e.g. `stopper.gold`."]
Colour = Literal["blue", "red"]
Shield = Literal["defensive", "balanced", "offensive"]
Style = Literal["tactical", "technical", "physical", "total"]
Dive = Literal["left", "centre", "right"]
Symbol = Annotated[Literal["", "+", "-"], "Against that dive: `+`, `-` or nothing."]
Places = Annotated[dict[str, str], "Shirt number (or a letter for an empty field) -> field."]

RuleEffect = TypedDict(
    "RuleEffect",
    {
        "kind": Literal[
            "block",
            "borrow",
            "foul",
            "free_kick",
            "intercept",
            "modifier",
            "move",
            "swap",
            "take_ball",
        ],
        "when": str,
        "role": str,
        "team": Literal["own", "opponent"],
        "target": str,
        "action": CardKind,
        "pass_type": CardKind,
        "amount": int,
        "steps": int,
        "directions": list[str],
        "face": Literal["silver", "gold"],
        "column": str,
        "columns": str,
        "half": Literal["own", "opponent"],
        "where": str,
        "who": str,
        "relation": str,
        "requires": AbilityId,
        "until": str,
        "needs_card": CardKind,
        "own_card": str,
        "from": str,
        "with": str,
        "final_line": bool,
        "flip_on_return": bool,
        "needs_pass_card": bool,
        "not_in_chance": bool,
        "opponent_stronger": bool,
        "optional": bool,
        "to_final_line": bool,
        "wing_only": bool,
        "with_ball": bool,
    },
    total=False,
)
RuleEffect.__doc__ = (
    "What an expansion ability or style card does, in the catalog's vocabulary: its `kind` "
    "and the conditions and amounts that go with it (docs/rules/hat-trick.md, HX)."
)


class Pitch(TypedDict):
    columns: list[str]
    lines: int


class PitchSide(TypedDict):
    """A side of the pitch: its colour and the lines it defends and attacks."""

    index: int
    colour: Colour
    defends_line: int
    attacks_line: int


class KickoffLayout(TypedDict):
    """Where each player stands at kick-off (HT-0.3), the empty fields, and the ball's holder."""

    blue: Places
    red: Places
    empty: Places
    ball: Annotated[int, "The shirt number of the player with the ball."]


class Values(TypedDict):
    attack: int
    defence: int


class BasePlayerCard(TypedDict):
    """A player card of the base game: its regular and star sides (HT-0.2)."""

    colour: Colour
    number: int
    role: str
    edge: Edge
    regular: Values
    star: Values


class GoalkeeperCard(TypedDict):
    """A goalkeeper card: its dive and the cards it draws from each shooting position."""

    id: str
    dive: Dive
    draws: Annotated[dict[str, int], "Shooting position -> cards the keeper draws (HT-6.3)."]


class KeeperSet(TypedDict):
    regular: list[GoalkeeperCard]
    star: list[GoalkeeperCard]


class ShootingCard(TypedDict):
    """A shooting card: its action, colour, modifier, corner and symbols (HT-6.1)."""

    id: str
    action: CardKind
    colour: str
    modifier: int
    corner: Dive
    symbols: Annotated[dict[str, Symbol], "Keeper dive -> `+`, `-` or nothing."]


class DeckCard(TypedDict):
    kind: CardKind
    footballs: int
    edge: Edge
    count: int


class ActionDeck(TypedDict):
    hand_size: int
    cards_per_team: int
    cards: list[DeckCard]


class NationalTeams(TypedDict):
    """Each national team's shirt numbers shown on their star side (1: the star keepers)."""

    note: str
    teams: dict[str, list[int]]


class CatalogFace(TypedDict):
    """A face of an expansion player card: its footballs and ability (HX-0.1)."""

    attack: int
    defence: int
    ability: AbilityId


class CatalogPlayerCard(TypedDict):
    """An expansion player card: design, role, names, shirt numbers, shield, price, edge,
    and its silver and gold faces (HX-0.1, HX-B2)."""

    id: str
    design: str
    colour: Colour
    role: str
    name: str
    name_de: str
    numbers: list[int]
    shield: Shield
    price: int
    edge: Edge
    silver: CatalogFace
    gold: CatalogFace


class CatalogAbility(TypedDict):
    """An ability of a player card's face: its words (English, German) and what it does."""

    id: AbilityId
    role: str
    side: Literal["silver", "gold"]
    text: str
    text_de: str
    effect: RuleEffect


class Strength(TypedDict):
    defence: int
    midfield: int
    attack: int


class CatalogTeamCard(TypedDict):
    """A printed team card: its lineup (slot -> card design), gold players and star keeper."""

    id: str
    name: str
    name_de: str
    colours: list[str]
    style: Style
    value: int
    strength: Strength
    lineup: Annotated[dict[str, str], "Slot (2-11) -> the design of its player card."]
    gold: list[int]
    star_keeper: bool


class PoolStars(TypedDict):
    defensive: int
    offensive: int


class CatalogBudgetCard(TypedDict):
    """A budget card: the stars of each pool per budget class (HX-B2)."""

    orientation: Shield
    classes: Annotated[dict[str, PoolStars], "Budget class (I-IV) -> the pools' stars."]
    id: str
    printed: list[str]


class StyleEarning(TypedDict):
    """How a team earns the card: ``count`` successful ``actions`` in a row (HX-S.3)."""

    actions: list[str]
    count: int
    distinct: NotRequired[bool]


class CatalogStyleCard(TypedDict):
    """A style card: its words (English, German), how it is earned and what it does."""

    id: str
    style: Style
    style_de: str
    title: str
    title_de: str
    condition: str
    condition_de: str
    effect: str
    effect_de: str
    text_source: str
    earn: StyleEarning
    play: RuleEffect


class ExpansionCatalog(TypedDict, total=False):
    """The "Spieler" expansion's catalog: its cards, abilities, and the budget's prices."""

    key: str
    name: str
    reconstruction: bool
    note: str
    printed_facts: list[str]
    slots: list[int]
    colours: list[Colour]
    shields: list[Shield]
    styles: list[Style]
    gold_upgrade_price: int
    star_keeper_price: int
    star_keeper_pool: Shield
    budget_classes: list[str]
    player_cards: list[CatalogPlayerCard]
    abilities: list[CatalogAbility]
    team_cards: list[CatalogTeamCard]
    budget_cards: list[CatalogBudgetCard]
    style_cards: list[CatalogStyleCard]


class Edition(TypedDict, total=False):
    """A Hat-Trick edition: the base game's cards and, for teams, the expansion's catalog."""

    key: str
    name: str
    version: int
    reconstruction: Annotated[bool, "Whether the values are reconstructed, not printed."]
    note: str
    pitch: Pitch
    sides: list[PitchSide]
    kickoff_layout: KickoffLayout
    players: list[BasePlayerCard]
    goalkeepers: Annotated[dict[str, KeeperSet], "Colour -> its goalkeeper cards."]
    shooting_cards: list[ShootingCard]
    action_deck: ActionDeck
    national_teams: NationalTeams
    expansion: ExpansionCatalog


#: a catalog card's ``data`` by its kind (``GET /api/editions/{id}/cards/``)
CARDS: dict[str, type] = {
    "base_player": BasePlayerCard,
    "player": CatalogPlayerCard,
    "team_card": CatalogTeamCard,
    "budget_card": CatalogBudgetCard,
    "style_card": CatalogStyleCard,
}
