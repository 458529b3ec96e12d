"""Serializer fields shared by the apps' APIs."""

from __future__ import annotations

from rest_framework import serializers

from matches.engine import game_keys


class GameKeyField(serializers.ChoiceField):
    """A registered game's key. The choices are read from the registry whenever a serializer
    is made (its fields are copies made then), so a game registered later is one too."""

    def __init__(self, **kwargs):
        kwargs.pop("choices", None)
        super().__init__(choices=game_keys(), **kwargs)
