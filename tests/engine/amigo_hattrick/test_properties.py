"""Random full matches for 4, 5 and 6 players, picking only from ``legal_actions``."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.engine import matchfile
from matches.engine.amigo_hattrick import ENGINE
from matches.engine.amigo_hattrick.actions import Pass, Play
from matches.engine.amigo_hattrick.cards import Card
from matches.engine.amigo_hattrick.scoring import game_score
from matches.engine.base import IllegalActionError

from .helpers import DECK, new_match, random_action


def play_match(players: int, seed: int, log_hands: bool, json_every: int = 7):
    """Play a whole match at random; check the per-game invariants on the way."""
    rng = random.Random(seed)
    start = new_match(players, first_dealer=seed % players)
    state, hidden = start, None
    actions, events = [], []
    game_cards: list[Card] = []
    step = 0
    while ENGINE.outcome(state) is None:
        action, hidden = random_action(state, rng, hidden, log_hands)
        if hasattr(action, "card"):
            hidden[state.turn].remove(action.card)
            game_cards.append(action.card)
        else:
            game_cards = []
        transition = ENGINE.apply(state, action)
        state = transition.state
        actions.append(action)
        events.extend(transition.events)
        step += 1
        if step % json_every == 0:
            data = json.loads(json.dumps(ENGINE.state_to_json(state)))
            assert ENGINE.state_from_json(data) == state
            json.dumps([event.to_json() for event in transition.events])
        if step % (json_every * 3) == 1 and state.hands is not None and state.turn is not None:
            _check_offer_is_exact(state)
        for event in transition.events:
            if event.kind == "game_scored":
                _check_game(state, event, game_cards, hidden, log_hands)
    return start, state, actions, events


def _check_offer_is_exact(state):
    """With logged hands, the offered actions are exactly those ``apply`` accepts."""
    offered = ENGINE.legal_actions(state)["actions"]
    for data in offered:
        ENGINE.apply(state, ENGINE.parse_action(data))
    offered_cards = {ENGINE.parse_action(data).card for data in offered}
    assert offered_cards == set(state.hands[state.turn])
    for card in DECK:
        for action in (Play(card), Pass(card)):
            if action in {ENGINE.parse_action(data) for data in offered} or (
                isinstance(action, Play)
                and Play(card, _trick_of(offered, card)) in _parsed(offered)
            ):
                continue
            with pytest.raises(IllegalActionError):
                ENGINE.apply(state, action)


def _parsed(offered):
    return {ENGINE.parse_action(data) for data in offered}


def _trick_of(offered, card):
    for data in offered:
        action = ENGINE.parse_action(data)
        if isinstance(action, Play) and action.card == card:
            return action.trick
    return None


def _check_game(state, event, game_cards, hidden, log_hands):
    players = state.players
    # every card is played, passed or held as the last card exactly once
    last = [hand[0] for hand in hidden]
    assert all(len(hand) == 1 for hand in hidden)
    assert Counter(game_cards + last) == Counter(DECK)
    assert len(game_cards) == players * (60 // players - 1)
    assert sorted(event.data["unplayed"]) == sorted(card.text for card in last)
    if log_hands:
        assert event.data["last_cards"] == [card.text for card in last]
    # won and passed cards are exactly the played ones; scores follow from them
    won = [card for cards in state.won for card in cards]
    passed = [card for cards in state.face_down for card in cards]
    assert Counter(won + passed) == Counter(game_cards)
    assert event.data["scores"] == [
        game_score(state.won[s], state.face_down[s]) for s in range(players)
    ]
    assert event.data["passes"] == [len(cards) for cards in state.face_down]


def _check_match(players, start, final, actions, events):
    outcome = ENGINE.outcome(final)
    assert outcome.termination == "games_played"
    assert final.game == 2 * players
    scored = [e for e in events if e.kind == "game_scored"]
    assert len(scored) == 2 * players
    totals = [sum(e.data["scores"][side] for e in scored) for side in range(players)]
    assert list(outcome.scores) == totals == scored[-1].data["totals"]
    assert outcome.winners == tuple(s for s in range(players) if totals[s] == max(totals))
    assert [e.data["dealer"] for e in events if e.kind == "game_dealt"] == [
        (start.dealer + g) % players for g in range(2 * players)
    ]
    assert [e.kind for e in events].count("match_ended") == 1
    # replay is deterministic, also through the match file
    assert matchfile.replay(ENGINE, start, actions) == final
    text = matchfile.write_actions(ENGINE, {"Game": ENGINE.key}, actions)
    assert matchfile.read(text).parse_actions(ENGINE) == actions
    assert ENGINE.state_from_json(ENGINE.state_to_json(final)) == final
    assert ENGINE.render_svg(final).startswith("<svg")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([4, 5, 6]), st.integers(0, 2**32), st.booleans())
def test_random_full_matches(players, seed, log_hands):
    start, final, actions, events = play_match(players, seed, log_hands)
    _check_match(players, start, final, actions, events)


@pytest.mark.slow
def test_random_full_matches_each_player_count():
    for players in (4, 5, 6):
        for log_hands in (True, False):
            start, final, actions, events = play_match(
                players, players * 7 + log_hands, log_hands, 1
            )
            _check_match(players, start, final, actions, events)
