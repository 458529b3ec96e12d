"""A game the registry does not know is refused with the registry's own catalog sentence
(``matches.engine.ERRORS``), in the reader's language."""

import pytest
from django.utils import translation

from matches.engine import ERRORS, UnknownGameError, get_game
from matches.engine.wording import error_message


def test_an_unknown_game_is_refused_with_the_registry_sentence():
    with pytest.raises(UnknownGameError) as caught:
        get_game("nope")
    assert caught.value.code == "unknown_game"
    assert caught.value.details == {"game": "nope"}
    assert caught.value.message == ERRORS["unknown_game"].format(game="nope")


def test_the_unknown_game_sentence_is_said_in_german():
    with translation.override("de"):
        german = error_message("unknown_game", None, {"game": "nope"})
    assert german == "Es gibt kein Spiel namens „nope“."


def test_a_code_without_a_game_or_a_registry_sentence_has_none():
    assert error_message("no_such_code", None, {}) is None
