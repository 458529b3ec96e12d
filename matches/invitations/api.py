"""HTTP endpoints of invitations: the creator invites, the invitee accepts or declines."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from companion.api.actions import RowAction, acting
from companion.api.query import takes_body, validated_query
from companion.api.routes import Routes
from matches.http.responses import ERRORS
from matches.http.serializers import AcceptInput
from matches.invitations import selectors, services
from matches.models import Invitation, InvitationStatus

routes = Routes()

User = get_user_model()


class InvitationInput(serializers.Serializer):
    side = serializers.IntegerField(min_value=0, max_value=7, help_text="The side's position.")
    user = serializers.SlugRelatedField(
        slug_field="username",
        queryset=User.objects.filter(is_active=True),
        help_text="Username of the manager invited to play the side.",
    )


class InvitationOutput(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField(source="match_id")
    game = serializers.CharField(source="match.game")
    edition = serializers.IntegerField(
        source="match.edition_id", help_text="The match's edition: a team brought must be of it."
    )
    side = serializers.IntegerField(source="position")
    side_name = serializers.SerializerMethodField(help_text="The side's name as it stands now.")
    invitee = serializers.CharField(source="invitee.username")
    invited_by = serializers.CharField(source="invited_by.username")
    status = serializers.ChoiceField(choices=InvitationStatus.choices)
    team = serializers.IntegerField(source="team_id", allow_null=True)
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)

    def get_side_name(self, invitation) -> str:
        side = next(
            (s for s in invitation.match.sides.all() if s.position == invitation.position), None
        )
        return side.name if side is not None else ""


class MyInvitationsQuery(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[*InvitationStatus.values, "all"], required=False, default="pending"
    )


class _InvitationListView(ListAPIView):
    # A page of the invitations the signed-in manager may see.

    permission_classes = [IsAuthenticated]
    serializer_class = InvitationOutput
    queryset = Invitation.objects.none()  # the rows' model, for the schema


@routes.at("matches/<int:pk>/invitations/", name="match-invitations")
@extend_schema_view(
    get=extend_schema(
        summary="A match's invitations and who accepted (its creator and managers)",
        responses={200: InvitationOutput(many=True), 403: ERRORS[403], 404: ERRORS[404]},
    )
)
class MatchInvitationsView(_InvitationListView):
    def get_queryset(self):
        return selectors.invitations_of_match(match_id=self.kwargs["pk"], user=self.request.user)

    @takes_body(
        InvitationInput,
        summary="Invite a registered manager to play a side (the match's creator)",
        responses={201: InvitationOutput, **ERRORS},
    )
    def post(self, request, data, pk: int):
        invitation = services.invitation_create(
            match_id=pk,
            user=request.user,
            position=data["side"],
            invitee=data["user"],
        )
        return Response(InvitationOutput(invitation).data, status=status.HTTP_201_CREATED)


@routes.at("invitations/", name="invitation-list")
@extend_schema_view(
    get=extend_schema(
        summary="My invitations (pending by default)",
        parameters=[MyInvitationsQuery],
        responses={200: InvitationOutput(many=True), 400: ERRORS[400]},
    )
)
class MyInvitationsView(_InvitationListView):
    def get_queryset(self):
        wanted = validated_query(MyInvitationsQuery, self.request)["status"]
        return selectors.invitations_of_user(
            user=self.request.user, status_value=None if wanted == "all" else wanted
        )


class InvitationAction(RowAction):
    output = InvitationOutput
    row = "invitation_id"


@routes.at("invitations/<int:pk>/accept/", name="invitation-accept")
@acting(
    "Accept: play the side, with one of your teams or builds if you like",
    refusals={
        **ERRORS,
        409: OpenApiResponse(description="Answered already, or the team is fixed."),
    },
)
class InvitationAcceptView(InvitationAction):
    body = AcceptInput
    service = staticmethod(services.invitation_accept)


@routes.at("invitations/<int:pk>/decline/", name="invitation-decline")
@acting("Decline: the side stays a guest name", refusals={404: ERRORS[404], 409: ERRORS[409]})
class InvitationDeclineView(InvitationAction):
    service = staticmethod(services.invitation_decline)
