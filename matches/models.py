"""Matches and their append-only event logs.

A ``Match`` holds the game, the pinned edition, options, status, the current sequence number
and a snapshot of the current engine state. ``MatchEvent`` rows are unique on
``(match, seq)`` and never updated or deleted: the unique constraint is the real guard against
two phones appending at once. Undo and redo are events too; the state is always the replay of
the effective actions (see ``matches.log.replay.log_stacks``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models

from companion.model_parts import Choices, visibility_field
from companion.model_parts import Visibility as Visibility  # the choices of `visibility`
from teams.models import team_link


class MatchStatus(Choices):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class SideResult(Choices):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class EventKind(Choices):
    ACTION = "action"
    UNDO = "undo"
    REDO = "redo"


class Match(models.Model):
    uid = models.UUIDField(
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text="The match's identity, kept by its match file: an import of it is recognised.",
    )
    game = models.CharField(max_length=32)
    edition = models.ForeignKey("teams.Edition", on_delete=models.PROTECT, related_name="matches")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="matches_created"
    )
    visibility = visibility_field()
    status = models.CharField(
        max_length=12, choices=MatchStatus.choices, default=MatchStatus.IN_PROGRESS
    )
    options = models.JSONField(default=dict, blank=True)
    seq = models.PositiveIntegerField(default=0, help_text="Sequence number of the last event.")
    state = models.JSONField(help_text="Snapshot of the engine state after the last event.")
    summary = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True, help_text="The engine's outcome once ended.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="match_newest"),
            models.Index(fields=["game", "-created_at", "-id"], name="match_game_newest"),
            models.Index(fields=["status", "-created_at", "-id"], name="match_status_newest"),
            models.Index(fields=["visibility", "-created_at", "-id"], name="match_vis_newest"),
            models.Index(fields=["created_by", "-created_at"], name="match_creator_newest"),
        ]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        names = " v ".join(side.name for side in self.sides.all())
        return f"#{self.pk} {self.game}: {names}"

    @property
    def is_open(self) -> bool:
        return self.status == MatchStatus.IN_PROGRESS


class MatchSide(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_sides",
    )
    team = team_link(
        related_name="match_sides", help_text="The team whose lineup this side played with."
    )
    config = models.JSONField(
        default=dict, blank=True, help_text="What the engine was given for this side (lineup…)."
    )
    score = models.IntegerField(null=True, blank=True)
    # null = no result yet (the match is not finished), distinct from any result value
    result = models.CharField(  # noqa: DJ001
        max_length=4, choices=SideResult.choices, null=True, blank=True
    )

    class Meta:
        ordering = ("match_id", "position")
        constraints = [
            models.UniqueConstraint(fields=("match", "position"), name="side_unique_position")
        ]
        indexes = [
            # "matches of this manager / with this result": a point lookup per match
            models.Index(fields=["user", "match", "result"], name="side_user_match_result"),
            models.Index(fields=["team", "match"], name="side_team_match"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.position})"


class MatchEvent(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=EventKind.choices)
    action = models.JSONField(null=True, blank=True, help_text="The action, for kind=action.")
    notation = models.TextField(blank=True)
    effects = models.JSONField(default=list, blank=True, help_text="Game events that followed.")
    target_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text="For undo/redo: the seq of the action voided/restored."
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("match_id", "seq")
        constraints = [
            models.UniqueConstraint(fields=("match", "seq"), name="event_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.kind} {self.notation}"


class IdempotencyRecord(models.Model):
    """The first answer to a request sent with an ``Idempotency-Key`` (or the recipe it is
    rebuilt from), replayed on retries; kept ``IDEMPOTENCY_RETENTION_HOURS``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64, help_text="sha256 of method, path and body.")
    match = models.ForeignKey(Match, null=True, on_delete=models.CASCADE, related_name="+")
    status_code = models.PositiveSmallIntegerField()
    replay = models.CharField(
        max_length=16,
        blank=True,
        db_default="",
        help_text="Empty: body is the answer; else the recipe the named view rebuilds it from.",
    )
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("user", "key"), name="idempotency_unique_key")
        ]
        # the beat job prunes by age (companion.api.idempotency.records_prune)
        indexes = [models.Index(fields=["created_at"], name="idempotency_created")]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"

    @staticmethod
    def scope_columns(answer: Any, scope: int | None) -> dict[str, Any]:
        """The match a record is deleted with: the one written to, or the one the answer opened
        (companion.api.idempotency)."""
        opened = answer.get("match", {}).get("id") if isinstance(answer, dict) else None
        return {"match": scope or opened}


