"""The refusals of TriXKick: each names a stable code, a TK rule id and the parameters of its
sentence; the sentence itself is the catalog's (``texts.ERRORS``)."""

from __future__ import annotations

from matches.engine.base import Sentences
from matches.engine.trixkick import texts

SENTENCES = Sentences(texts.ERRORS, ("A", "B"))
illegal = SENTENCES.illegal
game_over = SENTENCES.game_over
refused_setup = SENTENCES.refused_setup
unreadable = SENTENCES.unreadable
