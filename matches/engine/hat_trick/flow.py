"""``apply``: one action in, the next state and the events out. The step machine of a match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matches.engine.base import GameEvent, Outcome, Transition
from matches.engine.hat_trick import actions as A
from matches.engine.hat_trick import hooks
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.cards import DRIBBLING, LONG_BALL, SHORT_PASS, ActionCard
from matches.engine.hat_trick.decks import draw_up_to, fresh_deck, play_from_hand, reveal_from_pile
from matches.engine.hat_trick.duels import check_long_ball, long_ball_lines, resolve
from matches.engine.hat_trick.errors import game_over, illegal
from matches.engine.hat_trick.hooks import INSTALLED
from matches.engine.hat_trick.lines import ShirtNumbers, closest_number, lowest, lowest_any
from matches.engine.hat_trick.movement import MoveRules, check_move, do_move, sideways_receivers
from matches.engine.hat_trick.pitch import (
    EMPTY,
    FIELD_NAMES,
    NEIGHBOURS,
    code,
    field_name,
    final_line,
    in_final_lines,
    is_middle_of_final_line,
    line_of,
    lines_from_goal,
    number_of,
    shooting_position,
    side_of,
)
from matches.engine.hat_trick.state import KeeperCard, Setup, Shot, State, played

GOAL_KICK_LINE = {DRIBBLING: 1, SHORT_PASS: 2, LONG_BALL: 3}


# ---------------------------------------------------------------- set-up and restarts


def _numbers(s: State) -> ShirtNumbers | None:
    """Expansion shirt numbers (HX-N) or None in the base game."""
    return None if s.setup.expansion is None else s.setup.expansion.shirts


def kickoff_grid(
    setup: Setup, sent_off: tuple[tuple[int, ...], tuple[int, ...]]
) -> tuple[int, ...]:
    """The kick-off layout without the players sent off (HT-0.2, HT-4.2)."""
    if not sent_off[0] and not sent_off[1]:
        return setup.layout
    return tuple(EMPTY if p and number_of(p) in sent_off[side_of(p)] else p for p in setup.layout)


def kickoff_ball(setup: Setup, grid: tuple[int, ...], side: int) -> int:
    """Field of ``side``'s no. 6 (HT-0.3); if he was sent off, the lowest number in his line, else anywhere."""
    player = code(side, setup.ball_number)
    if player in grid:
        return grid.index(player)
    home = setup.layout.index(player)
    f = lowest(grid, line_of(home), side)
    if f >= 0:
        return f
    mine = [(number_of(p), i) for i, p in enumerate(grid) if p and side_of(p) == side]
    return min(mine)[1]


def new_match(setup: Setup, kickoff: int) -> State:
    hand = setup.hand_size
    grid = setup.layout
    return State(
        setup=setup,
        phase=P.PLAY_CARDS,
        half=1,
        kickoff=kickoff,
        first_kickoff=kickoff,
        score=(0, 0),
        grid=grid,
        ball=kickoff_ball(setup, grid, kickoff),
        attacker=kickoff,
        cards=(None, None),
        moved=-1,
        yellow=(False, False),
        sent_off=((), ()),
        decks=(fresh_deck(setup, hand), fresh_deck(setup, hand)),
        x=hooks.for_setup(setup).initial_state(setup.expansion),
    )


def _start_half(s: State, half: int, kickoff: int, events: list[GameEvent]) -> State:
    """HT-8.3 / HT-8.4: set up again; sent-off players stay off, yellow cards stay."""
    grid = kickoff_grid(s.setup, s.sent_off)
    ball = kickoff_ball(s.setup, grid, kickoff)
    hand = s.setup.hand_size
    events.append(GameEvent("kick_off", kickoff, {"half": half, "player": number_of(grid[ball])}))
    return s._replace(
        phase=P.PLAY_CARDS,
        half=half,
        kickoff=kickoff,
        grid=grid,
        ball=ball,
        attacker=kickoff,
        cards=(None, None),
        moved=-1,
        decks=(fresh_deck(s.setup, hand), fresh_deck(s.setup, hand)),
        shot=None,
    )


