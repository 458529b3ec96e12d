"""HTTP API of the teams app: editions and their cards, teams, budget builds.

One view per resource address; each operation has its own small input and output
serializers, and calls one service (writes) or selector (reads).
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny, IsAdminUser, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.idempotency import idempotent
from companion.api.pagination import CursorPagination
from companion.api.permissions import IsOwnerOrReadOnly
from companion.api.query import MAX_ID, takes_body, validated_body, validated_query
from companion.api.routes import Routes
from companion.openapi import IDEMPOTENCY_KEY, error_response
from matches.fields import GameKeyField
from teams import rules, selectors, services
from teams.labels import abilities_by_id, card_name, card_texts
from teams.models import Build, Card, CardKind, Edition, Team, Validity

routes = Routes()

# --- shared serializers -----------------------------------------------------------------------


class ViolationOutput(serializers.Serializer):
    """A stored violation, its sentence said in the reader's language."""

    code = serializers.CharField(help_text="Stable code, e.g. slot_not_covered.")
    message = serializers.CharField()
    rule = serializers.CharField(help_text="Clause id in docs/teams.md, e.g. HX-B2.2.")
    slot = serializers.IntegerField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    details = serializers.DictField()

    def to_representation(self, instance):
        return super().to_representation(rules.public_violation(instance))


class PoolOutput(serializers.Serializer):
    budget = serializers.IntegerField()
    spent = serializers.IntegerField()
    left = serializers.IntegerField(help_text="Negative when the pool is overspent.")


class PoolsOutput(serializers.Serializer):
    defensive = PoolOutput()
    offensive = PoolOutput()


class PickInput(serializers.Serializer):
    slot = serializers.IntegerField(min_value=2, max_value=11, help_text="Shirt-number slot.")
    card = serializers.CharField(max_length=100, help_text="Player card id, e.g. blue:winger-9-11.")
    gold = serializers.BooleanField(default=False, help_text="Start on the gold (star) side.")
    pool = serializers.ChoiceField(
        choices=rules.POOLS,
        required=False,
        allow_null=True,
        help_text="Builds only: the pool that pays a balanced player (chosen for you if left out).",
    )


class BenchInput(serializers.Serializer):
    card = serializers.CharField(
        max_length=100, help_text="Player card id, e.g. blue:box_to_box-7-8."
    )
    gold = serializers.BooleanField(
        default=False, help_text="Always false: a bench card comes on silver (HX-E.3)."
    )
    pool = serializers.ChoiceField(
        choices=rules.POOLS,
        required=False,
        allow_null=True,
        help_text="Builds only: the pool that pays a balanced bench card (HX-B2.7).",
    )

    def validate_gold(self, value: bool) -> bool:
        if value:
            raise serializers.ValidationError(
                _("A bench card comes on its silver side (HX-E.3); it cannot start gold."),
                code="bench_gold",
            )
        return value


BENCH_HELP = (
    "Up to 5 further cards of the team's colour, none on the pitch (HX-B1.7); more than 5 "
    "is the violation bench_too_long."
)
CAPTAIN_HELP = (
    "The captain's slot (HX-B1.8, HX-E.4); no. 6 when left out or null. A number outside "
    "2-11 is the violation captain_not_a_slot."
)


def bench_field(**kwargs: Any) -> BenchInput:
    return BenchInput(many=True, max_length=20, allow_empty=True, help_text=BENCH_HELP, **kwargs)


def captain_field(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0, max_value=99, allow_null=True, help_text=CAPTAIN_HELP, **kwargs
    )


class BenchOutput(serializers.Serializer):
    card = serializers.CharField()
    pool = serializers.CharField(required=False, allow_null=True)


class PickOutput(serializers.Serializer):
    slot = serializers.IntegerField()
    card = serializers.CharField()
    gold = serializers.BooleanField()
    pool = serializers.CharField(required=False, allow_null=True)


class PiecesInput(serializers.Serializer):
    field = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=16, required=False
    )
    substitutes = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=16, required=False
    )
    keepers = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=6, required=False
    )


def _query(serializer_class, request) -> dict[str, Any]:
    data = validated_query(serializer_class, request)
    return {k: v for k, v in data.items() if v not in (None, "")}


LINEUP_REFUSED = error_response(
    "The lineup breaks a team rule (`details.violations`), or a reused Idempotency-Key.",
    ["team_invalid", "invalid_lineup", "idempotency_key_reused"],
)
#: Malformed input, or a part of a team this game's teams do not have.
TEAM_INPUT = error_response(
    "Malformed input (`fields`), or something this game's teams do not have.",
    ["invalid", "invalid_idempotency_key", "edition_mismatch", "@teams_input"],
)


# --- editions ----------------------------------------------------------------------------------


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


