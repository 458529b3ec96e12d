"""``apply`` for expansion matches: lowest-number ties (HX-N), ability uses (HX-A), rounds and
the window of events abilities may answer. Regular actions go through the base step machine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from matches.engine.base import GameEvent, Transition
from matches.engine.hat_trick import flow as F
from matches.engine.hat_trick import hooks
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import (
    Action,
    Choose,
    Counter,
    GoalKick,
    KeeperDraw,
    Move,
    PlayCards,
    PlayStyle,
    Protest,
    Shoot,
    Substitute,
    UseAbility,
)
from matches.engine.hat_trick.cards import DRIBBLING
from matches.engine.hat_trick.duels import resolve
from matches.engine.hat_trick.errors import game_over, illegal
from matches.engine.hat_trick.expansion import legal
from matches.engine.hat_trick.expansion.abilities import use_ability
from matches.engine.hat_trick.expansion.captain import protest, protest_side
from matches.engine.hat_trick.expansion.keepers import (
    after_shot,
    check_keeper_card,
    keepers_in_play,
)
from matches.engine.hat_trick.expansion.match_events import (
    corner,
    counter,
    counter_side,
    enabled,
    long_shot,
)
from matches.engine.hat_trick.expansion.model import Window, WindowEvent, XSetup, XState
from matches.engine.hat_trick.expansion.modifiers import duel_bonus, forced_foul, shot_bonus
from matches.engine.hat_trick.expansion.numbers import lowest_fields, pause
from matches.engine.hat_trick.expansion.setup import SpielerSetup, initial_xstate
from matches.engine.hat_trick.expansion.style_earning import after_action as style_runs
from matches.engine.hat_trick.expansion.styles import play_style, style_bonus
from matches.engine.hat_trick.expansion.substitutions import substitute
from matches.engine.hat_trick.expansion.triggers import window_of
from matches.engine.hat_trick.pitch import field_name, final_line, line_of, number_of, side_of
from matches.engine.hat_trick.state import State, played

#: each handler takes the action of its type
_EVENT_ACTIONS: dict[type, Callable[[State, Any, list[GameEvent]], State]] = {
    Counter: counter,
    Substitute: substitute,
    Protest: protest,
}
LOWEST_RULE_EVENTS = (
    "pass_completed",
    "long_ball_completed",
    "pass_intercepted",
    "long_ball_intercepted",
)


def tied_fields(s: State, line: int, favoured: int) -> list[int]:
    """HX-N.4: the tied players of one team a goal kick (or a chance that ran out) reaches in
    ``line``; empty when the lowest number is one player."""
    fields = lowest_fields(s.grid, line, (0, 1), s.setup.expansion.numbers, favoured)
    return fields if len(fields) > 1 else []


def tie(s: State, kind: str, fields: list[int], events: list[GameEvent]) -> State:
    """Pause for the manager's choice among ``fields`` (from ``tied_fields``)."""
    return pause(s, kind, side_of(s.grid[fields[0]]), fields, None, events)


def _receivers(s: State, events: list[GameEvent]) -> list[int]:
    """Tied receivers when the ball went to "the lowest number" (HX-N.2)."""
    last = next((e for e in reversed(events) if e.kind in LOWEST_RULE_EVENTS), None)
    if last is None or last.data.get("pass_type") == "dribbling" or s.ball < 0:
        return []
    fields = lowest_fields(s.grid, line_of(s.ball), (side_of(s.holder),), s.setup.expansion.numbers)
    return fields if s.ball in fields and len(fields) > 1 else []


def step3(s: State, lines: int, events: list[GameEvent]) -> State:
    s, marker = forced_foul(s, events)
    if marker:  # FAQ: the free kick is taken where the ball carrier stands; the marker is booked
        return F.foul(s, marker, events)
    s, att, dfn = duel_bonus(s, lines, events)  # HX-S.11: abilities before style cards
    s, style_att, style_dfn = style_bonus(s, events)
    result = resolve(s, lines, events, (att + style_att, dfn + style_dfn))
    s = s._replace(grid=result.grid, ball=result.ball)
    receivers = _receivers(s, events)
    if len(receivers) > 1:
        _unnamed(events)
    # HX-N.3: the defending manager names the fouler only after a short or long pass; after a
    # dribble the defender in the duel fouls, always (HT-4.3)
    if result.fouler and played(s, s.attacker).kind != DRIBBLING:
        line = line_of(s.grid.index(result.fouler))
        fouls = lowest_fields(s.grid, line, (s.defender,), s.setup.expansion.numbers)
        if len(fouls) > 1 and s.grid.index(result.fouler) in fouls:
            return pause(s, "fouler", s.defender, fouls, tuple(receivers), events)
    return _continue(s, result.fouler, receivers, events)


