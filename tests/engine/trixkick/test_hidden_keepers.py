"""Hidden keepers (TK-2.3): what a viewer of one side sees of the other side's keepers.

The engine implements :class:`matches.engine.base.HiddenInformation`: the state, the logged
``keepers`` action (and its notation and game events) and the SVG each come in a view for the
sides in ``visible``; the other sides' keepers stay hidden unless a shot revealed them.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET

from matches.engine.base import HiddenInformation, view_event, view_state, view_svg
from matches.engine.trixkick import ENGINE
from matches.engine.trixkick.svg import COLOURS

from .helpers import BEGINNER, new_match, play, position, setup_lines

ONLY_A = frozenset({0})
ONLY_B = frozenset({1})
BOTH = frozenset({0, 1})
NOBODY = frozenset()
SVG = "{http://www.w3.org/2000/svg}"


def set_up(a_keepers="RKL", b_keepers="LRK", options=None):
    """Both sides set up (B first), keepers included; returns the state and the logged lines."""
    lines = setup_lines(a_keepers=a_keepers, b_keepers=b_keepers)
    state, _ = play(new_match(options if options is not None else BEGINNER), lines)
    return state, lines


def _shooter(field, symbols="LLLK", keepers=("LKR", "KLR"), options=None, symbol="K"):
    a = {"KL": "A1", "LR": "B5"}
    b = {symbols: field, "KL": "B1"}
    return position(
        a, b, holder=f"B-{symbols}", symbol=symbol, attacker=1, keepers=keepers, options=options
    )


def goal_keepers(svg: str, side: int) -> list[str]:
    """The keeper symbols drawn in ``side``'s goal (left to right), parsed from the SVG."""
    root = ET.fromstring(svg)
    return [
        el.text
        for el in root.iter(f"{SVG}text")
        if el.get("fill") == COLOURS[side] and el.get("font-size") == "16"
    ]


# ---- protocol ------------------------------------------------------------------------------


def test_engine_offers_hidden_information():
    assert isinstance(ENGINE, HiddenInformation)


# ---- state ---------------------------------------------------------------------------------


def test_state_view_hides_the_other_sides_keepers():
    state, _ = set_up()
    full = ENGINE.state_to_json(state)
    assert full["keepers"][0] == {"left": "R", "middle": "K", "right": "L"}
    before = copy.deepcopy(full)

    for_b = view_state(ENGINE, full, ONLY_B)
    assert for_b["keepers"][0] == {"left": None, "middle": None, "right": None}
    assert for_b["keepers"][1] == {"left": "L", "middle": "R", "right": "K"}
    for_a = view_state(ENGINE, full, ONLY_A)
    assert for_a["keepers"][0] == full["keepers"][0]
    assert for_a["keepers"][1] == {"left": None, "middle": None, "right": None}
    assert view_state(ENGINE, full, NOBODY)["keepers"] == [for_b["keepers"][0], for_a["keepers"][1]]
    assert view_state(ENGINE, full, BOTH) == full
    assert view_state(ENGINE, full, None) is full  # no viewer restriction: the state itself
    # everything else is the same, and the stored snapshot is left alone
    assert {k: v for k, v in for_b.items() if k != "keepers"} == {
        k: v for k, v in full.items() if k != "keepers"
    }
    assert full == before
    # the view is still JSON
    json.dumps(for_b)


def test_state_view_before_the_keepers_are_set():
    state = new_match(BEGINNER)
    full = ENGINE.state_to_json(state)
    assert view_state(ENGINE, full, ONLY_B)["keepers"] == [None, None]
    # half-way: B (which placed first) has set its keepers, A not yet
    lines = setup_lines(b_keepers="KRL")
    state, _ = play(new_match(BEGINNER), lines[:-1])
    full = ENGINE.state_to_json(state)
    assert full["keepers"][1] == {"left": "K", "middle": "R", "right": "L"}
    assert full["keepers"][0] is None
    assert view_state(ENGINE, full, ONLY_A)["keepers"] == [
        None,
        {"left": None, "middle": None, "right": None},
    ]


def test_state_view_shows_what_a_shot_revealed():
    # A's keepers: left L, middle K, right R; three L from the penalty area: rebound (TK-8.6)
    state = _shooter("A2")
    state, events = play(state, ["B-LLLK L>>left"])
    full = ENGINE.state_to_json(state)
    assert full["step"] == "rebound" and full["revealed"][0] == ["left"]
    assert view_state(ENGINE, full, ONLY_B)["keepers"][0] == {
        "left": "L",
        "middle": None,
        "right": None,
    }
    # the shot's own events name only the revealed keeper, for every viewer
    for event in events:
        _, _, effects = view_event(
            ENGINE,
            {"type": "shoot", "piece": "B-LLLK", "symbol": "L", "target": "left"},
            "B-LLLK L>>left",
            [event.to_json()],
            ONLY_B,
            finished=False,
        )
        assert effects == [event.to_json()]
    # the counter keeps the keeper revealed; the next set-up hides the new keepers again
    state, _ = play(state, ["rebound A6"])
    assert view_state(ENGINE, ENGINE.state_to_json(state), ONLY_B)["keepers"][0]["left"] == "L"


