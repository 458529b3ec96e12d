"""HTTP endpoints of face-down choices: each side's manager logs their own part of the step."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.idempotency import idempotent
from companion.api.ratelimit import ScopedRateThrottle
from companion.api.routes import Routes
from companion.openapi import IDEMPOTENCY_KEY, error_response
from matches.fields import GameKeyField
from matches.guests.authentication import GuestWelcome
from matches.http import reading
from matches.http import serializers as match_serializers
from matches.http.schema import union_ref
from matches.log import answers
from matches.parts import services

routes = Routes()


@extend_schema_field(union_ref("Part"))
class PartField(serializers.JSONField):
    """A side's part, as the game's ``Part`` shapes declare it (the match's open choice judges
    it: a part that is not one of the side's options is 422 ``part_not_allowed``)."""


@extend_schema_field(union_ref("PartOutput"))
class PartOutputField(serializers.JSONField):
    pass


class PartInput(serializers.Serializer):
    expected_seq = serializers.IntegerField(
        min_value=0, help_text="The match's seq this choice is made at."
    )
    side = serializers.IntegerField(min_value=0, max_value=7, help_text="Your side's position.")
    part = PartField(
        help_text="Your part of the step, one of the match's game's `Part` shapes: Hat-Trick's "
        'action card `{"card": {"kind", "footballs", "edge"}}`; a shot: `{"shooting_card": '
        '"L2"}` from the shooter, `{"goalkeeper_card": "B1"}` from the keeper; a shoot-out\'s '
        'penalty: the shooter\'s turned-up action card and shooting card, `{"card": {...}, '
        '"shooting_card": "L2"}`; TriXKick\'s re-set-up: `{"places": [{"piece", "to"}, ...], '
        '"keepers": "KLR"}`.'
    )


class PartsOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    game = GameKeyField(help_text="The match's game: it says which game's parts these are.")
    type = serializers.CharField(
        allow_null=True, help_text="The action the parts make; null: no face-down choice now."
    )
    parts = serializers.ListField(
        child=PartOutputField(), help_text="Each side's part (empty: no face-down choice now)."
    )


@routes.at("matches/<int:pk>/parts/", name="match-parts")
class MatchPartsView(GuestWelcome, APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_throttles(self):
        if self.request.method == "POST":
            self.throttle_scope = "append"
            return [ScopedRateThrottle()]
        return super().get_throttles()

    @extend_schema(
        summary="The step's face-down choice: whose part is in (yours shown, others hidden)",
        responses={200: PartsOutput, 404: error_response("No such match, or not yours to read.")},
    )
    def get(self, request, pk: int):
        match = reading.readable_match(request, pk)
        return Response(services.parts_read(match=match, user=request.user).to_json())

    @extend_schema(
        summary="Log your side's part of a face-down choice; the last part logs the move",
        description="While another side's part is missing: 202 with the parts (yours shown, "
        "the others' hidden). The last part in logs the action the parts make: 201, answered "
        "as `POST events/`.",
        request=PartInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: match_serializers.WriteOutput,
            202: PartsOutput,
            400: error_response(
                "Malformed input, or no such side.",
                ["invalid", "invalid_idempotency_key", "@engine_input", "no_such_side"],
            ),
            403: error_response(
                "Only the match's managers write, and a side with a manager chooses for itself.",
                ["not_participant", "not_your_side"],
            ),
            409: error_response(
                "The match moved on, is closed, or chooses nothing face down now.",
                ["stale_sequence", "match_closed", "no_face_down_choice"],
            ),
            422: error_response("Not a choice open to the side.", ["part_not_allowed"]),
        },
    )
    def post(self, request, pk: int):
        full = answers.include_state(request)
        data = PartInput(data=request.data)
        data.is_valid(raise_exception=True)

        def write():
            view, result = services.part_submit(
                match_id=pk,
                user=request.user,
                side=data.validated_data["side"],
                part=data.validated_data["part"],
                expected_seq=data.validated_data["expected_seq"],
            )
            if result is not None:
                return answers.write_response(request, result, full=full)
            return Response(view.to_json(), status=status.HTTP_202_ACCEPTED)

        return idempotent(request, write, scope=pk)
