"""The refusals of Hat-Trick: each names a stable code, a rule clause id and the parameters of
its sentence; the sentence itself is the catalog's (``texts.ERRORS``)."""

from __future__ import annotations

from matches.engine.base import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    Sentences,
    SetupError,
)
from matches.engine.hat_trick import texts

__all__ = [
    "SENTENCES",
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "SetupError",
    "game_over",
    "illegal",
    "refused_setup",
    "unreadable",
]

SENTENCES = Sentences(texts.ERRORS, ("Blue", "Red"))
illegal = SENTENCES.illegal
game_over = SENTENCES.game_over
refused_setup = SENTENCES.refused_setup
unreadable = SENTENCES.unreadable