def _winners(s: State) -> tuple[int, ...]:
    if s.half == 4:
        g0, g1 = s.shootout[2], s.shootout[3]
    else:
        g0, g1 = s.score
    if g0 == g1:
        return ()
    return (0,) if g0 > g1 else (1,)


def termination(s: State) -> str:
    return {4: "penalty_shootout", 3: "extra_time"}.get(s.half, "full_time")


def outcome(s: State) -> Outcome | None:
    if s.phase != P.OVER:
        return None
    return Outcome(termination(s), s.score, _winners(s))


def _end_match(s: State, events: list[GameEvent]) -> State:
    s = s._replace(phase=P.OVER, cards=(None, None), shot=None, moved=-1)
    data = {"score": list(s.score), "winners": list(_winners(s)), "termination": termination(s)}
    if s.half == 4:
        data["shootout"] = [s.shootout[2], s.shootout[3]]
    events.append(GameEvent("match_ended", None, data))
    return s


def _start_shootout(s: State, events: list[GameEvent]) -> State:
    """HT-8.5: fresh decks, no hands; the side that kicked off the match shoots first."""
    events.append(GameEvent("shootout_started", None, {"first": s.first_kickoff}))
    return s._replace(
        phase=P.SHOOTOUT,
        half=4,
        attacker=s.first_kickoff,
        ball=-1,
        cards=(None, None),
        moved=-1,
        decks=(fresh_deck(s.setup, 0), fresh_deck(s.setup, 0)),
        shootout=(0, 0, 0, 0),
        shot=None,
    )


def _end_half(s: State, events: list[GameEvent]) -> State:
    events.append(GameEvent("half_ended", None, {"half": s.half, "score": list(s.score)}))
    level = s.score[0] == s.score[1]
    if s.half == 1:
        return _start_half(s, 2, 1 - s.first_kickoff, events)
    if s.half == 2 and level and s.setup.extra_time:
        return s._replace(phase=P.ET_KICKOFF, ball=-1, cards=(None, None), moved=-1)
    if level and s.setup.penalty_shootout:
        return _start_shootout(s, events)
    return _end_match(s, events)


def start_turn(s: State, events: list[GameEvent], chance: bool = True) -> State:
    """A new turn: the half may end here (HT-8.1, HT-8.2); an attacker on the final line has a
    chance, unless he has chosen to play on from a free kick there (``chance`` False, HT-4.5)."""
    line = line_of(s.ball)
    if s.decks[0].ran_out and s.decks[1].ran_out and 2 <= line <= 3:
        return _end_half(s, events)
    attacker = side_of(s.grid[s.ball])
    if chance and line == final_line(attacker):
        return start_chance(s._replace(attacker=attacker), events)
    return s._replace(
        phase=P.PLAY_CARDS, attacker=attacker, cards=(None, None), moved=-1, shot=None
    )


def start_chance(s: State, events: list[GameEvent]) -> State:
    events.append(
        GameEvent("scoring_opportunity", s.attacker, {"player": number_of(s.grid[s.ball])})
    )
    return s._replace(phase=P.SO_PLAY_CARDS, cards=(None, None), moved=-1, shot=None)


def _draw_both(s: State, events: list[GameEvent]) -> State:
    size = s.setup.hand_size
    return s._replace(
        decks=(draw_up_to(s.decks[0], size, 0, events), draw_up_to(s.decks[1], size, 1, events))
    )


# ---------------------------------------------------------------- step 1


def _play_cards(s: State, a: A.PlayCards, events: list[GameEvent]) -> State:
    """Step 1: both cards revealed (HT-1.1 - HT-1.3); in open play both managers draw back
    to a full hand, in a scoring opportunity nobody draws (HT-5.1)."""
    setup, cards = s.setup, a.cards
    deck0 = play_from_hand(setup, s.decks[0], cards[0], 0)
    deck1 = play_from_hand(setup, s.decks[1], cards[1], 1)
    events.append(GameEvent("card_revealed", 0, {"card": cards[0].to_json(), "from": "hand"}))
    events.append(GameEvent("card_revealed", 1, {"card": cards[1].to_json(), "from": "hand"}))
    if s.phase != P.PLAY_CARDS:
        return s._replace(phase=P.SO_ATTACKER_MOVE, cards=cards, decks=(deck0, deck1))
    size = setup.hand_size
    deck0 = draw_up_to(deck0, size, 0, events)
    deck1 = draw_up_to(deck1, size, 1, events)
    return s._replace(phase=P.ATTACKER_MOVE, cards=cards, decks=(deck0, deck1))


