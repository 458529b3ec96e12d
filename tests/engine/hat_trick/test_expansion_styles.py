"""HX-S: style cards — decks, earning conditions, the ten play rules, spending and the refill."""

import pytest

from matches.engine.base import GameEvent, SetupError
from matches.engine.hat_trick import ENGINE
from matches.engine.hat_trick.expansion.style_data import check_condition, check_style_effect
from matches.engine.hat_trick.expansion.style_earning import after_action
from matches.engine.hat_trick.pitch import code

from .expansion_states import edition, lineup, xnew
from .states import arrange, ball_at, event, kinds, play, rejects


def brazil_v_italy():
    """Blue Brazil (technical) against red Italy (tactical)."""
    return xnew(lineup(team_card="BRA"), lineup(team_card="ITA", colour="red"))


def holding(s, blue=0, red=0, **x):
    return s._replace(x=s.x._replace(style_hand=(blue, red), **x))


def dribble_into_space(s):
    """Blue no. 6 (ball on b3) dribbles into the emptied b4: a successful dribble."""
    return arrange(s, {"b4": ""}, cards=("D2l", "D1l"), phase="defender_move")


def style_plays(s, side):
    return [
        ENGINE.parse_action(u)
        for a in ENGINE.legal_actions(s)["actions"]
        if a["type"] == "style" and a["side"] == side
        for u in a["uses"]
    ]


def ev(kind, side, **data):
    return GameEvent(kind, side, data)


# ---------------------------------------------------------------- HX-S.0 data


def test_HX_S_0_reference_style_cards_are_data_from_the_vocabulary():
    s = brazil_v_italy()
    xs = s.setup.expansion
    assert len(xs.style_cards) == 12
    assert xs.style_effects["technical-1"] == {
        "kind": "free_kick",
        "own_card": "D1",
        "opponent_stronger": True,
    }
    assert dict(xs.style_conditions)["technical"] == {"actions": ["dribble"], "count": 2}


def test_HX_S_0_bad_style_card_data_is_a_setup_error():
    bad = edition()
    bad["expansion"]["style_cards"][0]["play"] = {"kind": "block"}
    with pytest.raises(SetupError) as info:
        ENGINE.initial_state(edition=bad, sides=[{"lineup": lineup()}, {}], options={})
    assert info.value.rule == "HX-S.0"
    split = edition()
    split["expansion"]["style_cards"][1]["earn"] = {"actions": ["long_ball"], "count": 2}
    with pytest.raises(SetupError) as info:
        ENGINE.initial_state(edition=split, sides=[{"lineup": lineup()}, {}], options={})
    assert info.value.details == {"cause": "style_card_conditions"}
    assert (
        info.value.message
        == "The style cards of one style form one deck: they share one condition."
    )


def test_HX_S_0_checks_of_conditions_and_style_effects():
    assert check_condition({"actions": ["dribble"], "count": 2}) == ""
    assert "earn.count" in check_condition({"actions": ["dribble"], "count": 9})
    assert "earn.actions" in check_condition({"actions": ["header"], "count": 2})
    assert "distinct" in check_condition({"actions": ["dribble"], "count": 2, "distinct": True})
    assert check_style_effect({"kind": "swap", "with": "line_mate"}) == ""
    assert "kind" in check_style_effect({"kind": "borrow", "face": "gold"})
    assert "attack or defence" in check_style_effect({"kind": "modifier", "target": "shot_power"})
    assert "who: self" in check_style_effect({"kind": "move", "who": "any_own"})


def test_HX_S_0_a_card_without_play_data_is_never_offered():
    data = edition()
    for card in data["expansion"]["style_cards"]:
        if card["id"] == "technical-1":
            del card["play"]
    s = ENGINE.initial_state(
        edition=data, sides=[{"lineup": lineup(team_card="BRA")}, {}], options={}
    )
    s = holding(arrange(s, {}, cards=("D1l", "D3l"), phase="attacker_move"), blue=1)
    assert "technical-1" not in {p.card for p in style_plays(s, 0)}
    rejects(s, "st B technical-1", "unknown_style_card", "HX-S.0")


