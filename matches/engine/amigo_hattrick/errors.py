"""Error codes (stable once published) and small helpers that raise with a rule id."""

from __future__ import annotations

from enum import StrEnum

from matches.engine.amigo_hattrick import texts
from matches.engine.base import JSON, IllegalActionError, Sentences


class Code(StrEnum):
    """Codes of :class:`IllegalActionError` raised by ``apply``; the rule id says which clause."""

    GAME_OVER = "game_over"  # AH-6.1 / AH-6.2
    DEAL_REQUIRED = "deal_required"  # AH-2.1: a game starts with its deal
    DEAL_NOT_EXPECTED = "deal_not_expected"  # AH-2.1: the cards are dealt only between games
    HANDS_REQUIRED = "hands_required"  # AH-2.2: the option says hands are logged
    HANDS_NOT_LOGGED = "hands_not_logged"  # AH-2.2: the option says hands stay unknown
    WRONG_HAND_COUNT = "wrong_hand_count"  # AH-2.1: one hand per person
    WRONG_HAND_SIZE = "wrong_hand_size"  # AH-2.1: 15 / 12 / 10 cards each
    CARD_DEALT_TWICE = "card_dealt_twice"  # AH-2.1: each card once
    CARD_NOT_IN_DECK = "card_not_in_deck"  # AH-1.2: the edition's deck lacks this card
    CARD_NOT_IN_HAND = "card_not_in_hand"  # AH-3.7: the person does not hold it
    CARD_ALREADY_PLAYED = "card_already_played"  # AH-3.7: played or passed earlier this game
    WRONG_TRICK = "wrong_trick"  # AH-3.2 / 3.3 / 3.4: the trick named is not where it goes
    THIRD_COLOUR = "third_colour"  # AH-3.5: no third colour on a trick, no third trick
    PASS_NEEDS_TWO_TRICKS = "pass_needs_two_tricks"  # AH-3.6
    PASS_NEEDS_THIRD_COLOUR = "pass_needs_third_colour"  # AH-3.6


SENTENCES = Sentences(texts.ERRORS)
game_over = SENTENCES.game_over
refused_setup = SENTENCES.refused_setup
unreadable = SENTENCES.unreadable


def illegal(code: Code, rule: str, **details: JSON) -> IllegalActionError:
    return SENTENCES.illegal(code.value, rule, **details)