# ---------------------------------------------------------------- step 2


def move_rules(s: State) -> MoveRules:
    ph, attacker = s.phase, s.attacker
    defender = 1 - attacker
    if ph == P.ATTACKER_MOVE or ph == P.SO_ATTACKER_MOVE:
        return MoveRules(attacker, played(s, attacker).edge, False, "HT-2.4", -1)
    if ph == P.DEFENDER_MOVE:
        return MoveRules(defender, played(s, defender).edge, False, "HT-2.8", -1)
    if ph == P.SO_DEFENDER_MOVE:
        return MoveRules(defender, played(s, defender).edge, True, "HT-5.2", -1)
    if ph == P.FK_DEFENDER_MOVE:
        return MoveRules(defender, None, False, "HT-4.4", -1, "HT-4.4")
    if ph == P.FK_ATTACKER_MOVE:
        return MoveRules(attacker, None, False, "HT-4.4", s.moved, "HT-4.4")
    if ph == P.GK_ATTACKER_MOVE:
        return MoveRules(attacker, None, False, "HT-7.1", -1)
    return MoveRules(defender, None, False, "HT-7.1", s.moved)


def _move(s: State, a: A.Move | A.Skip, events: list[GameEvent]) -> State:
    rules = move_rules(s)
    if type(a) is A.Move:
        src, dst = check_move(s, rules, a.player, a.direction)
        grid, ball = do_move(s, src, dst, events)
        moved = dst
    else:
        events.append(GameEvent("move_skipped", rules.side, {}))
        grid, ball, moved = s.grid, s.ball, -1
    ph = s.phase
    if ph == P.ATTACKER_MOVE or ph == P.SO_ATTACKER_MOVE:
        chance = ph == P.SO_ATTACKER_MOVE
        receivers = sideways_receivers(grid, ball)
        if len(receivers) == 1:
            target = receivers[0]
            events.append(_sideways_event(s.attacker, grid, ball, target))
            return s._replace(
                grid=grid, ball=target, phase=P.SO_DEFENDER_MOVE if chance else P.DEFENDER_MOVE
            )
        if len(receivers) > 1:
            return s._replace(
                grid=grid, ball=ball, phase=P.SO_SIDEWAYS_PASS if chance else P.SIDEWAYS_PASS
            )
        return s._replace(
            grid=grid, ball=ball, phase=P.SO_DEFENDER_MOVE if chance else P.DEFENDER_MOVE
        )
    if ph == P.DEFENDER_MOVE or ph == P.SO_DEFENDER_MOVE:
        if moved >= 0:
            s = s._replace(grid=grid, ball=ball)
        if ph == P.SO_DEFENDER_MOVE:
            return _chance_action(s, events)
        if played(s, s.attacker).kind == LONG_BALL and long_ball_lines(s):
            return s._replace(phase=P.LONG_BALL_LINE)
        # HT-3B.1: on the final line no line lies ahead; the long ball stays in the ball's line
        return (INSTALLED.get(type(s.setup.expansion)) or hooks.of(s)).step3(s, 0, events)
    # the next step in one copy (after a skip ``grid`` and ``ball`` are the state's own)
    if ph == P.FK_DEFENDER_MOVE:
        return s._replace(grid=grid, ball=ball, phase=P.FK_ATTACKER_MOVE, moved=moved)
    if ph == P.FK_ATTACKER_MOVE:
        # HT-4.5: "regardless of the position on the pitch" the attacking manager chooses, on
        # his final line too
        return s._replace(grid=grid, ball=ball, phase=P.FK_CHOICE, moved=-1)
    if ph == P.GK_ATTACKER_MOVE:
        return s._replace(grid=grid, ball=ball, phase=P.GK_DEFENDER_MOVE, moved=moved)
    return s._replace(grid=grid, ball=ball, phase=P.GK_CARD, moved=-1)