def _named(kind: str) -> str:
    return "receiver" if kind.endswith("_completed") else "interceptor"


def _unnamed(events: list[GameEvent]) -> None:
    """HX-N.2: the pass event names no receiver (interceptor) while tied players wait for the
    manager's choice; ``tie_decided`` names him."""
    i = max(i for i, e in enumerate(events) if e.kind in LOWEST_RULE_EVENTS)
    e = events[i]
    events[i] = GameEvent(e.kind, e.side, {**e.data, _named(e.kind): None, "to": None})


def _decided_window(window: Window, player: int, at: str) -> Window:
    """The last action's window with the chosen receiver (interceptor) of the pass."""
    out: list[WindowEvent] = []
    for kind, side, data in window:
        if kind in LOWEST_RULE_EVENTS:
            data = {**data, _named(kind): player, "to": at}
        elif kind == "ball_won":  # the interception's winner
            data = {**data, "winner": player}
        out.append((kind, side, data))
    return tuple(out)


def _continue(s: State, fouler: int, receivers: Sequence[int], events: list[GameEvent]) -> State:
    if len(receivers) > 1:
        return pause(s, "receiver", side_of(s.holder), list(receivers), fouler, events)
    if fouler:
        return F.foul(s, fouler, events)
    return F.after_action(s, events)


def choose(s: State, a: Choose, events: list[GameEvent]) -> State:
    kind, side, fields, extra = s.x.choice
    picked = next((f for f in fields if number_of(s.grid[f]) == a.player), -1)
    if picked < 0:
        raise illegal(
            "not_a_tied_player",
            "HX-N.2",
            player=a.player,
            players=[number_of(s.grid[f]) for f in fields],
        )
    s = s._replace(x=s.x._replace(choice=None))
    if kind == "receiver":
        at = field_name(picked)
        s = s._replace(x=s.x._replace(window=_decided_window(s.x.window, a.player, at)))
    events.append(
        GameEvent(
            "tie_decided", side, {"decides": kind, "player": a.player, "at": field_name(picked)}
        )
    )
    if kind == "fouler":
        return _continue(s, s.grid[picked], list(extra or ()), events)
    s = s._replace(ball=picked)
    if kind == "receiver":
        if extra:
            return F.foul(s, extra, events)
        return F.after_action(s, events)
    if kind == "goal_kick":
        return F.start_turn(s._replace(attacker=side_of(s.grid[picked])), events)
    return F.after_action(s, events)


def _refresh(before: State, s: State, events: list[GameEvent]) -> State:
    """After an ability moved the ball between rounds: who attacks, and is it a chance?"""
    if s.phase not in (P.PLAY_CARDS, P.SO_PLAY_CARDS) or s.ball < 0:
        return s
    if s.ball == before.ball and s.grid[s.ball] == before.grid[s.ball]:
        return s  # the ball did not move: a manager who chose to play on (HT-4.5) still does
    attacker = side_of(s.holder)
    chance = line_of(s.ball) == final_line(attacker)
    if chance and not (s.phase == P.SO_PLAY_CARDS and attacker == s.attacker):
        return F.start_chance(s._replace(attacker=attacker), events)
    if not chance:
        return s._replace(attacker=attacker, phase=P.PLAY_CARDS)
    return s


CHANCE_OVER = frozenset(
    {P.PLAY_CARDS, P.GK_ATTACKER_MOVE, P.KEEPER_DRAW, P.PENALTY, P.FK_DEFENDER_MOVE}
)
# events after which the scoring opportunity is over whatever step follows
CHANCE_ENDED = frozenset({"chance_ran_out"})


def _new_round(s: State) -> State:
    x = s.x
    keep = tuple(a for a in x.armed if a[2] == "chance") if s.phase == P.SO_PLAY_CARDS else ()
    return s._replace(
        x=x._replace(
            round=x.round + 1,
            uses=(),
            blocked=frozenset(),
            armed=keep,
            opponent_moved=False,
            style_played=(False, False),
            # HX-S.4: cards earned last round become playable
            style_hand=(x.style_hand[0] + x.style_fresh[0], x.style_hand[1] + x.style_fresh[1]),
            style_fresh=(0, 0),
            style_armed=(),
        )
    )


