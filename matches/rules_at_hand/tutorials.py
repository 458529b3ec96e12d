"""Tutorials: the rulebooks' worked examples as matches to step through, explained in words.

The game's data file ``tutorials.yaml`` (in its package, ``Game.data_file``) lists each
tutorial: its sides and options, and its steps, each with the moves of the step (in the game's
notation) and what happens, in English and German.
The referee replays the moves, so every step shows the true position and what may come next;
a player may also play along, logging a move and being told whether it is the one the example
makes.
"""

from __future__ import annotations

from typing import Any

from matches.engine import get_engine, get_game
from matches.engine.i18n import refusals_of
from matches.i18n import effect_text, hint_message
from matches.log.selectors import localized_legal
from matches.rules_at_hand import clauses


def tutorials(game: str) -> list[dict[str, Any]]:
    return clauses.game_data(game, "tutorials.yaml") or []


def tutorial(game: str, tutorial_id: str) -> dict[str, Any] | None:
    return next((t for t in tutorials(game) if t["id"] == tutorial_id), None)


def replay(game: str, data: dict[str, Any]):
    """(state before the first step, [(moves, [(action, effects)], state after)] per step)."""
    engine = get_engine(game)
    state = engine.initial_state(
        edition=engine.default_edition(), sides=data["sides"], options=data.get("options", {})
    )
    start = state
    steps = []
    for step in data["steps"]:
        played = []
        for line in step["moves"]:
            action = engine.parse_notation(line)
            transition = engine.apply(state, action)
            played.append((action, [event.to_json() for event in transition.events]))
            state = transition.state
        steps.append((step, played, state))
    return start, steps


def tutorial_json(game: str, data: dict[str, Any]) -> dict[str, Any]:
    """The tutorial in the active language: each step's moves, explanation and what follows."""
    engine = get_engine(game)
    lang = clauses.language()
    names = [side["name"] for side in data["sides"]]
    _start, steps = replay(game, data)
    out = []
    for number, (step, played, state) in enumerate(steps, start=1):
        legal = localized_legal(engine, state)
        points = _score(game, step.get("score"))
        out.append(
            {
                "number": number,
                "score": points,
                "moves": [engine.format_action(action) for action, _effects in played],
                "text": step["text"][lang],
                "effects": [
                    text
                    for _action, effects in played
                    for effect in effects
                    if (text := effect_text(game, effect, names))
                ],
                "next": legal["hint"] or hint_message(game, state, legal, names),
                "summary": engine.summary(state),
            }
        )
    return {
        "id": data["id"],
        "game": game,
        "language": lang,
        "title": data["title"][lang],
        "sides": names,
        "steps": out,
    }


def _score(game: str, example: dict[str, Any] | None) -> int | None:
    """A scoring example's points, as the referee scores them (a game without: ``None``)."""
    score = get_game(game).example_score
    return score(example) if example and score is not None else None


def play_along(
    game: str, data: dict[str, Any], *, step: int, move: int, action: Any
) -> dict[str, Any]:
    """Whether ``action`` (JSON or notation) is move ``move`` of step ``step`` of the example."""
    engine = get_engine(game)
    expected_line = data["steps"][step - 1]["moves"][move - 1]
    expected = engine.parse_notation(expected_line)
    with refusals_of(game):
        given = (
            engine.parse_notation(action)
            if isinstance(action, str)
            else engine.parse_action(action)
        )
    return {
        "matches": engine.format_action(given) == engine.format_action(expected),
        "expected": engine.format_action(expected),
        "given": engine.format_action(given),
        "text": data["steps"][step - 1]["text"][clauses.language()],
    }
