from django.contrib import admin

from competitions.models import Competition, Fixture, Member


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    """The standings are derived: rebuild them (manage.py competitions_rebuild)."""

    list_display = ("name", "season", "game", "format", "organiser", "status", "visibility")
    list_filter = ("game", "format", "status", "visibility")
    search_fields = ("name", "organiser__username")
    readonly_fields = ("standings", "standings_tag", "seed")


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("competition", "user", "team", "status")
    list_filter = ("status",)
    search_fields = ("user__username", "competition__name")


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ("competition", "stage", "round", "leg", "home", "away", "status", "match")
    list_filter = ("stage", "status")
    readonly_fields = ("result",)
