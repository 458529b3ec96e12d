"""AH-6: the end of the match, the winners; outcome and summary."""

from matches.engine.amigo_hattrick import ENGINE

from .helpers import after, last_round, new_match, of_kind, refused, run


def test_AH_6_1_match_ends_after_twice_as_many_games_as_players():
    state = last_round(4, game=8)
    assert ENGINE.outcome(state) is None
    state, events = run(state, "R1", "R2", "R3", "R20")
    ended = of_kind(events, "match_ended")[0]
    assert ended.data == {
        "termination": "games_played",
        "games": 8,
        "totals": [0, 0, 0, 4],
        "winners": [3],
    }
    outcome = ENGINE.outcome(state)
    assert outcome.to_json() == {
        "termination": "games_played",
        "scores": [0, 0, 0, 4],
        "winners": [3],
    }
    assert ENGINE.legal_actions(state)["actions"] == []
    assert ENGINE.legal_actions(state)["actor"] is None
    assert "D won with 4 points" in ENGINE.legal_actions(state)["hint"]
    refused(state, "D", "game_over", "AH-6.1")
    refused(state, "R5", "game_over", "AH-6.1")


def test_AH_6_1_match_goes_on_before_the_last_game():
    state = after(last_round(4, game=7), "R1", "R2", "R3", "R20")
    assert ENGINE.outcome(state) is None
    assert state.step.value == "deal"


def test_AH_6_1_games_option_overrides():
    state = after(
        last_round(5, options=new_match(5, games=1).options), "R1", "R2", "R3", "R4", "R5"
    )
    assert ENGINE.outcome(state).termination == "games_played"


def test_AH_6_2_match_ends_when_a_target_is_reached():
    options = new_match(4, target=10).options
    state = last_round(4, options=options, scores=((0, 0, 3, 6),))
    state, events = run(state, "R1", "R2", "R3", "R20")  # D wins 4 → 10
    assert ENGINE.outcome(state).to_json() == {
        "termination": "target_reached",
        "scores": [0, 0, 3, 10],
        "winners": [3],
    }
    assert of_kind(events, "match_ended")[0].data["termination"] == "target_reached"


def test_AH_6_2_target_not_reached_goes_on_without_game_limit():
    options = new_match(4, target=10).options
    state = after(last_round(4, options=options, game=30), "R1", "R2", "R3", "R20")
    assert ENGINE.outcome(state) is None


def test_AH_6_3_best_total_wins_and_ties_share():
    state = last_round(4, game=8, scores=((0, 4, 0, 0),))
    state = after(state, "R1", "R2", "R3", "R20")
    assert ENGINE.outcome(state).winners == (1, 3)


def test_AH_6_3_several_reach_the_target_the_higher_total_wins():
    options = new_match(4, target=10).options
    state = last_round(4, options=options, scores=((9, 9, 0, 6),))
    state = after(state, "R20", "B20", "B1", "B2")  # A takes one red (10), B three blue (12)
    outcome = ENGINE.outcome(state)
    assert outcome.termination == "target_reached"
    assert outcome.scores == (10, 12, 0, 6)
    assert outcome.winners == (1,)


def test_summary_shape():
    state = after(new_match(5, first_dealer=4), "D", "R10")
    assert ENGINE.summary(state) == {
        "game": 1,
        "games": 10,
        "target": None,
        "round": 1,
        "step": "play",
        "dealer": 4,
        "turn": 1,
        "turn_name": "B",
        "totals": [0, 0, 0, 0, 0],
    }
