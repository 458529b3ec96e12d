"""The hook points of the base step machine (``flow``) and of ``legal`` that an expansion fills.

The base game never imports an expansion. A match whose set-up carries an expansion
(``Setup.expansion``, and so ``State.x``) is played through the hooks installed for the type of
that set-up; an expansion installs them when it is loaded (``engine`` loads the "Spieler"
expansion). The dependency runs one way: an expansion imports the base flow and builds on its
public steps (``start_turn``, ``start_chance``, ``after_action``, ``foul``, ``move_rules``,
``apply_base``), and a second expansion plugs in the same way with its own set-up type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from matches.engine.base import GameEvent, Transition
    from matches.engine.hat_trick.actions import Action
    from matches.engine.hat_trick.state import KeeperCard, Setup, State


class FlowHooks(Protocol):
    """Where the base flow hands a match with an expansion to that expansion."""

    def initial_state(self, expansion: Any) -> Any:
        """The expansion's part of a new match's state (``State.x``)."""
        ...

    def apply(self, s: State, a: Action) -> Transition:
        """One action; the expansion's own actions, and the regular ones through
        ``flow.apply_base``."""
        ...

    def step3(self, s: State, lines: int, events: list[GameEvent]) -> State:
        """The attacker's action in open play (HT-3), with the expansion's modifiers and ties."""
        ...

    def tied_fields(self, s: State, line: int, favoured: int) -> list[int]:
        """Players of one team tied for the lowest number in ``line`` (empty: no tie)."""
        ...

    def tie(self, s: State, kind: str, fields: list[int], events: list[GameEvent]) -> State:
        """Pause for the manager's choice among the tied ``fields``."""
        ...

    def check_keeper_card(self, s: State, side: int, card_id: str) -> None:
        """Refuse a goalkeeper card the side may not use now."""
        ...

    def shot_bonus(
        self, s: State, side: int, ball: int, kind: str, events: list[GameEvent]
    ) -> tuple[State, int, int, bool]:
        """(state, extra power, extra keeper draws, counts from the final line) for a shot."""
        ...

    def after_shot(
        self, s: State, keeper_side: int, keeper_id: str, symbol: str, events: list[GameEvent]
    ) -> State:
        """The keeper card's consequences once the shot is known."""
        ...

    def keepers_in_play(self, s: State, side: int) -> tuple[KeeperCard, ...]:
        """The goalkeeper cards ``side`` may reveal now (``legal_actions``)."""
        ...

    def paused(self, s: State) -> dict[str, Any] | None:
        """The whole ``legal_actions`` answer while the expansion waits for a choice, or None."""
        ...

    def extra_actions(self, s: State, actions: list[dict[str, Any]]) -> None:
        """Add the expansion's own actions open now to ``actions`` (the step does not change)."""
        ...


_INSTALLED: dict[type, FlowHooks] = {}


def install(setup_type: type, hooks: FlowHooks) -> None:
    """Play matches whose ``Setup.expansion`` is a ``setup_type`` through ``hooks``."""
    _INSTALLED[setup_type] = hooks


def for_setup(setup: Setup) -> FlowHooks:
    """The hooks of the expansion a set-up carries."""
    kind = type(setup.expansion)
    try:
        return _INSTALLED[kind]
    except KeyError:
        raise RuntimeError(f"no hooks installed for the expansion {kind.__name__}") from None


def of(s: State) -> FlowHooks:
    return for_setup(s.setup)
