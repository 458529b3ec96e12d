"""The schema the API serves for each game's protocol cannot drift from the engines.

The actions need no walk: their schema is built from the action classes the engine parses
with (:mod:`matches.engine.action_codec`), which a check below confirms, with what ``action_to_json``
writes of real actions. The rest is declared beside the engine, so random full matches of every
game are played through it; the legal answer (its entries and ready actions), every effect, the
summary, the outcome, the whole state (as its log's reader and as a reader who may see no
side's secrets receive it) and a logged action as another viewer reads it are validated against the
components of the served ``/api/schema/`` (``<Game>Legal``, ``<Game>Effect``, ...). The
validation is strict: an object may carry no key its shape does not declare, so a new key in an
engine fails here until its shape declares it. Every ready action is one the engine parses.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Any

import pytest
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from matches.engine import first_action, game_shapes, get_engine
from matches.engine.base import view_event, view_state
from matches.engine.hat_trick.sampling import random_action as hat_trick_action
from matches.http.schema import UNIONS, game_prefix
from tests.matches.play import amigo_deal

# the API's contract: the served schema against the engines' answers (and one side's team, kept
# in the database only to be read back); the outcome cannot differ on PostgreSQL
pytestmark = pytest.mark.any_database


@pytest.fixture(scope="module")
def components(django_db_blocker) -> dict[str, Any]:
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return strict(response.json()["components"]["schemas"])


def strict(node: Any) -> Any:
    """OpenAPI 3.0 schemas as JSON Schema: ``nullable`` as a ``null`` alternative, and no
    undeclared keys in an object that lists its properties."""
    if isinstance(node, list):
        return [strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: strict(value) for key, value in node.items()}
    if "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False
    if node.pop("nullable", False):
        node = {"anyOf": [node, {"type": "null"}]}
    return node


_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]


def _one_of(validator, branches, instance, schema):
    """``oneOf`` as OpenAPI reads it where a ``discriminator`` stands beside it: the object's
    tag picks the one variant it is checked against (trying every variant made the random
    matches several times slower to check)."""
    discriminator = schema.get("discriminator")
    if discriminator is None or not validator.is_type(instance, "object"):
        yield from _ONE_OF(validator, branches, instance, schema)
        return
    tag, mapping = discriminator["propertyName"], discriminator["mapping"]
    value = instance.get(tag)
    target = mapping.get(value) if isinstance(value, str) else None
    if target is None or {"$ref": target} not in branches:
        yield ValidationError(f"{tag} {value!r} is not one of {list(mapping)}")
        return
    yield from validator.descend(instance, {"$ref": target})


#: JSON Schema 2020-12 with OpenAPI's discriminated ``oneOf``
Validator = validators.extend(Draft202012Validator, {"oneOf": _one_of})


class Checker:
    def __init__(self, components: dict[str, Any], game: str) -> None:
        root = {"components": {"schemas": copy.deepcopy(components)}}
        prefix = game_prefix(game)
        self.validators = {
            part: Validator({**root, "$ref": f"#/components/schemas/{prefix}{part}"})
            for part in UNIONS
        }
        self.seen: dict[str, set[str]] = {"actions": set(), "entries": set(), "effects": set()}

    def check(self, part: str, value: Any) -> None:
        error = best_match(self.validators[part].iter_errors(value))
        assert error is None, f"{part} {value!r}:\n{list(error.path)}: {error.message[:300]}"


def play(checker: Checker, game: str, state, pick: Callable, rng: random.Random, limit=3000):
    """Play ``pick``'s actions to the end, validating everything on the way."""
    engine = get_engine(game)
    steps: set[str] = set()
    for ply in range(limit):
        legal = dict(engine.legal_actions(state))
        legal["ready"] = [first_action(game, entry, legal) for entry in legal["actions"]]
        checker.check("Legal", legal)
        checker.check("Summary", engine.summary(state))
        if ply % 25 == 0 or legal["step"] not in steps:  # each step once, every 25th state
            # as the log's reader and as a reader who may see no side's secrets receive it
            state_json = json.loads(json.dumps(engine.state_to_json(state)))
            checker.check("State", state_json)
            checker.check("State", view_state(engine, state_json, frozenset()))
        steps.add(legal["step"])
        for ready in legal["ready"]:
            engine.parse_action(ready)
        checker.seen["entries"].update(entry["type"] for entry in legal["actions"])
        outcome = engine.outcome(state)
        if outcome is not None:
            checker.check("Outcome", outcome.to_json())
            return
        action = pick(engine, state, legal, rng)
        checker.seen["actions"].add(action["type"])
        transition = engine.apply(state, engine.parse_action(action))
        effects = [event.to_json() for event in transition.events]
        for effect in effects:
            checker.check("Effect", effect)
            checker.seen["effects"].add(effect["kind"])
        # as a viewer who may see no side's secrets reads the logged event
        seen, _, seen_effects = view_event(engine, action, "", effects, frozenset(), finished=False)
        if seen != action:  # a hidden value, shown as the action's declaration says (Logged)
            checker.check("Action", seen)
        for effect in seen_effects:
            checker.check("Effect", effect)
        state = transition.state
    raise AssertionError(f"{game}: no end after {limit} actions")