def _sideways_event(side: int, grid: tuple[int, ...], ball: int, target: int) -> GameEvent:
    return GameEvent(
        "ball_passed_sideways",
        side,
        {
            "passer": number_of(grid[ball]),
            "receiver": number_of(grid[target]),
            "from": FIELD_NAMES[ball],
            "to": FIELD_NAMES[target],
        },
    )


def _sideways(s: State, target: int, events: list[GameEvent]) -> State:
    events.append(_sideways_event(s.attacker, s.grid, s.ball, target))
    return s._replace(ball=target)


def _pass_sideways(s: State, a: A.PassSideways, events: list[GameEvent]) -> State:
    receivers = sideways_receivers(s.grid, s.ball)
    for f in receivers:
        if number_of(s.grid[f]) == a.receiver:
            chance = s.phase == P.SO_SIDEWAYS_PASS
            return _sideways(s, f, events)._replace(
                phase=P.SO_DEFENDER_MOVE if chance else P.DEFENDER_MOVE
            )
    raise illegal(
        "wrong_receiver",
        "HT-2.6",
        receiver=a.receiver,
        players=[number_of(s.grid[f]) for f in receivers],
    )


# ---------------------------------------------------------------- step 3, fouls


def step3_base(s: State, lines: int, events: list[GameEvent]) -> State:
    """The attacker's action in open play (HT-3) by the base rules."""
    grid, ball, fouler = resolve(s, lines, events)
    if fouler:
        return foul(s._replace(grid=grid, ball=ball), fouler, events)
    # HT-3.2: the next turn belongs to the side that holds the ball now
    return start_turn(s._replace(grid=grid, ball=ball, attacker=side_of(grid[ball])), events)


def after_action(s: State, events: list[GameEvent]) -> State:
    """HT-3.2: a new turn, or a scoring opportunity when the ball holder reached his final line."""
    attacker = side_of(s.grid[s.ball])
    return start_turn(s if attacker == s.attacker else s._replace(attacker=attacker), events)


def foul(s: State, fouler: int, events: list[GameEvent]) -> State:
    """HT-4.1 - HT-4.6: the action stands, yellow (or red), then a free kick or a penalty."""
    d = s.defender
    taker = number_of(s.grid[s.ball])
    events.append(
        GameEvent(
            "foul", d, {"fouler": number_of(fouler), "fouled_side": s.attacker, "taker": taker}
        )
    )
    yellow = list(s.yellow)
    grid, sent_off = s.grid, s.sent_off
    if yellow[d]:
        yellow[d] = False
        g = list(grid)
        g[grid.index(fouler)] = EMPTY
        grid = tuple(g)
        off = list(sent_off)
        off[d] = (*off[d], number_of(fouler))
        sent_off = (off[0], off[1])
        events.append(
            GameEvent("red_card", d, {"player": number_of(fouler), "second_yellow": True})
        )
    else:
        yellow[d] = True
        events.append(GameEvent("yellow_card", d, {"player": number_of(fouler)}))
    s = s._replace(grid=grid, sent_off=sent_off, yellow=(yellow[0], yellow[1]))
    if is_middle_of_final_line(s.attacker, s.ball):
        events.append(GameEvent("penalty", s.attacker, {"taker": taker}))
        return s._replace(phase=P.PENALTY)
    events.append(GameEvent("free_kick", s.attacker, {"taker": taker, "at": field_name(s.ball)}))
    return s._replace(phase=P.FK_DEFENDER_MOVE, moved=-1)


def _long_ball(s: State, a: A.LongBall, events: list[GameEvent]) -> State:
    check_long_ball(s, a.lines)
    return (INSTALLED.get(type(s.setup.expansion)) or hooks.of(s)).step3(s, a.lines, events)


