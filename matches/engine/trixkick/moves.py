"""Which action fits which step, and the dispatch to the rules modules.

``check(s, action)`` raises :class:`~matches.engine.base.IllegalActionError` when the action is
not allowed now; ``perform(s, action, events)`` carries it out, returning the next state;
``concrete_actions(s)`` lists the actions ``check`` allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from matches.engine.base import GameEvent, IllegalActionError
from matches.engine.trixkick import actions as A
from matches.engine.trixkick import ballplay, fouls, periods, runs, setup, shots
from matches.engine.trixkick.candidates import candidates
from matches.engine.trixkick.duels import resolve_exchange
from matches.engine.trixkick.errors import game_over, illegal
from matches.engine.trixkick.pieces import side_of
from matches.engine.trixkick.state import TrixKickState, start_defence, the_ball

STEP_ACTIONS: dict[str, tuple[type, ...]] = {
    "place": (A.Place, A.Substitute, A.Whistle),
    "keepers": (A.Keepers, A.Whistle),
    "attack": (A.Play, A.Shoot, A.Run, A.DoublePass, A.EndTurn, A.Whistle),
    "defend": (A.Run, A.Castle, A.Pass, A.Whistle),
    "card": (A.Card, A.Whistle),
    "corner_choice": (A.CornerChoice, A.Whistle),
    "rebound": (A.Rebound, A.Whistle),
    "penalty": (A.Shoot, A.Whistle),
}
_PIECE_FIELDS = ("piece", "out", "into", "partner", "with_piece")


def check(s: TrixKickState, a: A.Action) -> None:
    if s.phase == "over":
        raise game_over("TK-17")
    step = s.step
    side = s.actor
    if not isinstance(a, STEP_ACTIONS[step]):
        if isinstance(a, A.Castle) and step == "attack":
            runs.check_castle(s, side, a)
        raise illegal("not_now", "TK-3", step=step, side=side)
    for name in _PIECE_ATTRS[type(a)]:
        pid = getattr(a, name, None)
        if isinstance(pid, str) and side_of(pid) != side and not isinstance(a, A.Card):
            raise illegal("not_your_piece", "TK-3", piece=pid, side=side)
        if isinstance(pid, str) and pid not in s.pieces:
            raise illegal("unknown_piece", "TK-1", piece=pid)
    _CHECKS[type(a)](s, side, a)


def concrete_actions(
    s: TrixKickState, limit: int | None = None, skip: tuple[type, ...] = ()
) -> list[A.Action]:
    """The legal actions one by one (``limit`` stops early; ``skip`` leaves types out)."""
    if s.phase == "over":
        return []
    found: list[A.Action] = []
    for action in candidates(s):
        if isinstance(action, skip):
            continue
        try:
            check(s, action)
        except IllegalActionError:
            continue
        found.append(action)
        if limit is not None and len(found) >= limit:
            break
    return found


def _check_card(s: TrixKickState, side: int, a: A.Card) -> None:
    if a.piece not in fouls.card_candidates(s):
        raise illegal("not_a_fouler", "TK-12.2")


def _check_end(s: TrixKickState, side: int, a: A.EndTurn) -> None:
    turn = s.turn
    kick = the_ball(s).kick
    if not turn.played and kick in ballplay.SET_PIECES:
        raise illegal("kick_first", "TK-6" if kick == "kickoff" else "TK-3.1")
    if turn.played or turn.ran:
        return
    if concrete_actions(s, limit=1, skip=(A.EndTurn, A.Whistle)):
        raise illegal("must_move", "TK-3.1")


def _check_pass(s: TrixKickState, side: int, a: A.Pass) -> None:
    if concrete_actions(s, limit=1, skip=(A.Pass, A.Whistle)):
        raise illegal("must_move", "TK-3.2")


def _no_check(s: TrixKickState, side: int, a: A.Action) -> None:
    return None


# the piece attributes of each action class, in the order of _PIECE_FIELDS
_PIECE_ATTRS: dict[type, tuple[str, ...]] = {
    cls: tuple(name for name in _PIECE_FIELDS if name in {f.name for f in fields(cls)})
    for classes in STEP_ACTIONS.values()
    for cls in classes
}
# the rule checks of each action class: (state, side, action), raising a refusal
_CHECKS: dict[type, Callable[[TrixKickState, int, Any], None]] = {
    A.Place: setup.check_place,
    A.Keepers: setup.check_keepers,
    A.Substitute: setup.check_substitute,
    A.Play: ballplay.check_play,
    A.Shoot: shots.check_shoot,
    A.Run: runs.check_run,
    A.DoublePass: ballplay.check_double_pass,
    A.Castle: runs.check_castle,
    A.EndTurn: _check_end,
    A.Pass: _check_pass,
    A.Card: _check_card,
    A.CornerChoice: _no_check,
    A.Rebound: shots.check_rebound,
    A.Whistle: lambda s, side, a: periods.check_whistle(s),
}


def _give_card(s: TrixKickState, side: int, a: A.Card, events: list[GameEvent]) -> TrixKickState:
    return fouls.award_kick(fouls.give_card(s, a.piece, events), events)


# what each action class does: (state, side, action, events) -> the next state
_PERFORM: dict[type, Callable[[TrixKickState, int, Any, list[GameEvent]], TrixKickState]] = {
    A.Place: setup.do_place,
    A.Keepers: setup.do_keepers,
    A.Substitute: setup.do_substitute,
    A.Play: ballplay.do_play,
    A.Shoot: shots.do_shoot,
    A.Run: runs.do_run,
    A.DoublePass: ballplay.do_double_pass,
    A.Castle: runs.do_castle,
    A.EndTurn: lambda s, side, a, events: start_defence(s),
    A.Pass: lambda s, side, a, events: resolve_exchange(s, events, {}),
    A.Card: _give_card,
    A.CornerChoice: shots.do_corner_choice,
    A.Rebound: shots.do_rebound,
    A.Whistle: lambda s, side, a, events: periods.do_whistle(s, events),
}


def perform(s: TrixKickState, a: A.Action, events: list[GameEvent]) -> TrixKickState:
    return _PERFORM[type(a)](s, s.actor, a, events)
