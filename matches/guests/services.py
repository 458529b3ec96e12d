"""Joining by a scanned code, guests, and claiming what a guest played.

The creator of an open match makes a **join code** for one of its sides
(:func:`join_code_create`) and shows it as a QR code. Whoever scans it either plays the side
from their account (:func:`join_code_accept`: an invitation made and accepted at once, so the
side is linked exactly as an invited manager's is) or, without an account, as a **guest**
(:func:`join_code_guest`): a guest pass bound to that side of that match. A code is used once:
the redemption marks it used with a conditional update on its row, which only one of two
simultaneous redemptions can make (the other finds it used). A code also stops opening its
side when it expires (``JOIN_CODE_MINUTES``), when the creator cancels it, when the side is
taken and when the match is no longer in progress; a code that was never made answers exactly
as an expired one, so codes cannot be told from guesses.

A guest pass ends when the match ends (:func:`guest_passes_end`, called by the match log), when
the creator takes the side back (:func:`guest_take_back`) and when it is claimed. Its claim
token lets a signed-in account take the side over later (:func:`guest_claim`): only then does
the match count for anyone on that side, through the same stats job as an accepted invitation.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.errors import DomainError, NotFound
from companion.locks import locked
from matches import errors
from matches.live import wakeups
from matches.log.handoff import match_finished_handoff
from matches.models import (
    GuestEnd,
    GuestPass,
    Invitation,
    InvitationStatus,
    JoinCode,
    Match,
    MatchSide,
    MatchStatus,
)

#: The prefix of a guest's token and of a claim token: tells them from a device's token.
GUEST_PREFIX = "guest-"
CLAIM_PREFIX = "claim-"
#: Bytes of randomness of a join code (144 bits), a guest's token and a claim token (256 bits).
CODE_BYTES = 18
TOKEN_BYTES = 32


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _code_minutes() -> float:
    return float(getattr(settings, "JOIN_CODE_MINUTES", 10))


def _retention() -> timedelta:
    return timedelta(days=float(getattr(settings, "GUEST_RETENTION_DAYS", 30)))


# --- the refusals -----------------------------------------------------------------------------


def code_expired() -> DomainError:
    """An expired code, and any code the server does not know: the same answer."""
    return DomainError(
        "join_code_expired",
        _("This code is not valid (any more). Ask the host to show a new one."),
    )


def code_used() -> DomainError:
    return DomainError(
        "join_code_used",
        _("This code has been used already. Ask the host to show a new one."),
    )


def code_cancelled() -> DomainError:
    return DomainError("join_code_cancelled", _("The host has cancelled this code."))


def guest_pass_ended() -> DomainError:
    return DomainError(
        "guest_pass_ended",
        _("This guest pass has ended: the match is over, or the host has taken the side back."),
    )


# --- join codes --------------------------------------------------------------------------------


@dataclass
class NewCode:
    code: JoinCode
    text: str  # the code itself, shown once


def _side_free(match: Match, side: MatchSide) -> bool:
    """No manager, no guest and no one else's pending invitation holds the side."""
    if side.user_id is not None:
        return False
    guests = GuestPass.objects.filter(match=match, position=side.position, ended_at__isnull=True)
    return not guests.exists()


def join_code_create(*, match_id: int, user, position: int) -> NewCode:
    """The creator of an open match makes a code for the side at ``position``."""
    from matches.log.selectors import match_locked

    with transaction.atomic():
        match = match_locked(match_id, user)
        if match.created_by_id != user.pk:
            raise errors.not_creator(_("Only the match's creator shows codes to join its sides."))
        if match.status != MatchStatus.IN_PROGRESS:
            raise errors.match_closed(status_value=match.status, current=match.seq)
        sides = list(match.sides.order_by("position"))
        side = next((side for side in sides if side.position == position), None)
        if side is None:
            raise errors.no_such_side(position, sides=len(sides))
        if side.user_id is not None:
            raise errors.side_linked(position)
        if not _side_free(match, side):
            raise errors.side_taken(position)
        invited = Invitation.objects.filter(
            match=match, position=position, status=InvitationStatus.PENDING
        )
        if invited.exists():
            raise errors.side_invited(position)
        text = secrets.token_urlsafe(CODE_BYTES)
        code = JoinCode.objects.create(
            match=match,
            position=position,
            digest=digest(text),
            created_by=user,
            expires_at=timezone.now() + timedelta(minutes=_code_minutes()),
        )
        return NewCode(code=code, text=text)


