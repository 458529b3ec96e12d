"""AH-5: the last card, scoring a game, the next deal."""

import pytest

from matches.engine.amigo_hattrick import ENGINE
from matches.engine.amigo_hattrick.cards import Card
from matches.engine.amigo_hattrick.scoring import (
    cards_of_spans,
    colour_counts,
    game_score,
    positive_colour,
)

from .helpers import after, last_round, new_match, of_kind, refused, run


def cards(*spans: str) -> tuple[Card, ...]:
    """Cards written as spans (``R3-11``: the red 3 to 11), as a tutorial's example names them."""
    return cards_of_spans(spans)


EXAMPLE_A = (cards("R3-11", "B5-6", "G1-4"), cards("G5"))  # 9 red, 2 blue, 4 green, one pass
EXAMPLE_B = (cards("B7-18"), ())  # 12 blue
EXAMPLE_C = (cards("R12-16", "G6-10"), cards("B19"))  # 5 red, 5 green, one pass


@pytest.mark.parametrize(("example", "points"), [(EXAMPLE_A, 1), (EXAMPLE_B, 12), (EXAMPLE_C, -2)])
def test_AH_5_2_scoring_examples_from_the_english_rules(example, points):
    won, face_down = example
    assert game_score(won, face_down) == points


def test_AH_5_2_scoring_examples_through_a_whole_last_round():
    """A, B and C hold the example cards; D and E win the last round's two tricks."""
    used = EXAMPLE_A[0] + EXAMPLE_A[1] + EXAMPLE_B[0] + EXAMPLE_C[0] + EXAMPLE_C[1]
    state = last_round(
        5,
        won=(EXAMPLE_A[0], EXAMPLE_B[0], EXAMPLE_C[0], (), ()),
        face_down=(EXAMPLE_A[1], (), EXAMPLE_C[1], (), ()),
        used=used,
        leader=3,
        turn=3,
    )
    state, events = run(state, "R20", "B20", "R1", "R2", "B1")
    scored = of_kind(events, "game_scored")[0]
    assert scored.data["scores"] == [1, 12, -2, 3, 2]
    assert scored.data["totals"] == [1, 12, -2, 3, 2]
    assert scored.data["colours"][0] == {"red": 9, "blue": 2, "green": 4}
    assert scored.data["passes"] == [1, 0, 1, 0, 0]
    assert scored.data["positive_colour"] == ["red", "blue", "red", "red", "blue"]
    assert state.scores == ((1, 12, -2, 3, 2),)
    assert ENGINE.summary(state)["totals"] == [1, 12, -2, 3, 2]


def test_AH_5_2_only_one_colour_counts_positive_on_a_tie():
    """Interpretation (German rules: 'Farbe (nur eine)'): two colours tied for most, one counts."""
    won = cards("R1-4", "B1-4", "G1")
    assert game_score(won, ()) == 4 - 4 - 1
    assert positive_colour(won) == "red"
    assert colour_counts(won) == {"red": 4, "blue": 4, "green": 1}


def test_AH_5_2_nothing_won():
    assert game_score((), ()) == 0
    assert game_score((), cards("G1-3")) == -6
    assert positive_colour(()) is None


def test_AH_5_2_passed_card_scores_minus_two_even_in_the_collected_colour():
    assert game_score(cards("R1-5"), cards("R6")) == 5 - 2


def test_AH_5_1_last_card_is_not_played_and_game_ends():
    state = last_round(4)
    state, events = run(state, "R1", "R2", "R3", "R4")
    assert [e.kind for e in events][-3:] == ["trick_won", "round_ended", "game_scored"]
    assert state.step.value == "deal"
    assert state.hand_counts == (0, 0, 0, 0)
    assert state.scores == ((0, 0, 0, 4),)
    refused(state, "R5", "deal_required", "AH-2.1")


def test_AH_5_1_game_lasts_hand_size_minus_one_rounds_and_reports_last_cards():
    state = after(
        new_match(4, first_dealer=3),
        "D:" + "/".join(",".join(f"{c}{n}" for c, n in hand) for hand in _striped_hands()),
    )
    rounds = 0
    events = []
    while state.step.value == "play":
        offer = ENGINE.legal_actions(state)
        transition = ENGINE.apply(state, ENGINE.parse_action(offer["actions"][0]))
        state = transition.state
        events.extend(transition.events)
        rounds = state.round
    assert len(of_kind(events, "round_ended")) == 14
    assert rounds == 14
    scored = of_kind(events, "game_scored")[0]
    assert len(scored.data["last_cards"]) == 4
    assert sorted(scored.data["last_cards"]) == sorted(scored.data["unplayed"])
    assert [card.text for card in state.last_cards] == scored.data["last_cards"]
    played = sum(len(cards) for cards in state.won) + sum(len(c) for c in state.face_down)
    assert played == 56


def _striped_hands():
    colours = "RBG"
    deck = [(c, n) for n in range(1, 21) for c in colours]
    return [deck[i::4] for i in range(4)]


def test_AH_5_1_unknown_hands_report_the_unplayed_cards():
    state, events = run(last_round(4), "R1", "R2", "R3", "R4")
    scored = of_kind(events, "game_scored")[0]
    assert scored.data["last_cards"] is None
    assert len(scored.data["unplayed"]) == 56  # the test skipped straight to the last round
    assert state.last_cards == (None,) * 4


def test_AH_5_3_dealer_rotates_left_and_scores_reset_for_the_new_game():
    state = last_round(4)  # dealer 3
    state = after(state, "R1", "R2", "R3", "R4")
    assert state.dealer == 0
    offer = ENGINE.legal_actions(state)
    assert offer["actor"] == 0 and offer["step"] == "deal"
    state, events = run(state, "D")
    assert (state.game, state.dealer, state.turn) == (2, 0, 1)
    assert state.won == ((),) * 4 and state.used == ()
    assert events[0].data == {"game": 2, "dealer": 0, "leader": 1, "hands_known": False}
    assert ENGINE.summary(state)["totals"] == [0, 0, 0, 4]
