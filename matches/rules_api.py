"""``/api/games/{game}/rules/``: the rules at hand, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.errors import ApiError
from matches import rules
from matches.engine import available_games


class ClauseOutput(serializers.Serializer):
    id = serializers.CharField(help_text="The clause id the error answers cite, e.g. HT-2.1.")
    section = serializers.CharField(
        allow_null=True, help_text="The section the clause belongs to (HT-2 for HT-2.1)."
    )
    text = serializers.CharField(help_text="The rule in a few words, in the answer's language.")
    interpretation = serializers.CharField(
        allow_null=True, help_text="How we read the rule where the rulebook leaves it open."
    )
    url = serializers.CharField(help_text="This clause's own address.")


class RulesOutput(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.ChoiceField(choices=rules.LANGUAGES)
    clauses = ClauseOutput(many=True)


def _known_game(game: str) -> str:
    if game not in available_games() or not rules.clauses(game):
        raise ApiError(
            "not_found", _("There is no game called “{game}”.").format(game=game), status_code=404
        )
    return game


class GameRulesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_rules_list",
        responses={200: RulesOutput, 404: OpenApiResponse(description="No such game.")},
        summary="The game's rules, clause by clause, in the request's language",
    )
    def get(self, request, game: str):
        return Response(rules.rules_json(_known_game(game)))


class GameRuleView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_rule_retrieve",
        responses={200: ClauseOutput, 404: OpenApiResponse(description="No such clause.")},
        summary="One clause of the game's rules, in the request's language",
    )
    def get(self, request, game: str, clause: str):
        found = rules.clause_json(_known_game(game), clause)
        if found is None:
            raise ApiError(
                "not_found",
                _("The rules of this game have no clause {clause}.").format(clause=clause),
                status_code=404,
            )
        return Response(found)