def test_a_goal_reveals_the_keeper_then_the_new_set_up_hides_all():
    state = _shooter("A2", symbol="L")  # received with L, so it shoots with K
    state, events = play(state, ["B-LLLK K>>left"])  # left keeper L, shot K: goal
    assert [e.kind for e in events][:2] == ["shot", "goal"]
    assert events[0].data["keeper"] == "L"
    full = ENGINE.state_to_json(state)
    assert full["phase"] == "over"  # first goal ends a match to one goal
    assert view_state(ENGINE, full, ONLY_B) == full  # everything is shown after the end
    # a longer match: the re-set-up lifts the keepers and the revealed slots with them
    state = _shooter("A2", symbol="L", options={"match_length": {"kind": "goals", "goals": 3}})
    state, _ = play(state, ["B-LLLK K>>left"])
    full = ENGINE.state_to_json(state)
    assert full["phase"] == "setup" and full["keepers"] == [None, None]
    assert full["revealed"] == [[], []]


def test_two_keepers_hide_the_reserve_until_it_makes_a_save():
    opts = {"two_keepers": True, "keeper_support": True}
    a = {"KL": "A1", "LR": "B5"}
    b = {"LLLK": "A2", "KL": "B1"}
    # A: left L, right R, reserve K
    state = position(
        a, b, holder="B-LLLK", symbol="L", attacker=1, keepers=("LR", "KL"), options=opts
    )
    full = ENGINE.state_to_json(state)
    assert view_state(ENGINE, full, ONLY_B)["keepers"][0] == {
        "left": None,
        "right": None,
        "reserve": None,
    }
    # one K at the right keeper R: the reserve K supports and saves (caught: one K, one needed)
    state, events = play(state, ["B-LLLK K>>right"])
    catch = next(e for e in events if e.kind == "catch")
    assert catch.data["keeper"] == "A-K"
    # a catch means a goal kick: a new set-up, nothing revealed any more
    assert ENGINE.state_to_json(state)["revealed"] == [[], []]
    # a rebound keeps the position: three K at the right keeper R, saved by the reserve K
    b = {"KKKL": "A2", "KL": "B1"}
    state = position(
        a, b, holder="B-KKKL", symbol="L", attacker=1, keepers=("LR", "KL"), options=opts
    )
    state, events = play(state, ["B-KKKL K>>right"])
    full = ENGINE.state_to_json(state)
    assert full["step"] == "rebound"
    assert full["revealed"][0] == ["reserve", "right"]
    assert view_state(ENGINE, full, ONLY_B)["keepers"][0] == {
        "left": None,
        "right": "R",
        "reserve": "K",
    }


# ---- the logged keepers action -------------------------------------------------------------


def _logged(state, line):
    action = ENGINE.parse_notation(line)
    transition = ENGINE.apply(state, action)
    effects = [e.to_json() for e in transition.events]
    return transition.state, ENGINE.action_to_json(action), ENGINE.format_action(action), effects


def test_keepers_action_is_hidden_from_the_other_side_until_the_end():
    lines = setup_lines(a_keepers="RKL", b_keepers="LRK")
    state, _ = play(new_match(BEGINNER), lines[:-2])
    state, b_action, b_notation, b_effects = _logged(state, lines[-2])
    state, a_action, a_notation, a_effects = _logged(state, lines[-1])
    assert a_notation == "A keepers RKL" and b_notation == "B keepers LRK"
    a_before = dict(a_action)

    # B's viewer: A's order and notation are masked; B's own line is shown
    action, notation, effects = view_event(
        ENGINE, a_action, a_notation, a_effects, ONLY_B, finished=False
    )
    assert action == {"type": "keepers", "side": 0, "order": None}
    assert notation == "A keepers ???"
    assert "RKL" not in json.dumps([action, notation, effects])
    assert effects == a_effects
    assert view_event(ENGINE, b_action, b_notation, b_effects, ONLY_B, finished=False) == (
        b_action,
        b_notation,
        b_effects,
    )
    # A's viewer sees its own; a viewer of neither side sees none; both sides see both
    assert view_event(ENGINE, a_action, a_notation, a_effects, ONLY_A, finished=False)[1] == (
        "A keepers RKL"
    )
    assert view_event(ENGINE, b_action, b_notation, b_effects, ONLY_A, finished=False)[1] == (
        "B keepers ???"
    )
    assert view_event(ENGINE, a_action, a_notation, a_effects, NOBODY, finished=False)[1] == (
        "A keepers ???"
    )
    assert view_event(ENGINE, a_action, a_notation, a_effects, BOTH, finished=False)[0] == (
        a_action
    )
    # once the match is over, everyone sees every keeper order
    assert view_event(ENGINE, a_action, a_notation, a_effects, ONLY_B, finished=True) == (
        a_action,
        a_notation,
        a_effects,
    )
    assert a_action == a_before  # the logged action itself is never changed