def apply(s: State, a: Action) -> Transition:
    if s.phase == P.OVER:
        raise game_over("HT-0.5")
    kind = type(a)
    events: list[GameEvent] = []
    before = s
    if s.x.choice is not None:
        if type(a) is not Choose:
            c = s.x.choice
            raise illegal(
                "choose_tied_player",
                "HX-N.2",
                players=[number_of(s.grid[f]) for f in c[2]],
                side=c[1],
            )
        new = choose(s, a, events)
        # the choice completes the action that paused: its end-of-action updates follow now
        window = new.x.window + window_of(events, s.phase)
        return _finish(s, new, tuple(events), window, new.x.opponent_moved)
    if kind is Choose:
        raise illegal("no_tie", "HX-N.2")
    if type(a) is UseAbility:
        if s.x.style_moment:
            raise illegal("abilities_first", "HX-S.11")
        s = use_ability(s, a, events)
        return Transition(_refresh(before, s, events), tuple(events))
    if type(a) is PlayStyle:
        s = play_style(s, a, events)
        return Transition(_refresh(before, s, events), tuple(events))
    if kind in _EVENT_ACTIONS:
        s = _EVENT_ACTIONS[kind](s, a, events)
        return Transition(_refresh(before, s, events), tuple(events))
    phase = s.phase
    if kind is PlayCards or kind is GoalKick:
        s = _new_round(s)
    if type(a) is Shoot and phase == P.ATTACKER_MOVE and enabled(s, "long_shot"):
        t = Transition(long_shot(s, a, events), tuple(events))
    else:
        t = F.apply_base(s, a)
    if kind is KeeperDraw:
        cornered = corner(s, t.state, t.events)
        if cornered is not None:
            t = Transition(cornered[0], t.events + tuple(cornered[1]))
    new = t.state
    moved = new.x.opponent_moved or (
        kind is Move and phase in (P.ATTACKER_MOVE, P.SO_ATTACKER_MOVE)
    )
    return _finish(s, new, t.events, window_of(list(t.events), phase), moved)


def _set_up_again(x: XState) -> XState:
    """HX-A.19: a kick-off (after a goal, at the start of a half) sets the cards up again, so
    what belongs to a position ends: a wing-back's switch of wings (HX-A.16), the ball taken
    with "receive and pass on", and the events before the kick-off, which no ability (HX-A.3)
    or counter (HX-E.5) may answer any more. The cards' faces, the keepers' sets, style cards,
    yellow cards and substitutions belong to the match and stay."""
    window = x.window
    start = max((i for i, w in enumerate(window) if w[0] == "kick_off"), default=0)
    return x._replace(switched=frozenset(), must_pass=0, window=window[start:])


def _finish(
    before: State, new: State, events: tuple[GameEvent, ...], window: Window, moved: bool
) -> Transition:
    """The end of a regular action (or of the choice that completes one): the window of events
    abilities may answer, chance modifiers, counter, protest and style-card runs."""
    x = new.x
    armed = x.armed
    # FAQ winger: a chance's modifiers end with it - at the shot (a parry starts a new chance),
    # a free kick, a penalty, a goal kick, or when it runs out (HT-5.8: a new chance may follow)
    if armed and (new.phase in CHANCE_OVER or any(e.kind in CHANCE_ENDED for e in events)):
        armed = tuple(t_ for t_ in armed if t_[2] != "chance")
    x = x._replace(window=window, opponent_moved=moved, armed=armed, style_moment=())
    if any(e.kind == "kick_off" for e in events):
        x = _set_up_again(x)
    if enabled(new, "counter"):
        x = x._replace(counter=counter_side(x.window))
    if enabled(new, "captain"):
        x = x._replace(protest=protest_side(new, events))
    new = new._replace(x=x)
    new, extra = style_runs(before, new, events)
    return Transition(new, events + extra)


class SpielerHooks:
    """The "Spieler" expansion in the base flow's hook points (``hooks.FlowHooks``)."""

    initial_state = staticmethod(initial_xstate)
    apply = staticmethod(apply)
    step3 = staticmethod(step3)
    tied_fields = staticmethod(tied_fields)
    tie = staticmethod(tie)
    check_keeper_card = staticmethod(check_keeper_card)
    shot_bonus = staticmethod(shot_bonus)
    after_shot = staticmethod(after_shot)
    keepers_in_play = staticmethod(keepers_in_play)
    paused = staticmethod(legal.paused)
    extra_actions = staticmethod(legal.extra_actions)


def install() -> None:
    """Play every match whose set-up carries Spieler lineups through this expansion."""
    hooks.install(XSetup, SpielerHooks(), SpielerSetup())
