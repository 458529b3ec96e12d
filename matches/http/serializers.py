"""Input and output serializers of the match API: plain Serializers, so the wire is explicit."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companion.api.query import MAX_ID, MAX_SEQ
from matches.engine import available_games
from matches.http.schema import union_ref
from matches.models import EventKind, MatchStatus, SideResult, Visibility
from teams.models import Build, Team

User = get_user_model()


# --- the game protocol's fields: their schemas are built from the engines (matches.http.schema)


@extend_schema_field(union_ref("SideConfig"))
class SideConfigField(serializers.DictField):
    """A side's set-up in the game (``GameSideConfig``: name, lineup, pieces...)."""


@extend_schema_field(union_ref("Options"))
class OptionsField(serializers.DictField):
    """The match options of the game (``GameOptions``; docs/rules/<game>.md)."""


@extend_schema_field(union_ref("Action"))
class ActionField(serializers.JSONField):
    """One action in the game's JSON form: an object with a ``type`` (never null); its shape
    per game is in the schema (``GameAction``), built from the engines' typed shapes."""


@extend_schema_field(union_ref("Action", nullable=True))
class LoggedActionField(serializers.JSONField):
    """A logged event's action (null for undo and redo events)."""


@extend_schema_field(union_ref("Summary"))
class SummaryField(serializers.JSONField):
    """The game's summary (score, step, whose turn...): ``GameSummary``."""


@extend_schema_field(union_ref("State"))
class StateField(serializers.DictField):
    """The whole match state as the game's engine writes it (``GameState``; secrets the reader
    may not see taken out)."""


@extend_schema_field(union_ref("Outcome", nullable=True))
class OutcomeField(serializers.JSONField):
    """The result once the match has ended (``GameOutcome``), else null."""


@extend_schema_field(union_ref("Effect"))
class EffectField(serializers.JSONField):
    """One game event that followed from an action: ``GameEffect``, by ``kind``."""


@extend_schema_field(union_ref("Legal"))
class LegalField(serializers.JSONField):
    """What may come next (``GameLegal``). ``actions`` lists families of actions (a type and,
    per field, the choices open now); ``ready[i]`` is the first ready action of
    ``actions[i]``, in the form ``POST events/`` takes. A client that always sends ``ready[0]``
    plays a whole match (a TriXKick match on time ends only when a manager sends `whistle`)."""


# --- input -----------------------------------------------------------------------------------


class SideInput(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    user = serializers.SlugRelatedField(
        slug_field="username",
        queryset=User.objects.all(),
        required=False,
        allow_null=True,
        help_text="Username of the manager playing this side, if they have an account.",
    )
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"),
        required=False,
        allow_null=True,
        help_text="Id of one of your teams: the side plays its lineup (and the match its edition).",
    )
    config = SideConfigField(
        required=False,
        help_text="Game-specific set-up of this side (see the game's rules document).",
    )


class MatchCreateInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=[])
    edition = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="Edition id; default: the game's latest reference edition.",
    )
    sides = serializers.ListField(child=SideInput(), min_length=2, max_length=8)
    options = OptionsField(required=False, default=dict)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PUBLIC)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = available_games()


class ExpectedSeqInput(serializers.Serializer):
    expected_seq = serializers.IntegerField(
        min_value=0,
        help_text="The sequence number the client last saw (`match.seq`); a mismatch is a 409.",
    )


class AppendInput(ExpectedSeqInput):
    action = ActionField(help_text="One action in the game's JSON form.")


class BatchAppendInput(ExpectedSeqInput):
    actions = serializers.ListField(
        child=ActionField(), min_length=1, max_length=500, help_text="Actions, in order."
    )


class ImportInput(serializers.Serializer):
    # a request body is at most API_MAX_BODY_BYTES (1 MB): the file fits in it
    text = serializers.CharField(help_text="A match file (see docs/api.md).", max_length=1_000_000)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PUBLIC)


class StateQuery(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0, max_value=MAX_SEQ, required=False)


class EventsQuery(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        required=False,
        help_text="Only the events after this seq (what is new since the last poll).",
    )


class WriteQuery(serializers.Serializer):
    include = serializers.ChoiceField(
        choices=["state"],
        required=False,
        help_text="`state`: answer with the whole match state and the quick reference as well "
        "(by default a write answers with what the phone shows next).",
    )


# --- output ----------------------------------------------------------------------------------


