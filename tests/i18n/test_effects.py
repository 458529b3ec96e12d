"""Every effect of a logged move comes with a sentence, in English and German, without jargon."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from matches import i18n
from matches.engine import get_engine
from matches.engine.hat_trick.sampling import random_action as hat_trick_action
from tests.i18n.test_catalogs import GAME_JARGON, JARGON, NAMES
from tests.matches.play import amigo_deal

pytestmark = pytest.mark.no_services

SETUPS = {
    "hat-trick": ([{"name": "Ajax"}, {"name": "Bayern"}], {}),
    "trixkick": ([{"name": "Ajax"}, {"name": "Bayern"}], {}),
    "amigo-hattrick": ([{"name": n} for n in NAMES["amigo-hattrick"]], {"games": 1}),
}


def _pick(game, engine, state, rng):
    legal = engine.legal_actions(state)
    if game == "hat-trick":
        return hat_trick_action(legal, rng)
    if game == "trixkick":
        return rng.choice(engine.concrete_legal_actions(state))
    if legal["step"] == "deal":
        return engine.parse_action(amigo_deal(rng, len(SETUPS[game][0])))
    return engine.parse_action(rng.choice(legal["actions"]))


def effects_of_random_matches(game: str, seeds=range(3), limit=400):
    engine = get_engine(game)
    sides, options = SETUPS[game]
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.initial_state(edition=engine.default_edition(), sides=sides, options=options)
        for _ in range(limit):
            if engine.outcome(state) is not None:
                break
            transition = engine.apply(state, _pick(game, engine, state, rng))
            yield from (event.to_json() for event in transition.events)
            state = transition.state


@pytest.mark.parametrize("game", list(SETUPS))
def test_every_effect_of_random_matches_reads_well_in_both_languages(game):
    seen: set[str] = set()
    problems = []
    for effect in effects_of_random_matches(game):
        if effect["kind"] in seen:
            continue
        seen.add(effect["kind"])
        for language in ("en", "de"):
            with translation.override(language):
                text = i18n.effect_text(game, effect, NAMES[game])
            if text is None:
                problems.append(f"{effect['kind']}: no sentence ({language}) for {effect}")
                continue
            for pattern, what in JARGON + GAME_JARGON[game]:
                if pattern.search(text):
                    problems.append(f"{effect['kind']}: {what} in {text!r}")
    assert len(seen) >= 5
    assert not problems, "\n".join(problems)
