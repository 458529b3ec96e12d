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


@routes.at("competitions/<int:pk>/members/", name="competition-members")
class CompetitionMembersView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        InviteInput,
        summary="Ask a user to join (the organiser, before the draw)",
        responses={201: MemberOutput, **INVITE_ERRORS},
    )
    def post(self, request, data, pk: int):
        member = services.member_invite(competition_id=pk, user=request.user, invitee=data["user"])
        return Response(MemberOutput(member).data, status=status.HTTP_201_CREATED)


@routes.at("competitions/members/<int:pk>/accept/", name="competition-member-accept")
class MemberAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        JoinInput,
        summary="Join: accept, with one of your teams or builds if you like",
        responses={200: MemberOutput, **ANSWER_ERRORS},
    )
    def post(self, request, data, pk: int):
        member = services.member_accept(
            member_id=pk, user=request.user, team=data.get("team"), build=data.get("build")
        )
        return Response(MemberOutput(member).data)


@routes.at("competitions/members/<int:pk>/decline/", name="competition-member-decline")
class MemberDeclineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Decline to join",
        request=None,
        responses={200: MemberOutput, **NOT_FOUND, 409: ANSWER_ERRORS[409]},
    )
    def post(self, request, pk: int):
        member = services.member_decline(member_id=pk, user=request.user)
        return Response(MemberOutput(member).data)


@routes.at("competitions/members/<int:pk>/leave/", name="competition-member-leave")
class MemberLeaveView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Leave the competition (or, the organiser, take a member out)",
        description="The results played stand; every fixture of the member not yet decided is "
        "awarded to the opponent as a walkover (3-0).",
        request=None,
        responses={200: MemberOutput, **LEAVE_ERRORS},
    )
    def post(self, request, pk: int):
        member = services.member_leave(member_id=pk, user=request.user)
        return Response(MemberOutput(member).data)