def _free_kick(s: State, a: A.FreeKick, events: list[GameEvent]) -> State:
    if a.scoring_opportunity:
        return start_chance(s, events)
    return start_turn(s, events, chance=False)


# ---------------------------------------------------------------- scoring opportunity


def chance_targets(s: State) -> list[int]:
    """HT-5.3 / HT-5.4: the fields the scoring-opportunity pass may go to."""
    a = s.attacker
    kind = played(s, a).kind
    if kind == SHORT_PASS:
        return [f for f in NEIGHBOURS[s.ball] if s.grid[f] and side_of(s.grid[f]) == a]
    if kind == LONG_BALL:
        return [
            f
            for f, p in enumerate(s.grid)
            if p and f != s.ball and side_of(p) == a and in_final_lines(a, line_of(f), 3)
        ]
    return []


def can_shoot(s: State) -> bool:
    return in_final_lines(s.attacker, line_of(s.ball), 2)


def _chance_action(s: State, events: list[GameEvent]) -> State:
    """After the moves of a scoring opportunity: pass choices, a shot, or nothing possible."""
    if played(s, s.attacker).kind == DRIBBLING:  # HT-5.5
        if can_shoot(s):
            return s._replace(phase=P.SO_SHOT)
        return _end_chance_round(s, events, "no_shooting_position")
    if chance_targets(s):
        return s._replace(phase=P.SO_ACTION)
    return _end_chance_round(s, events, "action_not_possible")


def _chance_pass(s: State, a: A.Pass, events: list[GameEvent]) -> State:
    targets = chance_targets(s)
    kind = played(s, s.attacker).kind
    for f in targets:
        if number_of(s.grid[f]) == a.receiver:
            events.append(
                GameEvent(
                    "pass_completed",
                    s.attacker,
                    {
                        "passer": number_of(s.grid[s.ball]),
                        "receiver": a.receiver,
                        "pass_type": kind,
                        "from": field_name(s.ball),
                        "to": field_name(f),
                        "chance": True,
                    },
                )
            )
            s = s._replace(ball=f)
            if can_shoot(s):
                return s._replace(phase=P.SO_SHOT)
            return _end_chance_round(s, events, "no_shooting_position")
    rule = "HT-5.3" if kind == SHORT_PASS else "HT-5.4"
    raise illegal("wrong_receiver", rule, receiver=a.receiver)


def _refuse(s: State, events: list[GameEvent]) -> State:
    events.append(GameEvent("chance_refused", s.attacker, {"player": number_of(s.grid[s.ball])}))
    return _end_chance_round(s, events, "refused")


def _end_chance_round(s: State, events: list[GameEvent], reason: str) -> State:
    """Back to scoring opportunity step 1, or HT-5.8 when the cards have run out."""
    events.append(GameEvent("chance_round_ended", s.attacker, {"reason": reason}))
    if s.decks[s.attacker].hand > 0 and s.decks[s.defender].hand > 0:
        return s._replace(phase=P.SO_PLAY_CARDS, cards=(None, None))
    target = lowest_any(s.grid, line_of(s.ball), s.defender, _numbers(s))
    tied = hooks.of(s).tied_fields(s, line_of(target), s.defender)
    receiver = None if tied else number_of(s.grid[target])  # HX-N.4: not chosen yet
    events.append(
        GameEvent(
            "chance_ran_out",
            s.attacker,
            {"receiver": receiver, "receiver_side": side_of(s.grid[target])},
        )
    )
    s = _draw_both(s._replace(ball=target), events)
    if tied:
        return hooks.of(s).tie(s, "ran_out", tied, events)
    return after_action(s, events)


# ---------------------------------------------------------------- shooting