# ---------------------------------------------------------------- HX-S.1 styles and decks


def test_HX_S_1_a_team_plays_its_own_style_only():
    s = holding(arrange(brazil_v_italy(), {}, cards=("D1l", "D3l"), phase="attacker_move"), 1, 1)
    assert {p.card for p in style_plays(s, 0)} == {"technical-1"}
    rejects(s, {"type": "style", "side": 0, "card": "tactical-1"}, "wrong_style", "HX-S.1")


# ---------------------------------------------------------------- HX-S.2/3 earning


def test_HX_S_2_two_successful_dribbles_in_a_row_earn_the_top_technical_card():
    s, events = play(dribble_into_space(brazil_v_italy()), "skip")
    assert s.x.streak[0] == ("dribble",) and "style_card_earned" not in kinds(events)
    again = dribble_into_space(brazil_v_italy())._replace(
        x=brazil_v_italy().x._replace(streak=(("dribble",), ()))
    )
    s, events = play(again, "skip")
    assert event(events, "style_card_earned").data == {"style": "technical", "style_found": False}
    assert s.x.style_fresh == (1, 0) and s.x.streak[0] == ()  # HX-S.7: the run starts again


def test_HX_S_2_the_run_must_be_in_a_row_an_opposing_action_ends_it():
    s = brazil_v_italy()._replace(x=brazil_v_italy().x._replace(streak=(("dribble",), ())))
    events = (ev("pass_completed", 1, pass_type="short_pass", foul=False),)
    after, extra = after_action(s, s, events)
    assert after.x.streak == ((), ("short_pass",)) and not extra


def test_HX_S_3_a_foul_and_a_pass_to_the_mate_in_front_are_not_successful_dribbles():
    s = brazil_v_italy()._replace(x=brazil_v_italy().x._replace(streak=(("dribble",), ())))
    fouled = (ev("dribble_won", 0, foul=True, **{"from": "b3", "to": "b4"}),)
    assert after_action(s, s, fouled)[0].x.streak[0] == ()
    mate = (ev("pass_completed", 0, pass_type="dribbling", **{"from": "b3", "to": "b4"}),)
    assert after_action(s, s, mate)[0].x.streak[0] == ()


# ---------------------------------------------------------------- HX-S.4 not in the round earned


def test_HX_S_4_a_card_is_playable_from_the_round_after_it_was_earned():
    s = brazil_v_italy()
    s = s._replace(x=s.x._replace(style_fresh=(1, 0)))
    s = arrange(s, {}, cards=("D1l", "D3l"), phase="attacker_move")
    assert style_plays(s, 0) == []
    rejects(s, "st B technical-1", "style_card_fresh", "HX-S.4")
    s = arrange(s, {}, phase="play_cards", cards=(None, None))
    s, _ = play(s, "D1l/D3l")
    assert s.x.style_hand == (1, 0) and style_plays(s, 0)


# ---------------------------------------------------------------- HX-S.5 not from abilities


def test_HX_S_5_an_action_helped_by_an_own_ability_does_not_count():
    s = brazil_v_italy()
    helped = (
        ev("ability_used", 0, player=6, ability="x", gold=True, target="attack", amount=1),
        ev("dribble_won", 0, foul=False, **{"from": "b3", "to": "b4"}),
    )
    assert after_action(s, s, helped)[0].x.streak[0] == ()
    opponent_helped = (ev("ability_used", 1, player=6, ability="x", gold=True), helped[1])
    assert after_action(s, s, opponent_helped)[0].x.streak[0] == ("dribble",)


# ---------------------------------------------------------------- HX-S.6 chances


