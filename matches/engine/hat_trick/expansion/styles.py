"""Playing style cards (HX-S): which cards a manager may play now, and their effects.

A manager holds earned style cards face down; the engine counts them (``XState.style_hand``)
and learns which card it was when it is played. A played card must be of the team's style and
still unrevealed (not spent by either side). Its effect comes from the edition (``play``, the
ability vocabulary): a move, swap, interception or taking of the ball is done by the player
the manager names; a modifier is announced and counted when the action is resolved; a free kick
leaves the ball where it is (HX-S.10).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import PlayStyle, UseAbility
from matches.engine.hat_trick.cards import DRIBBLING
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.expansion.abilities import NO_ABILITY_PHASES, _concrete, perform
from matches.engine.hat_trick.expansion.modifiers import _half_ok
from matches.engine.hat_trick.expansion.style_data import ORDER
from matches.engine.hat_trick.pitch import EMPTY, N_COLS, code, forward, number_of, side_of
from matches.engine.hat_trick.state import State, played

MODIFIER_PHASES = frozenset({P.ATTACKER_MOVE, P.SIDEWAYS_PASS, P.DEFENDER_MOVE, P.LONG_BALL_LINE})
TEAM_KINDS = ("modifier", "free_kick")  # effects of the whole team: no player is named


def unrevealed(s: State, style: str) -> list[str]:
    """The ``style`` cards not played by either side (in a hand or on the deck)."""
    spent = set(s.x.style_spent[0]) | set(s.x.style_spent[1])
    return [cid for cid, st, _ in s.setup.expansion.style_cards if st == style and cid not in spent]


def held(s: State, style: str) -> int:
    """Cards of ``style`` in the managers' hands (playable or earned this round)."""
    x = s.x
    return sum(x.style_hand[i] + x.style_fresh[i] for i in (0, 1) if x.style[i] == style)


def pile(s: State, style: str) -> int:
    """Cards left on the ``style`` deck."""
    return len(unrevealed(s, style)) - held(s, style)


def _order_problem(s: State, side: int, style: str) -> str:
    """HX-S.9: cards played at one moment take effect TACTICAL -> TOTAL, the attacker's first
    on the same style; the phone logs them in that order."""
    for other, card in s.x.style_moment:
        if other == side:
            continue
        theirs: str = s.setup.expansion.style_of[card]
        if ORDER[theirs] > ORDER[style] or (theirs == style and side == s.attacker):
            return theirs
    return ""


def _team_use(s: State, side: int, effect: dict[str, Any]) -> bool:
    kind = effect["kind"]
    if kind == "free_kick":
        holder = s.holder
        return (
            bool(holder)
            and side_of(holder) == side
            and any(True for _ in _concrete(s, holder, effect, None))
        )
    if s.phase not in MODIFIER_PHASES or s.cards[s.attacker] is None:
        return False
    if (effect["target"] == "attack") != (side == s.attacker):
        return False
    if effect.get("action") not in (None, played(s, s.attacker).kind):
        return False
    return _half_ok(effect.get("half"), side, s.ball)


def card_uses(s: State, side: int, card: str) -> Iterator[PlayStyle]:
    """Every concrete way ``side`` could play ``card`` now (ignoring hand and limits)."""
    effect = s.setup.expansion.style_effects[card]
    if effect["kind"] in TEAM_KINDS:
        if _team_use(s, side, effect):
            yield PlayStyle(side, card)
        return
    for p in s.grid:
        if p and side_of(p) == side:
            for use in _concrete(s, p, effect, None):
                yield PlayStyle(side, card, use.player, use.target, use.direction)


def _playable_cards(s: State, side: int) -> list[str]:
    x = s.x
    style = x.style[side]
    if (
        style is None
        or x.style_hand[side] <= 0
        or x.style_played[side]
        or x.choice is not None
        or s.phase in NO_ABILITY_PHASES
        or _order_problem(s, side, style)
    ):
        return []
    return unrevealed(s, style)


def style_options(s: State, side: int) -> list[PlayStyle]:
    """The style card plays open to ``side`` now (for ``legal_actions``)."""
    if not s.setup.expansion.lineups[side]:
        return []
    out: list[PlayStyle] = []
    for card in _playable_cards(s, side):
        out.extend(card_uses(s, side, card))
    return out


