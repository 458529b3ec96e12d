"""Shots at goal: the announced keeper, goal, catch, parry, rebound, wall (TK-8..TK-12.4)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.actions import CornerChoice, Rebound, Shoot
from matches.engine.trixkick.ballplay import check_ball_touch
from matches.engine.trixkick.board import (
    CORNERS,
    SECOND_ROW,
    col_of,
    shooting_zone,
    wall_field,
)
from matches.engine.trixkick.errors import illegal
from matches.engine.trixkick.pieces import count
from matches.engine.trixkick.setup import start_setup
from matches.engine.trixkick.state import (
    Pending,
    TrixKickState,
    ball_won,
    field_of,
    finish_match,
    new_ball,
    other,
    pieces_on,
    start_attack,
    strength,
    symbols,
    the_ball,
    with_side,
)


def _needed(s: TrixKickState, side: int, field: str) -> int:
    if s.step == "penalty":
        return 1  # TK-12.5: a penalty is one field from the goal
    zone = shooting_zone(side)
    if field not in zone:
        raise illegal("not_in_shooting_zone", "TK-8.1", field=field)
    return zone[field]


def check_shoot(s: TrixKickState, side: int, a: Shoot) -> None:
    n = check_ball_touch(s, side, a.piece, a.symbol)
    field = field_of(s, a.piece)
    needed = _needed(s, side, field)
    if n < needed:
        raise illegal("shot_too_weak", "TK-8.1", symbol=a.symbol, piece=a.piece, count=n)
    keepers = s.keepers[other(side)]
    if keepers is None or not keepers.has(a.target):  # the reserve is never a target
        raise illegal("no_keeper_there", "TK-18.1" if s.options.two_keepers else "TK-8.2")
    if (
        s.options.far_corner
        and s.step != "penalty"
        and field in SECOND_ROW[other(side)]
        and col_of(field) in (0, 3)
    ):
        far = "right" if col_of(field) == 0 else "left"
        if a.target == far and n < 3:
            raise illegal("far_corner_needs_three", "TK-18.4")


def do_shoot(s: TrixKickState, side: int, a: Shoot, events: list[GameEvent]) -> TrixKickState:
    opp = other(side)
    field = field_of(s, a.piece)
    n = count(symbols(s, a.piece), a.symbol)
    needed = _needed(s, side, field)
    ball = the_ball(s)
    s = s._replace(turn=s.turn._replace(played=True))
    shot = {
        "piece": a.piece,
        "symbol": a.symbol,
        "from": field,
        "target": a.target,
        "strength": n,
        "needed": needed,
        "penalty": s.step == "penalty",
    }
    # TK-12.4: a direct free kick from the second row may stick in the wall
    if ball.kick == "free_kick" and s.step == "attack" and field in SECOND_ROW[opp]:
        wall = wall_field(field)
        wall_strength = strength(s, wall, opp, a.symbol)
        if pieces_on(s, wall, opp) and wall_strength > n:
            events.append(GameEvent("shot", side, {**shot, "keeper": None}))
            events.append(
                GameEvent(
                    "wall",
                    opp,
                    {"field": wall, "strength": wall_strength, "pieces": pieces_on(s, wall, opp)},
                )
            )
            return start_attack(s._replace(ball=ball_won(ball, opp, a.symbol, field=wall)), opp)
    keepers = s.keepers[opp]
    assert keepers is not None
    keeper = keepers.get(a.target)
    supported = (
        keeper != a.symbol and s.options.keeper_support and keepers.get("reserve") == a.symbol
    )
    saved = keeper == a.symbol or supported
    # TK-8.2: the announced keeper is shown; TK-18.2: so is the reserve when it makes the save
    shown = {a.target, "reserve"} if supported else {a.target}
    s = s._replace(revealed=with_side(s.revealed, opp, tuple(sorted(set(s.revealed[opp]) | shown))))
    events.append(GameEvent("shot", side, {**shot, "keeper": keeper}))
    if not saved:
        return _goal(s, side, a, keeper, events)
    excess = n - needed
    keeper_id = f"{'AB'[opp]}-{keepers.get('reserve') if supported else keeper}"
    if excess <= 0:
        events.append(GameEvent("catch", opp, {"keeper": keeper_id, "slot": a.target}))
        events.append(GameEvent("goal_kick", opp, {}))
        return start_setup(s, "goal_kick", opp, opp)
    if excess == 1:
        events.append(
            GameEvent("parry", opp, {"keeper": keeper_id, "slot": a.target, "to": "corner"})
        )
        if a.target == "middle":
            return s._replace(
                step="corner_choice", actor=side, pending=Pending("corner", shooter=side)
            )
        return corner(s, side, a.target, events)
    events.append(GameEvent("parry", opp, {"keeper": keeper_id, "slot": a.target, "to": "rebound"}))
    return s._replace(step="rebound", actor=opp, pending=Pending("rebound"))


def _goal(
    s: TrixKickState, side: int, a: Shoot, keeper: str | None, events: list[GameEvent]
) -> TrixKickState:
    """The shot went in (TK-8.2)."""
    score = with_side(s.score, side, s.score[side] + 1)
    s = s._replace(score=score)
    events.append(
        GameEvent(
            "goal",
            side,
            {
                "piece": a.piece,
                "symbol": a.symbol,
                "target": a.target,
                "keeper": keeper,
                "score": list(score),
            },
        )
    )
    length = s.options.match_length
    if length.kind == "goals" and score[side] >= (length.goals or 1):
        return finish_match(s, "goals", events)
    # TK-8.3: re-set-up, the side that conceded kicks off; the scorers set up first
    return start_setup(s, "kickoff", other(side), side)


def corner(s: TrixKickState, side: int, which: str, events: list[GameEvent]) -> TrixKickState:
    field = CORNERS[other(side)][which]
    events.append(GameEvent("corner", side, {"field": field}))
    return start_setup(s, "corner", side, side, field=field)


def do_corner_choice(
    s: TrixKickState, side: int, a: CornerChoice, events: list[GameEvent]
) -> TrixKickState:
    return corner(s, side, a.side, events)


def check_rebound(s: TrixKickState, side: int, a: Rebound) -> None:
    if a.to not in SECOND_ROW[side]:
        raise illegal("rebound_field", "TK-9", field=a.to)


def do_rebound(s: TrixKickState, side: int, a: Rebound, events: list[GameEvent]) -> TrixKickState:
    mine = pieces_on(s, a.to, side)
    ball = new_ball(
        field=a.to,
        owner=side if mine else None,
        symbol=None,
        loose=not mine,
        holders=None,
        kick=None,
        lock_rule="TK-4.2",
    )
    events.append(GameEvent("counter", side, {"field": a.to}))
    return start_attack(s._replace(ball=ball), side)