class EditionDetailOutput(EditionOutput):
    data = serializers.JSONField()
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
    data = serializers.JSONField(required=False, help_text="The whole catalog, replaced.")

    def validate_data(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError(_("Must be a JSON object."), code="invalid")
        return value


@routes.at("editions/", name="edition-list")
class EditionListView(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = EditionOutput

    def get_queryset(self):
        return selectors.edition_list(**_query(EditionQuery, self.request))

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
    data = serializers.JSONField()

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
        filters = _query(CardQuery, self.request)
        if "type" in filters:
            filters["shield"] = filters.pop("type")
        return selectors.card_list(edition=edition, **filters)

    @extend_schema(
        parameters=[CardQuery],
        summary="Cards of an edition, filtered by kind, shirt number, type, price",
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


# --- teams -------------------------------------------------------------------------------------


class TeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    owner = serializers.CharField(source="owner.username")
    edition = serializers.IntegerField(source="edition_id")
    game = serializers.CharField(source="edition.game")
    name = serializers.CharField()
    colours = serializers.ListField(child=serializers.CharField())
    style = serializers.CharField()
    source = serializers.ChoiceField(choices=Team.Source.choices)
    lineup = serializers.JSONField(help_text="See docs/teams.md, 'Lineup shape'.")
    status = serializers.CharField(help_text="valid or invalid")
    violations = ViolationOutput(many=True)
    invalid_reason = serializers.CharField()
    build = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def get_build(self, obj: Team) -> int | None:
        build = getattr(obj, "build", None) if obj.source == Team.Source.BUILD else None
        return build.id if build else None


class OwnerQuery(serializers.Serializer):
    owner = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Default: your own. 'all' for everyone's, or a username.",
    )
    edition = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    status = serializers.ChoiceField(choices=Validity.choices, required=False)


class TeamCreateInput(serializers.Serializer):
    edition = serializers.PrimaryKeyRelatedField(queryset=Edition.objects.all())
    name = serializers.CharField(max_length=100, required=False)
    colours = serializers.ListField(
        child=serializers.CharField(max_length=32), max_length=4, required=False
    )
    style = serializers.ChoiceField(choices=rules.STYLES, required=False, allow_blank=True)
    card_colour = serializers.ChoiceField(choices=rules.COLOURS, default="blue")
    picks = PickInput(many=True, required=False, max_length=20)
    star_keeper = serializers.BooleanField(default=False)
    team_card = serializers.CharField(max_length=100, required=False)
    pieces = PiecesInput(required=False)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


class TeamUpdateInput(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    colours = serializers.ListField(
        child=serializers.CharField(max_length=32), max_length=4, required=False
    )
    style = serializers.ChoiceField(choices=rules.STYLES, required=False, allow_blank=True)
    card_colour = serializers.ChoiceField(choices=rules.COLOURS, required=False)
    picks = PickInput(many=True, required=False, max_length=20)
    star_keeper = serializers.BooleanField(required=False)
    team_card = serializers.CharField(max_length=100, required=False)
    pieces = PiecesInput(required=False)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


class _OwnedListView(ListAPIView):
    # Teams or builds: yours by default (``OwnerQuery``), and a new one of yours under the
    # request's Idempotency-Key; ``rows`` is the selector, ``create`` the service.
    create_input: type[serializers.Serializer]

    def cleaned(self, values: dict[str, Any]) -> dict[str, Any]:
        return _clean_bench(values)

    def get_queryset(self):
        return type(self).rows(user=self.request.user, **_query(OwnerQuery, self.request))

    def post(self, request):
        values = self.cleaned(validated_body(self.create_input, request))

        def write():
            created = type(self).create(owner=request.user, **values)
            return Response(self.serializer_class(created).data, status=status.HTTP_201_CREATED)

        return idempotent(request, write)


class _OwnedDetailView(APIView):
    # One team or build: anyone reads it, its owner changes (``update``) or deletes it
    # (``remove``): services that name it by its model (``team=``, ``build=``).
    permission_classes = [IsAuthenticatedOrReadOnly, IsOwnerOrReadOnly]
    model: type[Team] | type[Build]
    output: type[serializers.Serializer]
    update_input: type[serializers.Serializer]

    def cleaned(self, values: dict[str, Any]) -> dict[str, Any]:
        return _clean_bench(values)

    def owned(self, pk: int):
        found = get_object_or_404(self.model.objects.select_related("owner", "edition"), pk=pk)
        self.check_object_permissions(self.request, found)
        return found

    def get(self, request, pk: int):
        return Response(self.output(self.owned(pk)).data)

    def patch(self, request, pk: int):
        found = self.owned(pk)
        values = self.cleaned(validated_body(self.update_input, request))
        changed = type(self).update(**{self.model._meta.model_name: found}, **values)
        return Response(self.output(changed).data)

    def delete(self, request, pk: int):
        type(self).remove(**{self.model._meta.model_name: self.owned(pk)})
        return Response(status=status.HTTP_204_NO_CONTENT)


@routes.at("teams/", name="team-list")
@extend_schema_view(
    get=extend_schema(parameters=[OwnerQuery], summary="List teams (your own by default)"),
    post=extend_schema(
        request=TeamCreateInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: TeamOutput, 400: TEAM_INPUT, 422: LINEUP_REFUSED},
        summary="Create a team: a lineup, a printed team card, or TriXKick pieces",
    ),
)
class TeamListView(_OwnedListView):
    serializer_class = TeamOutput
    create_input = TeamCreateInput
    rows = staticmethod(selectors.team_list)
    create = staticmethod(services.team_create)


@routes.at("teams/<int:pk>/", name="team-detail")
@extend_schema_view(
    get=extend_schema(responses=TeamOutput, summary="One team"),
    patch=extend_schema(
        request=TeamUpdateInput,
        responses={200: TeamOutput, 400: TEAM_INPUT, 422: LINEUP_REFUSED},
        summary="Change a team (owner)",
    ),
    delete=extend_schema(responses={204: None}, summary="Delete a team (owner)"),
)
class TeamDetailView(_OwnedDetailView):
    model = Team
    output = TeamOutput
    update_input = TeamUpdateInput
    update = staticmethod(services.team_update)
    remove = staticmethod(services.team_delete)


SideConfigOutput = inline_serializer(
    "TeamSideConfig",
    fields={
        "name": serializers.CharField(),
        "team_id": serializers.IntegerField(),
        "edition_id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "colours": serializers.ListField(child=serializers.CharField()),
        "style": serializers.CharField(allow_null=True),
        "lineup": serializers.JSONField(),
        "engine_side": serializers.JSONField(),
    },
)


@routes.at("teams/<int:pk>/side-config/", name="team-side-config")
class TeamSideConfigView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: SideConfigOutput, 400: TEAM_INPUT, 422: LINEUP_REFUSED},
        summary="What a match side receives when it plays this team (422 if the team is invalid)",
    )
    def get(self, request, pk: int):
        team = get_object_or_404(Team.objects.select_related("edition"), pk=pk)
        return Response(selectors.team_side_config(team=team))


