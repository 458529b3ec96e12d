"""Editions (card catalogs) and their card rows: create, load the reference ones, edit (a used
edition gets a new version and its teams and builds are re-checked against it)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import CharField, Max
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine import available_games, get_engine
from teams.catalogs import with_team_catalogs
from teams.game_rules import team_rules
from teams.models import Build, Card, Edition, Team, Validity
from teams.selectors import edition_is_used, edition_used_by_matches
from teams.services.builds import build_recheck
from teams.services.teams import team_recheck

#: the text columns of a card row and their lengths, which a catalog's values are cut to (a
#: missing value is blank)
_TEXT_LENGTHS = {
    field.name: field.max_length
    for field in Card._meta.concrete_fields
    if isinstance(field, CharField) and field.name != "kind"
}


def _card_rows(edition: Edition) -> list[Card]:
    data = edition.data if isinstance(edition.data, dict) else {}
    rows: list[Card] = []

    def add(kind: str, code: Any, **fields: Any) -> None:
        if code is None:
            return
        fields["code"] = code
        for name in _TEXT_LENGTHS.keys() & fields.keys():
            text = "" if fields[name] is None else str(fields[name])
            fields[name] = text[: _TEXT_LENGTHS[name]]
        rows.append(Card(edition=edition, kind=kind, **fields))

    rules = team_rules(edition.game)
    for row in rules.card_rows(data) if rules is not None else ():
        add(row.kind, row.code, **row.fields)
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
    its game's team facet names (``teams.catalogs``: the Hat-Trick expansion's cards...). When no stored
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
    """``DomainError`` ``invalid_catalog`` when an edition's data cannot be read as a catalog."""
    if not isinstance(data, dict):
        raise DomainError("invalid_catalog", _("An edition's data must be a JSON object."))
    rules = team_rules(game)
    problems = rules.catalog_problems(data) if rules is not None else []
    if problems:
        raise DomainError(
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
        build_recheck(build, rechecked_against=str(new))
        counts["builds"] += 1
        counts["invalid"] += build.status == Validity.INVALID
    for team in Team.objects.filter(edition=old).exclude(source=Team.Source.BUILD):
        team.edition = new
        team_recheck(team, rechecked_against=str(new))
        counts["teams"] += 1
        counts["invalid"] += team.status == Validity.INVALID
    return counts
