"""HTTP: teams (a lineup, a printed team card or pieces, as the edition's game builds them)
and what a match side receives when it plays one."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.routes import Routes
from matches.http.schema import union_ref
from matches.http.serializers import SideConfigField
from teams import selectors, services
from teams.game_rules import input_words
from teams.http.shared import (
    LINEUP_REFUSED,
    TEAM_INPUT,
    OwnedDetailView,
    OwnedListView,
    PickInput,
    PiecesInput,
    ViolationOutput,
    bench_field,
    captain_field,
    changes_of,
    owned_detail,
    owned_list,
)
from teams.models import Edition, Team

routes = Routes()


@extend_schema_field(union_ref("TeamLineup"))
class LineupField(serializers.JSONField):
    """A team's saved lineup (``GameTeamLineup``; docs/teams.md, "Lineup shape")."""


class TeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    owner = serializers.CharField(source="owner.username")
    edition = serializers.IntegerField(source="edition_id")
    game = serializers.CharField(source="edition.game")
    name = serializers.CharField()
    colours = serializers.ListField(child=serializers.CharField())
    style = serializers.CharField()
    source = serializers.ChoiceField(choices=Team.Source.choices)
    lineup = LineupField(help_text="See docs/teams.md, 'Lineup shape'.")
    status = serializers.CharField(help_text="valid or invalid")
    violations = ViolationOutput(many=True)
    invalid_reason = serializers.CharField()
    build = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def get_build(self, obj: Team) -> int | None:
        build = getattr(obj, "build", None) if obj.source == Team.Source.BUILD else None
        return build.id if build else None


class TeamCreateInput(serializers.Serializer):
    edition = serializers.PrimaryKeyRelatedField(queryset=Edition.objects.all())
    name = serializers.CharField(max_length=100, required=False)
    colours = serializers.ListField(
        child=serializers.CharField(max_length=32), max_length=4, required=False
    )
    style = serializers.ChoiceField(choices=input_words("style"), required=False, allow_blank=True)
    card_colour = serializers.ChoiceField(choices=input_words("colour"), default="blue")
    picks = PickInput(many=True, required=False, max_length=20)
    star_keeper = serializers.BooleanField(default=False)
    team_card = serializers.CharField(max_length=100, required=False)
    pieces = PiecesInput(required=False)
    bench = bench_field(required=False)
    captain = captain_field(required=False)


TeamUpdateInput = changes_of(
    TeamCreateInput,
    "TeamUpdateInput",
    ["name", "colours", "style", "card_colour", "picks", "star_keeper", "team_card", "pieces"]
    + ["bench", "captain"],
)

#: A team's body refused, made or changed: malformed, or a lineup that breaks the rules.
TEAM_REFUSED = {400: TEAM_INPUT, 422: LINEUP_REFUSED}


@routes.at("teams/", name="team-list")
@owned_list(
    listing="List teams (your own by default)",
    creating="Create a team: a lineup, a printed team card, or TriXKick pieces",
    refusals=TEAM_REFUSED,
)
class TeamListView(OwnedListView):
    serializer_class = TeamOutput
    create_input = TeamCreateInput
    rows = staticmethod(selectors.team_list)
    create = staticmethod(services.team_create)


@routes.at("teams/<int:pk>/", name="team-detail")
@owned_detail(
    reading="One team",
    changing="Change a team (owner)",
    deleting="Delete a team (owner)",
    refusals=TEAM_REFUSED,
)
class TeamDetailView(OwnedDetailView):
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
        "lineup": LineupField(),
        "engine_side": SideConfigField(
            help_text="What the game's engine takes for the side (its `SideConfig`)."
        ),
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
