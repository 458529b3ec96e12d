"""Compact one-line notation for every action (see docs/rules/hat-trick.md, "Notation").

>>> format_action(Move(5, "forward"))
'5f'
>>> parse_notation("S2l/L4r")
PlayCards(cards=(ActionCard(kind='short_pass', footballs=2, edge='left'), ActionCard(kind='long_ball', footballs=4, edge='right')))
"""

from __future__ import annotations

import re
from typing import Any

from matches.engine.action_forms import NotationTable
from matches.engine.hat_trick.actions import (
    Action,
    Choose,
    Counter,
    Direction,
    FreeKick,
    GoalKick,
    KeeperDraw,
    KickOff,
    LongBall,
    Move,
    Pass,
    PassSideways,
    PlayCards,
    PlayStyle,
    Protest,
    Refuse,
    Shoot,
    Skip,
    Substitute,
    UseAbility,
)
from matches.engine.hat_trick.cards import card_from_code
from matches.engine.hat_trick.errors import unreadable

_MOVE = re.compile(r"^(\d{1,2})([fblr])$")
_DIR: dict[str, Direction] = {"f": "forward", "b": "backward", "l": "left", "r": "right"}
_ID = re.compile(r"^[A-Za-z0-9*+\-_.]{1,40}$")
_CARD_ID = re.compile(r"^[A-Za-z0-9*+\-_.:]{1,80}$")


def _x_side(action: UseAbility | PlayStyle | Counter | Substitute | Protest) -> str:
    return "BR"[action.side]


def _shot(action: Shoot) -> str:
    text = f"shot {action.shooting_card} {action.goalkeeper_card}"
    return text + (f" {action.card.code}" if action.card is not None else "")


def _style(action: PlayStyle) -> str:
    head = ["st", _x_side(action), action.card]
    if action.player is not None:
        head.append(f"@{action.player}")
    return " ".join([*head, *_x_tail(action)])


format_action = NotationTable(
    {
        PlayCards: "{a.cards[0].code}/{a.cards[1].code}",
        Move: "{a.player}{a.direction[0]}",
        Skip: "skip",
        PassSideways: "sw{a.receiver}",
        LongBall: "lb{a.lines}",
        FreeKick: lambda a: "fk so" if a.scoring_opportunity else "fk play",
        Pass: "p{a.receiver}",
        Refuse: "refuse",
        Shoot: _shot,
        KeeperDraw: lambda a: " ".join(["draw", *(c.code for c in a.cards)]),
        GoalKick: "gk {a.card.code}",
        Choose: "ch{a.player}",
        UseAbility: lambda a: " ".join(["ab", f"{_x_side(a)}{a.player}", *_x_tail(a)]),
        PlayStyle: _style,
        KickOff: "ko {a.side}",
        Counter: lambda a: f"ctr {_x_side(a)}",
        Substitute: lambda a: f"sub {_x_side(a)}{a.player} {a.card}",
        Protest: lambda a: f"pr {_x_side(a)} {a.card.code}",
    },
    lambda: unreadable("invalid_action", None, "not_a_move"),
)


def _number(text: str, what: str) -> int:
    if not text.isdigit() or len(text) > 2 or int(text) == 0:
        raise unreadable("invalid_action", None, "shirt_number")
    return int(text)


_XDIR = {"f": "forward", "b": "backward", "d": "diagonal_forward", "w": "other_wing"}
_XDIR_LETTER = {v: k for k, v in _XDIR.items()}


def _x_tail(action: UseAbility | PlayStyle) -> list[str]:
    out = []
    if action.target is not None:
        out.append(f">{action.target}")
    if action.direction is not None:
        out.append(_XDIR_LETTER[action.direction])
    via = getattr(action, "via", None)
    if via is not None:
        out.append(f"via={via}")
    return out


def _parse_x_tail(rest: list[str], text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for token in rest:
        if token.startswith(">") and "target" not in out:
            out["target"] = _number(token[1:], ">")
        elif token in _XDIR and "direction" not in out:
            out["direction"] = _XDIR[token]
        elif token.startswith("via=") and _ID.match(token[4:]) and "via" not in out:
            out["via"] = token[4:]
        elif token.startswith("@") and "player" not in out:
            out["player"] = _number(token[1:], "@")
        else:
            raise unreadable("invalid_action", None, "unexpected_part")
    return out


def _side_letter(token: str, text: str) -> int:
    if token[:1] not in ("B", "R"):
        raise unreadable("invalid_action", None, "side_letter")
    return 0 if token[0] == "B" else 1


def parse_notation(text: str) -> Action:
    if not isinstance(text, str):
        raise unreadable("invalid_action", None, "not_text")
    parts = text.split()
    if not parts:
        raise unreadable("invalid_action", None, "empty")
    head, rest = parts[0], parts[1:]
    if head == "skip" and not rest:
        return Skip()
    if head == "refuse" and not rest:
        return Refuse()
    if head == "draw":
        return KeeperDraw(tuple(card_from_code(c) for c in rest))
    if head == "fk" and len(rest) == 1 and rest[0] in ("so", "play"):
        return FreeKick(rest[0] == "so")
    if head == "gk" and len(rest) == 1:
        return GoalKick(card_from_code(rest[0]))
    if head == "ko" and rest in (["0"], ["1"]):
        return KickOff(int(rest[0]))
    if head == "ab" and rest:
        side = _side_letter(rest[0], text)
        tail = _parse_x_tail(rest[1:], text)
        if "player" in tail:
            raise unreadable("invalid_action", None, "unexpected_part")
        return UseAbility(side, _number(rest[0][1:], "ab"), **tail)
    if head == "st" and len(rest) >= 2 and len(rest[0]) == 1:
        if not _ID.match(rest[1]):
            raise unreadable("invalid_action", None, "style_card_missing")
        tail = _parse_x_tail(rest[2:], text)
        if "via" in tail:
            raise unreadable("invalid_action", None, "unexpected_part")
        return PlayStyle(_side_letter(rest[0], text), rest[1], **tail)
    if head == "ctr" and len(rest) == 1 and rest[0] in ("B", "R"):
        return Counter(_side_letter(rest[0], text))
    if head == "sub" and len(rest) == 2 and _CARD_ID.match(rest[1]):
        return Substitute(_side_letter(rest[0], text), _number(rest[0][1:], "sub"), rest[1])
    if head == "pr" and len(rest) == 2 and rest[0] in ("B", "R"):
        return Protest(_side_letter(rest[0], text), card_from_code(rest[1]))
    if head == "shot" and len(rest) in (2, 3):
        if not (_ID.match(rest[0]) and _ID.match(rest[1])):
            raise unreadable("invalid_action", None, "shot_cards")
        return Shoot(rest[0], rest[1], card_from_code(rest[2]) if len(rest) == 3 else None)
    if not rest:
        if "/" in head:
            a, _, b = head.partition("/")
            return PlayCards((card_from_code(a), card_from_code(b)))
        m = _MOVE.match(head)
        if m:
            return Move(int(m[1]), _DIR[m[2]])
        if head.startswith("ch"):
            return Choose(_number(head[2:], "ch"))
        if head.startswith("sw"):
            return PassSideways(_number(head[2:], "sw"))
        if head.startswith("lb") and head[2:].isdigit() and len(head) == 3:
            return LongBall(int(head[2:]))
        if head.startswith("p"):
            return Pass(_number(head[1:], "p"))
    raise unreadable("invalid_action", None, "not_notation")
