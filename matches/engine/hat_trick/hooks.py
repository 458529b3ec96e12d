"""The hook points of the base game that an expansion fills: the step machine (``flow``),
``legal``, the set-up (``edition``) and the set-up's JSON form (``state``).

The base game never imports an expansion. A match whose set-up carries an expansion
(``Setup.expansion``, and so ``State.x``) is played through the hooks installed for the type of
that set-up; a match without one through the base game's own hooks (``flow.BaseHooks``, which
leave the base rules as they are). An expansion installs its hooks when it is loaded
(``engine`` loads the "Spieler" expansion). The dependency runs one way: an expansion imports
the base flow and builds on its public steps (``start_turn``, ``start_chance``,
``after_action``, ``foul``, ``move_rules``, ``apply_base``), and a second expansion plugs in the
same way with its own set-up type.

The expansion's part of the set-up reads its own JSON and its own state's JSON
(``ExpansionSetup``); the set-up's JSON does not name the expansion, so the one installed
expansion reads it (a second expansion would tag its part).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence

    from matches.engine.base import Edition, GameEvent, MatchOptions, Sides, Transition
    from matches.engine.hat_trick.actions import Action
    from matches.engine.hat_trick.state import KeeperCard, PlayerCard, Setup, State


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


@dataclass
class BaseCards:
    """Both sides' base-game cards while a match's set-up is built, each list by side."""

    colours: Sequence[str]
    players: list[list[PlayerCard]]
    keepers: list[tuple[KeeperCard, ...]]
    star_keepers: list[bool]


class ExpansionSetup(Protocol):
    """How an expansion builds its part of a match's set-up (``Setup.expansion``)."""

    def from_lineups(
        self, edition: Edition, sides: Sides, options: MatchOptions, cards: BaseCards
    ) -> Any:
        """The expansion's part of the set-up (None: no side plays it); it may replace the
        base ``cards`` of the sides that bring a lineup."""
        ...

    def from_json(self, d: Any) -> Any:
        """The expansion's part of a set-up from its JSON form (its ``to_json``)."""
        ...


INSTALLED: dict[type, FlowHooks] = {}
"""The hooks installed per set-up type (``install`` fills it): a step reads it directly, a
function call less than ``of``; ``of`` names a set-up whose hooks are missing."""
_SETUP: list[ExpansionSetup] = []


def install(setup_type: type, hooks: FlowHooks, setup: ExpansionSetup | None = None) -> None:
    """Play matches whose ``Setup.expansion`` is a ``setup_type`` through ``hooks``; ``setup``
    builds and reads that part of the set-up (``type(None)``: the base game's own hooks)."""
    INSTALLED[setup_type] = hooks
    if setup is not None and setup not in _SETUP:
        _SETUP.append(setup)


def for_setup(setup: Setup) -> FlowHooks:
    """The hooks of the expansion a set-up carries (the base game's without one)."""
    kind = type(setup.expansion)
    try:
        return INSTALLED[kind]
    except KeyError:
        raise RuntimeError(f"no hooks installed for the expansion {kind.__name__}") from None


def of(s: State) -> FlowHooks:
    """The hooks a match plays through (``for_setup`` of its set-up; a step calls this often)."""
    try:
        return INSTALLED[type(s.setup.expansion)]
    except KeyError:
        return for_setup(s.setup)  # raises, naming the expansion


def expansion_from_lineups(*args: Any) -> Any:
    """The expansion part of a new set-up (``ExpansionSetup.from_lineups``), None without one."""
    for setup in _SETUP:
        part = setup.from_lineups(*args)
        if part is not None:
            return part
    return None


def expansion_from_json(d: Any) -> Any:
    """The expansion part of a set-up read from its JSON form (None: the base game)."""
    if d is None:
        return None
    if len(_SETUP) != 1:
        raise RuntimeError(f"{len(_SETUP)} expansions installed; one reads the set-up's part")
    return _SETUP[0].from_json(d)
