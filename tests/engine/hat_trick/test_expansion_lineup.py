"""HX-0 (a side's expansion lineup in the engine) and HX-K (star keepers)."""

import json

import pytest

from matches.engine.base import SetupError, error_template
from matches.engine.hat_trick import ENGINE, texts
from matches.engine.hat_trick.pitch import code

from .expansion_states import edition, lineup, xnew
from .states import arrange, event, play, rejects

CARDS = "S2l/S2l"


def first_pass(state):
    _, events = play(state, CARDS, "skip", "skip")
    return event(events, "pass_completed").data


def test_HX_0_1_team_card_lineup_is_on_the_pitch_with_its_gold_flags():
    s = xnew(lineup(team_card="ITA"))
    cards = s.setup.expansion.by_code
    assert cards[code(0, 2)].role == "ball_playing_centre_back"
    assert cards[code(0, 2)].numbers == (2, 4)
    assert s.x.gold == {code(0, 4), code(0, 5), code(0, 6)}
    assert s.x.star_keeper == (True, False)  # Italy's keeper is a star keeper
    assert s.setup.expansion.styles == ("tactical", None)
    assert s.setup.expansion.lineups == (True, False)


def test_HX_0_2_gold_flags_change_the_duel():
    silver = first_pass(xnew(lineup()))
    gold = first_pass(xnew(lineup(gold=(6, 7))))
    # blue no. 6 and no. 7 (central midfielders: silver 2, gold 3 attack) count in the ball's line
    assert (silver["attack"], gold["attack"]) == (2 + 2 + 2, 3 + 3 + 2)


def test_HX_0_2_base_side_keeps_base_cards_and_base_matches_have_no_expansion_state():
    s = xnew(lineup())
    assert (
        s.setup.values[code(1, 6)].attack
        == ENGINE.initial_state(edition=ENGINE.default_edition(), sides=[{}, {}], options={})
        .setup.values[code(1, 6)]
        .attack
    )
    base = ENGINE.initial_state(edition=ENGINE.default_edition(), sides=[{}, {}], options={})
    assert base.x is None and base.setup.expansion is None
    assert "x" not in ENGINE.state_to_json(base)


def test_HX_0_1_expansion_state_round_trips_through_json():
    s = xnew(lineup(team_card="BRA"), lineup(team_card="GER", colour="red"))
    s, _ = play(s, CARDS, "skip", "skip")
    data = json.loads(json.dumps(ENGINE.state_to_json(s)))
    assert ENGINE.state_from_json(data) == s


@pytest.mark.parametrize(
    "change, cause",
    [
        (lambda lu: lu["slots"].pop("7"), "slots"),
        (lambda lu: lu["slots"]["4"].update(numbers=[5]), "card_numbers"),
        (lambda lu: lu["slots"]["4"].update(edge="top"), "card_edge"),
        (lambda lu: lu["slots"]["4"]["silver"].update(attack="x"), "face_footballs"),
        (lambda lu: lu["slots"]["4"].update(gold="yes"), "card_gold"),
        (lambda lu: lu.update(style="lazy"), "style"),
        (lambda lu: lu.update(star_keeper=1), "star_keeper"),
        (lambda lu: lu["slots"]["4"].update(card=lu["slots"]["5"]["card"]), "card_id"),
    ],
)
def test_HX_0_1_malformed_lineup_is_a_setup_error(change, cause):
    lu = lineup()
    change(lu)
    with pytest.raises(SetupError) as info:
        xnew(lu)
    assert info.value.code == "invalid_lineup" and info.value.rule == "HX-0.1"
    assert info.value.details["cause"] == cause and info.value.details["side"] == 0
    assert info.value.message == error_template(texts.ERRORS, "invalid_lineup", None, cause).format(
        side="Blue"
    )


def test_HX_E_0_match_events_need_a_lineup_and_known_names():
    with pytest.raises(SetupError):
        ENGINE.initial_state(
            edition=edition(), sides=[{}, {}], options={"match_events": ["long_shot"]}
        )
    with pytest.raises(SetupError):
        xnew(lineup(), match_events=["picnic"])


# ---------------------------------------------------------------- HX-K star keepers


def chance_shot(star_keeper=False):
    s = xnew(lineup(), lineup(colour="red", star_keeper=star_keeper))
    return arrange(s, {"b6": "B9"}, ball="b6", phase="chance_shot", cards=("S2l", "S2l"))


def test_HX_K_3_star_set_only_while_owned():
    s = chance_shot()
    legal = ENGINE.legal_actions(s)["actions"][0]
    assert legal["goalkeeper_cards"] == ["R1", "R2", "R3"]
    rejects(s, "shot S3 R1*", "star_keeper_not_available", "HX-K.3")
    owned = chance_shot(star_keeper=True)
    assert ENGINE.legal_actions(owned)["actions"][0]["goalkeeper_cards"] == [
        "R1",
        "R2",
        "R3",
        "R1*",
        "R2*",
        "R3*",
    ]


def test_HX_K_1_regular_keeper_facing_plus_is_promoted():
    s, events = play(chance_shot(), "shot S3 R1")  # S3: "+" for a dive to the left
    assert event(events, "keeper_promoted").side == 1
    assert s.x.star_keeper == (False, True)
    s, events = play(chance_shot(star_keeper=True), "shot S3 R1")
    assert "keeper_promoted" not in [e.kind for e in events]  # never two star sets
    assert s.x.star_keeper == (False, True)


def test_HX_K_2_star_keeper_facing_the_empty_symbol_is_demoted():
    s, events = play(chance_shot(star_keeper=True), "shot S3 R2*")  # S3: "" for the centre
    assert event(events, "keeper_demoted").side == 1
    assert s.x.star_keeper == (False, False)
    s, events = play(chance_shot(star_keeper=True), "shot S3 R3")  # regular card: voluntary
    assert s.x.star_keeper == (False, True)
    s, events = play(chance_shot(star_keeper=True), "shot S3 R1*")  # "+" keeps the star set
    assert s.x.star_keeper == (False, True)
