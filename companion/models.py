"""What a user keeps about themselves beyond Django's user: for now, the language they read in."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """One row per user who chose something; no row means "as the request says"."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    #: A code from ``settings.LANGUAGES``; empty: follow the request's ``Accept-Language``.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or '-'}"


class Device(models.Model):
    """One login: the token a phone (or any client) authenticates with, revocable on its own.

    Only the SHA-256 digest of the token is stored; the token itself is shown once, in the
    answer of the login (or registration) that created it.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="devices"
    )
    key_digest = models.CharField(max_length=64, unique=True)
    name = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Updated at most once a minute; a token unused for ``TOKEN_IDLE_DAYS`` has expired.
    last_used_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["user", "-last_used_at"], name="device_user_recent")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.name or self.pk}"