#: the set-ups the random matches were created with: (game, "Options" or "SideConfig", value)
SETUPS_SEEN: list[tuple[str, str, dict]] = []


def new_state(game: str, sides: int, options: dict | None = None, edition=None):
    engine = get_engine(game)
    configs = [{"name": f"Side {i}"} for i in range(sides)]
    SETUPS_SEEN.append((game, "Options", options or {}))
    SETUPS_SEEN.extend((game, "SideConfig", config) for config in configs)
    return engine.initial_state(
        edition=edition or engine.default_edition(), sides=configs, options=options or {}
    )


def hat_trick_pick(engine, state, legal, rng):
    return engine.action_to_json(hat_trick_action(legal, rng))


def trixkick_pick(engine, state, legal, rng):
    return engine.action_to_json(rng.choice(engine.concrete_legal_actions(state)))


def amigo_pick(engine, state, legal, rng):
    if legal["step"] == "deal" and legal["hands"] != "unknown" and rng.random() < 0.5:
        return amigo_deal(rng, legal["actions"][0]["players"])
    return legal["ready"][rng.randrange(len(legal["ready"]))]


def hat_trick_matches() -> Iterator[tuple[Any, Callable]]:
    for _ in range(3):
        yield new_state("hat-trick", 2), hat_trick_pick
    from tests.engine.hat_trick.expansion_states import lineup, with_bench, xnew

    events = ["long_shot", "corners", "substitutions", "captain", "counter"]
    SETUPS_SEEN.append(("hat-trick", "Options", {"match_events": events}))
    for blue, red in (("ITA", "BRA"), ("GER", None)):
        home = with_bench(
            lineup(team_card=blue), {7: "box_to_box-7-8", 9: "winger-9-11", 4: "stopper-4"}
        )
        away = lineup(team_card=red, colour="red")
        for name, team in (("Blue", home), ("Red", away)):
            SETUPS_SEEN.append(("hat-trick", "SideConfig", {"name": name, "lineup": team}))
        yield xnew(home, away, match_events=events), hat_trick_pick


def trixkick_matches() -> Iterator[tuple[Any, Callable]]:
    yield new_state("trixkick", 2), trixkick_pick
    timed = {"match_length": {"kind": "time", "periods": 2, "minutes": 1}}
    yield new_state("trixkick", 2, timed), trixkick_pick


def amigo_matches() -> Iterator[tuple[Any, Callable]]:
    yield new_state("amigo-hattrick", 4, {"games": 2}), amigo_pick
    yield new_state("amigo-hattrick", 6, {"games": 1}), amigo_pick
    yield new_state("amigo-hattrick", 5, {"games": 1, "hands": "unknown"}), amigo_pick


MATCHES = {
    "hat-trick": hat_trick_matches,
    "trixkick": trixkick_matches,
    "amigo-hattrick": amigo_matches,
}


@pytest.mark.parametrize("game", list(MATCHES))
def test_random_matches_keep_to_the_served_schema(components, game):
    checker = Checker(components, game)
    rng = random.Random(game)
    for state, pick in MATCHES[game]():
        play(checker, game, state, pick, rng)
    for key, part, value in SETUPS_SEEN:
        if key == game:
            checker.check(part, value)
    # the matches went far enough to mean something
    assert len(checker.seen["actions"]) >= 3, checker.seen
    assert len(checker.seen["effects"]) >= 5, checker.seen


