"""HX-E.3 substitutions (our rules): a card from the lineup's bench replaces a player.

The incoming card takes the slot of the player he replaces (so it must carry that shirt number),
starts on its silver side and has no uses this round; the replaced card leaves the match. At most
three per team, between rounds (step 1) outside a scoring opportunity; a sent-off player cannot be
replaced. The match's set-up is rebuilt with the new card, so values, numbers and abilities follow.
"""

from __future__ import annotations

from dataclasses import replace

from matches.engine.base import GameEvent
from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.actions import Substitute
from matches.engine.hat_trick.errors import illegal
from matches.engine.hat_trick.expansion.match_events import enabled, refuse_off
from matches.engine.hat_trick.pitch import code
from matches.engine.hat_trick.state import PlayerCard, State

MAX_SUBSTITUTIONS = 3


def substitution_options(s: State, side: int) -> list[Substitute]:
    if not enabled(s, "substitutions") or not _open(s, side):
        return []
    return [
        Substitute(side, slot, card.card)
        for card in s.setup.expansion.bench
        if card.side == side
        for slot in card.numbers
        if code(side, slot) in s.grid
    ]


def _open(s: State, side: int) -> bool:
    return (
        s.phase == P.PLAY_CARDS
        and s.x.choice is None
        and s.x.subs[side] < MAX_SUBSTITUTIONS
        and s.setup.expansion.lineups[side]
    )


def substitute(s: State, a: Substitute, events: list[GameEvent]) -> State:
    if not enabled(s, "substitutions"):
        raise refuse_off("substitutions")
    if a not in substitution_options(s, a.side):
        raise illegal("substitution_not_allowed", "HX-E.3", card=a.card)
    xs = s.setup.expansion
    player = code(a.side, a.player)
    incoming = next(c for c in xs.bench if c.side == a.side and c.card == a.card)
    incoming = replace(incoming, slot=a.player)
    outgoing = xs.by_code[player]
    cards = tuple(incoming if c.code == player else c for c in xs.cards)
    bench = tuple(c for c in xs.bench if not (c.side == a.side and c.card == a.card))
    new_xs = replace(
        xs,
        cards=cards,
        bench=bench,
        by_code={},
        effects={},
        gold_values={},
        numbers={},
        style_of={},
        style_effects={},
    )
    silver = incoming.silver
    value = PlayerCard(a.player, incoming.role, incoming.edge, silver.attack, silver.defence, False)
    players = list(s.setup.players)
    players[a.side] = tuple(value if p.number == a.player else p for p in players[a.side])
    setup = replace(
        s.setup, players=(players[0], players[1]), expansion=new_xs, card_index={}, values={}
    )
    x = s.x
    subs = list(x.subs)
    subs[a.side] += 1
    x = x._replace(
        gold=x.gold - {player},
        switched=x.switched - {player},
        uses=tuple(u for u in x.uses if u[0] != player),
        armed=tuple(t for t in x.armed if t[0] != player),
        blocked=x.blocked - {player},
        must_pass=0 if x.must_pass == player else x.must_pass,
        subs=(subs[0], subs[1]),
    )
    events.append(
        GameEvent(
            "substitution",
            a.side,
            {"player": a.player, "off": outgoing.card, "on": incoming.card, "count": subs[a.side]},
        )
    )
    return s._replace(setup=setup, x=x)
