"""AH-3: turns, the lead, following, the second trick, the third colour, passing, held cards."""

import pytest

from matches.engine.amigo_hattrick import ENGINE

from .helpers import after, deal_text, hands_with, kinds, new_match, of_kind, refused, run


def dealt(players=5, **options):
    """Hands unknown; side 0 leads (the dealer is the last side)."""
    return after(new_match(players, first_dealer=players - 1, **options), "D")


def known(players=5, fixed=None, seed=0):
    return after(
        new_match(players, first_dealer=players - 1), deal_text(hands_with(players, fixed, seed))
    )


def test_AH_3_1_turns_go_clockwise_one_action_each():
    state = dealt(5)
    seen = []
    for text in ["R10", "B14", "R12", "P:G1", "B19"]:
        seen.append(state.turn)
        state = after(state, text)
    assert seen == [0, 1, 2, 3, 4]
    assert state.round == 2 and state.tricks == ()


def test_AH_3_1_next_round_starts_with_its_leader_and_wraps_round():
    state = after(dealt(5), "R10", "B14", "R12", "R3", "B19")  # E (4) leads round 2
    seen = []
    for text in ["G20", "G1", "G2", "G3", "G4"]:
        seen.append(state.turn)
        state = after(state, text)
    assert seen == [4, 0, 1, 2, 3]
    assert state.leader == 4


def test_AH_3_2_lead_any_card():
    for text in ["R1", "B20", "G7", "G7>1"]:
        state = after(dealt(), text)
        assert len(state.tricks) == 1 and state.tricks[0].cards[0].side == 0


def test_AH_3_2_lead_cannot_name_trick_2_or_pass():
    refused(dealt(), "R1>2", "wrong_trick", "AH-3.2")
    refused(dealt(), "P:R1", "pass_needs_two_tricks", "AH-3.6")


def test_AH_3_2_legal_actions_on_the_lead():
    offer = ENGINE.legal_actions(dealt())
    assert offer["actions"] == [
        {"type": "play", "trick": 1, "colours": ["red", "blue", "green"], "opens": True}
    ]
    hands = known(4, {0: ["R1", "G2"]})
    offer = ENGINE.legal_actions(hands)
    assert offer["actor"] == 0
    assert len(offer["actions"]) == 15
    assert {"type": "play", "card": {"colour": "red", "number": 1}, "trick": 1} in offer["actions"]


def test_AH_3_3_follow_the_colour_of_a_trick():
    state, events = run(dealt(6), "R10", "R12>1", "B3", "B4>2", "R5")
    assert [laid.card.text for laid in state.tricks[0].cards] == ["R10", "R12", "R5"]
    assert [laid.card.text for laid in state.tricks[1].cards] == ["B3", "B4"]
    assert [e.data["trick"] for e in of_kind(events, "card_played")] == [1, 1, 2, 2, 1]


def test_AH_3_3_only_the_tricks_colour_goes_on_it():
    refused(after(dealt(), "R10"), "B5>1", "wrong_trick", "AH-3.3")
    refused(after(dealt(), "R10", "B5"), "B6>1", "wrong_trick", "AH-3.3")
    refused(after(dealt(), "R10", "B5"), "R6>2", "wrong_trick", "AH-3.3")


def test_AH_3_4_open_a_second_trick_in_another_colour():
    state, events = run(dealt(), "R10", "B14>2")
    assert [trick.colour for trick in state.tricks] == ["red", "blue"]
    assert events[-1].data == {
        "game": 1,
        "round": 1,
        "card": "B14",
        "colour": "blue",
        "number": 14,
        "trick": 2,
        "opened": True,
    }


def test_AH_3_4_second_trick_any_later_player_may_open():
    state = after(dealt(), "R10", "R11", "R12", "G1")
    assert [trick.colour for trick in state.tricks] == ["red", "green"]
    assert state.tricks[1].cards[0].side == 3


def test_AH_3_4_second_trick_must_differ_in_colour():
    refused(after(dealt(), "R10"), "R11>2", "wrong_trick", "AH-3.4")


