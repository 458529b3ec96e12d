"""The order in which ``legal_actions`` lists the legal actions: the most useful first.

Only the order changes, never which actions are legal. A player's phone shows the entries in
this order, and a client that always sends the first ready action (the first value of each
list of the first entry) plays a whole match to its goals. Everything here reads only what both
sides may see: a keeper counts only once a shot has revealed it (``revealed``).

- **Set-up** (``place``): a set piece's taker first (its protected field, while the kicking
  side has nobody there), then the fields nearest the kick (at a set piece) and from the front
  (the opponents' goal) to the back; substitutions after the places.
- **Attack**: shots that may score, the best public chance first (among equal chances the
  first slot moves on with the move count: no slot is better while the keepers are hidden);
  then the ball plays the defence cannot win back with its one run, furthest forward first;
  runs that take a loose ball, make the ball's field safe or bring a piece that can play the
  ball on; plays forward the defence could win back; runs forward; a loose ball forward;
  ``end``; plays and runs that gain no ground; last what gives the ball away (a play nobody
  can take, an offside pass, the last holder running off) and shots certain to be saved.
- **Defence**: runs that win the ball without a foul; runs by how close they end to the ball;
  runs that would foul; castling; ``pass``.
- **Rebound**: second-row fields holding own pieces (the ball is kept) before empty ones.
- ``whistle`` (a match on time) is always last: the engine keeps no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from matches.engine.trixkick import actions as A
from matches.engine.trixkick.board import (
    GOAL_ROW,
    SECOND_ROW,
    SLOTS,
    chebyshev,
    col_of,
    row_of,
    shooting_zone,
)
from matches.engine.trixkick.offside import candidates_at_pass
from matches.engine.trixkick.pieces import SYMBOLS, count
from matches.engine.trixkick.setup import setup_area
from matches.engine.trixkick.state import (
    TrixKickState,
    field_of,
    holders,
    on_board,
    other,
    pieces_on,
    run_targets_of,
    strength,
    the_ball,
    the_setup,
)

_Key = tuple[float, ...]
_LAST: _Key = (99,)


def advance(field: str, side: int) -> int:
    """How far up the board ``field`` lies for ``side``: 0 its own goal row .. 4 the opponents'."""
    row = row_of(field)
    return row if side == 0 else 4 - row


def ordered(s: TrixKickState, actions: Sequence[A.Action]) -> list[A.Action]:
    """``actions`` (all legal in ``s``) in the order ``legal_actions`` lists them."""
    step = s.step
    if step == "place":
        key = _place_key(s)
    elif step in ("attack", "penalty"):
        key = _Attack(s, actions).key
    elif step == "defend":
        key = _Defence(s).key
    elif step == "rebound":
        key = _rebound_key(s)
    else:
        key = _keep
    indexed = list(enumerate(actions))
    indexed.sort(key=lambda pair: (*key(pair[1]), pair[0]))
    return [a for _, a in indexed]


def _keep(a: A.Action) -> _Key:
    return _LAST if isinstance(a, A.Whistle) else (0,)


def _place_key(s: TrixKickState) -> Callable[[A.Action], _Key]:
    side = s.actor
    setup = the_setup(s)
    kickoff = setup.kind == "kickoff"
    area = () if kickoff else setup_area(s)
    taker_first = side == setup.kicker and not any(pieces_on(s, f, side) for f in area)

    def key(a: A.Action) -> _Key:
        if isinstance(a, A.Whistle):
            return _LAST
        if not isinstance(a, A.Place):
            return (2,)  # substitutions after the places
        if taker_first and a.to in area:
            return (0,)
        # at a set piece, near where the ball is kicked from
        near = 0 if kickoff else min(chebyshev(a.to, f) for f in area)
        return (1, near, -advance(a.to, side), col_of(a.to))

    return key


def _rebound_key(s: TrixKickState) -> Callable[[A.Action], _Key]:
    side = s.actor

    def key(a: A.Action) -> _Key:
        if not isinstance(a, A.Rebound):
            return _LAST
        mine = len(pieces_on(s, a.to, side))
        theirs = len(pieces_on(s, a.to, other(side)))
        return (0 if mine else 1, theirs, col_of(a.to))

    return key


def _keeper_chances(s: TrixKickState, keeper_side: int) -> dict[str, frozenset[str]]:
    """The symbols each keeper slot may hold, from what has been revealed (public)."""
    keepers = s.keepers[keeper_side]
    slots = keepers.to_json() if keepers is not None else {}
    revealed = set(s.revealed[keeper_side])
    known = {slot: symbol for slot, symbol in slots.items() if slot in revealed}
    shown = set(known.values())
    unknown = frozenset(symbol for symbol in SYMBOLS if symbol not in shown)
    return {
        slot: frozenset({symbol}) if slot in known and symbol is not None else unknown
        for slot, symbol in slots.items()
    }