# --- budget builds ----------------------------------------------------------------------------


class BuildCheckInput(serializers.Serializer):
    edition = serializers.PrimaryKeyRelatedField(queryset=Edition.objects.all())
    orientation = serializers.ChoiceField(choices=rules.ORIENTATIONS)
    budget_class = serializers.ChoiceField(choices=rules.CLASSES)
    card_colour = serializers.ChoiceField(choices=rules.COLOURS, default="blue", source="colour")
    star_keeper = serializers.BooleanField(default=False)
    picks = PickInput(many=True, max_length=20, allow_empty=True)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


class BuildCreateInput(BuildCheckInput):
    name = serializers.CharField(max_length=100)


class BuildUpdateInput(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    orientation = serializers.ChoiceField(choices=rules.ORIENTATIONS, required=False)
    budget_class = serializers.ChoiceField(choices=rules.CLASSES, required=False)
    card_colour = serializers.ChoiceField(choices=rules.COLOURS, required=False, source="colour")
    star_keeper = serializers.BooleanField(required=False)
    picks = PickInput(many=True, max_length=20, allow_empty=True, required=False)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


class PricedPickOutput(serializers.Serializer):
    slot = serializers.IntegerField()
    card = serializers.CharField()
    gold = serializers.BooleanField()
    shield = serializers.CharField(allow_null=True)
    price = serializers.IntegerField(allow_null=True, help_text="Silver price in stars.")
    cost = serializers.IntegerField(allow_null=True, help_text="Price, +1 star if gold.")
    pool = serializers.CharField(allow_null=True, help_text="The pool that pays.")
    pool_chosen = serializers.BooleanField(
        required=False, help_text="The server chose the pool of this balanced player."
    )


class PricedBenchOutput(serializers.Serializer):
    card = serializers.CharField()
    shield = serializers.CharField(allow_null=True)
    price = serializers.IntegerField(allow_null=True, help_text="Silver price in stars.")
    cost = serializers.IntegerField(allow_null=True, help_text="What the bench card costs.")
    pool = serializers.CharField(allow_null=True, help_text="The pool that pays.")
    pool_chosen = serializers.BooleanField(
        required=False, help_text="The server chose the pool of this balanced player."
    )


class BuildCheckOutput(serializers.Serializer):
    valid = serializers.BooleanField()
    violations = ViolationOutput(many=True)
    pools = PoolsOutput()
    picks = PricedPickOutput(many=True)
    bench = PricedBenchOutput(many=True, help_text="The bench cards, paid like the lineup.")
    star_keeper_cost = serializers.IntegerField()


class BuildOutput(serializers.Serializer):
    id = serializers.IntegerField()
    owner = serializers.CharField(source="owner.username")
    edition = serializers.IntegerField(source="edition_id")
    name = serializers.CharField()
    orientation = serializers.CharField()
    budget_class = serializers.CharField()
    card_colour = serializers.CharField(source="colour")
    star_keeper = serializers.BooleanField()
    picks = PickOutput(many=True)
    bench = BenchOutput(many=True)
    captain = serializers.IntegerField(
        allow_null=True, help_text="The captain's slot; null means the default, no. 6."
    )
    status = serializers.CharField(help_text="valid or invalid")
    violations = ViolationOutput(many=True)
    pools = serializers.JSONField(help_text="{defensive|offensive: {budget, spent, left}}")
    invalid_reason = serializers.CharField()
    team = serializers.IntegerField(source="team_id", allow_null=True)
    checked_at = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class BuildTeamInput(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    colours = serializers.ListField(
        child=serializers.CharField(max_length=32), max_length=4, required=False
    )


def _clean_bench(values: dict[str, Any]) -> dict[str, Any]:
    """The validated input with its bench as ``[{"card", "pool"?}]`` (``gold`` is always false)."""
    values = dict(values)
    if values.get("bench") is not None:
        values["bench"] = [
            {"card": b["card"], **({"pool": b["pool"]} if b.get("pool") else {})}
            for b in values["bench"]
        ]
    return values


def _clean_picks(picks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cleaned = []
    for pick in picks:
        item = {"slot": pick["slot"], "card": pick["card"], "gold": pick.get("gold", False)}
        if pick.get("pool"):
            item["pool"] = pick["pool"]
        cleaned.append(item)
    return cleaned


def _clean_build(values: dict[str, Any]) -> dict[str, Any]:
    values = _clean_bench(values)
    if "picks" in values:
        values["picks"] = _clean_picks(values["picks"])
    return values


@routes.at("builds/check/", name="build-check")
class BuildCheckView(APIView):
    permission_classes = [AllowAny]

    @takes_body(
        BuildCheckInput,
        responses={200: BuildCheckOutput, 400: TEAM_INPUT},
        summary="Dry run: check a build and count the stars left, without saving",
    )
    def post(self, request, data):
        values = _clean_build(data)
        return Response(BuildCheckOutput(selectors.build_evaluate(**values)).data)


@routes.at("builds/", name="build-list")
@extend_schema_view(
    get=extend_schema(parameters=[OwnerQuery], summary="List budget builds (your own by default)"),
    post=extend_schema(
        request=BuildCreateInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: BuildOutput,
            400: TEAM_INPUT,
            422: error_response("A reused Idempotency-Key.", ["idempotency_key_reused"]),
        },
        summary="Save a budget build (valid or not: its status and violations say which)",
    ),
)
class BuildListView(_OwnedListView):
    serializer_class = BuildOutput
    create_input = BuildCreateInput
    rows = staticmethod(selectors.build_list)
    create = staticmethod(services.build_create)

    def cleaned(self, values: dict[str, Any]) -> dict[str, Any]:
        return _clean_build(values)


@routes.at("builds/<int:pk>/", name="build-detail")
@extend_schema_view(
    get=extend_schema(responses=BuildOutput, summary="One budget build"),
    patch=extend_schema(
        request=BuildUpdateInput,
        responses={200: BuildOutput, 400: TEAM_INPUT},
        summary="Change a build (owner)",
    ),
    delete=extend_schema(responses={204: None}, summary="Delete a build (owner)"),
)
class BuildDetailView(_OwnedDetailView):
    model = Build
    output = BuildOutput
    update_input = BuildUpdateInput

    update = staticmethod(services.build_update)
    remove = staticmethod(services.build_delete)

    def cleaned(self, values: dict[str, Any]) -> dict[str, Any]:
        return _clean_build(values)


@routes.at("builds/<int:pk>/team/", name="build-team")
class BuildTeamView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly, IsOwnerOrReadOnly]

    @extend_schema(
        request=BuildTeamInput,
        responses={
            201: TeamOutput,
            200: TeamOutput,
            422: error_response("The build is invalid (`details.violations`).", ["build_invalid"]),
        },
        summary="Turn a valid build into a team (owner); 422 with the violations if invalid",
    )
    def post(self, request, pk: int):
        build = get_object_or_404(Build, pk=pk)
        self.check_object_permissions(request, build)
        data = validated_body(BuildTeamInput, request)
        team, created = services.build_team_make(build=build, **data)
        return Response(
            TeamOutput(team).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
