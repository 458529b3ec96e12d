"""How a game's teams are built: the facet a game package gives its ``Game`` (``teams=``).

A game with teams implements :class:`TeamRules` in its own package (pure Python, like its
engine): it names the catalog files an edition's data takes, the card rows of a catalog, and
checks and normalises a lineup (a new team, a change, a re-check against a new edition). A
game with budget builds also gives :class:`BudgetRules` (``builds``). The teams app turns the
answers into rows, stored teams and API errors; it never names a game.

Every check returns *all* violations at once, each a :class:`Violation`: ``text`` keeps the
sentence's English template and its parameters, so the sentence is said again in the reader's
language whenever it is read (:func:`say`). A request the game's teams cannot take at all is
refused with :class:`TeamRefusal` (a code and its marked sentence).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, Protocol, TypedDict, runtime_checkable

from matches.engine.i18n import gettext, pgettext

#: a JSON value (edition data, a stored lineup)
JSON = Any
#: an edition's data: the engine's reference data plus the team-building catalogs
EditionData = Mapping[str, JSON]
#: a saved lineup as a match and the team card read it (its shape per game: docs/teams.md)
Lineup = dict[str, JSON]


class ViolationText(TypedDict):
    """A violation's sentence: its English template (marked) and the parameters it names."""

    template: str
    params: dict[str, JSON]


class Violation(TypedDict):
    """One broken team-building rule: a stable code, its clause, where, and its sentence."""

    code: str
    message: str
    rule: str
    slot: int | None
    card: str | None
    details: dict[str, JSON]
    text: NotRequired[ViolationText]


class Pick(TypedDict):
    """One card of a lineup on its shirt-number slot (``pool``: builds only)."""

    slot: int
    card: str
    gold: NotRequired[bool]
    pool: NotRequired[str | None]


class BenchPick(TypedDict):
    """One card on the bench (``pool``: builds only)."""

    card: str
    pool: NotRequired[str | None]


class PieceChoice(TypedDict, total=False):
    """A team's pieces by set (a game of pieces); a set left out or ``None``: the edition's."""

    field: list[str] | None
    substitutes: list[str] | None
    keepers: list[str] | None


@dataclass(frozen=True)
class TeamRequest:
    """What a new team is asked to be (see ``teams.services.teams.team_create``)."""

    name: str | None = None
    colours: list[str] | None = None
    style: str | None = None
    card_colour: str = "blue"
    picks: list[Pick] | None = None
    star_keeper: bool = False
    team_card: str | None = None
    pieces: PieceChoice | None = None
    bench: list[BenchPick] | None = None
    captain: int | None = None


@dataclass(frozen=True)
class BuildRequest:
    """A budget build: its budget card's row, the cards' colour, picks (each ``pool`` only
    chooses the pool of a balanced player), star keeper, bench and captain."""

    orientation: str
    budget_class: str
    colour: str
    picks: list[Pick]
    star_keeper: bool = False
    bench: list[BenchPick] | None = None
    captain: int | None = None


@dataclass(frozen=True)
class CheckedLineup:
    """A lineup as checked: normalised when ``violations`` is empty; ``source``: what it was
    made from (lineup, team_card, pieces, build)."""

    lineup: Lineup
    violations: list[Violation]
    source: str


@dataclass(frozen=True)
class NewTeam:
    """A new team's checked lineup and the team fields it settles (a printed team card names
    the team, its colours and style)."""

    checked: CheckedLineup
    name: str | None
    colours: list[str] | None
    style: str | None


@dataclass(frozen=True)
class CardRow:
    """One catalog card as a row: ``kind`` is one of the teams app's card kinds."""

    kind: str
    code: str | None  # a card without its code makes no row
    fields: dict[str, JSON] = field(default_factory=dict)


class LinePlayer(TypedDict):
    """A player of a team card's lineup: ``names`` by language (``en`` always)."""

    slot: int
    card: str
    role: str
    gold: bool
    names: dict[str, str]


class TeamRefusal(Exception):
    """A request this game's teams cannot take (a malformed or foreign request, no catalog):
    ``code`` and its sentence (``template``, marked with ``N_``, said with ``params``)."""

    def __init__(self, code: str, template: str, **params: JSON) -> None:
        super().__init__(template.format(**params))
        self.code = code
        self.template = template
        self.params = params

    def sentence(self) -> str:
        """The refusal in the reader's language."""
        return gettext(self.template).format(**self.params)


class BudgetRules(Protocol):
    """Budget builds: a lineup priced against a budget card's stars (Hat-Trick's HX-B2)."""

    #: the input words a build takes: ``orientation``, ``budget_class``, ``pool``
    choices: Mapping[str, tuple[str, ...]]

    def require_catalog(self, data: EditionData) -> None:
        """Nothing when the edition has the catalog builds need; else :class:`TeamRefusal`."""
        ...

    def check_build(self, data: EditionData, build: BuildRequest) -> dict[str, JSON]:
        """``{"valid", "violations", "pools", "picks", "bench", "star_keeper_cost"}``; raises
        :class:`TeamRefusal` when the edition has no catalog for builds."""
        ...

    def build_lineup(
        self, data: EditionData, build: BuildRequest, budget: dict[str, JSON]
    ) -> Lineup:
        """The lineup a valid build's team plays with (``budget``: the build's budget card and
        pools, kept with it)."""
        ...