def action_codec(game: str):
    """The game's action declaration (its ``actions`` module's ``CODEC``)."""
    package = ".".join(type(get_engine(game)).__module__.split(".")[:3])
    return import_module(f"{package}.actions").CODEC


@pytest.mark.parametrize("game", list(MATCHES))
def test_the_served_actions_are_the_declared_action_classes(components, game):
    """The schema's actions are the shapes of the classes ``parse_action`` reads into, one per
    type, with the same keys; what ``action_to_json`` writes of real actions keeps to them."""
    from tests.ops.test_fuzz_engines import corpus

    codec = action_codec(game)
    engine = get_engine(game)
    assert game_shapes(game).actions == codec.shapes()
    prefix = game_prefix(game)
    mapping = components[f"{prefix}Action"]["discriminator"]["mapping"]
    assert tuple(mapping) == codec.tags
    for tag, target in mapping.items():
        served = components[target.rsplit("/", 1)[1]]
        assert set(served["properties"]) == codec.keys(tag), tag
    checker = Checker(components, game)
    _states, real = corpus(game)
    written = [engine.action_to_json(engine.parse_action(data)) for data in real]
    for data in written:
        checker.check("Action", data)
    assert len({data["type"] for data in written}) >= 3


def test_every_action_type_and_option_an_engine_reads_has_its_shape(components):
    from matches.engine.amigo_hattrick.game import OPTION_KEYS as amigo_options
    from matches.engine.hat_trick.edition import OPTION_NAMES as hat_trick_options
    from matches.engine.trixkick.options import DEFAULTS as trixkick_options

    options = {
        "hat-trick": set(hat_trick_options),
        "trixkick": set(trixkick_options),
        "amigo-hattrick": set(amigo_options),
    }
    for game in MATCHES:
        types = set(action_codec(game).tags)
        prefix = game_prefix(game)
        mapping = components[f"{prefix}LegalEntry"]["discriminator"]["mapping"]
        assert set(mapping) == types, (game, set(mapping) ^ types)
        declared = set(components[f"{prefix}Options"]["properties"])
        assert declared == options[game], (game, declared ^ options[game])


def test_a_side_playing_a_team_keeps_to_the_served_schema(components, auth_client):
    """A match side's ``config`` as the API stores it from a team (TriXKick's pieces)."""
    from teams.models import Edition
    from teams.services import reference_editions_load

    reference_editions_load()
    client = auth_client
    edition = Edition.objects.filter(game="trixkick").order_by("-version").first()
    team = client.post("/api/teams/", {"edition": edition.pk, "name": "XI"}, format="json")
    assert team.status_code == 201, team.content
    sides = [{"name": "Ann", "team": team.json()["id"]}, {"name": "Guest"}]
    match = client.post("/api/matches/", {"game": "trixkick", "sides": sides}, format="json")
    assert match.status_code == 201, match.content
    checker = Checker(components, "trixkick")
    for side in match.json()["match"]["sides"]:
        checker.check("SideConfig", side["config"])
    assert match.json()["match"]["sides"][0]["config"]["pieces"]["field"]


def test_the_expansion_s_rarer_effects_keep_to_the_served_schema(components):
    """Effects a random walk seldom reaches: a corner whose taker the manager still chooses
    (HX-N.2: no taker yet) and a free kick provoked by a style card (HX-S.10)."""
    from tests.engine.hat_trick.states import arrange, play
    from tests.engine.hat_trick.test_expansion_styles import brazil_v_italy, holding
    from tests.engine.hat_trick.test_expansion_ties import _corner_to_a_tie

    checker = Checker(components, "hat-trick")
    _, corner = _corner_to_a_tie()
    s = arrange(holding(brazil_v_italy(), blue=1), {}, cards=("D1l", "D3l"), phase="attacker_move")
    _, free_kick = play(s, "st B technical-1")
    effects = [event.to_json() for event in corner + free_kick]
    assert {"corner", "free_kick"} <= {effect["kind"] for effect in effects}
    for effect in effects:
        checker.check("Effect", effect)
