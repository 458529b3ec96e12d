"""The JSON forms of the set-up and of the match state (``state_to_json`` / ``state_from_json``).

The expansion's parts are written by the expansion's own set-up part and read through the
hooks (``hooks.expansion_from_json``): the base game names no expansion module.
"""

from __future__ import annotations

from typing import Any

from matches.engine.hat_trick import hooks
from matches.engine.hat_trick.cards import ActionCard, card_from_json
from matches.engine.hat_trick.errors import unreadable
from matches.engine.hat_trick.pitch import (
    EMPTY,
    N_FIELDS,
    code,
    field_name,
    number_of,
    parse_field,
    side_of,
)
from matches.engine.hat_trick.state import (
    Deck,
    KeeperCard,
    PlayerCard,
    Setup,
    ShootingCard,
    Shot,
    State,
    per_side,
)


def setup_to_json(setup: Setup) -> dict[str, Any]:
    return {
        "edition": setup.edition,
        "names": list(setup.names),
        "colours": list(setup.colours),
        "players": [
            [
                {
                    "number": p.number,
                    "role": p.role,
                    "edge": p.edge,
                    "attack": p.attack,
                    "defence": p.defence,
                    "star": p.star,
                }
                for p in side
            ]
            for side in setup.players
        ],
        "star_keepers": list(setup.star_keepers),
        "keepers": [
            [{"id": k.id, "dive": k.dive, "draws": dict(k.draws)} for k in side]
            for side in setup.keepers
        ],
        "shooting": [
            {"id": s.id, "action": s.action, "modifier": s.modifier, "symbols": dict(s.symbols)}
            for s in setup.shooting
        ],
        "cards": [
            dict(c.to_json(), count=n)
            for c, n in zip(setup.card_kinds, setup.composition, strict=True)
        ],
        "hand_size": setup.hand_size,
        "layout": grid_to_json(setup.layout),
        "ball_number": setup.ball_number,
        "extra_time": setup.extra_time,
        "penalty_shootout": setup.penalty_shootout,
        **({"expansion": setup.expansion.to_json()} if setup.expansion is not None else {}),
    }


def setup_from_json(d: dict[str, Any]) -> Setup:
    cards = [card_from_json({k: v for k, v in c.items() if k != "count"}) for c in d["cards"]]
    return Setup(
        edition=d["edition"],
        names=tuple(d["names"]),
        colours=tuple(d["colours"]),
        players=per_side(tuple(PlayerCard(**p) for p in side) for side in d["players"]),
        star_keepers=tuple(d["star_keepers"]),
        keepers=per_side(
            tuple(KeeperCard(k["id"], k["dive"], tuple(sorted(k["draws"].items()))) for k in side)
            for side in d["keepers"]
        ),
        shooting=tuple(
            ShootingCard(s["id"], s["action"], s["modifier"], tuple(sorted(s["symbols"].items())))
            for s in d["shooting"]
        ),
        card_kinds=tuple(cards),
        composition=tuple(c["count"] for c in d["cards"]),
        hand_size=d["hand_size"],
        layout=grid_from_json(d["layout"]),
        ball_number=d["ball_number"],
        extra_time=d["extra_time"],
        penalty_shootout=d["penalty_shootout"],
        expansion=hooks.expansion_from_json(d.get("expansion")),
    )


def grid_to_json(grid: tuple[int, ...]) -> dict[str, str]:
    return {
        field_name(f): ("B" if side_of(p) == 0 else "R") + str(number_of(p))
        for f, p in enumerate(grid)
        if p
    }


def grid_from_json(d: dict[str, str]) -> tuple[int, ...]:
    grid = [EMPTY] * N_FIELDS
    for name, player in d.items():
        grid[parse_field(name)] = code(0 if player[0] == "B" else 1, int(player[1:]))
    return tuple(grid)


def _card_or_none(c: ActionCard | None) -> Any:
    return None if c is None else c.to_json()


def state_to_json(s: State) -> dict[str, Any]:
    return {
        "setup": setup_to_json(s.setup),
        "phase": s.phase,
        "half": s.half,
        "kickoff": s.kickoff,
        "first_kickoff": s.first_kickoff,
        "score": list(s.score),
        "pitch": grid_to_json(s.grid),
        "ball": field_name(s.ball) if s.ball >= 0 else None,
        "attacker": s.attacker,
        "cards": [_card_or_none(c) for c in s.cards],
        "moved": field_name(s.moved) if s.moved >= 0 else None,
        "yellow": list(s.yellow),
        "sent_off": [list(x) for x in s.sent_off],
        "decks": [d.to_json(s.setup) for d in s.decks],
        "shot": None
        if s.shot is None
        else {
            "side": s.shot.side,
            "shooter": s.shot.shooter,
            "power": s.shot.power,
            "draws": s.shot.draws,
            "penalty": s.shot.penalty,
            "shooting_card": s.shot.shooting_card,
            "goalkeeper_card": s.shot.goalkeeper_card,
            "symbol": s.shot.symbol,
        },
        "shootout": list(s.shootout),
        **({"x": s.setup.expansion.state_to_json(s.x)} if s.x is not None else {}),
    }


def state_from_json(d: Any) -> State:
    try:
        setup = setup_from_json(d["setup"])
        return State(
            setup=setup,
            phase=d["phase"],
            half=d["half"],
            kickoff=d["kickoff"],
            first_kickoff=d["first_kickoff"],
            score=tuple(d["score"]),
            grid=grid_from_json(d["pitch"]),
            ball=parse_field(d["ball"]) if d["ball"] else -1,
            attacker=d["attacker"],
            cards=per_side(None if c is None else card_from_json(c) for c in d["cards"]),
            moved=parse_field(d["moved"]) if d["moved"] else -1,
            yellow=tuple(d["yellow"]),
            sent_off=per_side(tuple(x) for x in d["sent_off"]),
            decks=per_side(Deck.from_json(x, setup) for x in d["decks"]),
            shot=None if d["shot"] is None else Shot(**d["shot"]),
            shootout=tuple(d["shootout"]),
            x=None if d.get("x") is None else setup.expansion.state_from_json(d["x"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise unreadable("invalid_action", None, cause="not_a_state") from exc
