"""HTTP endpoints of a competition's draw, seasons and fixtures: one class per operation, thin,
calling services (docs/competitions.md, "The API")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.actions import RowAction, acting
from companion.api.idempotency import idempotent
from companion.api.query import takes_body, validated_query
from companion.api.routes import Routes
from companion.openapi import IDEMPOTENCY_KEY
from competitions import selectors, services
from competitions.http.answers import detail_answer, readable
from competitions.http.errors import (
    DRAW_ERRORS,
    NOT_FOUND,
    PLAY_ERRORS,
    POSTPONE_ERRORS,
    QUERY_ERRORS,
    SEASON_ERRORS,
    WALKOVER_ERRORS,
)
from competitions.http.serializers import (
    CompetitionDetailOutput,
    DrawInput,
    FixtureOutput,
    FixturesOutput,
    FixturesQuery,
    PlayInput,
    PlayOutput,
    PostponeInput,
    WalkoverInput,
)
from competitions.models import Fixture

routes = Routes()


class CompetitionAction(RowAction):
    # an action on the competition itself: the answer is the competition and its members
    output = CompetitionDetailOutput
    row = "competition_id"

    def answer(self, done):
        return detail_answer(done)


class FixtureAction(RowAction):
    output = FixtureOutput
    row = "fixture_id"


@routes.at("competitions/<int:pk>/draw/", name="competition-draw")
@acting("Draw the fixtures (the organiser), the rounds dated if asked", refusals=DRAW_ERRORS)
class CompetitionDrawView(CompetitionAction):
    body = DrawInput
    service = staticmethod(services.competition_draw)


@routes.at("competitions/<int:pk>/next-season/", name="competition-next-season")
@acting(
    "Start the next season: the same members, fixtures drawn anew (the organiser)",
    refusals=SEASON_ERRORS,
    created=True,
)
class CompetitionNextSeasonView(CompetitionAction):
    service = staticmethod(services.season_next)


@routes.at("competitions/<int:pk>/fixtures/", name="competition-fixtures")
class CompetitionFixturesView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The fixtures, round by round",
        parameters=[FixturesQuery],
        responses={200: FixturesOutput, **QUERY_ERRORS, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        competition = readable(request, pk)
        wanted = validated_query(FixturesQuery, request).get("round")
        rounds: dict[int, list[Fixture]] = {}
        for fixture in selectors.fixtures_of(competition, round_number=wanted):
            rounds.setdefault(fixture.round, []).append(fixture)
        return Response(
            FixturesOutput(
                {
                    "competition": competition.pk,
                    "rounds": [{"round": r, "fixtures": f} for r, f in sorted(rounds.items())],
                }
            ).data
        )


@routes.at("competitions/fixtures/<int:pk>/play/", name="competition-fixture-play")
class FixturePlayView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        PlayInput,
        summary="Play now: open the fixture's match (or answer the one open already)",
        description="A member of the fixture opens its match: the members on their sides (home "
        "first), their teams, the competition's options (a cup's deciders on where the game "
        "has them); the other members are invited to it. Two taps at once give one match: "
        "the second is answered 200 with it.",
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: PlayOutput,
            200: OpenApiResponse(PlayOutput, description="The fixture's match was open already."),
            **PLAY_ERRORS,
        },
    )
    def post(self, request, data, pk: int):
        def write():
            fixture, new = services.fixture_play(
                fixture_id=pk, user=request.user, present=data.get("present")
            )
            match = fixture.match
            assert match is not None
            body = {
                "fixture": FixtureOutput(fixture).data,
                "match": {"id": match.pk, "game": match.game, "status": match.status},
                "new": new,
            }
            return Response(body, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)

        return idempotent(request, write)


@routes.at("competitions/fixtures/<int:pk>/walkover/", name="competition-fixture-walkover")
@acting("Award the fixture to a member, 3-0 (the organiser)", refusals=WALKOVER_ERRORS)
class FixtureWalkoverView(FixtureAction):
    body = WalkoverInput
    service = staticmethod(services.fixture_walkover)


@routes.at("competitions/fixtures/<int:pk>/postpone/", name="competition-fixture-postpone")
@acting(
    "Put a fixture off (to a date, if given); it can be played at any time after",
    refusals=POSTPONE_ERRORS,
)
class FixturePostponeView(FixtureAction):
    body = PostponeInput

    def act(self, user, data, pk: int):
        return services.fixture_postpone(fixture_id=pk, user=user, on=data.get("date"))
