"""Action cards: kind (short pass, long ball, dribbling), footballs and the edge they are printed on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.engine.hat_trick.errors import unreadable

SHORT_PASS = "short_pass"
LONG_BALL = "long_ball"
DRIBBLING = "dribbling"
KINDS = (SHORT_PASS, LONG_BALL, DRIBBLING)
EDGES = ("left", "right")
KIND_LETTER = {SHORT_PASS: "S", LONG_BALL: "L", DRIBBLING: "D"}
LETTER_KIND = {v: k for k, v in KIND_LETTER.items()}


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One action card as seen on the table, e.g. ``ActionCard("long_ball", 3, "left")``.

    >>> ActionCard("long_ball", 3, "left").code
    'L3l'
    """

    kind: str
    footballs: int
    edge: str

    @property
    def code(self) -> str:
        return f"{KIND_LETTER[self.kind]}{self.footballs}{self.edge[0]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "footballs": self.footballs, "edge": self.edge}


CARD_FIELDS = frozenset({"kind", "footballs", "edge"})


def card_from_json(data: Any, where: str = "card") -> ActionCard:
    """Read ``{"kind": ..., "footballs": n, "edge": "left"|"right"}``; a code like ``"S2l"`` too."""
    if isinstance(data, str):
        return card_from_code(data)
    if not isinstance(data, dict):
        raise unreadable("invalid_action", None, cause="card_not_object", field=where)
    unknown = set(data) - CARD_FIELDS
    if unknown:
        raise unreadable("invalid_action", None, cause="card_unknown_field", field=where)
    missing = CARD_FIELDS - set(data)
    if missing:
        raise unreadable("invalid_action", None, cause="card_incomplete", field=where)
    kind, footballs, edge = data["kind"], data["footballs"], data["edge"]
    if kind not in KINDS:
        raise unreadable("invalid_action", None, cause="card_kind", field=where)
    if not isinstance(footballs, int) or isinstance(footballs, bool) or not 1 <= footballs <= 9:
        raise unreadable("invalid_action", None, cause="card_footballs", field=where)
    if edge not in EDGES:
        raise unreadable("invalid_action", None, cause="card_edge", field=where)
    return ActionCard(kind, footballs, edge)


def card_from_code(text: Any) -> ActionCard:
    """Read a card code such as ``"S2l"`` (short pass, 2 footballs, left edge)."""
    if not isinstance(text, str) or len(text) != 3:
        raise unreadable("invalid_action", None, cause="card_code")
    kind = LETTER_KIND.get(text[0].upper())
    edge = {"l": "left", "r": "right"}.get(text[2].lower())
    if kind is None or edge is None or not text[1].isdigit() or text[1] == "0":
        raise unreadable("invalid_action", None, cause="card_code")
    return ActionCard(kind, int(text[1]), edge)
