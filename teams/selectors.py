"""Reads of the teams app: editions, catalog cards, teams, builds, and what a match needs."""

from __future__ import annotations

import dataclasses
from typing import Any, TypedDict, TypeVar, Unpack

from django.db.models import Q, QuerySet, Value
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine.teams import BudgetRules, BuildRequest, TeamRefusal
from matches.i18n import game_name
from teams.game_rules import budget_rules, refused, team_rules
from teams.labels import role_words
from teams.models import Build, Card, Edition, Team, Validity
from teams.violations import public_violation

_Owned = TypeVar("_Owned", Team, Build)


def edition_latest(*, game: str, slug: str = "reference") -> Edition | None:
    return Edition.objects.filter(game=game, slug=slug).order_by("-version").first()


def edition_list(*, game: str | None = None, slug: str | None = None) -> QuerySet[Edition]:
    qs = Edition.objects.all()
    if game:
        qs = qs.filter(game=game)
    if slug:
        qs = qs.filter(slug=slug)
    return qs


def edition_is_used(*, edition: Edition) -> bool:
    """True when a team or a budget build uses the edition (matches are checked separately)."""
    return (
        Team.objects.filter(edition=edition).exists()
        or Build.objects.filter(edition=edition).exists()
    )


def edition_used_by_matches(*, edition: Edition) -> bool:
    """True when a match pins the edition (``Match.edition``, related name ``matches``)."""
    related = getattr(edition, "matches", None)
    return related is not None and related.exists()


def card_list(
    *,
    edition: Edition,
    kind: str | None = None,
    number: int | None = None,
    shield: str | None = None,
    price: int | None = None,
    price_min: int | None = None,
    price_max: int | None = None,
    colour: str | None = None,
    role: str | None = None,
) -> QuerySet[Card]:
    """Cards of an edition, each with its ``game``; every filter is backed by one of
    ``Card``'s indexes."""
    qs = Card.objects.filter(edition=edition).annotate(game=Value(edition.game))
    if kind:
        qs = qs.filter(kind=kind)
    if number is not None:
        qs = qs.filter(Q(number=number) | Q(number_alt=number))
    if shield:
        qs = qs.filter(shield=shield)
    if price is not None:
        qs = qs.filter(price=price)
    if price_min is not None:
        qs = qs.filter(price__gte=price_min)
    if price_max is not None:
        qs = qs.filter(price__lte=price_max)
    if colour:
        qs = qs.filter(colour=colour)
    if role:
        qs = qs.filter(role=role)
    return qs


def _owned(qs: QuerySet, *, user, owner: str | None) -> QuerySet:
    """The requester's own rows by default; ``owner=all`` or ``owner=<username>`` widens it."""
    if owner == "all":
        return qs
    if owner:
        return qs.filter(owner__username=owner)
    if user is not None and user.is_authenticated:
        return qs.filter(owner=user)
    return qs


class OwnedFilters(TypedDict, total=False):
    """What a list of teams or builds is narrowed by (``OwnerQuery``'s parameters)."""

    owner: str | None
    edition: int | None
    game: str | None
    status: str | None


def _owned_list(model: type[_Owned], *, user, **filters: Unpack[OwnedFilters]) -> QuerySet[_Owned]:
    qs = _owned(
        model.objects.select_related("owner", "edition"), user=user, owner=filters.get("owner")
    )
    if filters.get("edition") is not None:
        qs = qs.filter(edition_id=filters["edition"])
    if filters.get("game"):
        qs = qs.filter(edition__game=filters["game"])
    if filters.get("status"):
        qs = qs.filter(status=filters["status"])
    return qs


def team_list(*, user, **filters: Unpack[OwnedFilters]) -> QuerySet[Team]:
    return _owned_list(Team, user=user, **filters)


def build_list(*, user, **filters: Unpack[OwnedFilters]) -> QuerySet[Build]:
    return _owned_list(Build, user=user, **filters)


