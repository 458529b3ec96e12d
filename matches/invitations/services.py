"""Invitations: a side names a registered user only with that user's consent.

The match's creator invites a user (by username) to play a side; the invitee accepts or
declines from their own account. Accepting links the side (``MatchSide.user``: write rights,
stats, ratings, history) and may bring the invitee's own team or budget build for it, as long
as no move has been logged (a linked side's team is fixed from the first move). Until then
the side is a guest name, and nothing of the match counts for the invitee.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.errors import DomainError
from companion.locks import locked
from matches import errors
from matches.engine import get_engine
from matches.log import selectors, snapshots
from matches.log.handoff import match_finished_handoff
from matches.log.replay import initial_state
from matches.models import Invitation, InvitationStatus, Match, MatchSide, MatchStatus
from teams.models import Build, Team


def _conflict(code: str, message: str, **details: Any) -> DomainError:
    return DomainError(code, message, details=details)


def _locked_match(match_id: int, user) -> tuple[Match, list[MatchSide]]:
    match = selectors.match_locked(match_id, user)
    return match, list(match.sides.order_by("position").select_related("user"))


def invitation_create(*, match_id: int, user, position: int, invitee) -> Invitation:
    """The creator invites ``invitee`` to play the side at ``position``."""
    with transaction.atomic():
        match, sides = _locked_match(match_id, user)
        if match.created_by_id != user.pk:
            raise errors.not_creator(_("Only the match's creator invites managers to its sides."))
        if match.status == MatchStatus.ABANDONED:
            raise errors.match_closed(status_value=match.status, current=match.seq)
        side = next((side for side in sides if side.position == position), None)
        if side is None:
            raise errors.no_such_side(position, sides=len(sides))
        if invitee.pk == user.pk:
            raise DomainError(
                "invite_yourself",
                _("Name yourself on a side when you open the match; invitations are for others."),
            )
        if side.user_id is not None:
            raise errors.side_linked(position)
        if any(other.user_id == invitee.pk for other in sides):
            raise _conflict(
                "already_playing",
                _("{user} already plays a side of this match.").format(user=invitee.username),
            )
        pending = Invitation.objects.filter(match=match, status=InvitationStatus.PENDING)
        if pending.filter(position=position).exists():
            raise errors.side_invited(position)
        if pending.filter(invitee=invitee).exists():
            raise _conflict(
                "already_invited",
                _("{user} is already invited to this match.").format(user=invitee.username),
            )
        return Invitation.objects.create(
            match=match, position=position, invitee=invitee, invited_by=user
        )


def invitations_pending_create(*, match: Match, user, invitees: dict[int, Any]) -> None:
    """At a match's opening: invite the users named on sides (``{position: user}``)."""
    Invitation.objects.bulk_create(
        Invitation(match=match, position=position, invitee=invitee, invited_by=user)
        for position, invitee in invitees.items()
    )


def _locked_invitation(invitation_id: int, user) -> Invitation:
    invitation = locked(Invitation.objects.filter(pk=invitation_id, invitee=user))
    if invitation.status != InvitationStatus.PENDING:
        raise _conflict(
            "invitation_answered",
            _("The invitation has been answered already."),
            status=invitation.status,
        )
    return invitation


def _own_team(user, match: Match, *, team: Team | None, build: Build | None) -> Team | None:
    from teams.services import team_brought

    team = team_brought(user=user, team=team, build=build)
    if team is None:
        return None
    if team.edition_id != match.edition_id:
        raise DomainError(
            "edition_mismatch",
            _("The team “{team}” is for {edition}, the match uses {match}.").format(
                team=team.name, edition=team.edition, match=match.edition
            ),
            details={"team": team.pk},
        )
    return team


def invitation_accept(
    *,
    invitation_id: int,
    user,
    team: Team | None = None,
    build: Build | None = None,
    name: str | None = None,
) -> Invitation:
    """The invitee plays the side, with their own team or build if they bring one (the side
    takes the team's name) or under a name of their choosing; both only before the first move."""
    from teams.selectors import team_side_config

    with transaction.atomic():
        invitation = _locked_invitation(invitation_id, user)
        match = (
            Match.objects.select_for_update().select_related("edition").get(pk=invitation.match_id)
        )
        sides = list(match.sides.order_by("position"))
        side = sides[invitation.position]
        if side.user_id is not None or any(other.user_id == user.pk for other in sides):
            raise _conflict("side_linked", _("That side, or you, already play in this match."))
        if match.guest_passes.filter(position=side.position, ended_at__isnull=True).exists():
            raise errors.side_taken(side.position)
        team = _own_team(user, match, team=team, build=build)
        name = team.name if team is not None else (name or "").strip() or None
        if name is not None and (match.seq > 0 or match.status != MatchStatus.IN_PROGRESS):
            raise _conflict(
                "team_fixed",
                _("The side's team and name are fixed from the first move; accept without them."),
                current_seq=match.seq,
            )
        side.user = user
        fields = ["user"]
        if team is not None:
            side.team, side.config = team, dict(team_side_config(team=team)["engine_side"])
            fields += ["team"]
        if name is not None:  # the side is called after the team it plays, or as asked
            side.name = side.config["name"] = name[: MatchSide._meta.get_field("name").max_length]
            fields += ["name", "config"]
        side.save(update_fields=fields)
        if name is not None:  # no move yet: the match starts from the new line-ups and names
            engine = get_engine(match.game)
            state = initial_state(
                engine,
                edition=match.edition.data,
                sides=[s.config for s in sides],
                options=match.options,
            )
            match.state = engine.state_to_json(state)
            match.summary = engine.summary(state)
            match.updated_at = timezone.now()
            match.save(update_fields=["state", "summary", "updated_at"])
            snapshots.forget_on_commit(match.pk)
        invitation.status = InvitationStatus.ACCEPTED
        invitation.team = team
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "team", "answered_at"])
        if match.status == MatchStatus.FINISHED:  # the new manager's stats and rating
            transaction.on_commit(lambda: match_finished_handoff(match.pk))
        return invitation


def invitation_decline(*, invitation_id: int, user) -> Invitation:
    with transaction.atomic():
        invitation = _locked_invitation(invitation_id, user)
        invitation.status = InvitationStatus.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        return invitation