def _shoot(s: State, a: A.Shoot, events: list[GameEvent]) -> State:
    ph = s.phase
    shootout = ph == P.SHOOTOUT
    if ph not in (P.SO_SHOT, P.PENALTY, P.SHOOTOUT):
        if ph in P.CHANCE_PHASES:
            raise illegal("shot_before_action", "HT-5.6")
        raise illegal("no_scoring_opportunity", "HT-5.6")
    if ph == P.SO_SHOT and not can_shoot(s):
        raise illegal("shot_out_of_range", "HT-5.6")
    side = s.attacker
    keeper_side = 1 - side
    decks = s.decks
    if shootout:
        if a.card is None:
            raise illegal("card_missing", "HT-8.5")
        card = a.card
    else:
        if a.card is not None:
            raise illegal("unexpected_card", "HT-6.3")
        card = played(s, side)
    shooting = s.setup.shooting_card(a.shooting_card)
    if shooting is None:
        raise illegal("unknown_shooting_card", "HT-6.1")
    if shooting.action != card.kind:
        raise illegal("wrong_shooting_card", "HT-6.1", kind=card.kind)
    keeper = s.setup.keeper_card(keeper_side, a.goalkeeper_card)
    if keeper is None:
        raise illegal("wrong_goalkeeper_card", "HT-6.2")
    hooks.of(s).check_keeper_card(s, keeper_side, keeper.id)
    if shootout:
        dl = list(decks)
        dl[side] = reveal_from_pile(s.setup, decks[side], card, side, events)
        decks = (dl[0], dl[1])
        events.append(GameEvent("card_revealed", side, {"card": card.to_json(), "from": "pile"}))
    penalty = ph != P.SO_SHOT
    position = "final_line_centre" if shootout else shooting_position(side, s.ball)
    bonus_power = bonus_draws = 0
    if not shootout:
        s, bonus_power, bonus_draws, final = hooks.of(s).shot_bonus(
            s, side, s.ball, card.kind, events
        )
        if final:
            position = position.replace("second_line", "final_line")
    symbol = shooting.symbol_against(keeper.dive)
    draws = keeper.draws_at(position) + {"+": 1, "-": -1}.get(symbol, 0) - (1 if penalty else 0)
    draws = max(draws + bonus_draws, 0)
    power = card.footballs + shooting.modifier + bonus_power
    shooter = 0 if shootout else number_of(s.grid[s.ball])
    shot = Shot(side, shooter, power, draws, penalty, shooting.id, keeper.id, symbol)
    events.append(shot_event(shot, card, shooting.modifier, position))
    s = s._replace(phase=P.KEEPER_DRAW, shot=shot, decks=decks)
    return hooks.of(s).after_shot(s, keeper_side, keeper.id, symbol, events)


def shot_event(shot: Shot, card: ActionCard, modifier: int, position: str) -> GameEvent:
    """The ``shot`` event of a shot whose goalkeeper card is revealed (a shoot-out's penalty,
    ``shooter`` 0, names no shooter)."""
    return GameEvent(
        "shot",
        shot.side,
        {
            "shooter": shot.shooter or None,
            "power": shot.power,
            "card_footballs": card.footballs,
            "shooting_card": shot.shooting_card,
            "modifier": modifier,
            "goalkeeper_card": shot.goalkeeper_card,
            "symbol": shot.symbol,
            "draws": shot.draws,
            "penalty": shot.penalty,
            "position": position,
        },
    )


def _keeper_draw(s: State, a: A.KeeperDraw, events: list[GameEvent]) -> State:
    shot = s.shot
    assert shot is not None
    keeper_side = 1 - shot.side
    if len(a.cards) > shot.draws:
        raise illegal("too_many_cards", "HT-6.4", allowed=shot.draws)
    deck = s.decks[keeper_side]
    total = 0
    for card in a.cards:
        deck = reveal_from_pile(s.setup, deck, card, keeper_side, events)
        total += card.footballs
        events.append(
            GameEvent("card_revealed", keeper_side, {"card": card.to_json(), "from": "pile"})
        )
    dl = list(s.decks)
    dl[keeper_side] = deck
    s = s._replace(decks=(dl[0], dl[1]), shot=None)
    base = {
        "shooter": shot.shooter if s.half != 4 else None,
        "power": shot.power,
        "keeper_total": total,
        "cards_drawn": len(a.cards),
        "goalkeeper_card": shot.goalkeeper_card,
    }
    if s.half == 4:
        return _shootout_result(s, shot, total, base, events)
    if total > shot.power:  # HT-6.7
        events.append(GameEvent("save", keeper_side, base))
        return _goal_kick_setup(s, keeper_side, events)
    if total == shot.power:  # HT-6.8
        nums = _numbers(s)
        target = closest_number(s.grid, final_line(shot.side), shot.power, keeper_side, nums)
        if target < 0:
            target = lowest_any(s.grid, line_of(s.ball), keeper_side, nums)
        receiver = s.grid[target]
        events.append(
            GameEvent(
                "parry",
                keeper_side,
                dict(
                    base,
                    receiver=number_of(receiver),
                    receiver_side=side_of(receiver),
                    to=field_name(target),
                ),
            )
        )
        s = _draw_both(s._replace(ball=target, attacker=side_of(receiver)), events)
        if side_of(receiver) == shot.side:
            return start_chance(s, events)
        return start_turn(s, events)
    return _goal(s, shot, base, events)  # HT-6.9