def test_HX_S_6_no_successful_moves_and_no_earning_in_a_scoring_opportunity():
    s = brazil_v_italy()._replace(x=brazil_v_italy().x._replace(streak=(("dribble",), ())))
    chance = s._replace(phase="chance_defender_move")
    dribble = (ev("dribble_won", 0, foul=False, **{"from": "b5", "to": "b6"}),)
    after, extra = after_action(chance, chance, dribble)
    assert after.x.streak[0] == ("dribble",) and not extra
    started = (ev("scoring_opportunity", 0, player=6),)
    assert after_action(s, s, started)[0].x.streak == ((), ())


def test_HX_S_6_interpretation_the_action_that_leads_into_a_chance_still_counts():
    s = brazil_v_italy()._replace(x=brazil_v_italy().x._replace(streak=(("dribble",), ())))
    events = (
        ev("dribble_won", 0, foul=False, **{"from": "b5", "to": "b6"}),
        ev("scoring_opportunity", 0, player=6),
    )
    after, extra = after_action(s, s, events)
    assert [e.kind for e in extra] == ["style_card_earned"] and after.x.streak == ((), ())


# ---------------------------------------------------------------- HX-S.7 every condition met


def test_HX_S_7_every_condition_met_earns_again_until_the_deck_is_empty():
    s = brazil_v_italy()
    s = s._replace(x=s.x._replace(style_hand=(2, 0), streak=(("dribble",), ())))
    dribble = (ev("dribble_won", 0, foul=False, **{"from": "b3", "to": "b4"}),)
    after, extra = after_action(s, s, dribble)
    assert after.x.style_fresh == (1, 0) and extra
    full = after._replace(x=after.x._replace(streak=(("dribble",), ())))
    after, extra = after_action(full, full, dribble)  # all three technical cards are held
    assert after.x.style_fresh == (1, 0) and not extra and after.x.streak[0] == ()


# ---------------------------------------------------------------- HX-S.8 one per round


def test_HX_S_8_one_style_card_per_manager_per_round():
    s = holding(brazil_v_italy(), blue=2)
    s = dribble_into_space(s)
    s, _ = play(s, "skip")  # blue no. 6 dribbles to b4
    s, events = play(s, "st B technical-2 @6 f")
    assert event(events, "style_card_played").data["card"] == "technical-2"
    assert ball_at(s) == "b5:B6"
    rejects(s, "st B technical-3", "style_limit", "HX-S.8")
    assert style_plays(s, 0) == []


# ---------------------------------------------------------------- HX-S.9 order


def test_HX_S_9_order_tactical_before_technical_and_the_attacker_first_on_one_style():
    s = holding(brazil_v_italy(), blue=1, red=1)
    s = arrange(s, {}, cards=("D1l", "D3l"), phase="attacker_move")
    later = s._replace(x=s.x._replace(style_moment=((0, "technical-2"),)))
    err = rejects(later, {"type": "style", "side": 1, "card": "tactical-1"}, "style_order")
    assert err.rule == "HX-S.9"
    spain = xnew(lineup(team_card="BRA"), lineup(team_card="ESP", colour="red"))
    spain = holding(arrange(spain, {}, cards=("D1l", "D3l"), phase="attacker_move"), 1, 1)
    defender_first = spain._replace(x=spain.x._replace(style_moment=((1, "technical-2"),)))
    rejects(defender_first, "st B technical-1", "style_order", "HX-S.9")
    assert style_plays(defender_first, 0) == []
    attacker_first = spain._replace(x=spain.x._replace(style_moment=((0, "technical-2"),)))
    # the defender's card after the attacker's is in order; it fails only for want of an effect
    rejects(attacker_first, "st R technical-1", "style_not_usable", "HX-S.12")


# ---------------------------------------------------------------- HX-S.10 free kicks


