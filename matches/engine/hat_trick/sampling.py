"""Concrete actions drawn at random from ``legal_actions`` (for simulations, tests and benchmarks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from matches.engine.hat_trick.actions import Action, parse_action

_T = TypeVar("_T")


class Chooser(Protocol):
    """What :func:`random_action` asks of its ``random.Random``."""

    def choice(self, seq: Sequence[_T], /) -> _T: ...

    def randint(self, a: int, b: int, /) -> int: ...

    def randrange(self, start: int, /) -> int: ...


def random_action(legal: dict[str, Any], rng: Chooser) -> Action:
    """One concrete action picked from a ``legal_actions`` answer."""
    entry = rng.choice(legal["actions"])
    kind = entry["type"]
    if kind == "play_cards":
        data: dict[str, Any] = {
            "type": kind,
            "cards": [rng.choice(entry["cards"][0]), rng.choice(entry["cards"][1])],
        }
    elif kind == "move":
        m = rng.choice(entry["moves"])
        data = {"type": kind, "player": m["player"], "direction": m["direction"]}
    elif kind in ("pass_sideways", "pass"):
        data = {"type": kind, "receiver": rng.choice(entry["receivers"])}
    elif kind == "long_ball":
        data = {"type": kind, "lines": rng.choice(entry["lines"])}
    elif kind == "free_kick":
        data = {"type": kind, "scoring_opportunity": rng.choice(entry["scoring_opportunity"])}
    elif kind == "shoot":
        data = {"type": kind, "goalkeeper_card": rng.choice(entry["goalkeeper_cards"])}
        if "cards" in entry:
            card = rng.choice(entry["cards"])
            data["card"] = card
            kind_letter = {"short_pass": "S", "long_ball": "L", "dribbling": "D"}[card["kind"]]
            options = [c for c in entry["shooting_cards"] if c.startswith(kind_letter)] or entry[
                "shooting_cards"
            ]
            data["shooting_card"] = rng.choice(options)
        else:
            data["shooting_card"] = rng.choice(entry["shooting_cards"])
    elif kind == "keeper_draw":
        pool = [
            {k: c[k] for k in ("kind", "footballs", "edge")}
            for c in entry["cards"]
            for _ in range(c["available"])
        ]
        n = rng.randint(0, entry["max_cards"])
        drawn: list[Any] = []
        total = 0
        for _ in range(n):
            if not pool or total > entry["power"]:
                break
            card = pool.pop(rng.randrange(len(pool)))
            drawn.append(card)
            total += card["footballs"]
        data = {"type": kind, "cards": drawn}
    elif kind == "goal_kick":
        data = {"type": kind, "card": rng.choice(entry["cards"])}
    elif kind == "counter":
        data = {"type": kind, "side": entry["side"]}
    elif kind == "protest":
        data = {"type": kind, "side": entry["side"], "card": rng.choice(entry["cards"])}
    elif kind in ("ability", "style", "substitute"):
        data = dict(rng.choice(entry["uses"]))
    elif kind == "choose":
        data = {"type": kind, "player": rng.choice(entry["players"])}
    elif kind == "kick_off":
        data = {"type": kind, "side": rng.choice(entry["side"])}
    else:
        data = {"type": kind}
    action: Action = parse_action(data)
    return action
