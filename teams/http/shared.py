"""What the teams app's HTTP modules share: the violation and pick serializers, the error
answers, and the views of owned rows (teams and builds: yours by default, changed by their
owner)."""

from __future__ import annotations

import copy
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.idempotency import idempotent
from companion.api.permissions import IsOwnerOrReadOnly
from companion.api.query import MAX_ID, validated_body, validated_query
from companion.openapi import IDEMPOTENCY_KEY, error_response
from matches.fields import GameKeyField
from teams.game_rules import input_words
from teams.models import Build, Team, Validity
from teams.violations import public_violation


def _integer(text: str) -> dict:
    return {"type": "integer", "description": text}


def _list_of(kind: str, text: str) -> dict:
    return {"type": "array", "items": {"type": kind}, "description": text}


@extend_schema_field(
    {
        "type": "object",
        "description": "Facts of the violation, those of its `code` (docs/teams.md).",
        "properties": {
            "count": _integer("`field_size`, `bench_too_long`: how many there are."),
            "limit": _integer("`bench_too_long`: the most allowed."),
            "expected": _list_of("string", "`wrong_keepers`: the keeper pieces of the set."),
            "slots": _list_of("integer", "`card_used_twice`: the numbers the card is on."),
            "bench": {
                "anyOf": [{"type": "integer"}, {"type": "boolean"}],
                "description": "`card_used_twice`: how often the card is on the bench; "
                "`unknown_card`, `wrong_colour`: `true` for a card of the bench.",
            },
            "captain": _integer("`captain_not_a_slot`: the number named."),
            "card_colour": {"type": "string", "description": "`wrong_colour`: the card's."},
            "team_colour": {"type": "string", "description": "`wrong_colour`: the team's."},
            "numbers": _list_of("integer", "`wrong_slot`: the numbers the card wears."),
            "orientation": {"type": "string", "description": "`budget_row_missing`."},
            "budget_class": {"type": "string", "description": "`budget_row_missing`."},
            "shield": {"type": "string", "description": "`wrong_pool`: the card's shield."},
            "pool": {
                "type": "string",
                "description": "`wrong_pool`, `<pool>_pool_exceeded`: a pool.",
            },
            "spent": _integer("`<pool>_pool_exceeded`: the pool's stars spent."),
            "budget": _integer("`<pool>_pool_exceeded`: the pool's stars."),
            "over": _integer("`<pool>_pool_exceeded`: the stars over the pool's."),
            "cards": _list_of("string", "`balanced_player_split`: the balanced players."),
            "needed": _integer("`balanced_player_split`: the stars all cost."),
            "available": _integer("`balanced_player_split`: the stars of both pools."),
        },
    }
)
class ViolationDetailsField(serializers.DictField):
    """A violation's facts, as the team-building rules give them (``matches.engine.teams``)."""


class ViolationOutput(serializers.Serializer):
    """A stored violation, its sentence said in the reader's language."""

    code = serializers.CharField(help_text="Stable code, e.g. slot_not_covered.")
    message = serializers.CharField()
    rule = serializers.CharField(help_text="Clause id in docs/teams.md, e.g. HX-B2.2.")
    slot = serializers.IntegerField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    details = ViolationDetailsField()

    def to_representation(self, instance):
        return super().to_representation(public_violation(instance))


class PickInput(serializers.Serializer):
    slot = serializers.IntegerField(min_value=2, max_value=11, help_text="Shirt-number slot.")
    card = serializers.CharField(max_length=100, help_text="Player card id, e.g. blue:winger-9-11.")
    gold = serializers.BooleanField(default=False, help_text="Start on the gold (star) side.")
    pool = serializers.ChoiceField(
        choices=input_words("pool"),
        required=False,
        allow_null=True,
        help_text="Builds only: the pool that pays a balanced player (chosen for you if left out).",
    )


class BenchInput(serializers.Serializer):
    card = serializers.CharField(
        max_length=100, help_text="Player card id, e.g. blue:box_to_box-7-8."
    )
    gold = serializers.BooleanField(
        default=False, help_text="Always false: a bench card comes on silver (HX-E.3)."
    )
    pool = serializers.ChoiceField(
        choices=input_words("pool"),
        required=False,
        allow_null=True,
        help_text="Builds only: the pool that pays a balanced bench card (HX-B2.7).",
    )

    def validate_gold(self, value: bool) -> bool:
        if value:
            raise serializers.ValidationError(
                _("A bench card comes on its silver side (HX-E.3); it cannot start gold."),
                code="bench_gold",
            )
        return value


BENCH_HELP = (
    "Up to 5 further cards of the team's colour, none on the pitch (HX-B1.7); more than 5 "
    "is the violation bench_too_long."
)
CAPTAIN_HELP = (
    "The captain's slot (HX-B1.8, HX-E.4); no. 6 when left out or null. A number outside "
    "2-11 is the violation captain_not_a_slot."
)


def bench_field(**kwargs: Any) -> BenchInput:
    return BenchInput(many=True, max_length=20, allow_empty=True, help_text=BENCH_HELP, **kwargs)


def captain_field(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0, max_value=99, allow_null=True, help_text=CAPTAIN_HELP, **kwargs
    )


