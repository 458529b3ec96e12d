"""History filters; each one is served by an index (see ``Match.Meta.indexes``)."""

from __future__ import annotations

from datetime import UTC

import django_filters
from django import forms
from django.db.models import Exists, OuterRef
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext as _
from django_filters.fields import IsoDateTimeField
from drf_spectacular.utils import extend_schema_field

from companion.api.query import MAX_ID
from matches.engine import game_keys
from matches.models import Match, MatchSide, MatchStatus, SideResult, Visibility


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class IdFilter(django_filters.NumberFilter):
    """A whole-number id; anything else (1.5, 0, or beyond the id column's range) is a 400."""

    field_class = forms.IntegerField


class UtcIsoDateTimeField(IsoDateTimeField):
    """An ISO 8601 date and time, as UTC: an offset such as +17:24, which Python accepts and
    PostgreSQL does not, never reaches the database; a time that leaves the calendar in UTC
    (year 1 with a positive offset) is a 400."""

    def to_python(self, value):
        value = super().to_python(value)
        if value is None or value.tzinfo is None:
            return value
        try:
            return value.astimezone(UTC)
        except OverflowError as exc:
            raise forms.ValidationError(
                _("This date and time is out of range."), "invalid"
            ) from exc


class UtcDateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = UtcIsoDateTimeField


class GameChoices(BaseChoiceIterator):
    """The registered games as choices, read from the registry each time they are listed (a
    game registered after start-up is one too)."""

    def __iter__(self):
        return iter([(key, key) for key in game_keys()])


def _side(**lookups):
    return Exists(MatchSide.objects.filter(match=OuterRef("pk"), **lookups))


class MatchHistoryFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=GameChoices(), help_text="Game key, e.g. hat-trick.")
    status = django_filters.ChoiceFilter(choices=MatchStatus.choices)
    visibility = django_filters.ChoiceFilter(choices=Visibility.choices)
    manager = django_filters.CharFilter(
        method="filter_manager", help_text="Username of a manager who played in the match."
    )
    opponent = django_filters.CharFilter(
        method="filter_opponent",
        help_text="Username of a manager who played against `manager` (or against you).",
    )
    team = IdFilter(
        method="filter_team", min_value=1, max_value=MAX_ID, help_text="Team id of a side."
    )
    result = django_filters.ChoiceFilter(
        choices=SideResult.choices,
        method="filter_result",
        help_text="Result of `manager`'s side (or yours when logged in): win, draw or loss.",
    )
    created_after = UtcDateTimeFilter(field_name="created_at", lookup_expr="gte")
    created_before = UtcDateTimeFilter(field_name="created_at", lookup_expr="lt")

    class Meta:
        model = Match
        fields = ["game", "status", "visibility"]

    #: Given empty, these are a 400 (an empty value is none of the schema's choices, ids or
    #: dates); ``manager`` and ``opponent`` are free text, where empty means "not filtered".
    NOT_EMPTY = (
        "game",
        "status",
        "visibility",
        "result",
        "team",
        "created_after",
        "created_before",
    )

    def is_valid(self) -> bool:
        valid = super().is_valid()
        for name in self.NOT_EMPTY:
            if name in self.data and not self.data.get(name, "").strip():
                message = _("Leave the parameter out rather than sending it empty.")
                self.form.add_error(name, forms.ValidationError(message, code="blank"))
                valid = False
        return valid

    def _subject(self) -> dict:
        manager = self.data.get("manager")
        if manager:
            return {"user__username": manager}
        user = getattr(self.request, "user", None)
        if user is not None and user.is_authenticated:
            return {"user": user}
        return {}

    def filter_manager(self, queryset, name, value):
        return queryset.filter(_side(user__username=value))

    def filter_opponent(self, queryset, name, value):
        queryset = queryset.filter(_side(user__username=value))
        subject = self._subject()
        return queryset.filter(_side(**subject)) if subject else queryset

    def filter_team(self, queryset, name, value):
        return queryset.filter(_side(team_id=value))

    def filter_result(self, queryset, name, value):
        return queryset.filter(_side(result=value, **self._subject()))