class InvitationStatus(Choices):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"


class Invitation(models.Model):
    """A match's creator asks a registered user to play one of its sides.

    The side is linked to the user (``MatchSide.user``: stats, ratings, write rights) only when
    they accept; until then it is a guest name.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    position = models.PositiveSmallIntegerField(help_text="The side's position in the match.")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(
        max_length=8, choices=InvitationStatus.choices, default=InvitationStatus.PENDING
    )
    team = team_link(help_text="The team the invitee brought when accepting.")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints = [
            models.UniqueConstraint(
                fields=("match", "position"),
                condition=models.Q(status="pending"),
                name="invitation_one_pending_per_side",
            )
        ]
        indexes = [
            models.Index(fields=["invitee", "status", "-created_at"], name="invitation_invitee"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}:{self.position} -> {self.invitee_id} ({self.status})"


class PendingPart(models.Model):
    """A side's part of a choice both sides make face down (Hat-Trick's action cards), logged
    from that side's manager's phone and kept hidden from everyone else until every side's
    part is in; then the parts make one event and their rows go.

    Retention: at most one row per side of a match; the rows go when their step is logged, and
    a row of a step the match has left (an undo, a move logged whole) is ignored and deleted
    with the next part chosen in the match.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="pending_parts")
    position = models.PositiveSmallIntegerField(help_text="The side whose part this is.")
    seq = models.PositiveIntegerField(help_text="The match's seq when the part was chosen.")
    part = models.JSONField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("match", "position"), name="pending_part_unique_side")
        ]

    def __str__(self) -> str:
        return f"part of side {self.position} at {self.seq}"


class JoinCode(models.Model):
    """A code the creator of an open match shows (a QR code) for one of its sides: whoever scans
    it plays that side, signed in (the side is linked to them) or as a guest (``GuestPass``).

    Single-use, bound to one side of one match, valid until ``expires_at`` (10 minutes) and
    while the side is free; the creator may cancel it. Only the SHA-256 digest of the code is
    stored. Retention: pruned a day after it expired (``matches.guests.services.guests_prune``).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="join_codes")
    position = models.PositiveSmallIntegerField(help_text="The side the code opens.")
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["expires_at"], name="join_code_expiry")]

    def __str__(self) -> str:
        return f"code for {self.match_id}:{self.position}"


class GuestEnd(Choices):
    MATCH_OVER = "match_over"
    TAKEN_BACK = "taken_back"
    CLAIMED = "claimed"


class GuestPass(models.Model):
    """A guest's credential: one side of one match, logged from the phone that scanned a join
    code without an account, as a linked manager logs theirs; nothing of the match counts for
    anyone on that side until a signed-in account claims it (``claim_digest``).

    Active while ``ended_at`` is empty and the match is in progress: it ends when the match
    ends or the creator takes the side back (and when it is claimed). Only digests of the
    guest's token and claim token are stored. Retention: deleted ``GUEST_RETENTION_DAYS`` (30)
    after it was made, the window in which its match can be claimed.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="guest_passes")
    position = models.PositiveSmallIntegerField(help_text="The side the guest plays.")
    key_digest = models.CharField(max_length=64, unique=True)
    claim_digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=12, choices=GuestEnd.choices, blank=True)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("match", "position"),
                condition=models.Q(ended_at__isnull=True),
                name="guest_pass_one_per_side",
            )
        ]
        indexes = [models.Index(fields=["created_at"], name="guest_pass_created")]

    def __str__(self) -> str:
        return f"guest of {self.match_id}:{self.position}"
