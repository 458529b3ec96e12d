"""A game as one object: everything the service needs of that game, found by its key.

Each game package exports ``GAME``, a :class:`Game`; the registry in :mod:`matches.engine`
finds it by its key (``get_game(key)``) or takes a new one (``register(game)``). Apps ask that
object for what differs per game (the engine, the protocol's shapes, the sentences, the stats
extractor, the team building, the tutorials) and never compare game names.

Everything here is pure Python, as the engines are, team building included (``teams``); the
apps turn its answers into rows and answers, so the engines still import no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from matches.engine.base import GameEngine, GameShapes
from matches.engine.stats import StatsExtractor
from matches.engine.teams import TeamRules

#: ``(key, value, side names) -> words``, or ``None`` when ``key`` is not the game's own.
ParamWords = Callable[[str, Any, Sequence[str] | None], str | None]


def _no_words(key: str, value: Any, names: Sequence[str] | None) -> str | None:
    return None


def _no_names(state: Any) -> Sequence[str]:
    return ()


def first_of_each(entry: Mapping[str, Any], legal: Mapping[str, Any]) -> dict[str, Any]:
    """The first ready action of an entry that lists the values open now: each list's first
    value, every other value as it stands."""
    return {key: value[0] if isinstance(value, list) else value for key, value in entry.items()}


@dataclass(eq=False)
class Game:
    """One game as the service sees it.

    - ``engine``: the rules (:class:`matches.engine.base.GameEngine`); ``key`` is its key.
    - ``shapes`` and ``first_action``: the protocol's typed shapes (the schema's game parts)
      and how one legal entry becomes its first ready action (by default
      :func:`first_of_each`).
    - ``title``: the game's name in the active language (a ``pgettext`` call).
    - ``texts``: the English sentence templates (``ERRORS``, ``HINTS``, ``EFFECTS``, ``PARTS``,
      ``STEP_CLAUSES``), looked up in the catalog; ``None``: the engine's own sentences.
    - ``hint``: ``(state, legal) -> (hint key, parameters)`` of the current step.
    - ``side_names``: the sides' names as a state holds them; ``default_side_names``: the
      ``(name, words)`` a side is called by when it has no name of its own (Blue, Red...).
    - ``words``: the game's own parameters of a sentence in words (a card, a piece...).
    - ``rule_prefixes``: the prefixes of its rule clause ids (``HT``, ``HX``).
    - ``stats``: the stats extractor; ``example_score``: the points of a tutorial's scoring
      example (its worked examples are ``docs/tutorials/<key>.yaml``).
    - ``teams``: how teams are built for it (:class:`matches.engine.teams.TeamRules`, from
      its own package; ``None``: no teams).
    - ``parts``: its choices both sides make at once, face down, a phone each (a module with
      ``open_choice``, how the parts make the action and ``REFUSED``, the sentence for a part that
      is not one of the step's options); ``None``: no such choices.
    """

    engine: GameEngine
    shapes: GameShapes
    title: Callable[[], str]
    first_action: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]] = first_of_each
    texts: ModuleType | None = None
    hint: Callable[[Any, Mapping[str, Any]], tuple[str, dict[str, Any]]] | None = None
    side_names: Callable[[Any], Sequence[str]] = _no_names
    default_side_names: tuple[tuple[str, Callable[[], str]], ...] = ()
    words: ParamWords = _no_words
    rule_prefixes: tuple[str, ...] = ()
    stats: StatsExtractor = field(default_factory=StatsExtractor)
    example_score: Callable[[Mapping[str, Any]], int] | None = None
    teams: TeamRules | None = None
    parts: ModuleType | None = None

    @property
    def key(self) -> str:
        return self.engine.key

    def attach(self, **facets: Any) -> Game:
        """Set facets that live outside the engine package (``teams=...``); returns self."""
        for name, value in facets.items():
            if not hasattr(self, name):
                raise AttributeError(f"a game has no facet {name!r}")
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        return f"<Game {self.key!r}>"