class _Attack:
    """Sort keys for the attacking side's actions (and a penalty's shots)."""

    def __init__(self, s: TrixKickState, actions: Sequence[A.Action]) -> None:
        self.s = s
        self.side = side = s.actor
        self.can_play = any(isinstance(a, (A.Play, A.Shoot, A.DoublePass)) for a in actions)
        self.opp = other(side)
        self.ball = the_ball(s)
        self.pieces = s.pieces
        self.holders = holders(s)
        self.chances = _keeper_chances(s, self.opp)
        self.support = s.options.keeper_support
        self.slots = [slot for slot in SLOTS if slot in self.chances]
        self.zone = shooting_zone(side)
        self.ran = s.turn.ran
        self.protect = s.protect
        self.l_shaped = s.options.l_shaped_runs
        self.own_count: dict[str, int] = {}
        self.opp_count: dict[str, int] = {}
        for pid in on_board(s):
            counts = self.own_count if self.pieces[pid].side == side else self.opp_count
            place = field_of(s, pid)
            counts[place] = counts.get(place, 0) + 1
        kick = self.ball.kick if self.ball else None
        self.offside = (
            candidates_at_pass(s, side, "", kick) if self.ball and not s.turn.played else {}
        )

    def worth(self, field: str, side: int) -> int:
        """How far up the board ``field`` lies, the opponents' penalty area above the corners."""
        return 2 * advance(field, side) + (1 if self.zone.get(field) == 1 else 0)

    # what the defence could do in its reply
    def _defence_wins(self, field: str, symbol: str | None, own_strength: int) -> bool:
        """Could the defending side win a ball on ``field`` (received with ``symbol``, the
        attack showing ``own_strength`` there) with its next run?"""
        if self.protect:
            return False
        s, opp = self.s, self.opp
        now = strength(s, field, opp, symbol)
        best = 0
        if self.opp_count.get(field, 0) < 2:
            for pid in on_board(s, opp):
                p = self.pieces[pid]
                if p.field == field:
                    continue
                if field in run_targets_of(p, self.l_shaped):
                    best = max(best, count(p.symbols, symbol))
        if own_strength == 0:  # a loose ball: any defender showing the symbol takes it
            return now + best > 0
        return now + best > own_strength

    def _strength_after(self, field: str, symbol: str, extra: str | None = None) -> int:
        total = strength(self.s, field, self.side, symbol)
        if extra is not None:
            total += count(self.pieces[extra].symbols, symbol)
        return total

    def _collector(
        self, field: str, symbol: str, passer: str, tracked: bool
    ) -> tuple[str, int] | None:
        """The own piece that could best run onto ``field`` this move and take the ball there,
        with its strength there (a dribbler loses one per field, TK-7.2)."""
        if self.ran or self.own_count.get(field, 0) >= 2:
            return None
        best = None
        origin = field_of(self.s, passer)
        for pid in on_board(self.s, self.side):
            p = self.pieces[pid]
            n = count(p.symbols, symbol)
            if p.field == field or n == 0 or (pid == passer and n < 2):
                continue
            if tracked and pid in self.offside:
                continue  # offside at the pass: running in does not help (TK-13)
            if field in run_targets_of(p, self.l_shaped):
                if pid == passer:
                    if self.ball.no_touch == pid:
                        continue
                    n = max(n - chebyshev(origin, field), 0)
                if best is None or n > best[1]:
                    best = (pid, n)
        return best

    def key(self, a: A.Action) -> _Key:
        if isinstance(a, A.Shoot):
            return self._shot(a)
        if isinstance(a, A.Play):
            return self._play(a.piece, a.symbol, a.to, double=False)
        if isinstance(a, A.DoublePass):
            return self._play(a.piece, a.return_symbol, a.to, double=True)
        if isinstance(a, A.Run):
            return self._run(a)
        if isinstance(a, A.EndTurn):
            return (6, 1)
        return _LAST

    def _shot(self, a: A.Shoot) -> _Key:
        possible = self.chances.get(a.target, frozenset(SYMBOLS))
        saving = [possible]
        if self.support and "reserve" in self.chances:
            saving.append(self.chances["reserve"])
        # the share of the possible keepers that would save it (public knowledge only)
        save = max((1 if a.symbol in held else 0) / len(held) for held in saving if held)
        if save >= 1:
            return (7, 0)
        # no slot is better than another while the keepers are hidden: the first one listed
        # moves on with the move count, so that always taking the first does not always aim
        # at the same keeper
        slots = self.slots
        turn = (slots.index(a.target) - self.s.moves) % len(slots) if a.target in slots else 0
        return (0, save, turn)

    def _play(self, pid: str, symbol: str, to: str, double: bool) -> _Key:
        side = self.side
        origin = field_of(self.s, pid)
        gain = self.worth(to, side) - self.worth(origin, side)
        mates = [
            m
            for m in pieces_on(self.s, to, side)
            if m != pid and count(self.pieces[m].symbols, symbol)
        ]
        if double:
            mates = [pid]
        tracked = row_of(origin) != row_of(to) and to in GOAL_ROW[self.opp] + SECOND_ROW[self.opp]
        if mates and tracked and all(m in self.offside for m in mates):
            return (7, 1)  # offside: a free kick for the opponents
        if mates:
            held = self._strength_after(to, symbol) + (
                count(self.pieces[pid].symbols, symbol) if double else 0
            )
        else:
            runner = self._collector(to, symbol, pid, tracked)
            if runner is None:
                # nobody takes it this move: it lies loose, for a later run of ours or theirs
                return (6, 0, -gain) if gain > 0 else (7, 2, -gain)
            held = self._strength_after(to, symbol) + runner[1]
        safe = not self._defence_wins(to, symbol, held)
        shooter = to in self.zone and any(
            count(self.pieces[m].symbols, s) >= self.zone[to]
            for m in mates
            for s in SYMBOLS
            if s != symbol
        )
        if gain > 0:
            return (
                1 if safe else 3,
                -self.worth(to, side) - (1 if shooter else 0),
                0 if mates else 1,
            )
        return (6, 2, -gain, 0 if mates else 1) if safe else (7, 0, -gain)

    def _run(self, a: A.Run) -> _Key:
        side = self.side
        p = self.pieces[a.piece]
        start = field_of(self.s, a.piece)
        ball = self.ball
        gain = self.worth(a.to, side) - self.worth(start, side)
        if ball and ball.loose and a.to == ball.field:
            need = ball.symbol
            n = count(p.symbols, need) if need else 1
            self_pass = a.piece == ball.passer
            takes = (n >= 2 and ball.no_touch != a.piece) if self_pass else n > 0
            marks = dict(ball.offside)
            if (
                takes
                and a.piece in marks
                and not ball.horizontal
                and a.to in GOAL_ROW[self.opp] + SECOND_ROW[self.opp]
            ):
                return (7, 4)  # offside when the ball was played (TK-13)
            if takes and need is not None:
                held = self._strength_after(a.to, need, a.piece)
                return (2, 0 if not self._defence_wins(a.to, need, held) else 1)
            if takes:
                return (2, 0)
        if ball and ball.loose and start == ball.field and self.own_count.get(start, 0) >= 2:
            return (2, 3, -gain)  # makes room: a loose ball is taken by a piece running in
        stuck = not self.can_play and not self.s.turn.played
        if stuck and ball and ball.holders is not None and a.piece in self.holders:
            # the piece that won the ball cannot play it on (TK-7.4): once it runs off, the
            # loose ball can be taken by a team-mate that can
            return (2, 4, -gain)
        if a.piece in self.holders and len(self.holders) == 1:
            return (7, 3)  # the last piece able to play the ball runs off: it lies loose
        if ball and not ball.loose and ball.owner == side and ball.field:
            field, symbol = ball.field, ball.symbol
            stuck = stuck and ball.holders is None
            if start == field:
                if stuck and self.own_count.get(field, 0) >= 2 and a.piece not in self.holders:
                    return (2, 3)  # makes room for a team-mate who can play the ball on
                return (4, 9, -gain) if gain > 0 else (6, 3, -gain)  # weaker there
            if (
                a.to == field
                and stuck
                and (symbol is None or count(p.symbols, symbol))
                and len(set(p.symbols) - {symbol}) > 0
            ):
                return (2, 2)  # the holders cannot play the ball on: this piece can
            if (
                stuck
                and (symbol is None or count(p.symbols, symbol))
                and len(set(p.symbols) - {symbol}) > 0
                and chebyshev(a.to, field) < chebyshev(start, field)
            ):
                return (2, 5, chebyshev(a.to, field))  # on its way to do so
            if a.to == field and symbol is not None:
                now = strength(self.s, field, side, symbol)
                if self._defence_wins(field, symbol, now) and not self._defence_wins(
                    field, symbol, now + count(p.symbols, symbol)
                ):
                    return (2, 1)  # makes the ball's field safe
        if gain > 0:
            return (4, -self.worth(a.to, side), -gain)
        return (6, 3, -gain, -self.worth(a.to, side))


