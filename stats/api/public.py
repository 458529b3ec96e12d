"""What the public stats endpoints share: views anyone may read (a path's unknown game or
manager is a 404), lists sorted by ``?sort=``, their query serializers as the schema's
parameters, their outputs' published names, and the fields they share (a manager named by
username, the game filter, a list's page fields and a record's counts)."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_serializer,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from companion.api.pagination import SortedCursorPagination
from companion.api.query import validated_query
from companion.api.renderers import SvgRenderer
from companion.openapi import AutoSchema
from matches.engine import game_keys
from matches.fields import GameKeyField
from matches.http.schema import GAME, ref
from stats import selectors


class PublicSchema(AutoSchema):
    """A public view's schema: its query serializer's fields are its parameters."""

    def get_override_parameters(self):
        query = getattr(self.view, "query_serializer", None)
        return [*super().get_override_parameters(), *(query_parameters(query) if query else [])]


class PublicView(APIView):
    permission_classes = [AllowAny]
    query_serializer: type[serializers.Serializer] | None = None
    schema = PublicSchema()

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        # the path's game and manager: 404 when there is no such game or manager
        if "game" in kwargs:
            _game_or_404(kwargs["game"])
        if "username" in kwargs:
            self.manager = _user_or_404(kwargs["username"])

    def query(self, request) -> dict[str, Any]:
        # text filters (manager, team, player) sent empty mean "not filtered", as documented
        return validated_query(self.query_serializer, request, text_may_be_empty=True)


class PublicPictureView(PublicView):
    # A public SVG picture (``SVG_RESPONSE``); an error is JSON, in the error shape. (A comment,
    # not a docstring: the schema would take a docstring as the operations' description.)
    renderer_classes = [JSONRenderer, SvgRenderer]

    @staticmethod
    def picture(svg: str) -> HttpResponse:
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


class PublicListView(PublicView, ListAPIView):
    # A public list in the order ``?sort=`` picks from the query serializer's ``SORTS``
    # (``rows(params)`` is the query; ``ordering`` the fixed order of a list without ``sort``).

    pagination_class = SortedCursorPagination

    def rows(self, params: dict[str, Any]):
        raise NotImplementedError

    def get_queryset(self):
        params = self.query(self.request)
        if "sort" in params:
            self.ordering = self.query_serializer.SORTS[params["sort"]]
        return self.rows(params)


def _game_or_404(game: str) -> str:
    if game not in game_keys():
        raise Http404
    return game


def _user_or_404(username: str):
    user = selectors.user_by_username(username)
    if user is None:
        raise Http404
    return user


class PublishedOutput(serializers.Serializer):
    # An output whose schema component keeps the name it was published with (API 1.0): its
    # class's name, ``...Output`` shortened to ``...Out``. (A comment, not a docstring: the
    # schema would take a docstring as the components' description.)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        extend_schema_serializer(component_name=cls.__name__.removesuffix("put"))(cls)


class UsernameField(serializers.CharField):
    def to_internal_value(self, data):
        username = super().to_internal_value(data)
        self.run_validators(username)  # e.g. no NUL character, before it reaches the database
        user = selectors.user_by_username(username)
        if user is None:
            raise serializers.ValidationError(
                _("There is no manager called “{username}”.").format(username=username)
            )
        return user


class GameQuery(serializers.Serializer):
    game = GameKeyField(required=False)


def page_fields() -> tuple[serializers.CharField, serializers.IntegerField]:
    """A list's ``cursor`` and ``page_size`` query fields, declared where they stand in the
    query serializer (``cursor, page_size = page_fields()``): its parameters and its errors keep
    that order."""
    return (
        serializers.CharField(required=False),
        serializers.IntegerField(min_value=1, max_value=100, required=False),
    )


def record_fields() -> tuple[serializers.IntegerField, ...]:
    """A record's counts as output fields, declared where they stand in the output serializer
    (``played, won, drawn, lost, goals_for, goals_against = record_fields()``)."""
    return tuple(serializers.IntegerField() for _count in range(6))


class RequiredGameQuery(serializers.Serializer):
    game = GameKeyField()
    cursor, page_size = page_fields()


def query_parameters(serializer: type[serializers.Serializer]) -> list[OpenApiParameter]:
    """The query serializer's fields as parameters, with the bounds the server checks."""
    out = []
    for name, fld in serializer().fields.items():
        kind = OpenApiTypes.INT if isinstance(fld, serializers.IntegerField) else OpenApiTypes.STR
        if isinstance(fld, serializers.IntegerField):
            bounds = {"minimum": fld.min_value, "maximum": fld.max_value}
            kind = {"type": "integer", **{k: v for k, v in bounds.items() if v is not None}}
        elif fld.required and not getattr(fld, "allow_blank", True):
            kind = {"type": "string", "minLength": 1}  # required text cannot be empty
        enum = list(fld.choices) if isinstance(fld, serializers.ChoiceField) else None
        if isinstance(fld, GameKeyField):  # the one enum of the games registered when asked
            kind, enum = ref(GAME), None
        out.append(
            OpenApiParameter(name, kind, OpenApiParameter.QUERY, required=fld.required, enum=enum)
        )
    return out


SVG_RESPONSE = {(200, "image/svg+xml"): OpenApiTypes.STR}


def listed(
    operation_id: str,
    summary: str,
    *,
    rows_of: type[models.Model],
    query: type[serializers.Serializer],
    output: type[serializers.Serializer],
):
    """A public list: the model of its rows (for the schema), its query serializer (whose fields
    are the GET's parameters) and its output serializer, and the schema of its GET."""

    def declare(view: type[PublicListView]) -> type[PublicListView]:
        view.queryset = rows_of._default_manager.none()
        view.query_serializer = query
        view.serializer_class = output
        return extend_schema_view(get=extend_schema(operation_id=operation_id, summary=summary))(
            view
        )

    return declare
