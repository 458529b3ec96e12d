"""HTTP: budget builds, checked (a dry run) or saved valid or not, and the team a valid one
becomes."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.permissions import IsOwnerOrReadOnly
from companion.api.query import takes_body, validated_body
from companion.api.routes import Routes
from companion.openapi import error_response
from teams import selectors, services
from teams.game_rules import input_words
from teams.http.shared import (
    TEAM_INPUT,
    BenchOutput,
    OwnedDetailView,
    OwnedListView,
    PickInput,
    PickOutput,
    ViolationOutput,
    bench_field,
    captain_field,
    changes_of,
    clean_bench,
    owned_detail,
    owned_list,
)
from teams.http.teams import TeamOutput
from teams.models import Build, Edition

routes = Routes()


class PoolOutput(serializers.Serializer):
    budget = serializers.IntegerField()
    spent = serializers.IntegerField()
    left = serializers.IntegerField(help_text="Negative when the pool is overspent.")


class PoolsOutput(serializers.Serializer):
    defensive = PoolOutput()
    offensive = PoolOutput()


@extend_schema_field(
    {
        "type": "object",
        "description": "The stars of each pool as last checked (none before a check could "
        "price the build).",
        "properties": {
            "defensive": {"$ref": "#/components/schemas/PoolOutput"},
            "offensive": {"$ref": "#/components/schemas/PoolOutput"},
        },
    }
)
class StoredPoolsField(serializers.JSONField):
    """A build's pools as stored at its last check (``PoolsOutput``'s shape)."""


class BuildCheckInput(serializers.Serializer):
    edition = serializers.PrimaryKeyRelatedField(queryset=Edition.objects.all())
    orientation = serializers.ChoiceField(choices=input_words("orientation"))
    budget_class = serializers.ChoiceField(choices=input_words("budget_class"))
    card_colour = serializers.ChoiceField(
        choices=input_words("colour"), default="blue", source="colour"
    )
    star_keeper = serializers.BooleanField(default=False)
    picks = PickInput(many=True, max_length=20, allow_empty=True)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


class BuildCreateInput(BuildCheckInput):
    name = serializers.CharField(max_length=100)


BuildUpdateInput = changes_of(
    BuildCreateInput,
    "BuildUpdateInput",
    ["name", "orientation", "budget_class", "card_colour", "star_keeper", "picks", "bench"]
    + ["captain"],
)


def price_fields(*, cost: str) -> tuple[serializers.Field, ...]:
    """A priced card's ``shield, price, cost, pool, pool_chosen`` output fields (``cost`` says
    what its cost is), declared where they stand in the output serializer."""
    return (
        serializers.CharField(allow_null=True),
        serializers.IntegerField(allow_null=True, help_text="Silver price in stars."),
        serializers.IntegerField(allow_null=True, help_text=cost),
        serializers.CharField(allow_null=True, help_text="The pool that pays."),
        serializers.BooleanField(
            required=False, help_text="The server chose the pool of this balanced player."
        ),
    )


class PricedPickOutput(serializers.Serializer):
    slot = serializers.IntegerField()
    card = serializers.CharField()
    gold = serializers.BooleanField()
    shield, price, cost, pool, pool_chosen = price_fields(cost="Price, +1 star if gold.")


class PricedBenchOutput(serializers.Serializer):
    card = serializers.CharField()
    shield, price, cost, pool, pool_chosen = price_fields(cost="What the bench card costs.")


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
    pools = StoredPoolsField()
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


def _clean_picks(picks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cleaned = []
    for pick in picks:
        item = {"slot": pick["slot"], "card": pick["card"], "gold": pick.get("gold", False)}
        if pick.get("pool"):
            item["pool"] = pick["pool"]
        cleaned.append(item)
    return cleaned


def _clean_build(values: dict[str, Any]) -> dict[str, Any]:
    values = clean_bench(values)
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
@owned_list(
    listing="List budget builds (your own by default)",
    creating="Save a budget build (valid or not: its status and violations say which)",
    refusals={
        400: TEAM_INPUT,
        422: error_response("A reused Idempotency-Key.", ["idempotency_key_reused"]),
    },
)
class BuildListView(OwnedListView):
    serializer_class = BuildOutput
    create_input = BuildCreateInput
    rows = staticmethod(selectors.build_list)
    create = staticmethod(services.build_create)

    cleaned = staticmethod(_clean_build)


@routes.at("builds/<int:pk>/", name="build-detail")
@owned_detail(
    reading="One budget build",
    changing="Change a build (owner)",
    deleting="Delete a build (owner)",
    refusals={400: TEAM_INPUT},
)
class BuildDetailView(OwnedDetailView):
    model = Build
    output = BuildOutput
    update_input = BuildUpdateInput

    update = staticmethod(services.build_update)
    remove = staticmethod(services.build_delete)

    cleaned = staticmethod(_clean_build)


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
