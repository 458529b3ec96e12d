"""AH-4: trick winners, the next leader and the tie-break; the English rules' example round."""

import pytest

from matches.engine.amigo_hattrick import ENGINE

from .helpers import after, deal_text, hands_with, new_match, of_kind, run

EXAMPLE = ["R10", "B14>2", "R12", "R3", "B19"]


def dealt(players=5):
    return after(new_match(players, first_dealer=players - 1), "D")


@pytest.mark.parametrize("logged", [False, True])
def test_AH_4_example_round_from_the_english_rules(logged):
    """A red 10, B blue 14, C red 12, D red 3, E blue 19: C takes three red, E two blue, E leads."""
    fixed = {0: ["R10"], 1: ["B14"], 2: ["R12"], 3: ["R3"], 4: ["B19"]}
    deal = deal_text(hands_with(5, fixed)) if logged else "D"
    state, events = run(new_match(5, first_dealer=4), deal, *EXAMPLE)
    won = of_kind(events, "trick_won")
    assert [(e.side, e.data["colour"], e.data["cards"]) for e in won] == [
        (2, "red", ["R10", "R12", "R3"]),
        (4, "blue", ["B14", "B19"]),
    ]
    assert won[0].data["trick"] == 1 and won[1].data["trick"] == 2
    assert won[0].data["count"] == 3 and won[1].data["high_card"] == "B19"
    assert [len(cards) for cards in state.won] == [0, 0, 3, 0, 2]
    assert (state.leader, state.turn, state.round) == (4, 4, 2)
    assert of_kind(events, "round_ended")[0].data == {
        "game": 1,
        "round": 1,
        "next_leader": 4,
        "decided_by": "highest_card",
    }


def test_AH_4_1_highest_card_wins_whoever_played_it():
    state = after(dealt(4), "G2", "G18", "G5", "G1")
    assert [len(cards) for cards in state.won] == [0, 4, 0, 0]
    assert state.leader == 1


def test_AH_4_1_a_single_card_is_a_trick():
    state, events = run(dealt(4), "R2", "B1", "R3", "R4")
    assert [e.data["cards"] for e in of_kind(events, "trick_won")] == [["R2", "R3", "R4"], ["B1"]]
    assert [len(cards) for cards in state.won] == [0, 1, 0, 3]


def test_AH_4_1_passed_cards_go_to_nobody():
    state = after(dealt(4), "R2", "B1", "P:G20", "R4")
    assert sum(len(cards) for cards in state.won) == 3
    assert state.face_down[2][0].text == "G20"


def test_AH_4_2_highest_card_of_the_round_leads_next():
    state = after(dealt(4), "R2", "B17", "R16", "B3")
    assert state.leader == 1  # the blue 17 beats the red 16


@pytest.mark.parametrize(
    ("players", "moves", "leader", "reason"),
    [
        # highest cards tie (15 and 15); the blue trick's second card 9 beats red's 2
        (4, ["R15", "B15", "R2", "B9"], 1, "tie_break"),
        # second cards tie too; the third decides (blue 3 over red 1)
        (6, ["R15", "B15", "R7", "B7", "R1", "B3"], 1, "tie_break"),
        # the blue trick runs out of cards: the red trick, which has a second card, is higher
        (4, ["R15", "B15", "R2", "P:G1"], 0, "tie_break"),
        # equal card for card: the trick opened first decides
        (4, ["R15", "B15", "R2", "B2"], 0, "first_trick"),
        # the second trick's winner played later than the first card
        (4, ["R3", "B15", "R15", "B9"], 1, "tie_break"),
    ],
)
def test_AH_4_3_tie_break_on_second_third_highest_card(players, moves, leader, reason):
    state, events = run(dealt(players), *moves)
    ended = of_kind(events, "round_ended")[0]
    assert (state.leader, ended.data["decided_by"]) == (leader, reason)
    assert ENGINE.legal_actions(state)["actor"] == leader
