"""Reads of invitations: a match's, for its creator and managers, and a user's own."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from matches import errors
from matches.log import selectors
from matches.models import Invitation


def invitations_of_match(*, match_id: int, user) -> QuerySet[Invitation]:
    """A match's invitations, for its creator and its managers."""
    match = selectors.match_visible_to(user).filter(pk=match_id).first()
    if match is None:
        raise Http404
    if match.created_by_id != user.pk and not match.sides.filter(user=user).exists():
        raise errors.not_participant()
    return (
        Invitation.objects.filter(match=match)
        .select_related("invitee", "invited_by", "match")
        .prefetch_related("match__sides")
    )


def invitations_of_user(*, user, status_value: str | None = "pending") -> QuerySet[Invitation]:
    queryset = (
        Invitation.objects.filter(invitee=user)
        .select_related("invitee", "invited_by", "match")
        .prefetch_related("match__sides")
    )
    if status_value:
        queryset = queryset.filter(status=status_value)
    return queryset
