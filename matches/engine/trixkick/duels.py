"""Winning the ball after the defending run: strength comparison and the loose ball (TK-7)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.fouls import commit_foul
from matches.engine.trixkick.pieces import count, side_of
from matches.engine.trixkick.state import (
    ball_won,
    other,
    pieces_on,
    start_attack,
    strength,
    symbols,
)


def resolve_exchange(w: dict, events: list, defender_moved: dict[str, str]) -> None:
    """After the attacking move and the defending run: who has the ball now?"""
    attacker = w["attacker"]
    defender = other(attacker)
    ball = w["ball"]
    # the defence's runs of the whole Spielzug, each piece from where it stood when it began:
    # the Spielzug goes on while the attack keeps the ball ("der Spielzug läuft weiter")
    defended = dict(w["turn"].get("defended", {}))
    for pid, start in defender_moved.items():
        defended.setdefault(pid, start)
    if w["protect"]:
        # TK-6: the defence may not win the ball in its first move after the kick-off
        w["protect"] = False
        _attack_goes_on(w, defended)
        return
    field = ball["field"]
    moved = dict(w["turn"]["moved"])
    moved.update(defended)
    moved_in = {pid for pid, start in moved.items() if start != field and _at(w, pid) == field}
    if ball["loose"]:
        need = ball["symbol"]
        takers = [
            pid
            for pid in pieces_on(w, field, defender)
            if need is None or count(symbols(w, pid), need) > 0
        ]
        if takers:
            drawn = [pid for pid in takers if pid in moved_in]
            _win(w, defender, field, need, drawn[:1] or None, "loose_ball", events)
            return
        _attack_goes_on(w, defended)
        return
    if ball["owner"] != attacker or not pieces_on(w, field, defender):
        _attack_goes_on(w, defended)
        return
    symbol = ball["symbol"]
    att = strength(w, field, attacker, symbol)
    dfd = strength(w, field, defender, symbol)
    winner = attacker if att >= dfd else defender
    data = {
        "field": field,
        "symbol": symbol,
        "attacker": attacker,
        "attacking_strength": att,
        "defending_strength": dfd,
        "attacking_pieces": pieces_on(w, field, attacker),
        "defending_pieces": pieces_on(w, field, defender),
        "winner": winner,
    }
    events.append(GameEvent("duel_won", winner, data))
    events.append(GameEvent("duel_lost", other(winner), data))
    if w["options"]["fouls"] and abs(att - dfd) >= 2:
        foulers = _foulers(w, winner, field, symbol, moved_in, att, dfd)
        if foulers:
            commit_foul(w, winner, field, symbol, events, foulers)
            return
    if winner == defender:
        drawn = [
            pid
            for pid in sorted(moved_in)
            if side_of(pid) == defender and (symbol is None or count(symbols(w, pid), symbol))
        ]
        _win(w, defender, field, symbol, drawn[:1] or None, "duel", events)
        return
    _attack_goes_on(w, defended)


def _attack_goes_on(w: dict, defended: dict[str, str]) -> None:
    """The attack keeps the ball: its next move, in the same Spielzug (the defence's runs so
    far are kept, TK-12.2)."""
    start_attack(w, w["attacker"])
    if defended:
        w["turn"]["defended"] = defended


def _foulers(
    w: dict, winner: int, field: str, symbol: str | None, moved_in: set, att: int, dfd: int
) -> list[str]:
    """The pieces that may be booked for a foul by ``winner`` (TK-12.1, TK-12.2), none: no foul.

    Attacking foul: a piece of the attack ran into the field; the card goes to one of the
    attack's pieces there. Defending foul: a defender "zieht in das Feld hinein und entscheidet
    damit den Kräftevergleich für sich": a run decided it when without that defender's symbols
    the defence would not have been stronger (ties go to the attacker). Every defender who ran
    into the field during the Spielzug caused it, and the fouled side picks among them ("bei
    mehreren Spielern im entsprechenden Feld"); one who stood there before the Spielzug began
    is never booked.
    """
    if winner == w["attacker"]:
        if any(side_of(pid) == winner for pid in moved_in):
            return pieces_on(w, field, winner)
        return []
    runners = [pid for pid in sorted(moved_in) if side_of(pid) == winner]
    if any(dfd - count(symbols(w, pid), symbol) <= att for pid in runners):
        return runners
    return []


def _at(w: dict, pid: str) -> str | None:
    return w["pieces"][pid]["field"]


def _win(
    w: dict,
    side: int,
    field: str,
    symbol: str | None,
    explicit: list[str] | None,
    how: str,
    events: list,
) -> None:
    """``side`` has won the ball and starts a new attacking move (TK-7.4)."""
    ball = w["ball"]
    ball_won(ball, side, symbol, holders=explicit)
    pieces = explicit or [
        pid
        for pid in pieces_on(w, field, side)
        if symbol is None or count(symbols(w, pid), symbol) > 0
    ]
    events.append(
        GameEvent(
            "ball_won", side, {"field": field, "symbol": symbol, "how": how, "pieces": pieces}
        )
    )
    start_attack(w, side)
