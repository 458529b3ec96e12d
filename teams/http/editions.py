"""HTTP: editions (card catalogs) and their cards."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.pagination import CursorPagination
from companion.api.query import validated_body
from companion.api.routes import Routes
from matches.fields import GameKeyField
from matches.http.schema import union_ref
from teams import selectors, services
from teams.http.shared import TEAM_INPUT, query
from teams.labels import abilities_by_id, card_name, card_texts
from teams.models import Card, CardKind, Edition

routes = Routes()


class EditionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    slug = serializers.CharField()
    version = serializers.IntegerField()
    title = serializers.CharField()
    is_reconstruction = serializers.BooleanField()
    notes = serializers.CharField()
    previous = serializers.IntegerField(source="previous_id", allow_null=True)
    created_at = serializers.DateTimeField()


@extend_schema_field(union_ref("Edition"))
class EditionDataField(serializers.JSONField):
    """An edition's data: its game's reference data and team-building catalogs
    (``GameEdition``)."""


@extend_schema_field(union_ref("CardData"))
class CardDataField(serializers.JSONField):
    """A catalog card's data as its edition holds it (``GameCardData``, by the card's kind)."""


class EditionDetailOutput(EditionOutput):
    data = EditionDataField()
    in_use = serializers.SerializerMethodField()

    def get_in_use(self, obj: Edition) -> bool:
        return services.edition_in_use(edition=obj)


class EditionQuery(serializers.Serializer):
    game = GameKeyField(required=False)
    slug = serializers.CharField(max_length=64, required=False)


class EditionUpdateInput(serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False)
    notes = serializers.CharField(required=False, allow_blank=True)
    is_reconstruction = serializers.BooleanField(required=False)
    data = EditionDataField(required=False, help_text="The whole catalog, replaced.")

    def validate_data(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError(_("Must be a JSON object."), code="invalid")
        return value


@routes.at("editions/", name="edition-list")
class EditionListView(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = EditionOutput

    def get_queryset(self):
        return selectors.edition_list(**query(EditionQuery, self.request))

    @extend_schema(parameters=[EditionQuery], summary="List editions (card catalogs)")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


@routes.at("editions/<int:pk>/", name="edition-detail")
class EditionDetailView(APIView):
    def get_permissions(self):
        if self.request.method == "PATCH":
            return [IsAdminUser()]
        return [AllowAny()]

    @extend_schema(responses=EditionDetailOutput, summary="One edition with its catalog data")
    def get(self, request, pk: int):
        edition = get_object_or_404(Edition, pk=pk)
        return Response(EditionDetailOutput(edition).data)

    @extend_schema(
        request=EditionUpdateInput,
        responses={200: EditionDetailOutput, 201: EditionDetailOutput, 400: TEAM_INPUT},
        summary="Edit an edition (staff); a used edition gets a new version instead (201)",
    )
    def patch(self, request, pk: int):
        edition = get_object_or_404(Edition, pk=pk)
        data = validated_body(EditionUpdateInput, request)
        edition, created = services.edition_update(edition=edition, **data)
        return Response(
            EditionDetailOutput(edition).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class CardOutput(serializers.Serializer):
    game = serializers.CharField(help_text="The game of the card's edition.")
    code = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    colour = serializers.CharField()
    numbers = serializers.SerializerMethodField()
    type = serializers.CharField(source="shield", help_text="Shield type (or set / style).")
    price = serializers.IntegerField(allow_null=True)
    role = serializers.CharField()
    name = serializers.SerializerMethodField(help_text="The card's name in the answer's language.")
    texts = serializers.SerializerMethodField(
        help_text=(
            "What the card says, in the answer's language: a player card's abilities (`silver`, "
            "`gold`), a style card's `condition` and `effect`; empty for other cards."
        )
    )
    data = CardDataField()

    def get_name(self, obj) -> str:
        return card_name(obj)

    @extend_schema_field({"type": "object", "additionalProperties": {"type": "string"}})
    def get_texts(self, obj) -> dict[str, str]:
        known = self.context.setdefault("abilities", {})  # one read of the catalog per edition
        if obj.edition_id not in known:
            known[obj.edition_id] = abilities_by_id(obj.edition.data)
        return card_texts(obj, known[obj.edition_id])

    def get_numbers(self, obj) -> list[int]:
        return [n for n in (obj.number, obj.number_alt) if n is not None]


class CardQuery(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CardKind.choices, required=False)
    number = serializers.IntegerField(
        min_value=0, max_value=99, required=False, help_text="Shirt number (either of two)."
    )
    type = serializers.CharField(
        max_length=16, required=False, help_text="defensive, balanced, offensive"
    )
    price = serializers.IntegerField(min_value=0, max_value=999, required=False)
    price_min = serializers.IntegerField(min_value=0, max_value=999, required=False)
    price_max = serializers.IntegerField(min_value=0, max_value=999, required=False)
    colour = serializers.CharField(max_length=16, required=False)
    role = serializers.CharField(max_length=64, required=False)


class CardPagination(CursorPagination):
    ordering = ("id",)
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


@routes.at("editions/<int:pk>/cards/", name="edition-cards")
class EditionCardListView(ListAPIView):
    pagination_class = CardPagination
    permission_classes = [AllowAny]
    serializer_class = CardOutput
    queryset = Card.objects.none()  # the rows' model, for the schema

    def get_queryset(self):
        edition = get_object_or_404(Edition, pk=self.kwargs["pk"])
        filters = query(CardQuery, self.request)
        if "type" in filters:
            filters["shield"] = filters.pop("type")
        return selectors.card_list(edition=edition, **filters)

    @extend_schema(
        parameters=[CardQuery],
        summary="Cards of an edition, filtered by kind, shirt number, type, price",
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
