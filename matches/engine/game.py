"""A game as one object: everything the service needs of that game, found by its key.

Each game package exports ``GAME``, a :class:`Game`; the registry in :mod:`matches.engine`
is built once from the installed packages (``populate``) and finds it by its key
(``get_game(key)``). Apps ask that object for what differs per game (the engine, the protocol's
shapes, the sentences, the stats extractor, the team rules, the rules' and tutorials' data) and
never compare game names.

Everything here is pure Python, as the engines are. A :class:`Game` is frozen: a facet given
from outside its package is given to the registry's ready step (``populate(packages,
facets=...)``), which builds the game with it (``dataclasses.replace``) once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.resources import files
from importlib.resources.abc import Traversable
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


#: the modules every game package has, in the order :meth:`Game.of_package` reads them
_MODULES = ("shapes", "texts", "words")


class RegistryError(Exception):
    """The games cannot be installed as asked: a key given twice, a package without a game,
    a facet for no such game. Raised at start-up, as Django's ``ImproperlyConfigured``."""


@dataclass(frozen=True, eq=False)
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
      example.
    - ``data``: the folder of its data files (``clauses.yaml``: each rule clause in a few
      words; ``tutorials.yaml``: its worked examples), read with :meth:`data_file`.
    - ``teams``: how teams are built for it (:class:`matches.engine.teams.TeamRules`, given by
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
    data: Traversable | None = None
    teams: TeamRules | None = None
    parts: ModuleType | None = None

    @classmethod
    def of_package(cls, package: str, engine: GameEngine, **facets: Any) -> Game:
        """The game of the package ``package``, laid out as the games' packages are: its
        ``shapes`` module (``SHAPES``, and ``first_action`` where the first of each listed value
        is not enough), its ``texts``, its ``words`` (``words``, and ``SIDE_NAMES`` where its
        sides have names by default) and its ``data`` folder; ``facets``: its other fields."""
        shapes, texts, words = (import_module(f"{package}.{name}") for name in _MODULES)
        return cls(
            engine=engine,
            shapes=shapes.SHAPES,
            first_action=getattr(shapes, "first_action", first_of_each),
            texts=texts,
            words=words.words,
            default_side_names=getattr(words, "SIDE_NAMES", ()),
            data=files(package) / "data",
            **facets,
        )

    @property
    def key(self) -> str:
        return self.engine.key

    def data_file(self, name: str) -> Traversable | None:
        """The game's data file ``name`` (``tutorials.yaml``), ``None`` if it has none."""
        found = self.data / name if self.data is not None else None
        return found if found is not None and found.is_file() else None

    def __repr__(self) -> str:
        return f"<Game {self.key!r}>"
