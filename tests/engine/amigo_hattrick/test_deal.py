"""AH-2: the deal, logged hands or unknown hands, dealer and first leader."""

import pytest

from matches.engine.amigo_hattrick import ENGINE
from matches.engine.amigo_hattrick.actions import Deal

from .helpers import after, deal_text, hands_with, new_match, refused, run


@pytest.mark.parametrize(("players", "size"), [(4, 15), (5, 12), (6, 10)])
def test_AH_2_1_all_cards_dealt(players, size):
    hands = hands_with(players)
    state, events = run(new_match(players), deal_text(hands))
    assert state.hand_counts == (size,) * players
    assert sorted(card for hand in state.hands for card in hand) == sorted(
        c for h in hands for c in h
    )
    assert len({card for hand in state.hands for card in hand}) == 60
    assert events[0].kind == "game_dealt"
    assert events[0].data == {"game": 1, "dealer": 0, "leader": 1, "hands_known": True}


def test_AH_2_1_unknown_hands_still_count_cards():
    state = after(new_match(4), "D")
    assert state.hands is None
    assert state.hand_counts == (15,) * 4


def test_AH_2_1_wrong_number_of_hands():
    hands = hands_with(5)
    refused(new_match(5), deal_text(hands[:4]), "wrong_hand_count", "AH-2.1")


def test_AH_2_1_wrong_hand_size():
    hands = hands_with(5)
    hands[1] = hands[1][:-1]
    hands[2] = hands[2] + [hands[2][0]]
    err = refused(new_match(5), deal_text(hands), "wrong_hand_size", "AH-2.1")
    assert err.details["side"] == 1


def test_AH_2_1_card_dealt_twice():
    hands = hands_with(5)
    hands[3][0] = hands[0][0]
    err = refused(new_match(5), deal_text(hands), "card_dealt_twice", "AH-2.1")
    assert err.details["card"] == hands[0][0].text


def test_AH_2_1_card_must_be_in_the_editions_deck():
    edition = ENGINE.default_edition() | {
        "numbers": {"low": 1, "high": 16},
        "hand_sizes": {"4": 12},
    }
    state = ENGINE.initial_state(edition=edition, sides=[{"name": n} for n in "ABCD"], options={})
    state = after(state, "D")
    refused(state, "R17", "card_not_in_deck", "AH-1.2")
    assert after(state, "R16").tricks[0].cards[0].card.text == "R16"


def test_AH_2_1_play_before_the_deal_refused():
    refused(new_match(5), "R10", "deal_required", "AH-2.1")
    refused(new_match(5), "P:R10", "deal_required", "AH-2.1")


def test_AH_2_1_no_second_deal_during_a_game():
    refused(after(new_match(5), "D"), "D", "deal_not_expected", "AH-2.1")


def test_AH_2_2_hands_option_known_requires_hands():
    refused(new_match(4, hands="known"), "D", "hands_required", "AH-2.2")
    assert after(new_match(4, hands="known"), deal_text(hands_with(4))).hands is not None


def test_AH_2_2_hands_option_unknown_forbids_hands():
    refused(new_match(4, hands="unknown"), deal_text(hands_with(4)), "hands_not_logged", "AH-2.2")
    assert after(new_match(4, hands="unknown"), "D").hands is None


def test_AH_2_2_legal_actions_offer_the_deal():
    offer = ENGINE.legal_actions(new_match(6, hands="known", first_dealer=2))
    assert offer["actor"] == 2
    assert offer["step"] == "deal"
    assert offer["actions"] == [
        {"type": "deal", "hands": "required", "players": 6, "hand_size": 10}
    ]
    assert "C deals game 1" in offer["hint"]


def test_AH_2_2_hands_are_sorted_in_the_state_but_the_action_keeps_its_order():
    hands = hands_with(4)
    action = ENGINE.parse_notation(deal_text(hands))
    assert isinstance(action, Deal)
    assert ENGINE.format_action(action) == deal_text(hands)
    state = ENGINE.apply(new_match(4), action).state
    assert all(
        list(hand) == sorted(hand, key=lambda c: ("rbg".index(c.colour[0]), c.number))
        for hand in state.hands
    )


@pytest.mark.parametrize(("dealer", "leader"), [(0, 1), (3, 4), (4, 0)])
def test_AH_2_3_player_left_of_dealer_leads(dealer, leader):
    state = after(new_match(5, first_dealer=dealer), "D")
    assert (state.dealer, state.leader, state.turn) == (dealer, leader, leader)
    assert ENGINE.legal_actions(state)["actor"] == leader
    assert ENGINE.summary(state)["turn"] == leader