def join_code_cancel(*, match_id: int, user, code_id: int) -> None:
    """The creator cancels a code: it opens nothing from now on (a used code stays used)."""
    with transaction.atomic():
        code = (
            JoinCode.objects.select_for_update()
            .filter(pk=code_id, match_id=match_id, match__created_by=user)
            .first()
        )
        if code is None:
            raise NotFound()
        if code.used_at is not None:
            raise code_used()
        if code.cancelled_at is None:
            code.cancelled_at = timezone.now()
            code.save(update_fields=["cancelled_at"])


def _valid_code(text: str, *, lock: bool = False) -> tuple[JoinCode, Match, MatchSide]:
    """The code ``text`` stands for, its match and the side it opens, if it opens it now;
    else the refusal (the same for a code never made as for an expired one)."""
    if not isinstance(text, str) or not text or len(text) > 100:
        raise code_expired()
    codes = JoinCode.objects.filter(digest=digest(text))
    code = (codes.select_for_update() if lock else codes).first()
    if code is None:
        raise code_expired()
    if code.used_at is not None:
        raise code_used()
    if code.cancelled_at is not None:
        raise code_cancelled()
    matches = Match.objects.select_related("edition", "created_by")
    match = (matches.select_for_update(of=("self",)) if lock else matches).get(pk=code.match_id)
    side = match.sides.filter(position=code.position).first()
    if (
        code.expires_at <= timezone.now()
        or match.status != MatchStatus.IN_PROGRESS
        or side is None
        or not _side_free(match, side)
    ):
        raise code_expired()
    return code, match, side


def join_code_read(*, text: str) -> tuple[JoinCode, Match]:
    """What a valid code opens (the phone shows it before the scanner chooses how to play)."""
    code, match, _side = _valid_code(text)
    return code, match


def _use(code: JoinCode) -> None:
    """Mark the code used: of two redemptions at once, only one changes the row."""
    used = JoinCode.objects.filter(
        pk=code.pk, used_at__isnull=True, cancelled_at__isnull=True
    ).update(used_at=timezone.now())
    if used != 1:
        raise code_used()


def join_code_accept(
    *, text: str, user, team=None, build=None, name: str | None = None
) -> Invitation:
    """A signed-in scanner plays the side: the code's creator invites them and they accept at
    once (with one of their teams or builds, or a name), through the invitations' own path."""
    from matches.invitations.services import invitation_accept

    with transaction.atomic():
        code, match, side = _valid_code(text, lock=True)
        pending = Invitation.objects.filter(
            match=match, position=side.position, status=InvitationStatus.PENDING
        ).first()
        if pending is not None and pending.invitee_id != user.pk:
            raise code_expired()  # the side was promised to someone else meanwhile
        _use(code)
        if pending is None:
            pending = Invitation.objects.create(
                match=match, position=side.position, invitee=user, invited_by=code.created_by
            )
        return invitation_accept(
            invitation_id=pending.pk, user=user, team=team, build=build, name=name
        )


@dataclass
class NewGuest:
    guest_pass: GuestPass
    token: str  # the guest's credential, shown once
    claim_token: str  # kept beside it on the phone, to claim the match later
    match: Match
    side: MatchSide


def join_code_guest(*, text: str) -> NewGuest:
    """A scanner without an account plays the side as a guest: a pass for that side alone."""
    with transaction.atomic():
        code, match, side = _valid_code(text, lock=True)
        if Invitation.objects.filter(
            match=match, position=side.position, status=InvitationStatus.PENDING
        ).exists():
            raise code_expired()
        _use(code)
        token = GUEST_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
        claim = CLAIM_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
        guest_pass = GuestPass.objects.create(
            match=match,
            position=side.position,
            key_digest=digest(token),
            claim_digest=digest(claim),
        )
        wakeups.publish_on_commit(match.pk, 0)  # who may write the side changed
        return NewGuest(guest_pass, token, claim, match, side)


# --- guest passes ------------------------------------------------------------------------------


def guest_pass_of(token: str) -> GuestPass | None:
    """The pass of a guest's token, with its match (``None``: no such pass)."""
    return GuestPass.objects.select_related("match").filter(key_digest=digest(token)).first()


def guest_pass_holds(guest_pass: GuestPass, match: Match | None = None) -> bool:
    """Whether the pass still opens its side: not ended, its match in progress."""
    match = match or guest_pass.match
    return guest_pass.ended_at is None and match.status == MatchStatus.IN_PROGRESS


