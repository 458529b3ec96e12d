"""A line of notation that is no move is refused with a sentence of the game's catalog
(``texts.ERRORS``): the parsers name a code and a cause, never an English sentence of their own."""

import pytest

from matches.engine import amigo_hattrick, hat_trick, trixkick
from matches.engine.amigo_hattrick import texts as amigo_texts
from matches.engine.base import InvalidActionError
from matches.engine.hat_trick import texts as hat_trick_texts
from matches.engine.trixkick import texts as trixkick_texts

HAT_TRICK = (hat_trick.ENGINE, hat_trick_texts.ERRORS)
TRIXKICK = (trixkick.ENGINE, trixkick_texts.ERRORS)
AMIGO = (amigo_hattrick.ENGINE, amigo_texts.ERRORS)


@pytest.mark.parametrize(
    ("game", "text", "key"),
    [
        (HAT_TRICK, 12, "invalid_action:not_text"),
        (HAT_TRICK, "  ", "invalid_action:empty"),
        (HAT_TRICK, "fly", "invalid_action:not_notation"),
        (HAT_TRICK, "sw0", "invalid_action:shirt_number"),
        (HAT_TRICK, "ab X5", "invalid_action:side_letter"),
        (HAT_TRICK, "ab B5 @3", "invalid_action:unexpected_part"),
        (HAT_TRICK, "st B !!", "invalid_action:style_card_missing"),
        (HAT_TRICK, "shot !! x", "invalid_action:shot_cards"),
        (TRIXKICK, 12, "invalid_action:not_text"),
        (TRIXKICK, "fly", "invalid_action:not_notation"),
        (AMIGO, " ", "invalid_notation"),
        (AMIGO, "R10>3", "invalid_trick"),
    ],
)
def test_unreadable_notation_says_the_catalog_sentence(game, text, key):
    engine, errors = game
    with pytest.raises(InvalidActionError) as caught:
        engine.parse_notation(text)
    code, _, cause = key.partition(":")
    assert caught.value.code == code
    assert caught.value.details.get("cause") == (cause or None)
    assert caught.value.message == errors[key]


@pytest.mark.parametrize("game", [HAT_TRICK, TRIXKICK, AMIGO])
def test_formatting_a_foreign_object_says_the_catalog_sentence(game):
    engine, errors = game
    with pytest.raises(InvalidActionError) as caught:
        engine.format_action(object())
    assert caught.value.message == errors["invalid_action:not_a_move"]
