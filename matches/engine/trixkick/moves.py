"""Which action fits which step, and the dispatch to the rules modules.

``check(w, action)`` raises :class:`~matches.engine.base.IllegalActionError` when the action is
not allowed now; ``perform(w, action, events)`` carries it out on the work dict ``w``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from matches.engine.base import GameEvent, GameOverError
from matches.engine.trixkick import ballplay, fouls, periods, runs, setup, shots
from matches.engine.trixkick.actions import (
    Action,
    Card,
    Castle,
    CornerChoice,
    DoublePass,
    EndTurn,
    Keepers,
    Pass,
    Place,
    Play,
    Rebound,
    Run,
    Shoot,
    Substitute,
    Whistle,
)
from matches.engine.trixkick.duels import resolve_exchange
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import side_of
from matches.engine.trixkick.state import start_defence

STEP_ACTIONS: dict[str, tuple[type, ...]] = {
    "place": (Place, Substitute, Whistle),
    "keepers": (Keepers, Whistle),
    "attack": (Play, Shoot, Run, DoublePass, EndTurn, Whistle),
    "defend": (Run, Castle, Pass, Whistle),
    "card": (Card, Whistle),
    "corner_choice": (CornerChoice, Whistle),
    "rebound": (Rebound, Whistle),
    "penalty": (Shoot, Whistle),
}
STEP_HINT = {
    "place": "set up a piece",
    "keepers": "set up the keepers",
    "attack": "make the attacking move",
    "defend": "make the defending run",
    "card": "pick the piece that gets the card",
    "corner_choice": "pick the corner",
    "rebound": "set the rebounding ball on the second row",
    "penalty": "take the penalty",
}
_PIECE_FIELDS = ("piece", "out", "into", "partner", "with_piece")


def check(w: dict, a: Action) -> None:
    if w["phase"] == "over":
        raise GameOverError("game_over", "TK-17", "The match is over.")
    step = w["step"]
    side = w["actor"]
    if not isinstance(a, STEP_ACTIONS[step]):
        if isinstance(a, Castle) and step == "attack":
            runs.check_castle(w, side, a)
        raise illegal(
            "not_now",
            "TK-3",
            f"A {a.type} action is not possible now: {'AB'[side]} is to {STEP_HINT[step]}.",
            step=step,
            side=side,
        )
    names = _PIECE_ATTRS.get(type(a), _PIECE_FIELDS)
    for name in names:
        pid = getattr(a, name, None)
        if isinstance(pid, str) and side_of(pid) != side and not isinstance(a, Card):
            raise illegal(
                "not_your_piece",
                "TK-3",
                f"It is {'AB'[side]}'s turn and {pid} belongs to the other side.",
                piece=pid,
                side=side,
            )
        if isinstance(pid, str) and pid not in w["pieces"]:
            raise illegal(
                "unknown_piece", "TK-1", f"There is no piece {pid} in this match.", piece=pid
            )
    checker = _CHECKS.get(type(a))
    if checker is not None:
        checker(w, side, a)
        return
    if isinstance(a, Place):
        setup.check_place(w, side, a)
    elif isinstance(a, Keepers):
        setup.check_keepers(w, side, a)
    elif isinstance(a, Substitute):
        setup.check_substitute(w, side, a)
    elif isinstance(a, Play):
        ballplay.check_play(w, side, a)
    elif isinstance(a, Shoot):
        shots.check_shoot(w, side, a)
    elif isinstance(a, Run):
        runs.check_run(w, side, a)
    elif isinstance(a, DoublePass):
        ballplay.check_double_pass(w, side, a)
    elif isinstance(a, Castle):
        runs.check_castle(w, side, a)
    elif isinstance(a, EndTurn):
        _check_end(w)
    elif isinstance(a, Pass):
        _check_pass(w)
    elif isinstance(a, Card):
        if a.piece not in fouls.card_candidates(w):
            raise illegal(
                "not_a_fouler",
                "TK-12.2",
                "Only a piece of the fouling side on the foul's field can get the card.",
            )
    elif isinstance(a, Rebound):
        shots.check_rebound(w, side, a)
    elif isinstance(a, Whistle):
        periods.check_whistle(w)


def _check_card(w: dict, side: int, a: Card) -> None:
    if a.piece not in fouls.card_candidates(w):
        raise illegal(
            "not_a_fouler",
            "TK-12.2",
            "Only a piece of the fouling side on the foul's field can get the card.",
        )


def _no_check(w: dict, side: int, a: Action) -> None:
    return None


# the piece attributes of each action class, in the order of _PIECE_FIELDS
_PIECE_ATTRS: dict[type, tuple[str, ...]] = {
    cls: tuple(name for name in _PIECE_FIELDS if name in {f.name for f in fields(cls)})
    for classes in STEP_ACTIONS.values()
    for cls in classes
}
# the rule checks of each action class (the same as the isinstance chain in ``check``)
_CHECKS: dict[type, Callable[[dict, int, Any], None]] = {
    Place: setup.check_place,
    Keepers: setup.check_keepers,
    Substitute: setup.check_substitute,
    Play: ballplay.check_play,
    Shoot: shots.check_shoot,
    Run: runs.check_run,
    DoublePass: ballplay.check_double_pass,
    Castle: runs.check_castle,
    EndTurn: lambda w, side, a: _check_end(w),
    Pass: lambda w, side, a: _check_pass(w),
    Card: _check_card,
    CornerChoice: _no_check,
    Rebound: shots.check_rebound,
    Whistle: lambda w, side, a: periods.check_whistle(w),
}


def _check_end(w: dict) -> None:
    from matches.engine.trixkick.legal import concrete_actions

    turn = w["turn"]
    kick = w["ball"]["kick"]
    if not turn["played"] and kick in ballplay.SET_PIECES:
        raise illegal(
            "kick_first",
            "TK-6" if kick == "kickoff" else "TK-3.1",
            "The kick-off or set piece must be played before the move ends.",
        )
    if turn["played"] or turn["ran"]:
        return
    others = [x for x in concrete_actions(w, limit=1, skip=(EndTurn, Whistle))]
    if others:
        raise illegal(
            "must_move",
            "TK-3.1",
            "An attacking move plays the ball or runs a piece (one of the two may be skipped).",
        )


def _check_pass(w: dict) -> None:
    from matches.engine.trixkick.legal import concrete_actions

    if concrete_actions(w, limit=1, skip=(Pass, Whistle)):
        raise illegal("must_move", "TK-3.2", "The defending side must run one piece while it can.")


def perform(w: dict, a: Action, events: list[GameEvent]) -> None:
    side = w["actor"]
    if isinstance(a, Place):
        setup.do_place(w, side, a, events)
    elif isinstance(a, Keepers):
        setup.do_keepers(w, side, a, events)
    elif isinstance(a, Substitute):
        setup.do_substitute(w, side, a, events)
    elif isinstance(a, Play):
        ballplay.do_play(w, side, a, events)
    elif isinstance(a, Shoot):
        shots.do_shoot(w, side, a, events)
    elif isinstance(a, Run):
        runs.do_run(w, side, a, events)
    elif isinstance(a, DoublePass):
        ballplay.do_double_pass(w, side, a, events)
    elif isinstance(a, Castle):
        runs.do_castle(w, side, a, events)
    elif isinstance(a, EndTurn):
        start_defence(w)
    elif isinstance(a, Pass):
        resolve_exchange(w, events, {})
    elif isinstance(a, Card):
        fouls.give_card(w, a.piece, events)
        fouls.award_kick(w, events)
    elif isinstance(a, CornerChoice):
        shots.do_corner_choice(w, side, a, events)
    elif isinstance(a, Rebound):
        shots.do_rebound(w, side, a, events)
    elif isinstance(a, Whistle):
        periods.do_whistle(w, events)