def _goal(s: State, shot: Shot, base: dict[str, Any], events: list[GameEvent]) -> State:
    score = list(s.score)
    score[shot.side] += 1
    events.append(
        GameEvent(
            "goal", shot.side, dict(base, scorer=shot.shooter, penalty=shot.penalty, score=score)
        )
    )
    conceding = 1 - shot.side
    grid = kickoff_grid(s.setup, s.sent_off)
    ball = kickoff_ball(s.setup, grid, conceding)
    events.append(
        GameEvent("kick_off", conceding, {"half": s.half, "player": number_of(grid[ball])})
    )
    s = s._replace(score=(score[0], score[1]), grid=grid, ball=ball, attacker=conceding)
    s = _draw_both(s, events)
    return start_turn(s, events)


def _shootout_result(
    s: State, shot: Shot, total: int, base: dict[str, Any], events: list[GameEvent]
) -> State:
    k0, k1, g0, g1 = s.shootout
    scored = total < shot.power
    if shot.side == 0:
        k0 += 1
        g0 += scored
    else:
        k1 += 1
        g1 += scored
    events.append(
        GameEvent(
            "goal" if scored else "save",
            shot.side if scored else 1 - shot.side,
            dict(base, shootout=True, shootout_score=[g0, g1]),
        )
    )
    s = s._replace(shootout=(k0, k1, g0, g1), attacker=1 - shot.side, phase=P.SHOOTOUT)
    if k0 == k1 and k0 >= 5 and g0 != g1:
        return _end_match(s, events)
    return s


# ---------------------------------------------------------------- goal kick


def _goal_kick_setup(s: State, keeper_side: int, events: list[GameEvent]) -> State:
    s = _draw_both(s._replace(attacker=keeper_side, ball=-1, cards=(None, None), moved=-1), events)
    return s._replace(phase=P.GK_ATTACKER_MOVE)


def _goal_kick(s: State, a: A.GoalKick, events: list[GameEvent]) -> State:
    side = s.attacker
    deck = play_from_hand(s.setup, s.decks[side], a.card, side)
    events.append(GameEvent("card_revealed", side, {"card": a.card.to_json(), "from": "hand"}))
    deck = draw_up_to(deck, s.setup.hand_size, side, events)
    dl = list(s.decks)
    dl[side] = deck
    n = GOAL_KICK_LINE[a.card.kind]
    target = -1
    for k in range(n, 7):  # an empty line passes the ball on to the next one
        target = lowest_any(s.grid, lines_from_goal(side, k), 1 - side, _numbers(s))
        if target >= 0:
            break
    receiver = s.grid[target]
    tied = hooks.of(s).tied_fields(s, lines_from_goal(side, k), 1 - side)
    events.append(
        GameEvent(
            "goal_kick",
            side,
            {
                "card": a.card.to_json(),
                "line": n,
                # HX-N.4: tied players wait for their manager's choice (``tie_decided``)
                "receiver": None if tied else number_of(receiver),
                "receiver_side": side_of(receiver),
                "to": None if tied else field_name(target),
            },
        )
    )
    s = s._replace(decks=(dl[0], dl[1]), ball=target, attacker=side_of(receiver))
    if tied:
        return hooks.of(s).tie(s, "goal_kick", tied, events)
    return start_turn(s, events)


