"""A request's query parameters and body read through a serializer (400 with ``fields`` when
they do not fit).

Query parameters: DRF reads an empty value as absent.

DRF skips an optional field whose query value is empty (``?status=``), so an empty choice or
number would be silently ignored although the schema does not allow it. Here it is a 400
``blank``; text parameters may be empty (meaning "not filtered") only where the schema says so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

#: The largest id a ``BigAutoField`` holds: id parameters are bounded by it (a larger one is a
#: 400 before any query, whatever the database).
MAX_ID = 2**63 - 1
#: The largest sequence number a match's log holds (``PositiveIntegerField``).
MAX_SEQ = 2**31 - 1


def validated_query(
    serializer_class: type[serializers.Serializer], request, *, text_may_be_empty: bool = False
) -> dict[str, Any]:
    serializer = serializer_class(data=request.query_params)
    errors = {}
    for name, field in serializer.fields.items():
        if request.query_params.get(name, None) != "":
            continue
        if isinstance(field, serializers.CharField) and (text_may_be_empty or field.allow_blank):
            continue
        message = _("Leave the parameter out rather than sending it empty.")
        errors[name] = [ErrorDetail(message, code="blank")]
    if errors:
        raise serializers.ValidationError(errors)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def validated_body(
    serializer_class: type[serializers.Serializer], request, *, partial: bool = False
) -> dict[str, Any]:
    """The request's body as ``serializer_class`` validates it (before anything is written)."""
    serializer = serializer_class(data=request.data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def takes_body(
    serializer_class: type[serializers.Serializer], *, partial: bool = False, **schema: Any
) -> Callable[[Callable], Callable]:
    """A view method whose body ``serializer_class`` reads: it is called with the validated body
    after the request (``validated_body``, so a malformed one is a 400 before the method runs),
    and the schema shows the same serializer as the request, with ``schema``'s other
    ``extend_schema`` arguments."""

    def decorate(method: Callable) -> Callable:
        @functools.wraps(method)
        def with_body(view, request, *args, **kwargs):
            body = validated_body(serializer_class, request, partial=partial)
            return method(view, request, body, *args, **kwargs)

        return extend_schema(request=serializer_class, **schema)(with_body)

    return decorate