def test_two_keeper_order_is_masked_with_two_marks():
    opts = {**BEGINNER, "two_keepers": True}
    lines = setup_lines(a_keepers="RK", b_keepers="LR")
    state, _ = play(new_match(opts), lines[:-1])
    _, action, notation, effects = _logged(state, lines[-1])
    assert notation == "A keepers RK"
    assert view_event(ENGINE, action, notation, effects, ONLY_B, finished=False)[:2] == (
        {"type": "keepers", "side": 0, "order": None},
        "A keepers ??",
    )


def test_other_actions_pass_unchanged():
    state, _ = set_up()
    _, action, notation, effects = _logged(state, "A-KKL L>C3")
    assert effects  # a kick-off pass has events
    assert view_event(ENGINE, action, notation, effects, ONLY_B, finished=False) == (
        action,
        notation,
        effects,
    )


# ---- SVG -----------------------------------------------------------------------------------


def test_svg_for_a_viewer_hides_the_other_keepers():
    state, _ = set_up(a_keepers="RKL", b_keepers="LRK")
    # the full picture (someone logging for both sides) shows every keeper
    assert goal_keepers(ENGINE.render_svg(state), 0) == ["R", "K", "L"]
    assert goal_keepers(ENGINE.render_svg(state), 1) == ["L", "R", "K"]
    for_b = view_svg(ENGINE, state, ONLY_B)
    ET.fromstring(for_b)
    assert goal_keepers(for_b, 0) == ["?", "?", "?"]
    assert goal_keepers(for_b, 1) == ["L", "R", "K"]
    for_a = view_svg(ENGINE, state, ONLY_A)
    assert goal_keepers(for_a, 0) == ["R", "K", "L"]
    assert goal_keepers(for_a, 1) == ["?", "?", "?"]
    assert goal_keepers(view_svg(ENGINE, state, NOBODY), 0) == ["?", "?", "?"]


def test_svg_shows_revealed_keepers_and_everything_after_the_end():
    state = _shooter("A2")  # A: left L, middle K, right R
    rebound, _ = play(state, ["B-LLLK L>>left"])
    assert goal_keepers(view_svg(ENGINE, rebound, ONLY_B), 0) == ["L", "?", "?"]
    over, _ = play(_shooter("A2", symbol="L"), ["B-LLLK K>>left"])  # goal: 1 goal ends it
    assert ENGINE.outcome(over) is not None
    assert goal_keepers(view_svg(ENGINE, over, ONLY_B), 0) == ["L", "K", "R"]


def test_svg_hides_the_reserve_keeper():
    opts = {"two_keepers": True}
    a = {"KL": "A1", "LR": "B5"}
    b = {"LLLK": "A2", "KL": "B1"}
    state = position(
        a, b, holder="B-LLLK", symbol="L", attacker=1, keepers=("LR", "KL"), options=opts
    )
    assert "(K)" in ENGINE.render_svg(state)  # A's reserve, shown to A
    assert "(K)" in view_svg(ENGINE, state, ONLY_A)
    for_b = view_svg(ENGINE, state, ONLY_B)
    assert "(K)" not in for_b
    assert goal_keepers(for_b, 0) == ["?", "?"]


# ---- a whole set-up and opening, seen from B ------------------------------------------------


def test_nothing_of_a_s_keepers_leaks_to_b_during_play():
    """Log the set-up and a few moves; every view for B lacks A's order until it is revealed."""
    lines = setup_lines(a_keepers="RKL", b_keepers="LRK") + ["A-KKL L>C3", "A-KKR B8"]
    state = new_match(BEGINNER)
    for line in lines:
        state, action, notation, effects = _logged(state, line)
        shown_action, shown_notation, shown_effects = view_event(
            ENGINE, action, notation, effects, ONLY_B, finished=False
        )
        if action["type"] == "keepers" and action["side"] == 0:
            assert shown_action["order"] is None and "RKL" not in shown_notation
        view = view_state(ENGINE, ENGINE.state_to_json(state), ONLY_B)
        a_keepers = view["keepers"][0]
        if a_keepers is not None:
            assert set(a_keepers.values()) == {None}
    assert goal_keepers(view_svg(ENGINE, state, ONLY_B), 0) == ["?", "?", "?"]
