"""HTTP endpoints of competitions: one class per operation, thin, calling services/selectors
(docs/competitions.md, "The API")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.conditional import cached_answer
from companion.api.idempotency import idempotent
from companion.api.pagination import CursorPagination
from companion.api.query import MAX_ID, takes_body, validated_query
from companion.api.routes import Routes
from companion.errors import NotFound
from companion.openapi import ETAG, IDEMPOTENCY_KEY, IF_NONE_MATCH, NOT_MODIFIED, error_response
from competitions import selectors, services, tables
from competitions.models import (
    Competition,
    CompetitionStatus,
    Fixture,
    FixtureStatus,
    Format,
    Member,
    MemberStatus,
    Stage,
    Visibility,
)
from matches.engine import game_keys
from matches.http.serializers import OptionsField
from teams.models import Build, Team

routes = Routes()
User = get_user_model()

# --- errors each operation declares ---------------------------------------------------------

_INVALID = ["invalid", "invalid_idempotency_key"]
NOT_FOUND = {404: error_response("No such competition, or a private one.", ["not_found"])}
_ORGANISER = error_response("Only the competition's organiser may do this.", ["not_organiser"])
CREATE_ERRORS = {
    400: error_response(
        "Malformed input, a team or build not yours or of another game, or a format the game "
        "cannot be played in.",
        [
            *_INVALID,
            "format_not_for_game",
            "team_not_yours",
            "build_not_yours",
            "team_wrong_game",
        ],
    ),
    422: error_response(
        "The Idempotency-Key was used for another request.", ["idempotency_key_reused"]
    ),
}
INVITE_ERRORS = {
    400: error_response("Malformed input.", ["invalid"]),
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "The user is asked or plays already, or the fixtures are drawn.",
        ["already_member", "competition_drawn"],
    ),
}
ANSWER_ERRORS = {
    400: error_response(
        "Malformed input, or a team or build not yours or of another game.",
        ["invalid", "team_not_yours", "build_not_yours", "team_wrong_game"],
    ),
    **NOT_FOUND,
    409: error_response(
        "Answered already, or the fixtures are drawn.", ["member_answered", "competition_drawn"]
    ),
}
LEAVE_ERRORS = {
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "Not in the competition, or the organiser.", ["member_answered", "organiser_stays"]
    ),
}
DRAW_ERRORS = {
    400: error_response(
        "Malformed input; groups of 3 to 6 cannot be made of the members, or more go through "
        "than a group holds.",
        ["invalid", "invalid_groups", "invalid_qualifiers"],
    ),
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "Drawn already, or too few members accepted (`details.least`).",
        ["competition_drawn", "too_few_members"],
    ),
}
PLAY_ERRORS = {
    400: error_response(
        "Malformed input; members present who are not members, or too few or many for the "
        "game; a set-up the game refuses.",
        [*_INVALID, "not_member", "wrong_number_of_sides", "@engine_input", "edition_missing"],
    ),
    403: error_response("Only the fixture's members play it.", ["not_in_fixture"]),
    **NOT_FOUND,
    409: error_response(
        "The fixture is decided already, or a member has left.", ["fixture_closed", "member_left"]
    ),
    422: error_response(
        "The Idempotency-Key was used for another request.", ["idempotency_key_reused"]
    ),
}
WALKOVER_ERRORS = {
    400: error_response(
        "Malformed input, a winner not in the fixture's tie, or a match day.",
        ["invalid", "no_walkover", "winner_not_in_fixture"],
    ),
    403: error_response("Only the organiser awards a walkover.", ["not_organiser"]),
    **NOT_FOUND,
    409: error_response("The fixture is decided already.", ["fixture_closed"]),
}
POSTPONE_ERRORS = {
    400: error_response("Malformed input.", ["invalid"]),
    403: error_response("Only the fixture's members or the organiser.", ["not_in_fixture"]),
    **NOT_FOUND,
    409: error_response("The fixture has begun, or is decided.", ["fixture_closed"]),
}
SEASON_ERRORS = {
    403: _ORGANISER,
    **NOT_FOUND,
    409: error_response(
        "The season is not over, or the next one has begun; too few members for the format.",
        ["season_not_over", "season_started", "too_few_members", "competition_drawn"],
    ),
    400: error_response(
        "The members cannot be drawn into groups of 3 to 6.",
        ["invalid_groups", "invalid_qualifiers"],
    ),
}
QUERY_ERRORS = {400: error_response("Malformed query.", ["invalid"])}

# --- words ----------------------------------------------------------------------------------

#: what decided a place in the table, in the reader's language
DECIDED_BY = {
    tables.GOAL_DIFFERENCE: gettext_lazy("decided by goal difference"),
    tables.GOALS_SCORED: gettext_lazy("decided by goals scored"),
    tables.H2H_POINTS: gettext_lazy("decided by the points between them"),
    tables.H2H_DIFFERENCE: gettext_lazy("decided by the goal difference between them"),
    tables.H2H_GOALS: gettext_lazy("decided by the goals between them"),
    tables.DISCIPLINE: gettext_lazy("decided by disciplinary points"),
    tables.LOT: gettext_lazy("decided by lot"),
    tables.SERIES_PLACES: gettext_lazy("decided by places"),
}
AWARD_NAMES = {
    "top_scorer": gettext_lazy("Top scorer"),
    "best_defence": gettext_lazy("Best defence"),
    "clean_sheets": gettext_lazy("Most clean sheets"),
    "unbeaten_run": gettext_lazy("Longest unbeaten run"),
    "best_score": gettext_lazy("Best score of a match day"),
    "fewest_passes": gettext_lazy("Fewest cards passed"),
}

# --- shapes ---------------------------------------------------------------------------------


class CompetitionSettings(serializers.Serializer):
    double = serializers.BooleanField(
        required=False, default=False, help_text="League, groups: a second leg, reversed."
    )
    third_place = serializers.BooleanField(
        required=False, default=False, help_text="Cup: a match for third place."
    )
    seeding = serializers.ChoiceField(
        choices=["random", "rating"],
        required=False,
        default="random",
        help_text="Cup, groups, Swiss: seeds by rating (the game's), or at random.",
    )
    groups = serializers.IntegerField(
        required=False, min_value=1, max_value=16, help_text="Groups, then a cup: how many."
    )
    qualifiers = serializers.IntegerField(
        required=False, min_value=1, max_value=4, help_text="Groups: how many of each go through."
    )
    rounds = serializers.IntegerField(
        required=False, min_value=1, max_value=30, help_text="Swiss: rounds (default log2)."
    )
    days = serializers.IntegerField(
        required=False, min_value=1, max_value=40, help_text="Series: match days."
    )


class CompetitionInput(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=[], help_text="The game's key (`GET /api/games/`).")
    format = serializers.ChoiceField(choices=Format.choices)
    options = OptionsField(
        required=False,
        default=dict,
        help_text="The matches' options (the game's `Options`); a cup's deciders are added.",
    )
    settings = CompetitionSettings(required=False)
    points = serializers.ChoiceField(
        choices=list(tables.POINTS_RULES), required=False, default="3-1-0"
    )
    tie_break = serializers.ChoiceField(
        choices=list(tables.ORDERS), required=False, default=tables.DIFFERENCE
    )
    discipline = serializers.BooleanField(
        required=False, default=False, help_text="Disciplinary points (cards) before lots."
    )
    visibility = serializers.ChoiceField(
        choices=Visibility.choices, required=False, default=Visibility.PUBLIC
    )
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"), required=False, allow_null=True
    )
    build = serializers.PrimaryKeyRelatedField(
        queryset=Build.objects.all(), required=False, allow_null=True
    )
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=2**62,
        help_text="The seed of the draw and of the table's lots (default: drawn at random); "
        "give one to draw as agreed beforehand.",
    )
    invite = serializers.SlugRelatedField(
        slug_field="username",
        queryset=User.objects.filter(is_active=True),
        many=True,
        required=False,
        default=list,
        help_text="Usernames asked to join.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, serializers.ChoiceField)
        game.choices = list(game_keys())

    def validate(self, attrs):
        if attrs.get("team") is not None and attrs.get("build") is not None:
            raise serializers.ValidationError(_("Bring a team or a build, only one."))
        return attrs


class MemberOutput(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.CharField(source="user.username")
    team = serializers.IntegerField(source="team_id", allow_null=True)
    team_name = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=MemberStatus.choices)

    def get_team_name(self, member) -> str | None:
        return member.team.name if member.team is not None else None


class CompetitionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Format.choices)
    status = serializers.ChoiceField(choices=CompetitionStatus.choices)
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    organiser = serializers.CharField(source="organiser.username")
    season = serializers.IntegerField()
    previous = serializers.IntegerField(source="previous_id", allow_null=True)
    next = serializers.SerializerMethodField()
    options = OptionsField()
    settings = CompetitionSettings()
    points = serializers.CharField()
    tie_break = serializers.CharField()
    discipline = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    drawn_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_next(self, competition) -> int | None:
        following = getattr(competition, "next_season", None)
        return following.pk if following is not None else None


class CompetitionDetailOutput(CompetitionOutput):
    members = MemberOutput(many=True, source="member_rows")


class CompetitionInvitationOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The membership to accept or decline.")
    competition = serializers.IntegerField(source="competition_id")
    name = serializers.CharField(source="competition.name")
    game = serializers.CharField(source="competition.game")
    format = serializers.ChoiceField(source="competition.format", choices=Format.choices)
    organiser = serializers.CharField(source="competition.organiser.username")
    status = serializers.ChoiceField(choices=MemberStatus.choices)


class InviteInput(serializers.Serializer):
    user = serializers.SlugRelatedField(
        slug_field="username", queryset=User.objects.filter(is_active=True)
    )


class JoinInput(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"), required=False, allow_null=True
    )
    build = serializers.PrimaryKeyRelatedField(
        queryset=Build.objects.all(), required=False, allow_null=True
    )

    def validate(self, attrs):
        if attrs.get("team") is not None and attrs.get("build") is not None:
            raise serializers.ValidationError(_("Bring a team or a build, only one."))
        return attrs


class DrawInput(serializers.Serializer):
    first_date = serializers.DateField(
        required=False, allow_null=True, help_text="The first round's date (rounds are dated)."
    )
    days_between = serializers.IntegerField(
        required=False, default=7, min_value=1, max_value=60, help_text="Days between rounds."
    )


class FixtureOutput(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    leg = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=Stage.choices)
    group = serializers.IntegerField(allow_null=True)
    tie = serializers.IntegerField(allow_null=True)
    home = serializers.IntegerField(source="home_id", allow_null=True)
    away = serializers.IntegerField(source="away_id", allow_null=True)
    seats = serializers.ListField(child=serializers.IntegerField())
    status = serializers.ChoiceField(choices=FixtureStatus.choices)
    date = serializers.DateField(allow_null=True)
    match = serializers.IntegerField(source="match_id", allow_null=True)
    scores = serializers.SerializerMethodField()
    walkover = serializers.SerializerMethodField()

    def get_scores(self, fixture) -> list[int] | None:
        return list(fixture.result["scores"]) if fixture.result else None

    def get_walkover(self, fixture) -> bool:
        return bool(fixture.result and fixture.result.get("walkover"))


class RoundOutput(serializers.Serializer):
    round = serializers.IntegerField()
    fixtures = FixtureOutput(many=True)


class FixturesOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    rounds = RoundOutput(many=True)


class FixturesQuery(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1, max_value=10_000)


class PlayInput(serializers.Serializer):
    present = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        allow_null=True,
        max_length=8,
        help_text="A match day: the members at the table, in seat order (default: all).",
    )


class PlayedMatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()


class PlayOutput(serializers.Serializer):
    fixture = FixtureOutput()
    match = PlayedMatchOutput()
    new = serializers.BooleanField(help_text="False: the fixture's match was open already.")


class WalkoverInput(serializers.Serializer):
    winner = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="A member's id.")


class PostponeInput(serializers.Serializer):
    date = serializers.DateField(required=False, allow_null=True, help_text="The new date.")


class TableRowOutput(serializers.Serializer):
    member = serializers.IntegerField()
    user = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    position = serializers.IntegerField()
    played = serializers.IntegerField(required=False)
    won = serializers.IntegerField(required=False)
    drawn = serializers.IntegerField(required=False)
    lost = serializers.IntegerField(required=False)
    goals_for = serializers.IntegerField(required=False)
    goals_against = serializers.IntegerField(required=False)
    difference = serializers.IntegerField(required=False)
    points = serializers.IntegerField(required=False)
    form = serializers.ListField(child=serializers.ChoiceField(["W", "D", "L"]), required=False)
    discipline = serializers.IntegerField(required=False)
    days = serializers.IntegerField(required=False, help_text="A series: match days played.")
    score = serializers.IntegerField(required=False, help_text="A series: the scores summed.")
    places = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="A series: firsts, seconds…"
    )
    best = serializers.IntegerField(required=False, allow_null=True)
    previous_position = serializers.IntegerField(allow_null=True)
    change = serializers.IntegerField()
    decided_by = serializers.CharField(allow_null=True)
    decided_by_text = serializers.CharField(allow_null=True)


class GroupTableOutput(serializers.Serializer):
    group = serializers.IntegerField(allow_null=True)
    rows = TableRowOutput(many=True)


class AwardOutput(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    members = serializers.ListField(child=serializers.IntegerField())
    value = serializers.FloatField()
    player = serializers.CharField(allow_null=True)


class TableOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    format = serializers.ChoiceField(choices=Format.choices)
    tie_break = serializers.CharField()
    points = serializers.CharField()
    tables = GroupTableOutput(many=True)
    rounds = serializers.ListField(child=serializers.IntegerField())
    rounds_played = serializers.ListField(child=serializers.IntegerField())
    champion = serializers.IntegerField(allow_null=True)
    over = serializers.BooleanField()
    awards = AwardOutput(many=True)


class TieOutput(serializers.Serializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    third_place = serializers.BooleanField()
    bye = serializers.BooleanField()
    home = serializers.IntegerField(allow_null=True)
    away = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    fixtures = serializers.ListField(child=serializers.IntegerField())


class BracketMemberOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The member's id.")
    user = serializers.CharField()
    team = serializers.CharField(allow_null=True)


class BracketOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    members = BracketMemberOutput(many=True)
    ties = TieOutput(many=True)
    champion = serializers.IntegerField(allow_null=True)
    runner_up = serializers.IntegerField(allow_null=True)
    third = serializers.IntegerField(allow_null=True)


class ListQuery(serializers.Serializer):
    mine = serializers.BooleanField(
        required=False, default=False, help_text="Only those I organise, play in or am asked to."
    )


# --- views ----------------------------------------------------------------------------------


def readable(request, pk: int) -> Competition:
    competition = selectors.competition_get(competition_id=pk, user=request.user)
    if competition is None:
        raise NotFound()
    return competition


def _detail(competition: Competition) -> dict[str, Any]:
    competition.member_rows = list(selectors.members_of(competition))  # type: ignore[attr-defined]
    return CompetitionDetailOutput(competition).data


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
        mine = validated_query(ListQuery, self.request)["mine"]
        return selectors.competitions_of(self.request.user, mine=mine).select_related("next_season")

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
            return Response(_detail(competition), status=status.HTTP_201_CREATED)

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
        return Response(_detail(readable(request, pk)))


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


@routes.at("competitions/<int:pk>/draw/", name="competition-draw")
class CompetitionDrawView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        DrawInput,
        summary="Draw the fixtures (the organiser), the rounds dated if asked",
        responses={200: CompetitionDetailOutput, **DRAW_ERRORS},
    )
    def post(self, request, data, pk: int):
        competition = services.competition_draw(
            competition_id=pk,
            user=request.user,
            first_date=data.get("first_date"),
            days_between=data["days_between"],
        )
        return Response(_detail(competition))


@routes.at("competitions/<int:pk>/next-season/", name="competition-next-season")
class CompetitionNextSeasonView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start the next season: the same members, fixtures drawn anew (the organiser)",
        request=None,
        responses={201: CompetitionDetailOutput, **SEASON_ERRORS},
    )
    def post(self, request, pk: int):
        following = services.season_next(competition_id=pk, user=request.user)
        return Response(_detail(following), status=status.HTTP_201_CREATED)


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
class FixtureWalkoverView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        WalkoverInput,
        summary="Award the fixture to a member, 3-0 (the organiser)",
        responses={200: FixtureOutput, **WALKOVER_ERRORS},
    )
    def post(self, request, data, pk: int):
        fixture = services.fixture_walkover(fixture_id=pk, user=request.user, winner=data["winner"])
        return Response(FixtureOutput(fixture).data)


@routes.at("competitions/fixtures/<int:pk>/postpone/", name="competition-fixture-postpone")
class FixturePostponeView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        PostponeInput,
        summary="Put a fixture off (to a date, if given); it can be played at any time after",
        responses={200: FixtureOutput, **POSTPONE_ERRORS},
    )
    def post(self, request, data, pk: int):
        fixture = services.fixture_postpone(fixture_id=pk, user=request.user, on=data.get("date"))
        return Response(FixtureOutput(fixture).data)


def _json(data: Any) -> str:
    """An answer's body as the API renders JSON (a stored answer is served from the cache,
    keyed by the standings' tag: the table costs no more to read than one row)."""
    return JSONRenderer().render(data).decode()


