"""Editions (versioned card catalogs), their card rows, teams and budget builds.

An edition's ``data`` is what a game's engine reads its card values from. An edition that a
match, a team or a build uses is never changed in place: editing makes a new version
(``teams.services.edition_update``). ``Card`` rows are an index-backed copy of an edition's
cards, written whenever the edition is created; the JSON stays the source of truth.
"""

from django.conf import settings
from django.db import models

from companion.model_parts import Choices
from teams.violations import invalid_reason


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


class CardKind(Choices):
    BASE_PLAYER = "base_player", "base game player card"
    PLAYER = "player", "expansion player card"
    TEAM_CARD = "team_card"
    BUDGET_CARD = "budget_card"
    STYLE_CARD = "style_card"
    PIECE = "piece", "TriXKick piece"


class Card(models.Model):
    """One printed card (or piece) of an edition, for filtering; ``data`` is its catalog row."""

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="cards")
    kind = models.CharField(max_length=16, choices=CardKind.choices)
    code = models.CharField(max_length=100, help_text="The card's id inside its edition.")
    colour = models.CharField(max_length=16, blank=True)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    number_alt = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The second shirt number of a card such as 6/7."
    )
    shield = models.CharField(
        max_length=16, blank=True, help_text="Type: defensive, balanced, offensive (or a set)."
    )
    price = models.PositiveSmallIntegerField(null=True, blank=True)
    role = models.CharField(max_length=64, blank=True)
    name = models.CharField(max_length=200, blank=True)
    data = models.JSONField(default=dict)

    class Meta:
        ordering = ("id",)
        constraints = [models.UniqueConstraint(fields=("edition", "code"), name="card_unique_code")]
        indexes = [
            models.Index(fields=("edition", "kind", "number"), name="card_number_idx"),
            models.Index(fields=("edition", "kind", "number_alt"), name="card_number_alt_idx"),
            models.Index(fields=("edition", "kind", "shield", "price"), name="card_shield_idx"),
            models.Index(fields=("edition", "kind", "price"), name="card_price_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.edition_id}:{self.code}"


class Validity(Choices):
    VALID = "valid"
    INVALID = "invalid"


class Checked(models.Model):
    """What a manager owns (``owner``) and the team-building rules check: a team or a build,
    its status and, when invalid, its violations and the edition the re-check that found them
    read."""

    name = models.CharField(max_length=100)
    violations = models.JSONField(default=list, blank=True)
    rechecked_against = models.CharField(
        max_length=200,
        blank=True,
        help_text="The edition the last re-check was made against, when that made it invalid.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return self.name

    @property
    def invalid_reason(self) -> str:
        """Why it is invalid, in the reader's language (from its violations, when read)."""
        return invalid_reason(self.violations or [], self.rechecked_against)


class Team(Checked):
    """A manager's team: a Hat-Trick lineup (or a team card taken as it is) or TriXKick pieces.

    ``lineup`` holds the normalised lineup that ``teams.selectors.team_side_config`` hands to a
    match; see docs/teams.md for its shape.
    """

    class Source(Choices):
        LINEUP = "lineup", "lineup of player cards"
        TEAM_CARD = "team_card", "printed team card"
        BUILD = "build", "budget build"
        PIECES = "pieces", "TriXKick pieces"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teams"
    )
    edition = models.ForeignKey(Edition, on_delete=models.PROTECT, related_name="teams")
    colours = models.JSONField(default=list, blank=True)
    style = models.CharField(max_length=16, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices)
    lineup = models.JSONField(default=dict)
    status = models.CharField(max_length=8, choices=Validity.choices, default=Validity.VALID)

    class Meta(Checked.Meta):
        indexes = [
            models.Index(fields=("owner", "-created_at", "-id"), name="team_owner_idx"),
            models.Index(fields=("edition", "status"), name="team_edition_idx"),
        ]


def team_link(
    *, related_name: str = "+", help_text: str = ""
) -> models.ForeignKey[Team | None, Team | None]:
    """The team someone plays with (a match's side, an invitee, a competition's member): a
    link emptied when the team is deleted, which leaves what was played as it was."""
    return models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name=related_name,
        help_text=help_text,
    )


class Build(Checked):
    """A Hat-Trick team built within a budget card: orientation × class, and the picks."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="builds"
    )
    edition = models.ForeignKey(Edition, on_delete=models.PROTECT, related_name="builds")

    orientation = models.CharField(max_length=16)
    budget_class = models.CharField(max_length=4)
    colour = models.CharField(max_length=16)
    star_keeper = models.BooleanField(default=False)
    picks = models.JSONField(default=list)
    bench = models.JSONField(
        default=list, blank=True, help_text="Up to 5 further cards, {card, pool} (HX-B1.7)."
    )
    captain = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The captain's slot; no. 6 when empty (HX-B1.8)."
    )
    status = models.CharField(max_length=8, choices=Validity.choices)
    pools = models.JSONField(default=dict)
    team = models.OneToOneField(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="build"
    )
    checked_at = models.DateTimeField()

    class Meta(Checked.Meta):
        indexes = [
            models.Index(fields=("owner", "-created_at", "-id"), name="build_owner_idx"),
            models.Index(fields=("edition", "status"), name="build_edition_idx"),
        ]
