"""Random JSON fed to every engine's ``parse_action``, ``parse_notation`` and ``apply``.

Whatever a phone sends, an engine may only answer with a typed :class:`EngineError` (which the
API turns into a 400 or 422), never with a ``KeyError``, ``TypeError``, ``AttributeError``...
that would surface as a 500. Every game in the registry is fuzzed the same way: arbitrary JSON,
dicts shaped like the game's real actions with random field values, and real actions with one
field replaced, dropped or added, applied to states taken from random legal play.

``FUZZ_ENGINE_EXAMPLES`` raises the number of examples per test (default: small, for CI).
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.engine import EngineError, game_keys, get_engine
from matches.engine.hat_trick.sampling import random_action as hat_trick_action
from tests.matches.play import next_action as amigo_next_action

pytestmark = pytest.mark.no_services

EXAMPLES = int(os.environ.get("FUZZ_ENGINE_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("FUZZ_RANDOM", "") == "",
)
SIDES = {"amigo-hattrick": 4}
STATES_PER_GAME = 12
MAX_STEPS = 400


def _expand(entry: dict, rng: random.Random) -> dict:
    return {key: rng.choice(v) if isinstance(v, list) else v for key, v in entry.items()}


def _legal_json(game: str, engine, state, rng: random.Random) -> dict | None:
    """One concrete legal action (JSON) for the state, by the same helpers the other tests use."""
    if engine.outcome(state) is not None:
        return None
    legal = engine.legal_actions(state)
    if game == "hat-trick":
        return engine.action_to_json(hat_trick_action(legal, rng))
    if game == "amigo-hattrick":
        return amigo_next_action(game, state, rng, SIDES[game])
    entries = [e for e in legal["actions"] if e.get("type") != "whistle"] or legal["actions"]
    return _expand(rng.choice(entries), rng)


@cache
def corpus(game: str) -> tuple[list[Any], list[dict]]:
    """States met in a random legal playthrough (start, middle, end) and the actions played."""
    engine = get_engine(game)
    sides = [{"name": f"Side {i}"} for i in range(SIDES.get(game, 2))]
    state = engine.initial_state(edition=engine.default_edition(), sides=sides, options={})
    rng = random.Random(game)
    states, actions = [state], []
    for _ in range(MAX_STEPS):
        data = _legal_json(game, engine, state, rng)
        if data is None:
            break
        state = engine.apply(state, engine.parse_action(data)).state
        actions.append(data)
        states.append(state)
    step = max(1, len(states) // STATES_PER_GAME)
    picked = states[::step] + [states[-1]]
    return picked, actions


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
)
any_json = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def actions_for(draw, game: str) -> Any:
    """Random JSON, a dict shaped like this game's actions, or a real action with one change."""
    _states, real = corpus(game)
    types = sorted({a["type"] for a in real if isinstance(a, dict) and "type" in a})
    keys = sorted({key for a in real for key in a})
    values = [value for a in real for value in a.values()]
    field_value = any_json | st.sampled_from(values) if values else any_json
    kind = draw(st.sampled_from(["any", "shaped", "mutated"]))
    if kind == "any" or not real:
        return draw(any_json)
    if kind == "shaped":
        fields = draw(st.dictionaries(st.sampled_from(keys), field_value, max_size=len(keys)))
        fields["type"] = draw(st.sampled_from(types) | st.text(max_size=10))
        return fields
    action = dict(draw(st.sampled_from(real)))
    change = draw(st.sampled_from(["replace", "drop", "add"]))
    key = draw(st.sampled_from(sorted(action)))
    if change == "replace":
        action[key] = draw(field_value)
    elif change == "drop":
        action.pop(key)
    else:
        action[draw(st.text(max_size=10) | st.sampled_from(keys))] = draw(field_value)
    return action


def _parse(engine, data):
    """The parsed action, or None when the engine refused it with a typed error."""
    try:
        return engine.parse_action(data)
    except EngineError as exc:
        assert exc.code and isinstance(exc.message, str) and exc.message
        json.dumps(exc.as_dict())  # the API sends it as it is
        return None


def _apply_everywhere(engine, action) -> int:
    """Apply the action to every corpus state; return how many accepted it."""
    states, _ = corpus(engine.key)
    accepted = 0
    for state in states:
        try:
            transition = engine.apply(state, action)
        except EngineError as exc:
            json.dumps(exc.as_dict())
            continue
        # what the append service stores next must work too
        json.dumps(engine.state_to_json(transition.state))
        json.dumps([event.to_json() for event in transition.events])
        engine.summary(transition.state)
        accepted += 1
    return accepted


GAMES = game_keys()


@pytest.mark.parametrize("game", GAMES)
def test_corpus_reaches_several_states(game):
    states, actions = corpus(game)
    assert len(states) >= 5 and len(actions) >= 20, (len(states), len(actions))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_parse_action_raises_only_typed_errors(game, data):
    engine = get_engine(game)
    raw = data.draw(actions_for(game), label="action")
    action = _parse(engine, raw)
    if action is not None:
        # whatever parses is one of the engine's typed actions and round-trips
        again = engine.parse_action(engine.action_to_json(action))
        assert again == action
        engine.format_action(action)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_apply_raises_only_typed_errors(game, data):
    engine = get_engine(game)
    raw = data.draw(actions_for(game), label="action")
    action = _parse(engine, raw)
    if action is not None:
        _apply_everywhere(engine, action)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(text=st.text(max_size=60) | st.from_regex(r"[A-Za-z0-9@\-+>x ]{0,20}", fullmatch=True))
def test_parse_notation_raises_only_typed_errors(game, text):
    engine = get_engine(game)
    try:
        action = engine.parse_notation(text)
    except EngineError:
        return
    _apply_everywhere(engine, action)


@pytest.mark.parametrize("game", GAMES)
def test_real_actions_are_accepted_somewhere(game):
    """The fuzzer's corpus is not all refusals: its real actions parse and apply."""
    engine = get_engine(game)
    _states, real = corpus(game)
    assert all(_parse(engine, data) is not None for data in real)
    assert any(_apply_everywhere(engine, engine.parse_action(data)) for data in real[:10])
