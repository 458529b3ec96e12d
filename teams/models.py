"""Editions: versioned catalogs of printed card values, one per game and version.

An edition's ``data`` is what a game's engine reads its card values from. An edition that a
match or a build uses is never changed in place: editing makes a new version.
"""

from django.db import models


class Edition(models.Model):
    game = models.CharField(max_length=32)
    slug = models.SlugField(max_length=64)
    version = models.PositiveIntegerField(default=1)
    title = models.CharField(max_length=200)
    data = models.JSONField()
    is_reconstruction = models.BooleanField(
        default=False,
        help_text="The values are our reconstruction, not transcribed from printed cards.",
    )
    notes = models.TextField(blank=True)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="next_versions"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("game", "slug", "-version")
        constraints = [
            models.UniqueConstraint(
                fields=("game", "slug", "version"), name="edition_unique_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.slug} v{self.version}"
