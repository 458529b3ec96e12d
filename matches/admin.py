from django.contrib import admin

from matches.models import Match, MatchEvent, MatchSide


class MatchSideInline(admin.TabularInline):
    model = MatchSide
    extra = 0
    readonly_fields = ("position", "name", "user", "config", "score", "result")
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "visibility", "seq", "created_by", "created_at")
    list_filter = ("game", "status", "visibility")
    readonly_fields = ("seq", "state", "summary", "result", "finished_at")
    inlines = [MatchSideInline]


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):
    """The log is append-only: read it here, never edit it."""

    list_display = ("match", "seq", "kind", "notation", "author", "created_at")
    list_filter = ("kind",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
