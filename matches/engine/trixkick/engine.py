"""The TriXKick engine object: the :class:`~matches.engine.base.GameEngine` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from matches.engine.action_forms import ActionForms
from matches.engine.base import GameEvent, Outcome, Transition
from matches.engine.trixkick import actions as _actions
from matches.engine.trixkick import hidden as _hidden
from matches.engine.trixkick import legal as _legal
from matches.engine.trixkick import notation as _notation
from matches.engine.trixkick.errors import refused_setup
from matches.engine.trixkick.moves import check, concrete_actions, perform
from matches.engine.trixkick.options import normalise_options
from matches.engine.trixkick.pieces import piece_id, reference_edition, team_pieces
from matches.engine.trixkick.setup import start_setup
from matches.engine.trixkick.state import (
    Options,
    Piece,
    Pieces,
    TrixKickState,
    Turn,
    other,
    state_from_json,
)
from matches.engine.trixkick.svg import render

_ACTION_CLASSES = frozenset(cls for cls, _fields in _actions.ACTION_FIELDS.values())
_MOVES = TrixKickState._fields.index("moves")
_new_tuple = tuple.__new__


def _counted(state: TrixKickState) -> TrixKickState:
    """``state`` with one more move counted (``_replace(moves=...)``, by the field's index:
    every ``apply`` makes this copy)."""
    values: list[Any] = list(state)
    values[_MOVES] += 1
    counted: TrixKickState = _new_tuple(TrixKickState, values)
    return counted


class TrixKickEngine(ActionForms):
    """TriXKick: a football board game where the pieces' symbols decide every outcome."""

    key = "trixkick"
    name = "TriXKick"
    min_sides = 2
    max_sides = 2
    actions: ClassVar[ModuleType] = _actions
    notation: ClassVar[ModuleType] = _notation

    def default_edition(self) -> dict[str, Any]:
        return reference_edition()

    def initial_state(
        self,
        *,
        edition: Mapping[str, Any] | None = None,
        sides: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
    ) -> TrixKickState:
        if edition is None:
            edition = reference_edition()
        if not isinstance(sides, Sequence) or isinstance(sides, str) or len(sides) != 2:
            raise refused_setup("invalid_sides", "TK-2", cause="two_sides")
        opts = Options.from_json(normalise_options(options))
        names: list[str] = []
        pieces: dict[str, Piece] = {}
        for index, side in enumerate(sides):
            if not isinstance(side, Mapping):
                raise refused_setup("invalid_sides", "TK-2", cause="side_not_object", side=index)
            unknown = set(side) - {"name", "pieces"}
            if unknown:
                raise refused_setup("invalid_sides", "TK-2", cause="unknown_side_key", side=index)
            name = side.get("name", "AB"[index])
            if not isinstance(name, str) or not name.strip():
                raise refused_setup("invalid_sides", "TK-2", cause="side_name", side=index)
            names.append(name)
            field, subs = team_pieces(edition, side)
            for syms, status in [(s, "squad") for s in field] + [(s, "bench") for s in subs]:
                pieces[piece_id(index, syms)] = Piece(index, syms, None, status, False)
        kicker = opts.kickoff_side
        state = TrixKickState(
            actor=other(kicker),
            attacker=kicker,
            ball=None,
            edition=str(edition.get("key", "custom")),
            keepers=(None, None),
            kickoff_side=kicker,
            moves=0,
            names=tuple(names),
            options=opts,
            pending=None,
            period=1,
            phase="setup",
            pieces=Pieces.of(pieces),
            protect=False,
            result=None,
            revealed=((), ()),
            score=(0, 0),
            setup=None,
            step="place",
            subs=(0, 0),
            triples_in=(0, 0),
            turn=Turn(),
        )
        # TK-3: the coin toss winner kicks off; the loser sets up first
        return start_setup(state, "kickoff", kicker, other(kicker), first=True)

    # actions
    def apply(self, state: TrixKickState, action: Any) -> Transition:
        # an action's own class is found in a set (``isinstance`` against the abstract Mapping
        # is slow); anything else is read as JSON, or refused by ``action_to_json``
        if type(action) not in _ACTION_CLASSES:
            if isinstance(action, Mapping):
                action = _actions.parse_action(dict(action))
            else:
                _actions.action_to_json(action)
        if not _legal.listed(state, action):  # else just listed as legal for this state
            check(state, action)
        events: list[GameEvent] = []
        return Transition(_counted(perform(state, action, events)), tuple(events))

    def legal_actions(self, state: TrixKickState) -> dict[str, Any]:
        return _legal.legal_actions(state)

    def concrete_legal_actions(self, state: TrixKickState) -> list[_actions.Action]:
        """Every legal action one by one (what ``legal_actions`` lists grouped)."""
        return concrete_actions(state)

    # results
    def outcome(self, state: TrixKickState) -> Outcome | None:
        result = state.result
        if state.phase != "over" or result is None:
            return None
        return Outcome(termination=result.termination, scores=state.score, winners=result.winners)

    def summary(self, state: TrixKickState) -> dict[str, Any]:
        return {
            "names": list(state.names),
            "score": list(state.score),
            "phase": state.phase,
            "step": state.step,
            "period": state.period,
            "actor": None if state.phase == "over" else state.actor,
            "attacker": state.attacker,
            "ball": None if state.ball is None else state.ball.field,
            "moves": state.moves,
        }

    def state_to_json(self, state: TrixKickState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> TrixKickState:
        return state_from_json(data)

    def render_svg(self, state: TrixKickState, before: TrixKickState | None = None) -> str:
        """The board with every keeper shown (the view of someone who may see both sides)."""
        return render(state, before=before)

    # hidden information (matches.engine.base.HiddenInformation): the keepers, TK-2.3
    def view_state(self, state_json: Mapping[str, Any], visible: frozenset[int]) -> dict[str, Any]:
        return _hidden.view_state(state_json, visible)

    view_event = staticmethod(_hidden.view_event)

    def render_svg_for(
        self,
        state: TrixKickState,
        visible: frozenset[int],
        before: TrixKickState | None = None,
    ) -> str:
        return render(state, frozenset(visible), before=before)

    def unchecked(self, viewed_json: Mapping[str, Any], action: Any) -> str | None:
        return _hidden.unchecked(viewed_json, action)

    def render_svg_viewed(
        self, viewed_json: Mapping[str, Any], before: TrixKickState | None = None
    ) -> str | None:
        # the hidden keepers unseen (and marked unknown once the match is over, when the
        # server shows them all)
        hidden = _hidden.hidden_sides(viewed_json)
        if not hidden:
            return None
        drawn = self.state_from_json(_hidden.marked_unknown(viewed_json))
        seen = frozenset(side for side in (0, 1) if side not in hidden)
        return self.render_svg_for(drawn, seen, before)


ENGINE = TrixKickEngine()
