"""The face-down parts the schema declares are the parts the games' rules take.

Random matches of each game that chooses face down are played through its engine; at every
step its ``parts`` rule opens as a choice, the step must be one the game's ``shapes.parts``
declares, and a part the rule allows for each side (made from the choice's options) must
validate against the served schema: against the step's ``<Game><Step>Part``, against exactly
one shape of ``<Game>Part`` (what ``POST parts/`` takes) and, as ``GET parts/`` shows it,
against ``<Game>PartOutput`` (chosen by ``type``). A part the rule refuses for its keys (one
key more, one key less) fits no shape of the step. Each step and each shape is met at least once
(the random matches go on until they are, a shoot-out's penalty among them).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from matches.engine import game_shapes, get_engine, get_game
from matches.engine.trixkick.board import FIELDS
from matches.http.schema import game_prefix
from tests.api.test_protocol_drift import (
    Validator,
    components,  # noqa: F401 - the served schema's components, strict
    hat_trick_pick,
    new_state,
    trixkick_pick,
)


def hat_trick_part(choice: dict, side: int) -> dict:
    """The first part the rule allows the side: one option per field (a penalty's shooting
    card of the turned-up card's colour)."""
    fields = choice["parts"][side]
    for values in itertools.product(*fields.values()):
        part = dict(zip(fields, values, strict=True))
        if get_game("hat-trick").parts.part_allowed(choice, side, part):
            return part
    raise AssertionError(f"no part allowed to side {side} in {choice}")


def trixkick_part(choice: dict, side: int) -> dict:
    """Every piece in hand on a field of the board, the keepers as a move of their own."""
    field = sorted(FIELDS)[0]
    places = [{"piece": piece, "to": field} for piece in choice["parts"][side]["places"]]
    return {"places": places, "keepers": None}


PARTS = {
    "hat-trick": (hat_trick_part, hat_trick_pick, {"penalty_shootout": True}),
    "trixkick": (trixkick_part, trixkick_pick, {}),
}
#: at most this many random matches, to see each shape of the game's parts
MATCHES = 60


def check(validator, value: Any, what: str) -> None:
    error = best_match(validator.iter_errors(value))
    assert error is None, f"{what} {value!r}:\n{list(error.path)}: {error.message[:300]}"


def validator(schemas: dict, name: str):
    root = {"components": {"schemas": schemas}}
    return Validator({**root, "$ref": f"#/components/schemas/{name}"})


def choices(game: str, options: dict, pick, seed: int):
    """Each face-down choice the game's rule opens in random matches (at most ``MATCHES``)."""
    engine, rule = get_engine(game), get_game(game).parts
    rng = random.Random(seed)
    for _ in range(MATCHES):
        state = new_state(game, 2, options)
        for _ in range(3000):
            if engine.outcome(state) is not None:
                break
            legal = engine.legal_actions(state)
            choice = rule.open_choice(legal, state)
            if choice is not None:
                yield choice
            action = pick(engine, state, legal, rng)
            state = engine.apply(state, engine.parse_action(action)).state


@pytest.mark.parametrize("game", list(PARTS))
def test_every_part_a_rule_allows_keeps_to_the_served_schema(components, game):  # noqa: F811
    make, pick, options = PARTS[game]
    prefix = game_prefix(game)
    declared = game_shapes(game).parts
    any_part = validator(components, f"{prefix}Part")
    output = validator(components, f"{prefix}PartOutput")
    shapes = [
        Draft202012Validator({"components": {"schemas": components}, **role})
        for role in components[f"{prefix}Part"]["oneOf"]
    ]
    expected = {
        frozenset(components[role["$ref"].rsplit("/", 1)[1]]["required"])
        for role in components[f"{prefix}Part"]["oneOf"]
    }
    seen: set[str] = set()
    roles: set[frozenset[str]] = set()
    for choice in choices(game, options, pick, seed=len(game)):
        if roles == expected and seen == set(declared):
            break
        step = choice["type"]
        assert step in declared, (game, step, set(declared))
        seen.add(step)
        per_step = validator(components, f"{prefix}{game_prefix(step)}Part")
        for side in get_game(game).parts.sides_of(choice):
            part = make(choice, side)
            roles.add(frozenset(part))
            check(per_step, part, f"{game} {step} side {side}")
            check(any_part, part, f"{game} side {side}")
            assert sum(s.is_valid(part) for s in shapes) == 1, part
            shown = {"type": step, "side": side, "chosen": True, "part": part}
            check(output, shown, f"{game} shown")
            check(output, {**shown, "chosen": False, "part": None}, f"{game} hidden")
            # one key more or one key less: the rule refuses it, no shape of the step fits it
            for wrong in ({**part, "extra": 1}, dict(list(part.items())[1:])):
                assert not get_game(game).parts.part_allowed(choice, side, wrong)
                assert not per_step.is_valid(wrong), wrong
    # every step and every shape of a part was met
    assert seen == set(declared), (game, seen)
    assert roles == expected, (game, roles)
