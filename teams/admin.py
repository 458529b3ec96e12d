"""Admin: editions are edited through ``edition_update``, so a used edition gets a new version."""

from django import forms
from django.contrib import admin, messages

from companion.errors import DomainError
from teams import services
from teams.models import Build, Card, Edition, Team

#: An edition's identity, with its version: what a stored version never changes.
_IDENTITY = ("game", "slug")
#: What the admin edits of an edition (of one in use, as a new version).
_EDITABLE = ("title", "data", "is_reconstruction", "notes")


def _fields(edition: Edition, names: tuple[str, ...]) -> dict:
    return {name: getattr(edition, name) for name in names}


class EditionForm(forms.ModelForm):
    class Meta:
        model = Edition
        fields = (*_IDENTITY, "version", *_EDITABLE)

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game") or (self.instance.game if self.instance.pk else "")
        if "data" in cleaned:
            try:
                services.edition_data_check(game=game, data=cleaned["data"])
            except DomainError as exc:
                problems = exc.details.get("problems") or [exc.message]
                raise forms.ValidationError({"data": problems[:10]}) from exc
        return cleaned


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    form = EditionForm
    list_display = ("game", "slug", "version", "title", "is_reconstruction", "created_at")
    list_filter = ("game", "is_reconstruction")
    search_fields = ("title", "slug")
    readonly_fields = ("previous", "created_at")

    def get_readonly_fields(self, request, obj=None):
        if obj is not None:  # the identity of a stored version does not change
            return (*self.readonly_fields, *_IDENTITY, "version")
        return self.readonly_fields

    def save_model(self, request, obj, form, change):
        if not change:
            created = services.edition_create(**_fields(obj, (*_IDENTITY, *_EDITABLE)))
            obj.pk, obj.version = created.pk, created.version
            return
        stored = Edition.objects.get(pk=obj.pk)
        edition, new_version = services.edition_update(edition=stored, **_fields(obj, _EDITABLE))
        if new_version:
            obj.refresh_from_db()
            self.message_user(
                request,
                f"{stored} is in use, so the change was saved as a new version: {edition}. "
                "Its teams and builds were re-checked against it.",
                messages.WARNING,
            )

    def save_related(self, request, form, formsets, change):
        pass  # an edition has no inlines; keeps the stored version untouched


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("code", "edition", "kind", "colour", "number", "number_alt", "shield", "price")
    list_filter = ("kind", "shield", "colour", "edition")
    search_fields = ("code", "name", "role")

    def has_add_permission(self, request):
        return False  # rows are written from the edition's data

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "edition", "source", "status", "created_at")
    list_filter = ("source", "status")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner", "edition")


@admin.register(Build)
class BuildAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "edition", "orientation", "budget_class", "status")
    list_filter = ("orientation", "budget_class", "status")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner", "edition", "team")
