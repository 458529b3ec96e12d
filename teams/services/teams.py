"""Teams: a lineup, a printed team card or a set of pieces of an owner, checked by the game's
team facet (``Game.teams``) on every write."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine import games
from matches.engine.teams import CheckedLineup, TeamRefusal, TeamRequest, TeamRules, violation_said
from matches.i18n import game_name
from teams.game_rules import refused, team_rules
from teams.models import Edition, Team, Validity
from teams.violations import public_violation, said

#: the fields of a team's change that change its lineup
LINEUP_KEYS = {"card_colour", "picks", "star_keeper", "team_card", "pieces", "bench", "captain"}


def lineup_refused(code: str, message: str, violations: list[dict[str, Any]]) -> DomainError:
    return DomainError(
        code,
        message,
        details={"violations": [public_violation(v) for v in violations]},
        rule=violations[0]["rule"] if violations else None,
    )


def _invalid_lineup(checked: CheckedLineup) -> DomainError:
    return lineup_refused(
        "invalid_lineup", _("The lineup breaks the team-building rules."), checked.violations
    )


def _rules_of(game: str) -> TeamRules:
    rules = team_rules(game)
    if rules is None:
        raise DomainError(
            "no_teams_for_game",
            _("Teams are built for {games}, not for {game}.").format(
                games=", ".join(g.title() for g in games() if g.teams is not None),
                game=game_name(game),
            ),
        )
    return rules


@transaction.atomic
def team_create(*, owner, edition: Edition, **request: Any) -> Team:
    """A team of ``owner`` as its game's teams are made (a Hat-Trick lineup or team card, with
    an optional bench and captain, or a TriXKick piece set). ``request``: name, colours,
    style, card_colour, picks, star_keeper, team_card, pieces, bench, captain.

    Raises ``DomainError`` 422 ``invalid_lineup`` with every violation when the lineup breaks a
    rule, 400 when the request does not fit the edition's game.
    """
    rules = _rules_of(edition.game)
    try:
        new = rules.new_team(edition.data, TeamRequest(**request))
    except TeamRefusal as exc:
        raise refused(exc) from exc
    if new.checked.violations:
        raise _invalid_lineup(new.checked)
    if not new.name:
        raise DomainError("name_required", _("A team needs a name."))
    return Team.objects.create(
        owner=owner,
        edition=edition,
        name=new.name,
        colours=new.colours or [],
        style=new.style or "",
        source=new.checked.source,
        lineup=new.checked.lineup,
    )


@transaction.atomic
def team_update(*, team: Team, **changes: Any) -> Team:
    """Change name, colours, style, or the lineup (not the lineup of a build's team)."""
    rules = team_rules(team.edition.game)
    if LINEUP_KEYS & set(changes):
        if team.source == Team.Source.BUILD:
            raise DomainError(
                "lineup_from_build",
                _("This team's lineup comes from a budget build: change the build instead."),
            )
        try:
            checked = rules.changed(team.edition.data, team.lineup or {}, team.style, changes)
        except TeamRefusal as exc:
            raise refused(exc) from exc
        if checked.violations:
            raise _invalid_lineup(checked)
        team.lineup, team.source = checked.lineup, checked.source
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
    if team.lineup and rules.styled_lineup:
        team.lineup["style"] = team.style or None
    team.save()
    return team


def team_delete(*, team: Team) -> None:
    team.delete()


def team_recheck(team: Team, *, rechecked_against: str = "") -> Team:
    """Re-check a team's lineup against its (new) edition and save."""
    rules = team_rules(team.edition.game)
    try:
        checked = rules.rechecked(team.edition.data, team.lineup or {}, team.source, team.style)
        lineup, violations = checked.lineup, said(checked.violations)
    except TeamRefusal as exc:
        lineup = {}
        violations = [violation_said(exc.code, exc.sentence(), rule="HX-B4.1")]
    if violations:
        team.status = Validity.INVALID
        team.violations = violations
        team.rechecked_against = rechecked_against
    else:
        team.lineup = lineup
        team.status, team.violations, team.rechecked_against = Validity.VALID, [], ""
    team.save()
    return team
