"""``/api/games/{game}/rules/``: the rules at hand, in the reader's language."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.query import validated_body
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.openapi import error_response
from matches.engine import available_games
from matches.http.serializers import ClauseOutput, SummaryField
from matches.rules_at_hand import clauses, tutorials

routes = Routes()


class _GameView(APIView):
    # a read of a game's rules or tutorials, for anyone; 404 when there is no such game
    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        _known_game(kwargs["game"])


class RulesOutput(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.CharField(help_text="The language of the texts: en or de.")
    clauses = ClauseOutput(many=True)


def _read_schema(operation_id: str, output, missing: str, summary: str):
    """The schema of a read under ``games/<game>/``: ``output``, or 404 ``not_found`` (what is
    ``missing``)."""
    return extend_schema(
        operation_id=operation_id,
        responses={200: output, 404: error_response(missing, ["not_found"])},
        summary=summary,
    )


def _known_game(game: str) -> str:
    if game not in available_games() or not clauses.clauses(game):
        raise DomainError("not_found", _("There is no game called “{game}”.").format(game=game))
    return game


@routes.at("games/<slug:game>/rules/", name="game-rules")
class GameRulesView(_GameView):
    @_read_schema(
        "games_rules_list",
        RulesOutput,
        "No such game.",
        "The game's rules, clause by clause, in the request's language",
    )
    def get(self, request, game: str):
        return Response(clauses.rules_json(game))


@routes.at("games/<slug:game>/rules/<str:clause>/", name="game-rule")
class GameRuleView(_GameView):
    @_read_schema(
        "games_rule_retrieve",
        ClauseOutput,
        "No such game or clause.",
        "One clause of the game's rules, in the request's language",
    )
    def get(self, request, game: str, clause: str):
        found = clauses.clause_json(game, clause)
        if found is None:
            raise DomainError(
                "not_found",
                _("The rules of this game have no clause {clause}.").format(clause=clause),
            )
        return Response(found)


# --- tutorials -------------------------------------------------------------------------------


class TutorialListItem(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()


class TutorialStepOutput(serializers.Serializer):
    number = serializers.IntegerField()
    score = serializers.IntegerField(
        allow_null=True, help_text="A scoring example's points, as the referee scores them."
    )
    moves = serializers.ListField(child=serializers.CharField(), help_text="In notation.")
    text = serializers.CharField(help_text="What happens, in the answer's language.")
    effects = serializers.ListField(child=serializers.CharField(), help_text="What followed.")
    next = serializers.CharField(help_text="What may be done after this step.")
    summary = SummaryField(help_text="The game's summary after this step.")


class TutorialOutput(serializers.Serializer):
    id = serializers.CharField()
    game = serializers.CharField()
    language = serializers.CharField(help_text="The language of the texts: en or de.")
    title = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField())
    steps = TutorialStepOutput(many=True)


@extend_schema_field(
    {
        "anyOf": [
            {"$ref": "#/components/schemas/GameAction"},
            {"type": "string", "description": "The move in the game's notation."},
        ]
    }
)
class PlayAlongActionField(serializers.JSONField):
    """A move as the game's JSON action or in its notation."""


class PlayAlongInput(serializers.Serializer):
    step = serializers.IntegerField(min_value=1)
    move = serializers.IntegerField(min_value=1, default=1)
    action = PlayAlongActionField(help_text="The move as the game's JSON action or notation.")


class PlayAlongOutput(serializers.Serializer):
    matches = serializers.BooleanField()
    expected = serializers.CharField()
    given = serializers.CharField()
    text = serializers.CharField()


def _tutorial(game: str, tutorial_id: str) -> dict:
    found = tutorials.tutorial(game, tutorial_id)
    if found is None:
        raise DomainError(
            "not_found",
            _("There is no tutorial “{tutorial}” for this game.").format(tutorial=tutorial_id),
        )
    return found


@routes.at("games/<slug:game>/tutorials/", name="game-tutorials")
class GameTutorialsView(_GameView):
    @_read_schema(
        "games_tutorials_list",
        TutorialListItem(many=True),
        "No such game.",
        "The game's tutorials: the rulebook's worked examples",
    )
    def get(self, request, game: str):
        lang = clauses.language()
        items = [
            {
                "id": t["id"],
                "title": t["title"][lang],
                "url": reverse("game-tutorial", kwargs={"game": game, "tutorial": t["id"]}),
            }
            for t in tutorials.tutorials(game)
        ]
        return Response(items)


@routes.at("games/<slug:game>/tutorials/<slug:tutorial>/", name="game-tutorial")
class GameTutorialView(_GameView):
    @_read_schema(
        "games_tutorial_retrieve",
        TutorialOutput,
        "No such game, tutorial or step.",
        "A tutorial step by step, each step explained in the request's language",
    )
    def get(self, request, game: str, tutorial: str):
        return Response(tutorials.tutorial_json(game, _tutorial(game, tutorial)))


@routes.at("games/<slug:game>/tutorials/<slug:tutorial>/check/", name="game-tutorial-check")
class GameTutorialCheckView(_GameView):
    @extend_schema(
        operation_id="games_tutorial_check",
        request=PlayAlongInput,
        responses={
            200: PlayAlongOutput,
            403: error_response("A session login without its CSRF token.", ["permission_denied"]),
            404: error_response("No such game, tutorial or step.", ["not_found"]),
        },
        summary="Play along: is this move the one the example makes at this step?",
    )
    def post(self, request, game: str, tutorial: str):
        data = _tutorial(game, tutorial)
        given = validated_body(PlayAlongInput, request)
        step, move = given["step"], given["move"]
        if step > len(data["steps"]) or move > len(data["steps"][step - 1]["moves"]):
            raise DomainError("not_found", _("The tutorial has no such step or move."))
        answer = tutorials.play_along(game, data, step=step, move=move, action=given["action"])
        return Response(answer)
