"""HTTP endpoints of competitions and their members: one class per operation, thin, calling
services/selectors (docs/competitions.md, "The API")."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.actions import RowAction, acting
from companion.api.idempotency import idempotent
from companion.api.pagination import CursorPagination
from companion.api.query import takes_body, validated_query
from companion.api.routes import Routes
from companion.openapi import IDEMPOTENCY_KEY
from competitions import selectors, services
from competitions.http.answers import detail_answer, readable
from competitions.http.errors import (
    ANSWER_ERRORS,
    CREATE_ERRORS,
    INVITE_ERRORS,
    LEAVE_ERRORS,
    NOT_FOUND,
    QUERY_ERRORS,
)
from competitions.http.serializers import (
    CompetitionDetailOutput,
    CompetitionInput,
    CompetitionInvitationOutput,
    CompetitionOutput,
    InviteInput,
    JoinInput,
    ListQuery,
    MemberOutput,
)
from competitions.models import Competition, Member

routes = Routes()


class CompetitionPagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100


@routes.at("competitions/", name="competition-list")
class CompetitionListView(ListAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = CompetitionOutput
    pagination_class = CompetitionPagination
    queryset = Competition.objects.none()

    def get_queryset(self):
        filters = validated_query(ListQuery, self.request)
        return selectors.competitions_of(
            self.request.user, mine=filters["mine"], game=filters.get("game")
        ).select_related("next_season")

    @extend_schema(
        summary="Competitions: the public ones and mine",
        parameters=[ListQuery],
        responses={200: CompetitionOutput(many=True), **QUERY_ERRORS},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @takes_body(
        CompetitionInput,
        summary="Create a competition (you are its first member)",
        description="A league, cup, groups then a cup, Swiss, or a series of match days of "
        "`game`, with the matches' `options`, the points, the tie-break order and whether it "
        "is public. The users of `invite` are asked to join; nobody is in it before accepting. "
        "Honours `Idempotency-Key`.",
        parameters=[IDEMPOTENCY_KEY],
        responses={201: CompetitionDetailOutput, **CREATE_ERRORS},
    )
    def post(self, request, data):
        def write():
            competition = services.competition_create(
                user=request.user,
                name=data["name"],
                game=data["game"],
                format=data["format"],
                options=data["options"],
                settings=_settings(data.get("settings") or {}),
                points=data["points"],
                tie_break=data["tie_break"],
                discipline=data["discipline"],
                visibility=data["visibility"],
                team=data.get("team"),
                build=data.get("build"),
                invite=data["invite"],
                seed=data.get("seed"),
            )
            return Response(detail_answer(competition), status=status.HTTP_201_CREATED)

        return idempotent(request, write)


def _settings(values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


@routes.at("competitions/invitations/", name="competition-invitations")
class CompetitionInvitationsView(ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = CompetitionInvitationOutput
    queryset = Member.objects.none()

    class Pagination(CursorPagination):
        ordering = ("-invited_at", "-id")
        page_size = 50

    pagination_class = Pagination

    def get_queryset(self):
        return selectors.invitations_of(self.request.user)

    @extend_schema(
        summary="Competitions I am asked to join", responses=CompetitionInvitationOutput(many=True)
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


@routes.at("competitions/<int:pk>/", name="competition-detail")
class CompetitionDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="A competition and its members",
        responses={200: CompetitionDetailOutput, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        return Response(detail_answer(readable(request, pk)))


class MemberAction(RowAction):
    output = MemberOutput
    row = "member_id"


@routes.at("competitions/<int:pk>/members/", name="competition-members")
@acting("Ask a user to join (the organiser, before the draw)", refusals=INVITE_ERRORS, created=True)
class CompetitionMembersView(RowAction):
    body = InviteInput
    output = MemberOutput

    def act(self, user, data, pk: int):
        return services.member_invite(competition_id=pk, user=user, invitee=data["user"])


@routes.at("competitions/members/<int:pk>/accept/", name="competition-member-accept")
@acting("Join: accept, with one of your teams or builds if you like", refusals=ANSWER_ERRORS)
class MemberAcceptView(MemberAction):
    body = JoinInput
    service = staticmethod(services.member_accept)


@routes.at("competitions/members/<int:pk>/decline/", name="competition-member-decline")
@acting("Decline to join", refusals={**NOT_FOUND, 409: ANSWER_ERRORS[409]})
class MemberDeclineView(MemberAction):
    service = staticmethod(services.member_decline)


@routes.at("competitions/members/<int:pk>/leave/", name="competition-member-leave")
@acting(
    "Leave the competition (or, the organiser, take a member out)",
    description="The results played stand; every fixture of the member not yet decided is "
    "awarded to the opponent as a walkover (3-0).",
    refusals=LEAVE_ERRORS,
)
class MemberLeaveView(MemberAction):
    service = staticmethod(services.member_leave)
