"""Devices in the admin: who is logged in where, and a way to revoke a login."""

from django.contrib import admin

from companion.models import Device


@admin.register(Device)
class DeviceAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "created_at", "last_used_at")
    list_select_related = ("user",)
    search_fields = ("user__username", "name")
    readonly_fields = ("user", "name", "created_at", "last_used_at")
    exclude = ("key_digest",)

    def has_add_permission(self, request):  # a device comes from a login, never from here
        return False
