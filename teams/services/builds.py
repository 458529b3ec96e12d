"""Budget builds (a game's ``BudgetRules``, e.g. the Hat-Trick expansion's HX-B2): saved valid or
not, priced and checked on every write, re-checked with the team they became."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine.teams import BuildRequest, TeamRefusal, violation_said
from teams.game_rules import refused
from teams.models import Build, Edition, Team, Validity
from teams.selectors import BUILD_REQUEST, build_evaluate, require_budget_builds
from teams.services.teams import lineup_refused
from teams.violations import said


def build_recheck(build: Build, *, rechecked_against: str = "") -> Build:
    try:
        result = build_evaluate(
            edition=build.edition, **{name: getattr(build, name) for name in BUILD_REQUEST}
        )
    except DomainError as exc:
        result = {
            "valid": False,
            "violations": [violation_said(exc.error_code, exc.message, rule="HX-B4.1")],
            "pools": {},
        }
    build.status = Validity.VALID if result["valid"] else Validity.INVALID
    build.violations = said(result["violations"])
    build.pools = result["pools"]
    build.rechecked_against = rechecked_against if result["violations"] else ""
    build.checked_at = timezone.now()
    build.save()
    if build.team_id:
        team = build.team
        team.edition = build.edition
        if result["valid"]:
            team.lineup = _build_lineup(build)
            team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
        else:
            team.status = Validity.INVALID
            team.violations = build.violations
            team.rechecked_against = build.rechecked_against
        team.save()
    return build


def _build_lineup(build: Build) -> dict[str, Any]:
    budget = {"orientation": build.orientation, "class": build.budget_class, "pools": build.pools}
    try:
        request = BuildRequest(**{name: getattr(build, name) for name in BUILD_REQUEST})
        return require_budget_builds(build.edition).build_lineup(
            build.edition.data, request, budget
        )
    except TeamRefusal as exc:
        raise refused(exc) from exc


def _require_builds(edition: Edition) -> None:
    """Nothing when ``edition`` can hold builds; else 400 (no builds, no catalog)."""
    try:
        require_budget_builds(edition).require_catalog(edition.data)
    except TeamRefusal as exc:
        raise refused(exc) from exc


@transaction.atomic
def build_create(
    *,
    owner,
    edition: Edition,
    name: str,
    orientation: str,
    budget_class: str,
    colour: str,
    picks: list[dict[str, Any]],
    star_keeper: bool = False,
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> Build:
    """Save a build, valid or not (a draft is allowed); its status and violations say which.
    ``bench`` (``{"card", "pool"}``, paid like the lineup, HX-B2.7) and ``captain`` are
    optional."""
    _require_builds(edition)
    build = Build(
        owner=owner,
        edition=edition,
        name=name,
        orientation=orientation,
        budget_class=budget_class,
        colour=colour,
        picks=picks,
        star_keeper=star_keeper,
        bench=bench or [],
        captain=captain,
    )
    return build_recheck(build)


@transaction.atomic
def build_update(*, build: Build, **changes: Any) -> Build:
    allowed = {"name", "orientation", "budget_class", "colour", "picks", "star_keeper", "edition"}
    for key, value in changes.items():
        if key in allowed and value is not None:
            setattr(build, key, value)
    if "bench" in changes:
        build.bench = changes["bench"] or []
    if "captain" in changes:
        build.captain = changes["captain"]  # null: back to the default (no. 6)
    _require_builds(build.edition)
    return build_recheck(build)


def build_delete(*, build: Build) -> None:
    build.delete()


@transaction.atomic
def build_team_make(
    *, build: Build, name: str | None = None, colours: list[str] | None = None
) -> tuple[Team, bool]:
    """The team a valid build becomes; ``(team, created)``; refused while the build is invalid."""
    build = (
        Build.objects.select_for_update(of=("self",))
        .select_related("team", "edition")
        .get(pk=build.pk)
    )
    build_recheck(build)
    if build.status != Validity.VALID:
        raise lineup_refused(
            "build_invalid",
            _("This build breaks the budget rules; fix it before it becomes a team."),
            build.violations,
        )
    if build.team_id:
        team = build.team
        if name:
            team.name = name
        if colours is not None:
            team.colours = colours
        team.save()
        return team, False
    team = Team.objects.create(
        owner=build.owner,
        edition=build.edition,
        name=name or build.name,
        colours=colours or [],
        style="",
        source=Team.Source.BUILD,
        lineup=_build_lineup(build),
    )
    build.team = team
    build.save(update_fields=["team", "updated_at"])
    return team, True


def team_brought(*, user, team: Team | None, build: Build | None = None) -> Team | None:
    """The team ``user`` brings to a match or a competition: ``team``, or the team ``build``
    becomes (made now if it is not one yet); refused when it is another manager's."""
    if build is not None:
        if build.owner_id != user.pk:
            raise DomainError(
                "build_not_yours",
                _("The build “{build}” belongs to another manager.").format(build=build.name),
            )
        team, _made = build_team_make(build=build)
    if team is not None and team.owner_id != user.pk:
        raise DomainError(
            "team_not_yours",
            _("The team “{team}” belongs to another manager.").format(team=team.name),
            details={"team": team.pk},
        )
    return team