def _refuse(s: State, a: PlayStyle) -> Exception:
    x = s.x
    style = x.style[a.side] if s.setup.expansion.lineups[a.side] else None
    xs = s.setup.expansion
    if a.card not in xs.style_of:
        return illegal("unknown_style_card", "HX-S.0")
    if style is None:
        return illegal("no_style_card", "HX-S.12")
    if xs.style_of[a.card] != style:
        return illegal("wrong_style", "HX-S.1", card=a.card, style=style)
    if a.card in x.style_spent[0] or a.card in x.style_spent[1]:
        return illegal("style_card_spent", "HX-S.13")
    if x.style_played[a.side]:
        return illegal("style_limit", "HX-S.8")
    if x.style_hand[a.side] <= 0:
        if x.style_fresh[a.side]:
            return illegal("style_card_fresh", "HX-S.4")
        return illegal("no_style_card_left", "HX-S.12")
    later = _order_problem(s, a.side, style)
    if later:
        return illegal("style_order", "HX-S.9", played=later)
    return illegal("style_not_usable", "HX-S.12", card=a.card)


def _no_flip(s: State, player: int, card: str, events: list[GameEvent], **data: Any) -> State:
    events.append(
        GameEvent(
            "style_card_effect",
            side_of(player),
            {"card": card, "player": number_of(player), **data},
        )
    )
    return s


def play_style(s: State, a: PlayStyle, events: list[GameEvent]) -> State:
    if a.card not in _playable_cards(s, a.side) or a not in card_uses(s, a.side, a.card):
        raise _refuse(s, a)
    x = s.x
    xs = s.setup.expansion
    spent = list(x.style_spent)
    spent[a.side] = (*spent[a.side], a.card)
    hand = list(x.style_hand)
    hand[a.side] -= 1
    played = list(x.style_played)
    played[a.side] = True
    s = s._replace(
        x=x._replace(
            style_spent=(spent[0], spent[1]),
            style_hand=(hand[0], hand[1]),
            style_played=(played[0], played[1]),
            style_moment=(*x.style_moment, (a.side, a.card)),
        )
    )
    data: dict[str, Any] = {"card": a.card, "style": xs.style_of[a.card]}
    if a.player is not None:
        data["player"] = a.player
    events.append(GameEvent("style_card_played", a.side, data))
    effect = xs.style_effects[a.card]
    if effect["kind"] == "modifier":
        return s._replace(x=s.x._replace(style_armed=(*s.x.style_armed, (a.side, a.card))))
    holder = s.holder if a.player is None else code(a.side, a.player)
    use = UseAbility(a.side, number_of(holder), a.target, a.direction)
    return perform(s, holder, use, a.card, effect, events, _no_flip)


def style_bonus(s: State, events: list[GameEvent]) -> tuple[State, int, int]:
    """(state, attack bonus, defence bonus) of the style modifiers announced this round."""
    x = s.x
    if not x.style_armed:
        return s, 0, 0
    att = dfn = 0
    kind = played(s, s.attacker).kind
    if kind == DRIBBLING and not _dribble_duel(s):  # HX-S.12: no duel, spent without effect
        return s._replace(x=x._replace(style_armed=())), 0, 0
    for side, card in x.style_armed:
        effect = s.setup.expansion.style_effects[card]
        if effect.get("action") not in (None, kind):
            continue
        amount = int(effect.get("amount", 1))
        if effect["target"] == "attack":
            att += amount
        else:
            dfn += amount
        events.append(
            GameEvent(
                "style_card_effect",
                side,
                {"card": card, "target": effect["target"], "amount": amount},
            )
        )
    return s._replace(x=x._replace(style_armed=())), att, dfn


def _dribble_duel(s: State) -> bool:
    """Does the coming dribble meet an opponent right in front (HT-3C.1, not HT-3C.2/3C.3)?"""
    front = s.ball + forward(s.attacker) * N_COLS
    return (
        0 <= front < len(s.grid) and s.grid[front] != EMPTY and side_of(s.grid[front]) != s.attacker
    )
