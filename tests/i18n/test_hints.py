"""Each hint states the restrictions of its step, and differs where the situation differs."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches import i18n
from matches.engine.hat_trick import texts as ht_texts
from matches.engine.trixkick import ENGINE as TK
from matches.engine.trixkick import texts as tk_texts
from tests.engine.trixkick.helpers import BEGINNER, new_match, play, setup_lines
from tests.engine.trixkick.test_demo_game import KICKOFF, MOVES
from tests.i18n.test_catalogs import GAMES


def tk_hint(state, language):
    with translation.override(language):
        return i18n.hint_message("trixkick", state, TK.legal_actions(state))


def tk_key(state):
    return i18n.hint_key("trixkick", state, TK.legal_actions(state))[0]


def test_trixkick_hints_differ_at_kick_off_after_winning_the_ball_and_at_a_loose_ball():
    set_up, _ = play(new_match(BEGINNER), setup_lines())
    assert tk_key(set_up) == "attack/kickoff"
    assert "C2" in tk_hint(set_up, "en") and "Anstoß" not in tk_hint(set_up, "en")
    assert tk_hint(set_up, "de").startswith("Blau stößt an")

    after_kickoff, _ = play(set_up, KICKOFF)
    won, _ = play(after_kickoff, MOVES[0])  # B wins the ball with K in B8
    assert tk_key(won) == "attack/won"
    assert tk_hint(won, "en").startswith("Red has won the ball with head")
    assert "anderen Symbol" in tk_hint(won, "de")

    hints = {tk_hint(s, "en") for s in (set_up, won)}
    assert len(hints) == 2


def test_trixkick_set_up_hints_name_the_set_piece():
    state = new_match(BEGINNER)
    assert tk_key(state) == "place/kickoff"
    assert "own half" in tk_hint(state, "en")
    assert "eigenen Hälfte" in tk_hint(state, "de")
    for key in ("place/corner", "place/goal_kick", "place/free_kick", "place/penalty"):
        assert key in tk_texts.HINTS
    assert "fouled team first" in tk_texts.HINTS["place/free_kick"]


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ("defender_move", ["edge of its action card", "ball holder"]),
        ("chance_attacker_move", ["edge of its action card"]),
        ("chance_defender_move", ["edge of its action card"]),
        ("free_kick_attacker_move", ["not the ball holder", "not the defender who has just moved"]),
        ("goal_kick", ["first line (dribbling)", "second line (short pass)", "third line (long"]),
        ("penalty", ["colour of the action card", "one card fewer"]),
    ],
)
def test_hat_trick_hints_state_every_restriction_of_their_step(step, words):
    for word in words:
        assert word in ht_texts.HINTS[step]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_hint_has_its_quick_reference(game):
    from matches.rules_at_hand import clauses

    module = i18n.texts(game)
    assert set(module.STEP_CLAUSES) <= set(module.HINTS)
    for key in module.HINTS:
        cited = module.STEP_CLAUSES.get(key, ())
        assert cited, f"{game}: no clauses for the step {key}"
        assert set(cited) <= set(clauses.clauses(game)), key
