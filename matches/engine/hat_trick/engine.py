"""The Hat-Trick engine object that satisfies :class:`matches.engine.base.GameEngine`."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, get_args

from matches.engine.action_forms import ActionForms
from matches.engine.base import Edition, MatchOptions, Outcome, Sides, Transition
from matches.engine.hat_trick import actions as _actions
from matches.engine.hat_trick import codec, flow, hooks, legal, notation
from matches.engine.hat_trick.edition import build_setup, reference_edition
from matches.engine.hat_trick.errors import unreadable
from matches.engine.hat_trick.expansion import flow as spieler
from matches.engine.hat_trick.hooks import INSTALLED
from matches.engine.hat_trick.pitch import field_name, number_of
from matches.engine.hat_trick.state import State
from matches.engine.hat_trick.svg import render_svg

spieler.install()  # the "Spieler" expansion fills the base flow's hook points

_ACTION_TYPES = frozenset(get_args(_actions.Action))


class HatTrickEngine(ActionForms):
    """Hat-Trick, the base game: two managers, 4 x 6 pitch, action cards.

    >>> from matches.engine.hat_trick import ENGINE
    >>> s = ENGINE.initial_state(edition=ENGINE.default_edition(), sides=[{"name": "Blue"}, {"name": "Red"}], options={})
    >>> ENGINE.summary(s)["step"]
    'play_cards'
    """

    key = "hat-trick"
    name = "Hat-Trick"
    min_sides = max_sides = 2
    actions: ClassVar[ModuleType] = _actions
    notation: ClassVar[ModuleType] = notation

    def default_edition(self) -> Mapping[str, Any]:
        return reference_edition()

    def initial_state(self, *, edition: Edition, sides: Sides, options: MatchOptions) -> State:
        setup, kickoff = build_setup(edition, sides, options)
        return flow.new_match(setup, kickoff)

    def apply(self, state: State, action: Any) -> Transition:
        # an action's own type is found in a set; ``isinstance`` against the union of eighteen
        # types tries them one by one
        if type(action) not in _ACTION_TYPES and not isinstance(action, _actions.Action):
            action = _actions.parse_action(action) if isinstance(action, dict) else None
            if action is None:
                raise unreadable("invalid_action", None, cause="not_a_move")
        play = INSTALLED.get(type(state.setup.expansion)) or hooks.of(state)
        return play.apply(state, action)

    def legal_actions(self, state: State) -> dict[str, Any]:
        return legal.legal_actions(state)

    def outcome(self, state: State) -> Outcome | None:
        return flow.outcome(state)

    def summary(self, state: State) -> dict[str, Any]:
        holder = state.holder
        return {
            "score": list(state.score),
            "half": state.half,
            "step": state.phase,
            "attacker": state.attacker if state.phase != "match_over" else None,
            "ball": None
            if state.ball < 0
            else {"field": field_name(state.ball), "player": number_of(holder)},
            "turn": legal.actor(state),
            "shootout": [state.shootout[2], state.shootout[3]] if state.half == 4 else None,
            "over": state.phase == "match_over",
        }

    def state_to_json(self, state: State) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return codec.state_from_json(data)

    def render_svg(self, state: State, before: State | None = None) -> str:
        return render_svg(state, before)


ENGINE = HatTrickEngine()