def test_HX_S_10_provoke_a_foul_free_kick_does_not_move_the_ball():
    s = holding(brazil_v_italy(), blue=1)
    s = arrange(s, {}, cards=("D1l", "D3l"), phase="attacker_move")
    assert {"type": "style", "side": 0, "card": "technical-1"} in [
        u for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "style" for u in a["uses"]
    ]
    before = ball_at(s)
    s, events = play(s, "st B technical-1")
    assert event(events, "free_kick").data["provoked"] is True
    assert ball_at(s) == before and s.phase == "free_kick_defender_move"
    assert s.x.style_spent == (("technical-1",), ()) and s.x.style_hand == (0, 0)


def test_HX_S_10_provoke_a_foul_needs_the_dribbling_one_and_a_stronger_card():
    s = holding(brazil_v_italy(), blue=1)
    weaker = arrange(s, {}, cards=("D1l", "D1r"), phase="attacker_move")
    rejects(weaker, "st B technical-1", "style_not_usable", "HX-S.12")
    other = arrange(s, {}, cards=("D2l", "D3l"), phase="attacker_move")
    rejects(other, "st B technical-1", "style_not_usable", "HX-S.12")


# ---------------------------------------------------------------- HX-S.11 abilities first


def test_HX_S_11_abilities_before_style_cards_at_one_moment():
    s = xnew(lineup(team_card="ITA"), lineup(team_card="BRA", colour="red"))
    s = s._replace(
        x=s.x._replace(
            style_moment=((1, "technical-2"),),
            window=(("dribble_won", 0, {"dribbler": 2, "from": "a2", "to": "a3", "foul": False}),),
        )
    )
    assert not [a for a in ENGINE.legal_actions(s)["actions"] if a["type"] == "ability"]
    rejects(s, {"type": "ability", "side": 0, "player": 2}, "abilities_first", "HX-S.11")


# ---------------------------------------------------------------- HX-S.12 playing


def test_HX_S_12_playing_needs_a_held_card_and_an_effect():
    s = arrange(brazil_v_italy(), {}, cards=("D1l", "D3l"), phase="attacker_move")
    rejects(s, "st B technical-1", "no_style_card_left", "HX-S.12")
    rejects(holding(s, blue=1), "st B technical-2 @6 f", "style_not_usable", "HX-S.12")
    spent = holding(s, blue=1, style_spent=(("technical-1",), ()))
    rejects(spent, "st B technical-1", "style_card_spent", "HX-S.13")
    budget = xnew(lineup(), lineup(team_card="ITA", colour="red"))
    rejects(budget, "st B tactical-1", "no_style_card", "HX-S.12")


def test_HX_S_12_a_modifier_card_is_announced_and_counted_in_the_duel():
    italy = xnew(lineup(team_card="ITA"), lineup(team_card="BRA", colour="red"))
    italy = arrange(italy, {}, cards=("S2l", "S2l"), phase="attacker_move")
    _, plain = play(italy, "skip", "skip")
    s, events = play(holding(italy, blue=1), "st B tactical-1", "skip", "skip")
    kinds_ = ("pass_completed", "pass_intercepted")
    with_card = [e for e in events if e.kind in kinds_][0].data["attack"]
    without = [e for e in plain if e.kind in kinds_][0].data["attack"]
    assert with_card == without + 1
    assert event(events, "style_card_effect").data == {
        "card": "tactical-1",
        "target": "attack",
        "amount": 1,
    }
    assert s.x.style_armed == ()


def england_defending_b4(designs=None):
    """Blue attacks with no. 6 on b4, in red's half; red (physical) holds physical-2 (defence +1
    while the ball is in its own half); blue dribbles with D2l against red's D3l."""
    s = xnew(lineup(), lineup(designs, colour="red", style="physical"))
    s = holding(s, red=1)
    placement = {"b4": "B6", "a4": "R4", "b5": "R5"}  # red no. 5 right in front of the dribbler
    return arrange(s, placement, ball="b4", cards=("D2l", "D3l"), phase="defender_move")