def require_budget_builds(edition: Edition) -> BudgetRules:
    """How ``edition``'s game checks budget builds; 400 ``no_budget_cards`` when it has none."""
    rules = budget_rules(edition.game)
    if rules is None:
        raise DomainError(
            "no_budget_cards",
            _(
                "Budget builds are a rule of the Hat-Trick expansion; {edition} is for {game}."
            ).format(edition=edition, game=game_name(edition.game)),
        )
    return rules


#: What of a saved build its game's rules read: a ``BuildRequest``'s fields.
BUILD_REQUEST = tuple(field.name for field in dataclasses.fields(BuildRequest))


def build_evaluate(*, edition: Edition, **request: Any) -> dict[str, Any]:
    """Check a build (``request``: a ``BuildRequest``'s fields) without saving it: ``{"valid",
    "violations", "pools", "picks", "bench", ...}``."""
    rules = require_budget_builds(edition)
    try:
        return rules.check_build(edition.data, BuildRequest(**request))
    except TeamRefusal as exc:
        raise refused(exc) from exc


def team_side_config(*, team: Team) -> dict[str, Any]:
    """The JSON a match merges into one side's engine config when the side plays ``team``.

    ``{"name", "team_id", "edition_id", "game", "colours", "style", "lineup", "engine_side"}``;
    the lineup's shape per game is in docs/teams.md. ``engine_side`` holds only the keys the
    game's engine accepts for a side (TriXKick's rejects any other key): ``{"name"}``, plus
    ``{"pieces": {"field", "substitutes"}}`` for TriXKick and ``{"lineup": {"slots",
    "star_keeper", "style", "bench", "captain"}}`` for a Hat-Trick expansion lineup (HX-0.1,
    HX-E.3, HX-E.4). Raises ``DomainError`` ``team_invalid`` when the team no longer holds
    under its edition (e.g. after an edition changed prices).
    """
    if team.status != Validity.VALID:
        raise DomainError(
            "team_invalid",
            _("The team “{name}” is not valid: {reason}").format(
                name=team.name, reason=team.invalid_reason or _("see its violations")
            ),
            details={
                "team_id": team.id,
                "violations": [public_violation(v) for v in team.violations],
            },
        )
    lineup = dict(team.lineup or {})
    engine_side: dict[str, Any] = {"name": team.name}
    rules = team_rules(team.edition.game)
    if rules is not None:
        engine_side.update(rules.engine_side(lineup))
    return {
        "name": team.name,
        "team_id": team.id,
        "edition_id": team.edition_id,
        "game": team.edition.game,
        "colours": list(team.colours or []),
        "style": team.style or None,
        "lineup": lineup,
        "engine_side": engine_side,
    }


def team_card_drawing(
    *, game: str, team_id: int | None, lines: dict[str, Any]
) -> tuple[list[list[dict[str, Any]]] | None, dict[str, str] | None]:
    """What a team card's picture draws of the team, as its game's team facet says:
    ``(lineup, line words)``. ``lineup``: the saved team's players line by line, each
    ``{"slot", "name", "role", "gold"}`` (``None``: the card shows no lineup); ``line words``:
    the card's lines in the reader's language when they are roles (``None``: as they are)."""
    rules = team_rules(game)
    if rules is None:
        return None, None
    line_words = role_words(lines) if rules.line_roles else None
    team = (
        Team.objects.select_related("edition").filter(pk=team_id).first()
        if team_id is not None
        else None
    )
    drawn = rules.lineup_in_lines(team.lineup or {}, team.edition.data or {}) if team else None
    if drawn is None:
        return None, line_words
    language = (get_language() or "en").split("-")[0]
    words = role_words(str(p["role"]) for line in drawn for p in line)
    lineup = [
        [
            {
                "slot": p["slot"],
                "name": words.get(str(p["role"])) or p["names"].get(language) or p["names"]["en"],
                "role": p["role"],
                "gold": p["gold"],
            }
            for p in line
        ]
        for line in drawn
    ]
    return lineup, line_words
