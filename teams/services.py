"""Writes of the teams app: editions and their card rows, teams, budget builds.

Every function takes keyword arguments only and raises ``ApiError`` for anything a client
can get wrong (never a bare exception that would become a 500).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import status

from companion.api.errors import ApiError
from matches.engine import available_games, games, get_engine
from matches.i18n import game_name
from teams import rules
from teams.adapters import _expansion, team_adapter, with_team_catalogs
from teams.models import Build, Card, Edition, Team, Validity
from teams.selectors import build_evaluate, edition_is_used, edition_used_by_matches

# --- editions --------------------------------------------------------------------------------


def _card_rows(edition: Edition) -> list[Card]:
    data = edition.data if isinstance(edition.data, dict) else {}
    rows: list[Card] = []

    def add(kind: str, code: Any, **fields: Any) -> None:
        if code is None:
            return
        rows.append(Card(edition=edition, kind=kind, code=str(code)[:100], **fields))

    adapter = team_adapter(edition.game)
    if adapter is not None:
        adapter.card_rows(data, add)
    return rows


def edition_cards_sync(*, edition: Edition) -> int:
    """Rewrite the ``Card`` rows of an edition from its data; returns the number of rows."""
    seen: set[str] = set()
    rows = []
    for row in _card_rows(edition):
        if row.code not in seen:
            seen.add(row.code)
            rows.append(row)
    Card.objects.filter(edition=edition).delete()
    Card.objects.bulk_create(rows, batch_size=500)
    return len(rows)


@transaction.atomic
def edition_create(
    *,
    game: str,
    slug: str,
    title: str,
    data: dict[str, Any],
    is_reconstruction: bool = False,
    notes: str = "",
    previous: Edition | None = None,
) -> Edition:
    """A new edition (the next version of ``game/slug``), with its card rows."""
    latest = Edition.objects.filter(game=game, slug=slug).aggregate(v=Max("version"))["v"]
    edition = Edition.objects.create(
        game=game,
        slug=slug,
        version=(latest or 0) + 1,
        title=title,
        data=data,
        is_reconstruction=is_reconstruction,
        notes=notes,
        previous=previous,
    )
    edition_cards_sync(edition=edition)
    return edition


@transaction.atomic
def reference_editions_load() -> list[Edition]:
    """Create (or refresh, while unused) the reference edition of every installed game.

    The data comes from each engine's ``default_edition()``, plus the team-building catalogs
    of ``teams/catalogs/`` (the Hat-Trick expansion, TriXKick's piece sets). When no stored
    version holds that data (the engine's data changed), a new version is added; old versions
    stay, so matches that pinned them keep replaying the same way, and the teams and builds
    on the latest one are re-checked against the new one. A version that holds it already
    means nothing changed: later versions are edits (admin or API) and are kept as the latest.
    """
    editions = []
    for game in available_games():
        data = with_team_catalogs(game, dict(get_engine(game).default_edition()))
        versions = list(Edition.objects.filter(game=game, slug="reference").order_by("-version"))
        latest = versions[0] if versions else None
        if any(version.data == data for version in versions):
            # Already loaded; a later version is an edit (admin or API) and stays the latest.
            if not latest.cards.exists():
                edition_cards_sync(edition=latest)
            editions.append(latest)
            continue
        edition = edition_create(
            game=game,
            slug="reference",
            title=data.get("title") or data.get("name") or f"{game} reference edition",
            data=data,
            is_reconstruction=bool(data.get("reconstruction", False)),
            notes=data.get("note", ""),
            previous=latest,
        )
        if latest is not None:
            edition_dependents_recheck(old=latest, new=edition)
        editions.append(edition)
    return editions


def edition_data_check(*, game: str, data: Any) -> None:
    """400 ``invalid_catalog`` when an edition's data could not be read as a catalog."""
    if not isinstance(data, dict):
        raise ApiError("invalid_catalog", _("An edition's data must be a JSON object."))
    adapter = team_adapter(game)
    problems = adapter.catalog_problems(data) if adapter is not None else []
    if problems:
        raise ApiError(
            "invalid_catalog",
            _("The catalog data is malformed: {problem}").format(problem=problems[0]),
            details={"problems": problems[:50]},
        )


def edition_in_use(*, edition: Edition) -> bool:
    return edition_is_used(edition=edition) or edition_used_by_matches(edition=edition)


@transaction.atomic
def edition_update(
    *,
    edition: Edition,
    title: str | None = None,
    data: dict[str, Any] | None = None,
    notes: str | None = None,
    is_reconstruction: bool | None = None,
) -> tuple[Edition, bool]:
    """Edit an edition; returns ``(edition, created)``.

    An edition that a match, team or build uses is never changed in place: the edit becomes
    a new version (``previous`` = the edited one) and the teams and builds of the edited one
    are re-checked against it (HX-B4). An unused edition is changed in place.
    """
    if data is not None:
        edition_data_check(game=edition.game, data=data)
    edition = Edition.objects.select_for_update().get(pk=edition.pk)
    new_values = {
        "title": edition.title if title is None else title,
        "data": edition.data if data is None else data,
        "notes": edition.notes if notes is None else notes,
        "is_reconstruction": (
            edition.is_reconstruction if is_reconstruction is None else is_reconstruction
        ),
    }
    if all(getattr(edition, key) == value for key, value in new_values.items()):
        return edition, False
    if edition_in_use(edition=edition):
        new = edition_create(game=edition.game, slug=edition.slug, previous=edition, **new_values)
        edition_dependents_recheck(old=edition, new=new)
        return new, True
    for key, value in new_values.items():
        setattr(edition, key, value)
    edition.save(update_fields=list(new_values))
    if data is not None:
        edition_cards_sync(edition=edition)
    return edition, False


def edition_dependents_recheck(*, old: Edition, new: Edition) -> dict[str, int]:
    """Move the teams and builds of ``old`` to ``new`` and re-check them there.

    Nothing is deleted and nothing silently kept: what no longer holds is marked invalid,
    with the violations and a reason naming the edition that changed.
    """
    counts = {"builds": 0, "teams": 0, "invalid": 0}
    for build in Build.objects.filter(edition=old).select_related("team"):
        build.edition = new
        _build_check_and_save(build, rechecked_against=str(new))
        counts["builds"] += 1
        counts["invalid"] += build.status == Validity.INVALID
    for team in Team.objects.filter(edition=old).exclude(source=Team.Source.BUILD):
        team.edition = new
        _team_recheck(team, rechecked_against=str(new))
        counts["teams"] += 1
        counts["invalid"] += team.status == Validity.INVALID
    return counts


# --- teams ------------------------------------------------------------------------------------


def _unprocessable(code: str, message: str, violations: list[dict[str, Any]]) -> ApiError:
    return ApiError(
        code,
        message,
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
        details={"violations": [rules.public_violation(v) for v in violations]},
        rule=violations[0]["rule"] if violations else None,
    )


@transaction.atomic
def team_create(
    *,
    owner,
    edition: Edition,
    name: str | None = None,
    colours: list[str] | None = None,
    style: str | None = None,
    card_colour: str = "blue",
    picks: list[dict[str, Any]] | None = None,
    star_keeper: bool = False,
    team_card: str | None = None,
    pieces: dict[str, list[str]] | None = None,
    bench: list[dict[str, Any]] | None = None,
    captain: int | None = None,
) -> Team:
    """A team of ``owner``: a Hat-Trick lineup or team card (either with an optional bench
    and captain), or a TriXKick piece set.

    Raises ``ApiError`` 422 ``invalid_lineup`` with every violation when the lineup breaks a
    rule, 400 when the request does not fit the edition's game.
    """
    adapter = team_adapter(edition.game)
    if adapter is None:
        raise ApiError(
            "no_teams_for_game",
            _("Teams are built for {games}, not for {game}.").format(
                games=", ".join(g.title() for g in games() if g.teams is not None),
                game=game_name(edition.game),
            ),
        )
    (lineup, violations, source), settled = adapter.create(
        edition,
        name=name,
        colours=colours,
        style=style,
        card_colour=card_colour,
        picks=picks,
        star_keeper=star_keeper,
        team_card=team_card,
        pieces=pieces,
        bench=bench,
        captain=captain,
    )
    name, colours, style = settled["name"], settled["colours"], settled["style"]
    if violations:
        raise _unprocessable(
            "invalid_lineup", _("The lineup breaks the team-building rules."), violations
        )
    if not name:
        raise ApiError("name_required", _("A team needs a name."))
    return Team.objects.create(
        owner=owner,
        edition=edition,
        name=name,
        colours=colours or [],
        style=style or "",
        source=source,
        lineup=lineup,
    )


@transaction.atomic
def team_update(*, team: Team, **changes: Any) -> Team:
    """Change name, colours, style, or the lineup (not the lineup of a build's team)."""
    lineup_keys = {"card_colour", "picks", "star_keeper", "team_card", "pieces", "bench", "captain"}
    if lineup_keys & set(changes):
        if team.source == Team.Source.BUILD:
            raise ApiError(
                "lineup_from_build",
                _("This team's lineup comes from a budget build: change the build instead."),
            )
        lineup, violations, source = team_adapter(team.edition.game).update(team, changes)
        if violations:
            raise _unprocessable(
                "invalid_lineup", _("The lineup breaks the team-building rules."), violations
            )
        team.lineup, team.source = lineup, source
        team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
    for key in ("name", "colours", "style"):
        if key in changes and changes[key] is not None:
            if key == "style" and team.source == Team.Source.BUILD and changes[key]:
                raise ApiError(
                    "style_not_allowed",
                    _(
                        "A team built from a budget card has no style of its own: it earns one "
                        "during the match (HX-B3.3)."
                    ),
                )
            setattr(team, key, changes[key])
    if team.lineup and team_adapter(team.edition.game).styled_lineup:
        team.lineup["style"] = team.style or None
    team.save()
    return team


def team_delete(*, team: Team) -> None:
    team.delete()


def _team_recheck(team: Team, *, rechecked_against: str = "") -> Team:
    """Re-check a lineup, team-card or TriXKick team against its (new) edition and save."""
    try:
        lineup, violations = team_adapter(team.edition.game).recheck(team)
    except ApiError as exc:
        lineup = {}
        violations = [rules.violation_said(exc.error_code, exc.message, rule="HX-B4.1")]
    if violations:
        team.status = Validity.INVALID
        team.violations = violations
        team.rechecked_against = rechecked_against
    else:
        team.lineup = lineup
        team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
    team.save()
    return team


# --- budget builds ------------------------------------------------------------------------------


def _build_check_and_save(build: Build, *, rechecked_against: str = "") -> Build:
    try:
        result = build_evaluate(
            edition=build.edition,
            orientation=build.orientation,
            budget_class=build.budget_class,
            colour=build.colour,
            picks=build.picks,
            star_keeper=build.star_keeper,
            bench=build.bench,
            captain=build.captain,
        )
    except ApiError as exc:
        result = {
            "valid": False,
            "violations": [rules.violation_said(exc.error_code, exc.message, rule="HX-B4.1")],
            "pools": {},
        }
    build.status = Validity.VALID if result["valid"] else Validity.INVALID
    build.violations = result["violations"]
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
    exp = _expansion(build.edition)
    lineup = rules.lineup_normalise(
        exp,
        colour=build.colour,
        picks=build.picks,
        star_keeper=build.star_keeper,
        style=None,
        source=Team.Source.BUILD,
        bench=build.bench,
        captain=build.captain,
    )
    lineup["budget"] = {
        "orientation": build.orientation,
        "class": build.budget_class,
        "pools": build.pools,
    }
    return lineup


def _require_hat_trick(edition: Edition) -> None:
    adapter = team_adapter(edition.game)
    if adapter is None or not adapter.budget_builds:
        raise ApiError(
            "no_budget_cards",
            _(
                "Budget builds are a rule of the Hat-Trick expansion; {edition} is for {game}."
            ).format(edition=edition, game=game_name(edition.game)),
        )
    _expansion(edition)


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
    _require_hat_trick(edition)
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
    return _build_check_and_save(build)


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
    _require_hat_trick(build.edition)
    return _build_check_and_save(build)


def build_delete(*, build: Build) -> None:
    build.delete()


@transaction.atomic
def build_team_make(
    *, build: Build, name: str | None = None, colours: list[str] | None = None
) -> tuple[Team, bool]:
    """The team a valid build becomes; ``(team, created)``. 422 while the build is invalid."""
    build = (
        Build.objects.select_for_update(of=("self",))
        .select_related("team", "edition")
        .get(pk=build.pk)
    )
    _build_check_and_save(build)
    if build.status != Validity.VALID:
        raise _unprocessable(
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