def test_AH_3_4_legal_shapes_with_one_trick():
    offer = ENGINE.legal_actions(after(dealt(), "R10"))
    assert offer["actions"] == [
        {"type": "play", "trick": 1, "colours": ["red"], "opens": False},
        {"type": "play", "trick": 2, "colours": ["blue", "green"], "opens": True},
    ]
    assert "pass" not in str(offer["actions"])


@pytest.mark.parametrize("text", ["G5", "G5>1", "G5>2"])
def test_AH_3_5_no_third_colour_and_no_third_trick(text):
    err = refused(after(dealt(), "R10", "B14"), text, "third_colour", "AH-3.5")
    assert "pass" in err.message


def test_AH_3_6_pass_with_the_third_colour_while_two_tricks_lie():
    state, events = run(dealt(), "R10", "B14", "P:G7")
    assert state.face_down[2] == (ENGINE.parse_notation("G7").card,)
    assert state.passes[0].side == 2
    assert events[-1].kind == "card_passed"
    assert events[-1].side == 2
    assert events[-1].data == {"game": 1, "round": 1, "card": "G7", "colour": "green", "number": 7}
    assert state.turn == 3


def test_AH_3_6_pass_needs_two_tricks():
    refused(after(dealt(), "R10"), "P:G7", "pass_needs_two_tricks", "AH-3.6")


@pytest.mark.parametrize("text", ["P:R7", "P:B7"])
def test_AH_3_6_pass_needs_the_third_colour(text):
    refused(after(dealt(), "R10", "B14"), text, "pass_needs_third_colour", "AH-3.6")


def test_AH_3_6_pass_allowed_even_when_able_to_follow():
    """Interpretation: 'doesn't want or can't play' — a pass is never forced to be a last resort."""
    state = known(4, {0: ["R10"], 1: ["B10"], 2: ["R11"], 3: ["R1", "B1", "G1"]})
    state = after(state, "R10", "B10", "R11")
    offer = ENGINE.legal_actions(state)
    assert {"type": "pass", "card": {"colour": "green", "number": 1}} in offer["actions"]
    assert {"type": "play", "card": {"colour": "red", "number": 1}, "trick": 1} in offer["actions"]
    assert after(state, "P:G1").face_down[3][0].text == "G1"


def test_AH_3_6_only_third_colour_cards_must_pass():
    state = known(5, {0: ["R10"], 1: ["B10"], 2: [f"G{n}" for n in range(1, 13)]})
    state = after(state, "R10", "B10")
    offer = ENGINE.legal_actions(state)
    assert {action["type"] for action in offer["actions"]} == {"pass"}
    assert len(offer["actions"]) == 12
    assert "or pass: show a green card" in offer["hint"]


def test_AH_3_6_legal_shapes_with_two_tricks():
    offer = ENGINE.legal_actions(after(dealt(), "R10", "B14"))
    assert offer["actions"] == [
        {"type": "play", "trick": 1, "colours": ["red"], "opens": False},
        {"type": "play", "trick": 2, "colours": ["blue"], "opens": False},
        {"type": "pass", "colours": ["green"]},
    ]
    assert offer["used"] == ["R10", "B14"]


def test_AH_3_7_card_must_be_held_when_hands_are_known():
    state = known(4, {0: ["R10"], 1: ["R11"]})
    err = refused(state, "R11", "card_not_in_hand", "AH-3.7")
    assert err.details == {"card": "R11", "side": 0}
    after(state, "R10")


def test_AH_3_7_no_card_played_twice_when_hands_are_unknown():
    state = after(dealt(), "R10", "B14")
    refused(state, "R10", "card_already_played", "AH-3.7")
    refused(state, "P:B14", "card_already_played", "AH-3.7")


def test_AH_3_7_passed_card_cannot_be_played_again():
    state = after(dealt(), "R10", "B14", "P:G1", "R2", "R3")
    refused(state, "G1", "card_already_played", "AH-3.7")


def test_AH_3_7_cards_leave_the_hand():
    state = known(4, {0: ["R10"]})
    new = after(state, "R10")
    assert ENGINE.parse_notation("R10").card not in new.hands[0]
    assert new.hand_counts == (14, 15, 15, 15)
    assert kinds(run(state, "R10")[1]) == ["card_played"]