def _member_names(standings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return standings.get("members") or {}


def table_answer(competition: Competition) -> dict[str, Any]:
    standings = competition.standings or {}
    names = _member_names(standings)

    def row(values: dict[str, Any]) -> dict[str, Any]:
        who = names.get(str(values["member"]), {})
        decided = values.get("decided_by")
        return {
            **values,
            "user": who.get("user", ""),
            "team": who.get("team"),
            "decided_by_text": str(DECIDED_BY[decided]) if decided in DECIDED_BY else None,
        }

    return {
        "competition": competition.pk,
        "format": competition.format,
        "tie_break": competition.tie_break,
        "points": competition.points,
        "tables": [
            {"group": t["group"], "rows": [row(r) for r in t["rows"]]}
            for t in standings.get("tables", [])
        ],
        "rounds": standings.get("rounds", []),
        "rounds_played": standings.get("rounds_played", []),
        "champion": standings.get("champion"),
        "over": bool(standings.get("over")),
        "awards": [
            {**a, "title": str(AWARD_NAMES.get(a["kind"], a["kind"]))}
            for a in standings.get("awards", [])
        ],
    }


def table_parts(competition: Competition, language: str | None) -> tuple:
    """What the table's answer depends on, and so its ``ETag`` (``etag_of(*parts)``): the
    stored standings' tag and the reader's language (``decided_by_text``, the awards' titles)."""
    return ("table", competition.pk, competition.standings_tag, language)


def bracket_parts(competition: Competition) -> tuple:
    """What the bracket's answer depends on, and so its ``ETag``."""
    return ("bracket", competition.pk, competition.standings_tag)


def bracket_answer(competition: Competition) -> dict[str, Any]:
    standings = competition.standings or {}
    bracket = standings.get("bracket") or {}
    names = [
        {"id": int(k), "user": v.get("user", ""), "team": v.get("team")}
        for k, v in sorted(_member_names(standings).items(), key=lambda kv: int(kv[0]))
    ]
    return {
        "competition": competition.pk,
        "members": names,
        "ties": bracket.get("ties", []),
        "champion": bracket.get("champion"),
        "runner_up": bracket.get("runner_up"),
        "third": bracket.get("third"),
    }


@routes.at("competitions/<int:pk>/table/", name="competition-table")
class CompetitionTableView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The table (a table per group), the champion and the awards",
        description="Rebuilt by a job when a match of the competition ends or is undone; "
        "`decided_by` names the tie-break that put a member above the next. Answers with an "
        "`ETag`: send it back in `If-None-Match` for 304 until the table changes. "
        "`GET stream/` sends the table again each time it changes.",
        parameters=[IF_NONE_MATCH, ETAG],
        responses={200: TableOutput, 304: NOT_MODIFIED, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        competition = readable(request, pk)
        return cached_answer(
            request,
            parts=table_parts(competition, get_language()),
            build=lambda: _json(TableOutput(table_answer(competition)).data),
            content_type="application/json",
            keep=True,
        )


@routes.at("competitions/<int:pk>/bracket/", name="competition-bracket")
class CompetitionBracketView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The cup's bracket (no ties before the cup is drawn, or in a league)",
        parameters=[IF_NONE_MATCH, ETAG],
        responses={200: BracketOutput, 304: NOT_MODIFIED, **NOT_FOUND},
    )
    def get(self, request, pk: int):
        competition = readable(request, pk)
        return cached_answer(
            request,
            parts=bracket_parts(competition),
            build=lambda: _json(BracketOutput(bracket_answer(competition)).data),
            content_type="application/json",
            keep=True,
        )