def test_HX_S_12_interpretation_a_modifier_before_a_free_kick_is_spent_without_effect():
    # good move: with a duel in the round, the announced defence modifier is counted
    s = england_defending_b4({4: "man_marker-4"})
    plain = play(s, "skip")[1]
    duel, with_card = play(s, "st R physical-2", "skip")
    lost = [e for e in with_card if e.kind in ("dribble_won", "dribble_lost")][0]
    plain_duel = [e for e in plain if e.kind in ("dribble_won", "dribble_lost")][0]
    assert lost.data["defence"] == plain_duel.data["defence"] + 1
    assert event(with_card, "style_card_effect").data["amount"] == 1
    # the man-marker's deliberate foul comes first: a free kick, no duel, the card is spent
    s, events = play(s, {"type": "ability", "side": 1, "player": 4}, "st R physical-2", "skip")
    assert "free_kick" in kinds(events) and "style_card_effect" not in kinds(events)
    assert s.x.style_spent == ((), ("physical-2",)) and s.x.style_hand == (0, 0)
    rejects(s, "st R physical-2", "style_card_spent", "HX-S.13")
    # ... and it is not carried into the next round's duel
    s, events = play(s, "skip", "skip", {"type": "free_kick", "scoring_opportunity": False})
    s, events = play(s, "D2l/D3l", "skip", "skip")
    assert s.x.style_armed == () and "style_card_effect" not in kinds(events)


def test_HX_S_12_interpretation_a_modifier_without_a_duel_is_spent_without_effect():
    s = england_defending_b4()
    # the dribbler runs into an empty field (HT-3C.3): nothing is counted, nothing takes effect
    empty = arrange(s, {"b5": ""})
    after, events = play(empty, "st R physical-2", "skip")
    assert "dribble_won" in kinds(events) and "style_card_effect" not in kinds(events)
    assert after.x.style_spent == ((), ("physical-2",)) and after.x.style_armed == ()
    # a team-mate in front gets the ball (HT-3C.2): no duel either
    mate = arrange(s, {"b5": "B7"})
    after, events = play(mate, "st R physical-2", "skip")
    assert event(events, "pass_completed").data["pass_type"] == "dribbling"
    assert "style_card_effect" not in kinds(events) and after.x.style_armed == ()


# ---------------------------------------------------------------- HX-S.13 spending, refill


def test_HX_S_13_spent_cards_return_at_half_time_and_as_many_are_drawn():
    s = xnew(lineup(team_card="BRA"), lineup(team_card="ESP", colour="red"))
    d0, d1 = s.decks
    s = s._replace(decks=(d0._replace(ran_out=True), d1._replace(ran_out=True)))
    s = holding(s, style_spent=(("technical-1",), ("technical-2", "technical-3")))
    s, events = play(dribble_into_space(s), "skip")
    assert s.half == 2 and s.x.style_spent == ((), ())
    assert s.x.style_hand == (1, 2) and s.x.style_fresh == (0, 0)  # playable at once
    refills = [e for e in events if e.kind == "style_cards_refilled"]
    assert [(e.side, e.data["cards"]) for e in refills] == [(0, 1), (1, 2)]  # defender first


# ---------------------------------------------------------------- HX-S.14 budget teams


def test_HX_S_14_a_budget_team_finds_its_style_with_its_first_condition():
    s = xnew(lineup(), lineup(team_card="ITA", colour="red"))
    assert s.x.style == (None, "tactical")
    s = s._replace(x=s.x._replace(streak=(("short_pass", "short_pass"), ())))
    events = (ev("pass_completed", 0, pass_type="short_pass", foul=False),)
    after, extra = after_action(s, s, events)
    assert after.x.style[0] == "tactical" and after.x.style_fresh == (1, 0)
    assert extra[0].data == {"style": "tactical", "style_found": True}
    # from then on only the tactical condition earns
    after = after._replace(x=after.x._replace(streak=(("dribble",), ())))
    dribble = (ev("dribble_won", 0, foul=False, **{"from": "b3", "to": "b4"}),)
    assert not after_action(after, after, dribble)[1]
    assert code(0, 6) in after.grid
