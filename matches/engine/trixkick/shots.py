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
    ball_won,
    finish_match,
    new_ball,
    other,
    pieces_on,
    start_attack,
    strength,
    symbols,
)


def _needed(w: dict, side: int, field: str) -> int:
    if w["step"] == "penalty":
        return 1  # TK-12.5: a penalty is one field from the goal
    zone = shooting_zone(side)
    if field not in zone:
        raise illegal("not_in_shooting_zone", "TK-8.1", field=field)
    return zone[field]


def check_shoot(w: dict, side: int, a: Shoot) -> None:
    n = check_ball_touch(w, side, a.piece, a.symbol)
    field = w["pieces"][a.piece]["field"]
    needed = _needed(w, side, field)
    if n < needed:
        raise illegal("shot_too_weak", "TK-8.1", symbol=a.symbol, piece=a.piece, count=n)
    keepers = w["keepers"][other(side)] or {}
    if a.target not in keepers or a.target == "reserve":
        raise illegal("no_keeper_there", "TK-18.1" if w["options"]["two_keepers"] else "TK-8.2")
    if (
        w["options"]["far_corner"]
        and w["step"] != "penalty"
        and field in SECOND_ROW[other(side)]
        and col_of(field) in (0, 3)
    ):
        far = "right" if col_of(field) == 0 else "left"
        if a.target == far and n < 3:
            raise illegal("far_corner_needs_three", "TK-18.4")


def do_shoot(w: dict, side: int, a: Shoot, events: list) -> None:
    opp = other(side)
    field = w["pieces"][a.piece]["field"]
    n = count(symbols(w, a.piece), a.symbol)
    needed = _needed(w, side, field)
    ball = w["ball"]
    kick = ball["kick"]
    w["turn"]["played"] = True
    shot = {
        "piece": a.piece,
        "symbol": a.symbol,
        "from": field,
        "target": a.target,
        "strength": n,
        "needed": needed,
        "penalty": w["step"] == "penalty",
    }
    # TK-12.4: a direct free kick from the second row may stick in the wall
    if kick == "free_kick" and w["step"] == "attack" and field in SECOND_ROW[opp]:
        wall = wall_field(field)
        wall_strength = strength(w, wall, opp, a.symbol)
        if pieces_on(w, wall, opp) and wall_strength > n:
            events.append(GameEvent("shot", side, {**shot, "keeper": None}))
            events.append(
                GameEvent(
                    "wall",
                    opp,
                    {"field": wall, "strength": wall_strength, "pieces": pieces_on(w, wall, opp)},
                )
            )
            ball_won(ball, opp, a.symbol, field=wall)
            start_attack(w, opp)
            return
    keepers = w["keepers"][opp]
    keeper = keepers[a.target]
    supported = (
        keeper != a.symbol and w["options"]["keeper_support"] and keepers.get("reserve") == a.symbol
    )
    saved = keeper == a.symbol or supported
    # TK-8.2: the announced keeper is shown; TK-18.2: so is the reserve when it makes the save
    shown = {a.target, "reserve"} if supported else {a.target}
    w["revealed"][opp] = sorted(set(w["revealed"][opp]) | shown)
    events.append(GameEvent("shot", side, {**shot, "keeper": keeper}))
    if not saved:
        w["score"][side] += 1
        events.append(
            GameEvent(
                "goal",
                side,
                {
                    "piece": a.piece,
                    "symbol": a.symbol,
                    "target": a.target,
                    "keeper": keeper,
                    "score": list(w["score"]),
                },
            )
        )
        length = w["options"]["match_length"]
        if length["kind"] == "goals" and w["score"][side] >= length["goals"]:
            finish_match(w, "goals", events)
            return
        # TK-8.3: re-set-up, the side that conceded kicks off; the scorers set up first
        start_setup(w, "kickoff", opp, side)
        return
    excess = n - needed
    keeper_id = f"{'AB'[opp]}-{keepers['reserve'] if supported else keeper}"
    if excess <= 0:
        events.append(GameEvent("catch", opp, {"keeper": keeper_id, "slot": a.target}))
        events.append(GameEvent("goal_kick", opp, {}))
        start_setup(w, "goal_kick", opp, opp)
    elif excess == 1:
        events.append(
            GameEvent("parry", opp, {"keeper": keeper_id, "slot": a.target, "to": "corner"})
        )
        if a.target == "middle":
            w["step"] = "corner_choice"
            w["actor"] = side
            w["pending"] = {"kind": "corner", "shooter": side}
        else:
            corner(w, side, a.target, events)
    else:
        events.append(
            GameEvent("parry", opp, {"keeper": keeper_id, "slot": a.target, "to": "rebound"})
        )
        w["step"] = "rebound"
        w["actor"] = opp
        w["pending"] = {"kind": "rebound"}


def corner(w: dict, side: int, which: str, events: list) -> None:
    field = CORNERS[other(side)][which]
    events.append(GameEvent("corner", side, {"field": field}))
    start_setup(w, "corner", side, side, field=field)


def do_corner_choice(w: dict, side: int, a: CornerChoice, events: list) -> None:
    corner(w, side, a.side, events)


def check_rebound(w: dict, side: int, a: Rebound) -> None:
    if a.to not in SECOND_ROW[side]:
        raise illegal("rebound_field", "TK-9", field=a.to)


def do_rebound(w: dict, side: int, a: Rebound, events: list) -> None:
    mine = pieces_on(w, a.to, side)
    w["ball"] = new_ball(
        field=a.to,
        owner=side if mine else None,
        symbol=None,
        loose=not mine,
        holders=None,
        kick=None,
        lock_rule="TK-4.2",
    )
    events.append(GameEvent("counter", side, {"field": a.to}))
    start_attack(w, side)
