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