def guest_pass_status(pass_id: int) -> tuple[bool, str | None, Any]:
    """``(holds, why it ended, when)`` of the pass ``pass_id`` as stored now (a live stream
    checks it)."""
    row = (
        GuestPass.objects.filter(pk=pass_id)
        .values_list("ended_at", "end_reason", "match__status")
        .first()
    )
    if row is None:
        return False, GuestEnd.TAKEN_BACK, None
    ended_at, reason, status = row
    if ended_at is None and status == MatchStatus.IN_PROGRESS:
        return True, None, None
    return False, reason or GuestEnd.MATCH_OVER, ended_at


def guest_passes_end(match: Match) -> None:
    """The match is over (finished or abandoned): its guests' passes end with it."""
    GuestPass.objects.filter(match=match, ended_at__isnull=True).update(
        ended_at=timezone.now(), end_reason=GuestEnd.MATCH_OVER
    )


def guest_take_back(*, match_id: int, user, position: int) -> GuestPass:
    """The creator takes a side back from its guest: the guest's pass ends now."""
    from matches.log.selectors import match_locked

    with transaction.atomic():
        match = match_locked(match_id, user)
        if match.created_by_id != user.pk:
            raise errors.not_creator(_("Only the match's creator takes a side back."))
        guest_pass = locked(
            GuestPass.objects.filter(match=match, position=position, ended_at__isnull=True)
        )
        guest_pass.ended_at = timezone.now()
        guest_pass.end_reason = GuestEnd.TAKEN_BACK
        guest_pass.save(update_fields=["ended_at", "end_reason"])
        wakeups.publish_on_commit(match.pk, 0)
        return guest_pass


def guest_claim(*, claim_token: str, user) -> tuple[GuestPass, MatchSide]:
    """A signed-in account takes over the side a guest played (the claim token kept with the
    guest's pass on that phone): the side is linked to the account, as an accepted invitation
    links it, and a finished match goes to the stats job again, so it counts for the account
    from now on (once: a second claim of the same side changes nothing)."""
    invalid = DomainError(
        "guest_claim_invalid",
        _("This claim is not valid (any more): there is no match to claim with it."),
    )
    if not isinstance(claim_token, str) or not claim_token.startswith(CLAIM_PREFIX):
        raise invalid
    with transaction.atomic():
        guest_pass = (
            GuestPass.objects.select_for_update().filter(claim_digest=digest(claim_token)).first()
        )
        if guest_pass is None:
            raise invalid
        match = Match.objects.select_for_update().get(pk=guest_pass.match_id)
        sides = list(match.sides.order_by("position"))
        side = next(side for side in sides if side.position == guest_pass.position)
        if guest_pass.claimed_by_id is not None:
            if guest_pass.claimed_by_id == user.pk and side.user_id == user.pk:
                return guest_pass, side  # claimed already: nothing more counts
            raise invalid
        if guest_pass.end_reason == GuestEnd.TAKEN_BACK:
            raise DomainError(
                "guest_taken_back",
                _("The host took this side back from the guest: it is not yours to claim."),
            )
        if side.user_id is not None:
            raise errors.side_linked(side.position)
        if any(other.user_id == user.pk for other in sides):
            raise DomainError(
                "already_playing",
                _("{user} already plays a side of this match.").format(user=user.username),
            )
        side.user = user
        side.save(update_fields=["user"])
        guest_pass.claimed_by = user
        if guest_pass.ended_at is None:
            guest_pass.ended_at = timezone.now()
            guest_pass.end_reason = GuestEnd.CLAIMED
        guest_pass.save(update_fields=["claimed_by", "ended_at", "end_reason"])
        if match.status == MatchStatus.FINISHED:  # the account's stats and rating
            _stats_due(match)
            transaction.on_commit(lambda: match_finished_handoff(match.pk))
        return guest_pass, side


def _stats_due(match: Match) -> None:
    """The match's stats are to be computed again: the job handed it after commit does it, and
    should that hand-off be lost (the broker down), the catch-up job finds the match, since
    what its stats included is forgotten (docs/stats.md: as when an admin changes a match)."""
    from django.apps import apps

    if apps.is_installed("stats"):
        apps.get_model("stats", "MatchStatsState").objects.filter(match_id=match.pk).delete()


# --- retention ---------------------------------------------------------------------------------


def guests_prune(*, now=None) -> tuple[int, int]:
    """Delete join codes a day after they expired and guest passes ``GUEST_RETENTION_DAYS``
    after they were made (their claim window); returns how many of each went."""
    now = now or timezone.now()
    codes, _kinds = JoinCode.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    passes, _kinds = GuestPass.objects.filter(created_at__lt=now - _retention()).delete()
    return codes, passes