def changes_of(source: type[serializers.Serializer], name: str, fields: list[str]):
    """The input of a change (PATCH): the named fields of ``source``'s input, in this order, each
    made optional and without a default (a field left out is left as it is)."""
    declared = source._declared_fields
    optional = {}
    for field_name in fields:
        field = declared[field_name]
        kwargs = {key: copy.deepcopy(value) for key, value in field._kwargs.items()}
        kwargs.pop("default", None)
        optional[field_name] = type(field)(*field._args, **{**kwargs, "required": False})
    return type(name, (serializers.Serializer,), {"__module__": source.__module__, **optional})


class BenchOutput(serializers.Serializer):
    card = serializers.CharField()
    pool = serializers.CharField(required=False, allow_null=True)


class PickOutput(serializers.Serializer):
    slot = serializers.IntegerField()
    card = serializers.CharField()
    gold = serializers.BooleanField()
    pool = serializers.CharField(required=False, allow_null=True)


class PiecesInput(serializers.Serializer):
    field = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=16, required=False
    )
    substitutes = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=16, required=False
    )
    keepers = serializers.ListField(
        child=serializers.CharField(max_length=8), max_length=6, required=False
    )


def query(serializer_class, request) -> dict[str, Any]:
    data = validated_query(serializer_class, request)
    return {k: v for k, v in data.items() if v not in (None, "")}


LINEUP_REFUSED = error_response(
    "The lineup breaks a team rule (`details.violations`), or a reused Idempotency-Key.",
    ["team_invalid", "invalid_lineup", "idempotency_key_reused"],
)
#: Malformed input, or a part of a team this game's teams do not have.
TEAM_INPUT = error_response(
    "Malformed input (`fields`), or something this game's teams do not have.",
    ["invalid", "invalid_idempotency_key", "edition_mismatch", "@teams_input"],
)


class OwnerQuery(serializers.Serializer):
    owner = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Default: your own. 'all' for everyone's, or a username.",
    )
    edition = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    game = GameKeyField(
        required=False,
        help_text="Only those of this game (a client that knows some games only reads those).",
    )
    status = serializers.ChoiceField(choices=Validity.choices, required=False)


def clean_bench(values: dict[str, Any]) -> dict[str, Any]:
    """The validated input with its bench as ``[{"card", "pool"?}]`` (``gold`` is always false)."""
    values = dict(values)
    if values.get("bench") is not None:
        values["bench"] = [
            {"card": b["card"], **({"pool": b["pool"]} if b.get("pool") else {})}
            for b in values["bench"]
        ]
    return values


class OwnedListView(ListAPIView):
    # Teams or builds: yours by default (``OwnerQuery``), and a new one of yours under the
    # request's Idempotency-Key; ``rows`` is the selector, ``create`` the service, ``cleaned``
    # the validated body as the service takes it.
    create_input: type[serializers.Serializer]
    cleaned = staticmethod(clean_bench)

    def get_queryset(self):
        return type(self).rows(user=self.request.user, **query(OwnerQuery, self.request))

    def post(self, request):
        values = self.cleaned(validated_body(self.create_input, request))

        def write():
            created = type(self).create(owner=request.user, **values)
            return Response(self.serializer_class(created).data, status=status.HTTP_201_CREATED)

        return idempotent(request, write)


class OwnedDetailView(APIView):
    # One team or build: anyone reads it, its owner changes (``update``) or deletes it
    # (``remove``): services that name it by its model (``team=``, ``build=``).
    permission_classes = [IsAuthenticatedOrReadOnly, IsOwnerOrReadOnly]
    model: type[Team] | type[Build]
    output: type[serializers.Serializer]
    update_input: type[serializers.Serializer]
    cleaned = staticmethod(clean_bench)

    def owned(self, pk: int):
        found = get_object_or_404(self.model.objects.select_related("owner", "edition"), pk=pk)
        self.check_object_permissions(self.request, found)
        return found

    def get(self, request, pk: int):
        return Response(self.output(self.owned(pk)).data)

    def patch(self, request, pk: int):
        found = self.owned(pk)
        values = self.cleaned(validated_body(self.update_input, request))
        changed = type(self).update(**{self.model._meta.model_name: found}, **values)
        return Response(self.output(changed).data)

    def delete(self, request, pk: int):
        type(self).remove(**{self.model._meta.model_name: self.owned(pk)})
        return Response(status=status.HTTP_204_NO_CONTENT)


def owned_list(*, listing: str, creating: str, refusals: dict):
    """The schema of an ``OwnedListView`` from the view's own serializers: its GET filtered by
    ``OwnerQuery``, its POST of ``create_input`` under an Idempotency-Key (201: the
    ``serializer_class``; ``refusals``: its error answers)."""

    def declare(view: type[OwnedListView]) -> type[OwnedListView]:
        return extend_schema_view(
            get=extend_schema(parameters=[OwnerQuery], summary=listing),
            post=extend_schema(
                request=view.create_input,
                parameters=[IDEMPOTENCY_KEY],
                responses={201: view.serializer_class, **refusals},
                summary=creating,
            ),
        )(view)

    return declare


def owned_detail(*, reading: str, changing: str, deleting: str, refusals: dict):
    """The schema of an ``OwnedDetailView`` from the view's own serializers: GET its
    ``output``, PATCH with ``update_input`` (``refusals``: its error answers), DELETE."""

    def declare(view: type[OwnedDetailView]) -> type[OwnedDetailView]:
        return extend_schema_view(
            get=extend_schema(responses=view.output, summary=reading),
            patch=extend_schema(
                request=view.update_input,
                responses={200: view.output, **refusals},
                summary=changing,
            ),
            delete=extend_schema(responses={204: None}, summary=deleting),
        )(view)

    return declare
