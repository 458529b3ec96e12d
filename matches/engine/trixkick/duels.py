"""Winning the ball after the defending run: strength comparison and the loose ball (TK-7)."""

from __future__ import annotations

from matches.engine.base import GameEvent
from matches.engine.trixkick.fouls import commit_foul
from matches.engine.trixkick.pieces import count, side_of
from matches.engine.trixkick.state import (
    TrixKickState,
    Turn,
    ball_won,
    other,
    pieces_on,
    pieces_showing,
    start_attack,
    strength,
    symbols,
    the_ball,
)


def resolve_exchange(
    s: TrixKickState, events: list[GameEvent], defender_moved: dict[str, str]
) -> TrixKickState:
    """After the attacking move and the defending run: who has the ball now?"""
    attacker = s.attacker
    defender = other(attacker)
    ball = the_ball(s)
    # the defence's runs of the whole Spielzug, each piece from where it stood when it began:
    # the Spielzug goes on while the attack keeps the ball ("der Spielzug läuft weiter")
    defended = dict(s.turn.defended or ())
    for pid, start in defender_moved.items():
        defended.setdefault(pid, start)
    if s.protect:
        # TK-6: the defence may not win the ball in its first move after the kick-off
        return _attack_goes_on(s._replace(protect=False), defended)
    field = ball.field
    assert field is not None
    moved = dict(s.turn.moved)
    moved.update(defended)
    pieces = s.pieces
    # the pieces on the ball's field now that came into it during the Spielzug
    moved_in = {pid for pid in pieces.on(field) if moved.get(pid, field) != field}
    if ball.loose:
        need = ball.symbol
        takers = pieces_showing(s, field, defender, need)
        if takers:
            drawn = [pid for pid in takers if pid in moved_in]
            return _win(s, defender, field, need, drawn[:1] or None, "loose_ball", events)
        return _attack_goes_on(s, defended)
    if ball.owner != attacker or not pieces_on(s, field, defender):
        return _attack_goes_on(s, defended)
    symbol = ball.symbol
    att = strength(s, field, attacker, symbol)
    dfd = strength(s, field, defender, symbol)
    winner = attacker if att >= dfd else defender
    data = {
        "field": field,
        "symbol": symbol,
        "attacker": attacker,
        "attacking_strength": att,
        "defending_strength": dfd,
        "attacking_pieces": pieces_on(s, field, attacker),
        "defending_pieces": pieces_on(s, field, defender),
        "winner": winner,
    }
    events.append(GameEvent("duel_won", winner, data))
    events.append(GameEvent("duel_lost", other(winner), data))
    if s.options.fouls and abs(att - dfd) >= 2:
        foulers = _foulers(s, winner, field, symbol, moved_in, att, dfd)
        if foulers:
            return commit_foul(s, winner, field, symbol, events, foulers)
    if winner == defender:
        drawn = [
            pid
            for pid in sorted(moved_in)
            if side_of(pid) == defender and (symbol is None or count(symbols(s, pid), symbol))
        ]
        return _win(s, defender, field, symbol, drawn[:1] or None, "duel", events)
    return _attack_goes_on(s, defended)


def _attack_goes_on(s: TrixKickState, defended: dict[str, str]) -> TrixKickState:
    """The attack keeps the ball: its next move, in the same Spielzug (the defence's runs so
    far are kept, TK-12.2)."""
    turn = Turn(defended=tuple(sorted(defended.items()))) if defended else Turn()
    return start_attack(s, s.attacker, turn)


def _foulers(
    s: TrixKickState,
    winner: int,
    field: str,
    symbol: str | None,
    moved_in: set[str],
    att: int,
    dfd: int,
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
    if winner == s.attacker:
        if any(side_of(pid) == winner for pid in moved_in):
            return pieces_on(s, field, winner)
        return []
    runners = [pid for pid in sorted(moved_in) if side_of(pid) == winner]
    if any(dfd - count(symbols(s, pid), symbol) <= att for pid in runners):
        return runners
    return []


def _win(
    s: TrixKickState,
    side: int,
    field: str,
    symbol: str | None,
    explicit: list[str] | None,
    how: str,
    events: list[GameEvent],
) -> TrixKickState:
    """``side`` has won the ball and starts a new attacking move (TK-7.4)."""
    ball = ball_won(
        the_ball(s), side, symbol, holders=None if explicit is None else tuple(explicit)
    )
    pieces = explicit or pieces_showing(s, field, side, symbol)
    events.append(
        GameEvent(
            "ball_won", side, {"field": field, "symbol": symbol, "how": how, "pieces": pieces}
        )
    )
    return start_attack(s._replace(ball=ball), side)