def _kick_off(s: State, a: A.KickOff, events: list[GameEvent]) -> State:
    return _start_half(s, 3, a.side, events)


# ---------------------------------------------------------------- dispatch

_ALLOWED: dict[str, tuple[type, ...]] = {
    P.PLAY_CARDS: (A.PlayCards,),
    P.SO_PLAY_CARDS: (A.PlayCards,),
    P.SIDEWAYS_PASS: (A.PassSideways,),
    P.SO_SIDEWAYS_PASS: (A.PassSideways,),
    P.LONG_BALL_LINE: (A.LongBall,),
    P.FK_CHOICE: (A.FreeKick,),
    P.SO_ACTION: (A.Pass, A.Refuse),
    P.SO_SHOT: (A.Shoot, A.Refuse),
    P.PENALTY: (A.Shoot,),
    P.KEEPER_DRAW: (A.KeeperDraw,),
    P.GK_CARD: (A.GoalKick,),
    P.ET_KICKOFF: (A.KickOff,),
    P.SHOOTOUT: (A.Shoot,),
    **{ph: (A.Move, A.Skip) for ph in P.MOVE_PHASES},
}


def _handle_refuse(s: State, a: A.Refuse, events: list[GameEvent]) -> State:
    return _refuse(s, events)


#: each handler takes the action of its type
_HANDLERS: dict[type, Callable[[State, Any, list[GameEvent]], State]] = {
    A.PlayCards: _play_cards,
    A.Move: _move,
    A.Skip: _move,
    A.PassSideways: _pass_sideways,
    A.LongBall: _long_ball,
    A.FreeKick: _free_kick,
    A.Pass: _chance_pass,
    A.Refuse: _handle_refuse,
    A.Shoot: _shoot,
    A.KeeperDraw: _keeper_draw,
    A.GoalKick: _goal_kick,
    A.KickOff: _kick_off,
}


def apply_base(s: State, a: A.Action) -> Transition:
    ph = s.phase
    if ph == P.OVER:
        raise game_over("HT-0.5")
    allowed = _ALLOWED[ph]
    kind = type(a)
    if kind not in allowed:
        if type(a) is A.Shoot:
            _shoot(s, a, [])  # raises no_scoring_opportunity or shot_before_action
        raise illegal("wrong_step", "HT-E.1", step=ph, expected=[t.__name__ for t in allowed])
    events: list[GameEvent] = []
    new = _HANDLERS[kind](s, a, events)
    return Transition(new, tuple(events))


class BaseHooks:
    """The base game's hook points (``hooks.FlowHooks``): a match without an expansion plays
    the base rules, and every hook leaves them as they are."""

    apply = staticmethod(apply_base)
    step3 = staticmethod(step3_base)

    @staticmethod
    def initial_state(expansion: None) -> None:
        return None

    @staticmethod
    def tied_fields(s: State, line: int, favoured: int) -> list[int]:
        return []  # one shirt number each: no ties

    @staticmethod
    def tie(s: State, kind: str, fields: list[int], events: list[GameEvent]) -> State:
        raise AssertionError("the base game has no ties (tied_fields is empty)")

    @staticmethod
    def check_keeper_card(s: State, side: int, card_id: str) -> None:
        return None

    @staticmethod
    def shot_bonus(
        s: State, side: int, ball: int, kind: str, events: list[GameEvent]
    ) -> tuple[State, int, int, bool]:
        return s, 0, 0, False

    @staticmethod
    def after_shot(
        s: State, keeper_side: int, keeper_id: str, symbol: str, events: list[GameEvent]
    ) -> State:
        return s

    @staticmethod
    def keepers_in_play(s: State, side: int) -> tuple[KeeperCard, ...]:
        return s.setup.keepers[side]

    @staticmethod
    def paused(s: State) -> dict[str, Any] | None:
        return None

    @staticmethod
    def extra_actions(s: State, actions: list[dict[str, Any]]) -> None:
        return None


hooks.install(type(None), BaseHooks())
