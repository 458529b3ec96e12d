from django.contrib import admin

from stats.models import (
    HeadToHead,
    ManagerStats,
    MatchStatsState,
    PlayerStats,
    RatingEntry,
    TeamCard,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Stats are derived: rebuild them (manage.py rebuild_stats) instead of editing."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ManagerStats)
class ManagerStatsAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "played", "won", "drawn", "lost", "rating", "current_streak")
    list_filter = ("game",)
    search_fields = ("user__username",)


@admin.register(TeamCard)
class TeamCardAdmin(ReadOnlyAdmin):
    list_display = ("name", "game", "key", "user", "played", "form", "rating", "style")
    list_filter = ("game",)
    search_fields = ("name", "key")


@admin.register(PlayerStats)
class PlayerStatsAdmin(ReadOnlyAdmin):
    list_display = ("player", "game", "scope", "scope_key", "appearances", "goals")
    list_filter = ("game", "scope")


@admin.register(HeadToHead)
class HeadToHeadAdmin(ReadOnlyAdmin):
    list_display = ("user", "opponent", "game", "played", "won", "drawn", "lost")
    list_filter = ("game",)


@admin.register(RatingEntry)
class RatingEntryAdmin(ReadOnlyAdmin):
    list_display = ("subject", "game", "match", "finished_at", "rating_before", "rating_after")
    list_filter = ("game",)


@admin.register(MatchStatsState)
class MatchStatsStateAdmin(ReadOnlyAdmin):
    list_display = ("match", "seq_included", "computed_at")