class _Defence:
    """Sort keys for the defending run."""

    def __init__(self, s: TrixKickState) -> None:
        self.s = s
        self.side = s.actor
        self.attacker = other(self.side)
        self.ball = the_ball(s)
        self.fouls = s.options.fouls
        self.protect = s.protect

    def key(self, a: A.Action) -> _Key:
        if isinstance(a, A.Run):
            return self._run(a)
        if isinstance(a, A.Castle):
            return (3,)
        if isinstance(a, A.Pass):
            return (4,)
        return _LAST

    def _run(self, a: A.Run) -> _Key:
        s, ball = self.s, self.ball
        field = ball.field
        assert field is not None
        p = s.pieces[a.piece]
        near = chebyshev(a.to, field)
        toward_goal = advance(a.to, self.side)  # lower: nearer the own goal
        if a.to == field and not self.protect and p.field != field:
            symbol = ball.symbol
            if ball.loose:
                if symbol is None or count(p.symbols, symbol):
                    return (0, 0)
            elif ball.owner == self.attacker:
                att = strength(s, field, self.attacker, symbol)
                before = strength(s, field, self.side, symbol)
                after = before + count(p.symbols, symbol)
                if after > att:
                    foul = self.fouls and after - att >= 2 and before <= att
                    return (2, near, toward_goal) if foul else (0, after - att)
        return (1, near, toward_goal)
