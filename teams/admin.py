from django.contrib import admin

from teams.models import Edition


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ("game", "slug", "version", "title", "is_reconstruction", "created_at")
    list_filter = ("game", "is_reconstruction")
    search_fields = ("title", "slug")
