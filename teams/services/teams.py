"""Teams: a lineup, a printed team card or a TriXKick piece set of an owner, checked by the
game's team adapter on every write."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine import games
from matches.i18n import game_name
from teams import rules
from teams.adapters import team_adapter
from teams.models import Edition, Team, Validity


def lineup_refused(code: str, message: str, violations: list[dict[str, Any]]) -> DomainError:
    return DomainError(
        code,
        message,
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

    Raises ``DomainError`` ``invalid_lineup`` with every violation when the lineup breaks a
    rule, and another code when the request does not fit the edition's game.
    """
    adapter = team_adapter(edition.game)
    if adapter is None:
        raise DomainError(
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
        raise lineup_refused(
            "invalid_lineup", _("The lineup breaks the team-building rules."), violations
        )
    if not name:
        raise DomainError("name_required", _("A team needs a name."))
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
            raise DomainError(
                "lineup_from_build",
                _("This team's lineup comes from a budget build: change the build instead."),
            )
        lineup, violations, source = team_adapter(team.edition.game).update(team, changes)
        if violations:
            raise lineup_refused(
                "invalid_lineup", _("The lineup breaks the team-building rules."), violations
            )
        team.lineup, team.source = lineup, source
        team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
    for key in ("name", "colours", "style"):
        if key in changes and changes[key] is not None:
            if key == "style" and team.source == Team.Source.BUILD and changes[key]:
                raise DomainError(
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


def team_recheck(team: Team, *, rechecked_against: str = "") -> Team:
    """Re-check a lineup, team-card or TriXKick team against its (new) edition and save."""
    try:
        lineup, violations = team_adapter(team.edition.game).recheck(team)
    except DomainError as exc:
        lineup = {}
        violations = [rules.violation_said(exc.code, exc.message, rule="HX-B4.1")]
    if violations:
        team.status = Validity.INVALID
        team.violations = violations
        team.rechecked_against = rechecked_against
    else:
        team.lineup = lineup
        team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
    team.save()
    return team