@runtime_checkable
class TeamRules(Protocol):
    """How teams are built for one game (``Game.teams``). A class that names it as its base
    takes the defaults below: no catalog, no card rows, no budget builds, nothing for the
    engine beside the side's name, no lineup on the team card."""

    #: the saved lineup carries the team's style
    styled_lineup: bool = False
    #: a team card's lines are its players' roles (named as the catalog's cards name them)
    line_roles: bool = False
    #: the input words a team takes: ``colour``, ``style``
    choices: Mapping[str, tuple[str, ...]] = {}
    #: budget builds, or ``None``
    builds: BudgetRules | None = None
    #: the typed shape of a saved lineup (a ``TypedDict``: the API's ``<Game>TeamLineup``)
    lineup_shape: type | None = None

    def catalog_files(self, data: EditionData) -> Mapping[str, Path]:
        """The data files (JSON) team building adds to an edition's ``data``, by key: those the
        data lacks."""
        return {}

    def catalog_problems(self, data: EditionData) -> list[str]:
        """What is malformed in an edition's team-building catalog (``[]``: nothing)."""
        return []

    def card_rows(self, data: EditionData) -> Iterator[CardRow]:
        """Each card row of an edition's data."""
        return iter(())

    def new_team(self, data: EditionData, request: TeamRequest) -> NewTeam:
        """A new team's checked lineup; :class:`TeamRefusal` when the request does not fit."""
        ...

    def changed(
        self, data: EditionData, current: Lineup, style: str | None, changes: Mapping[str, JSON]
    ) -> CheckedLineup:
        """A team's lineup with ``changes`` (the lineup fields of a team's change)."""
        ...

    def rechecked(
        self, data: EditionData, current: Lineup, source: str, style: str | None
    ) -> CheckedLineup:
        """A saved lineup checked again (against a new edition)."""
        ...

    def engine_side(self, lineup: Lineup) -> dict[str, JSON]:
        """What the engine reads of a saved lineup for a side, beside its name."""
        return {}

    def lineup_in_lines(self, lineup: Lineup, data: EditionData) -> list[list[LinePlayer]] | None:
        """A team card's players line by line, as the card draws them; ``None``: no lineup."""
        return None


def team_choices(rules: Sequence[TeamRules], name: str) -> tuple[str, ...]:
    """The words of input ``name`` over several games' teams and builds, in their order."""
    found: dict[str, None] = {}
    for each in rules:
        found.update(dict.fromkeys(each.choices.get(name, ())))
        if each.builds is not None:
            found.update(dict.fromkeys(each.builds.choices.get(name, ())))
    return tuple(found)


# --- violations -----------------------------------------------------------------------------


def violation(
    code: str,
    template: str,
    *,
    rule: str,
    params: Mapping[str, JSON] | None = None,
    slot: int | None = None,
    card: str | None = None,
    **details: JSON,
) -> Violation:
    """A violation whose sentence is ``template`` (marked, English) with ``params`` in words."""
    text: ViolationText = {"template": template, "params": dict(params or {})}
    return {
        "code": code,
        "message": say(text, "en"),
        "rule": rule,
        "slot": slot,
        "card": card,
        "details": dict(details),
        "text": text,
    }


def not_in_edition(
    code: str, template: str, card: str, *, rule: str, name: str = "card", **details: JSON
) -> Violation:
    """A violation for ``card``, a card (or piece) the edition does not have: its sentence
    ``template`` names it as ``{name}``."""
    return violation(code, template, params={name: card}, rule=rule, card=card, **details)


def violation_said(code: str, message: str, *, rule: str) -> Violation:
    """A violation from a refusal that is already a sentence (it stays in its language)."""
    return {
        "code": code,
        "message": message,
        "rule": rule,
        "slot": None,
        "card": None,
        "details": {},
    }


def card_names(card: Mapping[str, JSON], card_id: str) -> dict[str, str]:
    """A catalog card's names by language (``name``, ``name_de``…), for a violation's ``name``."""
    names = {"en": str(card.get("name") or card_id)}
    for key, value in card.items():
        if key.startswith("name_") and isinstance(value, str) and value:
            names[key[5:]] = value
    return names


def colour_word(colour: str | None) -> str:
    """A card colour in words."""
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


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _param_words(key: str, value: JSON, language: str) -> str:
    if key == "name" and isinstance(value, dict):
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


def say(text: ViolationText, language: str) -> str:
    """A violation's sentence in the reader's language (``language``: its code, ``de``)."""
    params = text.get("params") or {}
    words = {key: _param_words(key, value, language) for key, value in params.items()}
    return gettext(text["template"]).format(**words)


def is_whole(value: JSON, low: int = 0, high: int = 10**6) -> bool:
    """``value`` is a whole number (not a truth value) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def objects(values: JSON) -> list[dict[str, JSON]]:
    """The objects of a catalog's list (a card is an object; anything else is no card)."""
    return [value for value in values or [] if isinstance(value, dict)]
