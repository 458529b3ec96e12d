"""Keyset (cursor) pagination: stable pages while new rows arrive, index-backed ordering.

Every paginated list uses :class:`CursorPagination` (or a subclass): a cursor that does not
decode, or whose position is not a value of the ordering's field, is 400 ``invalid_cursor``
before any SQL is built from it; ``page_size`` is a whole number from 1 to the list's
``max_page_size``, refused with 400 otherwise (never silently ignored).
"""

from __future__ import annotations

import math

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import connection
from django.utils.translation import gettext as _
from rest_framework import pagination, serializers
from rest_framework.exceptions import NotFound

from companion.errors import DomainError

MAX_CURSOR_CHARS = 512


def invalid_cursor() -> DomainError:
    return DomainError(
        "invalid_cursor",
        _("The cursor is not valid: use the next or previous link of a page as it is."),
    )


def _position_is_valid(field, position: str) -> bool:
    try:
        value = field.to_python(position)
    except (ValidationError, ValueError, TypeError, OverflowError):
        return False
    if value is None:
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        low, high = connection.ops.integer_field_range(field.get_internal_type())
        if (low is not None and value < low) or (high is not None and value > high):
            return False
    return "\x00" not in position


class CursorPagination(pagination.CursorPagination):
    ordering = ("-created_at", "-id")
    page_size_query_param = "page_size"
    max_page_size = 100

    def paginate_queryset(self, queryset, request, view=None):
        self._model = queryset.model
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        field = serializers.IntegerField(min_value=1, max_value=self.max_page_size)
        try:
            return field.run_validation(raw)
        except serializers.ValidationError as exc:
            raise serializers.ValidationError({self.page_size_query_param: exc.detail}) from exc

    def decode_cursor(self, request):
        encoded = request.query_params.get(self.cursor_query_param)
        if encoded is not None and len(encoded) > MAX_CURSOR_CHARS:
            raise invalid_cursor()
        try:
            cursor = super().decode_cursor(request)
        except (NotFound, UnicodeError) as exc:
            raise invalid_cursor() from exc
        if cursor is None or cursor.position is None:
            return cursor
        model = getattr(self, "_model", None)
        if model is not None:
            name = self.ordering[0].lstrip("-")
            try:
                field = model._meta.get_field(name)
            except FieldDoesNotExist:
                field = None
            if field is not None and not _position_is_valid(field, cursor.position):
                raise invalid_cursor()
        return cursor

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update({"minimum": 1, "maximum": self.max_page_size})
        return parameters


class NewestFirstCursorPagination(CursorPagination):
    ordering = ("-created_at", "-id")


class SortedCursorPagination(CursorPagination):
    """Keyset pagination in the order the reader picks (``?sort=``): the view's
    ``ordering`` for the request, one of its index-backed orderings."""

    page_size = 25

    def get_ordering(self, request, queryset, view):
        return getattr(view, "ordering", None) or self.ordering
