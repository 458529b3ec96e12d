"""Rules engine for Hattrick (Amigo, Klaus Palesch, 1995): a trick-taking game for 4–6
players with 60 cards, three colours numbered 1–20. The rules as implemented, with every
interpretation marked, are in ``docs/rules/amigo-hattrick.md``.

A short example, the English rules' first round::

    >>> from matches.engine.amigo_hattrick import ENGINE
    >>> sides = [{"name": name} for name in "ABCDE"]
    >>> state = ENGINE.initial_state(edition=ENGINE.default_edition(), sides=sides,
    ...                              options={"first_dealer": 4})
    >>> for text in ["D", "R10", "B14>2", "R12", "R3", "B19"]:
    ...     state = ENGINE.apply(state, ENGINE.parse_notation(text)).state
    >>> [len(won) for won in state.won], state.turn
    ([0, 0, 3, 0, 2], 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from matches.engine.action_forms import ActionForms
from matches.engine.base import JSON, Edition, MatchOptions, Outcome, Sides, Transition
from matches.engine.game import Game
from matches.engine.i18n import pgettext

from . import actions, game, hints, legal, notation, scoring, svg
from . import state as state_module
from .actions import Action, Deal, Pass, Play
from .cards import Card, parse_card
from .edition import default_edition
from .state import State, Step
from .stats import AmigoHattrickExtractor


class AmigoHattrickEngine(ActionForms):
    """The engine object registered under ``"amigo-hattrick"``."""

    key = "amigo-hattrick"
    name = "Hattrick (Amigo)"
    min_sides = game.MIN_PLAYERS
    max_sides = game.MAX_PLAYERS
    actions: ClassVar[ModuleType] = actions
    notation: ClassVar[ModuleType] = notation

    def default_edition(self) -> dict[str, JSON]:
        return default_edition()

    def initial_state(self, *, edition: Edition, sides: Sides, options: MatchOptions) -> State:
        return game.initial_state(edition=edition, sides=sides, options=options)

    def apply(self, state: State, action: Action) -> Transition:
        return game.apply(state, action)

    def legal_actions(self, state: State) -> dict[str, JSON]:
        return legal.legal_actions(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.step is not Step.OVER or state.termination is None:
            return None
        totals = state.totals
        best = max(totals)
        winners = tuple(side for side in range(state.players) if totals[side] == best)
        return Outcome(state.termination.value, totals, winners)

    def summary(self, state: State) -> dict[str, JSON]:
        return {
            "game": state.game,
            "games": state.options.games,
            "target": state.options.target,
            "round": state.round,
            "step": state.step.value,
            "dealer": state.dealer,
            "turn": state.turn,
            "turn_name": None if state.turn is None else state.names[state.turn],
            "totals": list(state.totals),
        }

    def state_to_json(self, state: State) -> dict[str, JSON]:
        return state_module.state_to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return state_module.state_from_json(data)

    def render_svg(self, state: State, before: State | None = None) -> str:
        return svg.render_svg(state, before)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key!r}>"


ENGINE = AmigoHattrickEngine()

GAME = Game.of_package(
    __name__,
    ENGINE,
    title=lambda: pgettext("game", "Hattrick (Amigo)"),
    hint=lambda state, legal: hints.hint(state),
    side_names=lambda state: state.names,
    rule_prefixes=("AH",),
    stats=AmigoHattrickExtractor(),
    example_score=scoring.example_score,
)

__all__ = [
    "ENGINE",
    "GAME",
    "AmigoHattrickEngine",
    "Card",
    "Deal",
    "Pass",
    "Play",
    "State",
    "parse_card",
]