class EditionRef(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    version = serializers.IntegerField()


class SideOutput(serializers.Serializer):
    position = serializers.IntegerField()
    name = serializers.CharField()
    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    team = serializers.IntegerField(source="team_id", allow_null=True)
    config = SideConfigField()
    score = serializers.IntegerField(allow_null=True)
    result = serializers.ChoiceField(choices=SideResult.choices, allow_null=True)


class MatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    edition = EditionRef()
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    seq = serializers.IntegerField()
    sides = SideOutput(many=True, source="sides.all")
    options = OptionsField()
    summary = SummaryField()
    result = OutcomeField(allow_null=True)
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class ToMoveOutput(serializers.Serializer):
    side = serializers.IntegerField(help_text="The side's position.")
    name = serializers.CharField(help_text="The side's team (or person) name.")
    user = serializers.CharField(
        allow_null=True, help_text="Username of the manager linked to the side, if any."
    )


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


class StateOutput(serializers.Serializer):
    game = serializers.CharField()
    seq = serializers.IntegerField()
    summary = SummaryField()
    legal = LegalField(help_text="What may come next: families of actions and ready actions.")
    reference = ClauseOutput(
        many=True, help_text="The clauses of the current step, in a few words (quick reference)."
    )
    outcome = OutcomeField(allow_null=True)
    to_move = ToMoveOutput(
        many=True,
        help_text="The sides whose move it is (all of them when they act at once; none once "
        "the match is over), for a phone to show 'your turn'.",
    )
    state = StateField(required=False)


class NextOutput(serializers.Serializer):
    """What comes next after a write: the state itself only with ``?include=state``."""

    game = serializers.CharField()
    seq = serializers.IntegerField()
    summary = SummaryField()
    legal = LegalField(help_text="What may come next: families of actions and ready actions.")
    outcome = OutcomeField(allow_null=True)
    to_move = ToMoveOutput(many=True, help_text="The sides whose move it is.")
    reference = ClauseOutput(
        many=True, required=False, help_text="With `?include=state`: the quick reference."
    )
    state = StateField(required=False, help_text="With `?include=state`.")


class EventOutput(serializers.Serializer):
    game = serializers.CharField(source="match.game")
    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=EventKind.choices)
    action = LoggedActionField(allow_null=True)
    notation = serializers.CharField()
    effects = serializers.ListField(child=EffectField())
    target_seq = serializers.IntegerField(allow_null=True)
    voided = serializers.BooleanField()
    author = serializers.CharField(source="author.username", allow_null=True, default=None)
    created_at = serializers.DateTimeField()


class WriteMatchOutput(MatchOutput):
    """The match after a write: id, seq, status, result, finished_at; the rest with
    ``?include=state``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if name not in WRITE_MATCH_FIELDS:
                field.required = False
                field.help_text = "With `?include=state`."


#: What a write's answer always tells of the match.
WRITE_MATCH_FIELDS = ("id", "game", "seq", "status", "result", "finished_at")


class WriteOutput(serializers.Serializer):
    match = WriteMatchOutput()
    events = EventOutput(many=True, help_text="The events this write logged.")
    current = NextOutput()


class CreatedOutput(serializers.Serializer):
    """A new match (opened or imported): the whole match, its events and what comes next."""

    match = MatchOutput()
    events = EventOutput(many=True, help_text="The events logged (an imported match's log).")
    current = NextOutput()


class GameOutput(serializers.Serializer):
    """One game the server referees (a registered :class:`matches.engine.game.Game`)."""

    key = serializers.CharField()
    name = serializers.CharField(source="engine.name")
    title = serializers.SerializerMethodField(help_text="The game's name in the reader's language.")
    min_sides = serializers.IntegerField(source="engine.min_sides")
    max_sides = serializers.IntegerField(source="engine.max_sides")
    teams = serializers.SerializerMethodField(help_text="Whether teams are built for it.")
    builds = serializers.SerializerMethodField(
        help_text="Whether a team is built within a budget card (`/api/builds/`), as the app does."
    )

    def get_title(self, game) -> str:
        return game.title()

    def get_teams(self, game) -> bool:
        return game.teams is not None

    def get_builds(self, game) -> bool:
        return bool(game.teams is not None and game.teams.builds is not None)


class AcceptInput(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.select_related("edition"),
        required=False,
        allow_null=True,
        help_text="One of your teams, for the side (only before the first move).",
    )
    build = serializers.PrimaryKeyRelatedField(
        queryset=Build.objects.select_related("edition", "team"),
        required=False,
        allow_null=True,
        help_text="One of your budget builds; the side plays the team it makes.",
    )
    name = serializers.CharField(
        required=False,
        max_length=100,
        help_text="The side's name, if you bring no team (a side with a team takes its name).",
    )

    def validate(self, attrs):
        brought = [key for key in ("team", "build", "name") if attrs.get(key) is not None]
        if len(brought) > 1:
            raise serializers.ValidationError(_("Bring a team, a build or a name, only one."))
        return attrs
