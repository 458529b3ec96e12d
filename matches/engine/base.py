"""The protocol every game's rules engine implements.

Engines are pure Python: no Django, no database, no settings. A game is a module-level
object that satisfies :class:`GameEngine`; the registry in :mod:`matches.engine` maps a game
key (``"hat-trick"``, ``"trixkick"``, ``"amigo-hattrick"``) to it. The match log, the API and
the stats jobs talk to engines only through this protocol.

State values are immutable and round-trip through JSON (``state_to_json`` /
``state_from_json``); actions are typed values parsed from JSON (``parse_action``) or from the
game's text notation (``parse_notation``). ``apply`` never mutates its input: it returns a
:class:`Transition` with the new state and the game events that followed from the action.

Errors are ``ValueError`` subclasses with a stable ``code``, the id of the rule clause they
concern (see ``docs/rules/<game>.md``) and the parameters of its sentence (``details``). The
sentence itself is written once, in the game's catalog (``<game>/texts.py``, and German in the
gettext catalog): a refusal raised with the game's :class:`Sentences` reads its English there::

    >>> sentences = Sentences({"wrong_edge": "No. {player} has his footballs on the {edge} edge."})
    >>> err = IllegalActionError("wrong_edge", "HT-2.1", details={"player": 7, "edge": "left"},
    ...                          sentences=sentences)
    >>> err.code, err.rule, err.message
    ('wrong_edge', 'HT-2.1', 'No. 7 has his footballs on the left edge.')
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict, runtime_checkable

JSON = Any  # a value made of dict / list / str / int / float / bool / None
# what ``GameEngine.initial_state`` is given: the edition's catalog data, each side's set-up
# (name, line-up) and the match options
Edition = Mapping[str, JSON]
Sides = Sequence[Mapping[str, JSON]]
MatchOptions = Mapping[str, JSON]


def fill_hint(
    template: str, params: Mapping[str, JSON], names: Sequence[str], **words: Callable[[Any], str]
) -> str:
    """A step hint in English: ``template`` filled with ``params``, a ``side`` index as that
    side's name from ``names`` and each parameter named in ``words`` as its function writes it."""
    filled = dict(params)
    for name, write in {"side": names.__getitem__, **words}.items():
        if name in filled:
            filled[name] = write(filled[name])
    return template.format(**filled)


def error_template(
    errors: Mapping[str, str], code: str, rule: str | None, cause: str | None = None
) -> str | None:
    """The template for an error of ``code`` raised under ``rule`` for ``cause`` (the error's
    ``details["cause"]``, if any); ``None``: not listed."""
    if cause:
        found = errors.get(f"{code}:{cause}")
        if found is not None:
            return found
    if rule:
        found = errors.get(f"{code}@{rule}")
        if found is not None:
            return found
    return errors.get(code)


#: the keys of a refusal's details that name a side
SIDE_KEYS = frozenset({"side", "team", "fouled_side", "dealer", "leader", "next_leader"})


@dataclass(frozen=True, slots=True)
class Sentences:
    """A game's refusal sentences in English (its ``texts.ERRORS``) and its sides' names: where
    a refusal raised with them reads its English. The API and the phone say the same sentence
    in the reader's language, with a team's name and a card in words
    (``matches.engine.wording``); this plain English is for logs and tests."""

    templates: Mapping[str, str]
    sides: Sequence[str] = ()

    def english(self, code: str, rule: str | None, details: Mapping[str, JSON]) -> str:
        cause = details.get("cause")
        template = error_template(
            self.templates, code, rule, cause if isinstance(cause, str) else None
        )
        if template is None:
            return code.replace("_", " ")
        names = {name for _, name, _, _ in _FORMATTER.parse(template) if name}
        return template.format(**{name: self._plain(name, details.get(name)) for name in names})

    # the refusals of a game, raised with these sentences (each game's ``errors`` module)

    def illegal(self, code: str, rule: str, **details: JSON) -> IllegalActionError:
        """A move the rules do not allow (HTTP 422)."""
        return IllegalActionError(code, rule, details=details or None, sentences=self)

    def game_over(self, rule: str) -> GameOverError:
        return GameOverError("game_over", rule, sentences=self)

    def refused_setup(
        self, code: str, rule: str | None, cause: str | None = None, **details: JSON
    ) -> SetupError:
        """A refused set-up, edition, option or state; ``cause`` (if any) picks its sentence."""
        return SetupError(code, rule, details=_with_cause(cause, details), sentences=self)

    def unreadable(
        self, code: str, rule: str | None, cause: str | None = None, **details: JSON
    ) -> InvalidActionError:
        """Unreadable input (a card, a state); ``cause`` (if any) picks its sentence."""
        return InvalidActionError(code, rule, details=_with_cause(cause, details), sentences=self)

    def _plain(self, key: str, value: JSON) -> str:
        if key in SIDE_KEYS and isinstance(value, int) and not isinstance(value, bool):
            return self.sides[value] if 0 <= value < len(self.sides) else f"Player {value + 1}"
        if isinstance(value, list | tuple):
            items = [str(item) for item in value]
            return (
                " or ".join(items) if len(items) <= 2 else f"{', '.join(items[:-1])} or {items[-1]}"
            )
        return str(value)


_FORMATTER = string.Formatter()


def _with_cause(cause: str | None, details: dict[str, JSON]) -> dict[str, JSON] | None:
    return ({"cause": cause} if cause is not None else {}) | details or None


class EngineError(ValueError):
    """Base of every error an engine raises on purpose: a code, the rule clause and the
    parameters of its sentence (``details``); ``message`` is the English sentence, read from
    the game's catalog (``sentences``) unless given."""

    default_code = "engine_error"
    #: the game whose refusal it is, where the clause does not tell (set by ``refusals_of``)
    game: str | None = None
    #: the sides' names of the match it refuses a move of (set by the server)
    side_names: Sequence[str] | None = None

    def __init__(
        self,
        code: str | None = None,
        rule: str | None = None,
        message: str = "",
        details: Mapping[str, JSON] | None = None,
        *,
        sentences: Sentences | None = None,
    ) -> None:
        self.code = code or self.default_code
        self.rule = rule
        self.details: dict[str, JSON] = dict(details or {})
        self._message = message
        self._sentences = sentences
        super().__init__(self.code, self.rule)

    @property
    def message(self) -> str:
        if not self._message:
            if self._sentences is None:
                self._message = self.code.replace("_", " ")
            else:
                self._message = self._sentences.english(self.code, self.rule, self.details)
        return self._message

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, JSON]:
        """The error in the API's one error shape."""
        data: dict[str, JSON] = {"code": self.code, "message": self.message}
        if self.rule:
            data["rule"] = self.rule
        if self.details:
            data["details"] = self.details
        return data


class InvalidActionError(EngineError):
    """The action cannot be parsed: unknown type, missing or malformed field (HTTP 400)."""

    default_code = "invalid_action"


class IllegalActionError(EngineError):
    """The action is well-formed but the rules do not allow it here (HTTP 422)."""

    default_code = "illegal_move"


class GameOverError(IllegalActionError):
    """No action is accepted once the match has ended."""

    default_code = "game_over"


class SetupError(EngineError):
    """The sides, edition or options given to ``initial_state`` do not make a legal set-up."""

    default_code = "invalid_setup"


@dataclass(frozen=True, slots=True)
class GameEvent:
    """Something that followed from an action: ``pass_completed``, ``goal``, ``trick_won``…

    ``side`` is the index of the side it concerns (or ``None``); ``data`` is JSON.
    Stats are computed from these, so their kinds and keys are part of each game's docs.
    """

    kind: str
    side: int | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "side": self.side, "data": dict(self.data)}


@dataclass(frozen=True, slots=True)
class Transition:
    """What ``apply`` returns: the new state and the events that followed."""

    state: Any
    events: tuple[GameEvent, ...] = ()


# Every move builds a Transition and a few events. A frozen dataclass's generated __init__
# goes through object.__setattr__ for each field; these fill the slots directly (the same
# arguments, defaults and values; assigning to a made event or transition still fails).
_NEW_DICT: Any = object()
# (the slots' member descriptors, taken from the classes' namespaces: reading them as class
# attributes would name the fields' types)
_set_kind, _set_side, _set_data = (
    GameEvent.__dict__["kind"].__set__,
    GameEvent.__dict__["side"].__set__,
    GameEvent.__dict__["data"].__set__,
)
_set_state = Transition.__dict__["state"].__set__
_set_events = Transition.__dict__["events"].__set__


def _event_init(
    self: GameEvent, kind: str, side: int | None = None, data: Mapping[str, JSON] = _NEW_DICT
) -> None:
    _set_kind(self, kind)
    _set_side(self, side)
    _set_data(self, {} if data is _NEW_DICT else data)


def _transition_init(self: Transition, state: Any, events: tuple[GameEvent, ...] = ()) -> None:
    _set_state(self, state)
    _set_events(self, events)


for _cls, _init in ((GameEvent, _event_init), (Transition, _transition_init)):
    _init.__name__, _init.__qualname__ = "__init__", f"{_cls.__name__}.__init__"
    _cls.__init__ = _init  # type: ignore[method-assign]  # the faster __init__ described above


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished match.

    ``scores`` has one entry per side (goals, or points). ``winners`` holds the indexes of the
    side(s) that won: empty for a draw, several only where a game allows a shared win.
    """

    termination: str
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "termination": self.termination,
            "scores": list(self.scores),
            "winners": list(self.winners),
        }


@dataclass(frozen=True)
class Bounds:
    """Limits of a number or a list in a typed shape: ``Annotated[int, Bounds(minimum=1)]``
    (a plain string in ``Annotated`` is the value's description)."""

    minimum: int | None = None
    maximum: int | None = None
    min_items: int | None = None
    max_items: int | None = None


class LegalShape(TypedDict):
    """What every game's ``legal_actions`` holds besides ``actions``; a game's own legal shape
    subclasses it, narrowing ``step`` to its steps and adding its own keys."""

    hint: str
    actor: int | None
    step: str


def shape(name: str, fields: Mapping[str, Any] | None = None, /, **more: Any) -> type:
    """A ``TypedDict`` called ``name`` with ``fields`` and ``more`` (keys that are Python
    keywords, such as ``from``, go in ``fields``)."""
    # (a TypedDict made at run time: mypy reads only literal names and fields)
    made: type = TypedDict(name, {**(fields or {}), **more})  # type: ignore[misc]
    return made


def outcome_shape(name: str, terminations: tuple[str, ...]) -> type:
    """The typed shape of :meth:`Outcome.to_json` for a game ending in ``terminations``."""
    return shape(
        name,
        termination=Literal[terminations],
        scores=list[int],
        winners=list[int],
    )


@dataclass(frozen=True)
class GameShapes:
    """A game's wire protocol as typed shapes (``TypedDict`` classes with ``Literal`` enums).

    The API builds its schema from these, so the schema is the engine's own declaration:

    - ``actions``: one shape per action, its ``type`` a one-value ``Literal``; what
      ``parse_action`` reads and ``action_to_json`` writes (all three derived from the game's
      action classes by :mod:`matches.engine.action_codec`).
    - ``legal``: ``legal_actions`` without its ``actions`` (a :class:`LegalShape`).
    - ``legal_entries``: one shape per kind of entry of ``legal_actions()["actions"]``, its
      ``type`` a one-value ``Literal`` too (the same ``type`` as the action it stands for).
    - ``effects``: effect ``kind`` -> the shape of that :class:`GameEvent`'s ``data``.
    - ``summary``: what :meth:`GameEngine.summary` returns; ``outcome``: what
      :meth:`Outcome.to_json` gives (see :func:`outcome_shape`).
    - ``options``: the match options ``initial_state`` accepts (every key optional);
      ``side_config``: one entry of its ``sides`` (a side's set-up: name, lineup, pieces...).
    - ``state``: what :meth:`GameEngine.state_to_json` writes (and ``view_state`` gives a
      viewer): the whole state as the API sends it (``?include=state``, ``GET state/``).
    - ``edition``: an edition's ``data`` (the engine's reference data and the team-building
      catalogs its teams facet adds); ``cards``: a catalog card's ``data`` by the card's kind
      (empty: the game's editions list no cards).
    - ``ready_rule``: in plain words, how a legal entry becomes a ready action (the schema
      describes the entries with it).
    - ``input_codes``: the error codes of the game's refusals of malformed input (moves it
      cannot read, set-ups it cannot play: :class:`InvalidActionError`, :class:`SetupError`);
      every other code of its texts' ``ERRORS`` is a refusal by the rules
      (:class:`IllegalActionError`). The API lists them by status.
    - ``parts``: the game's face-down choices (its ``parts`` module, :class:`Game`), by the
      ``type`` of the action the parts make: the shapes a side's part may have at that step,
      one per role (Hat-Trick's shot: the shooter's, the keeper's, a shoot-out penalty's).
      Every key of a part is required and no other key is read, so the shapes of one game
      never fit the same part. Empty: the game chooses nothing face down.

    Each game's ``shapes`` module holds its ``SHAPES`` and, where taking the first of each
    listed value is not enough (:func:`matches.engine.game.first_of_each`),
    ``first_action(entry, legal)``, which turns one legal entry into its first ready action
    (``legal``: the whole ``legal_actions`` answer, for entries that need its context).
    """

    actions: tuple[type, ...]
    legal: type
    legal_entries: tuple[type, ...]
    effects: Mapping[str, type]
    summary: type
    outcome: type
    options: type
    side_config: type
    state: type
    edition: type
    ready_rule: str = ""
    input_codes: frozenset[str] = frozenset()
    parts: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    cards: Mapping[str, type] = field(default_factory=dict)

    @classmethod
    def from_protocol(
        cls,
        protocol: Any,
        editions: Any,
        states: Any,
        *,
        ready_rule: str,
        input_codes: frozenset[str] = frozenset(),
        **overrides: Any,
    ) -> GameShapes:
        """The shapes a game's modules declare under the conventional names: its ``protocol``
        (``ACTIONS``, ``Legal``, ``LEGAL_ENTRIES``, ``EFFECTS``, ``Summary``, ``Outcome``,
        ``Options``, ``SideConfig``, and ``PARTS`` where the game chooses face down), its
        ``edition_shapes`` (``editions``: ``Edition``, and ``CARDS`` where its editions list
        cards) and its ``state_shapes`` (``states``: ``State``); ``overrides`` name any kept
        elsewhere. ``input_codes`` are the game's own besides ``invalid_action``
        (:class:`InvalidActionError`, every game's refusal of an action it cannot read)."""
        names = {
            "actions": "ACTIONS",
            "legal": "Legal",
            "legal_entries": "LEGAL_ENTRIES",
            "effects": "EFFECTS",
            "summary": "Summary",
            "outcome": "Outcome",
            "options": "Options",
            "side_config": "SideConfig",
        }
        shapes = {
            attr: overrides[attr] if attr in overrides else getattr(protocol, name)
            for attr, name in names.items()
        }
        return cls(
            **shapes,
            state=states.State,
            edition=editions.Edition,
            ready_rule=ready_rule,
            input_codes=input_codes | {InvalidActionError.default_code},
            parts=overrides.get("parts", getattr(protocol, "PARTS", {})),
            cards=getattr(editions, "CARDS", {}),
        )


@runtime_checkable
class GameEngine(Protocol):
    """What a game's engine offers. Implemented once per game, registered by ``key``."""

    key: str
    name: str
    min_sides: int
    max_sides: int

    def default_edition(self) -> Mapping[str, JSON]:
        """The reference edition's catalog data this engine plays with by default."""

    def initial_state(self, *, edition: Edition, sides: Sides, options: MatchOptions) -> Any:
        """The state before the first action. Raises :class:`SetupError`."""

    def parse_action(self, data: JSON) -> Any:
        """A typed action from its JSON form. Raises :class:`InvalidActionError`."""

    def action_to_json(self, action: Any) -> dict[str, JSON]:
        """The JSON form of an action; ``parse_action`` reads it back to an equal action."""

    def format_action(self, action: Any) -> str:
        """The action in the game's compact text notation (one line, no newline)."""

    def parse_notation(self, text: str) -> Any:
        """An action from its notation. Raises :class:`InvalidActionError`."""

    def apply(self, state: Any, action: Any) -> Transition:
        """The state after ``action``. Raises :class:`IllegalActionError` (or a subclass)."""

    def legal_actions(self, state: Any) -> dict[str, JSON]:
        """What a phone may offer next: ``{"hint": str, "actor": ..., "actions": [...]}``.

        Each entry of ``actions`` is JSON describing a family of legal actions (type and the
        choices for each field); it is for display, ``apply`` is the judge.
        """

    def outcome(self, state: Any) -> Outcome | None:
        """The result once the match has ended, else ``None``."""

    def summary(self, state: Any) -> dict[str, JSON]:
        """A small JSON summary for lists: score, period, whose turn."""

    def state_to_json(self, state: Any) -> dict[str, JSON]:
        """The full state as JSON; ``state_from_json`` reads it back to an equal state."""

    def state_from_json(self, data: Mapping[str, JSON]) -> Any:
        """A state from its JSON form."""

    def render_svg(self, state: Any, before: Any = None) -> str:
        """A picture of the pitch or table as a standalone SVG document.

        ``before``: the state before the last move, if any; the picture then marks that move
        (the pieces that moved and where from, the ball's way, the card laid)."""


@runtime_checkable
class HiddenInformation(Protocol):
    """Optional part of the protocol for games with secrets (TriXKick's hidden keepers).

    ``visible`` is the set of side indexes whose secrets the viewer may see: the API passes
    every side to the person who logs for them and only their own side to a linked opponent
    (see docs/api.md, "Hidden information"). An engine without secrets does not implement
    this; :func:`view_state`, :func:`view_event` and :func:`view_svg` then return their input.
    """

    def view_state(
        self, state_json: Mapping[str, JSON], visible: frozenset[int]
    ) -> dict[str, JSON]:
        """The state JSON with the secrets of every side not in ``visible`` taken out."""

    def view_event(
        self,
        action: Mapping[str, JSON],
        notation: str,
        effects: Sequence[Mapping[str, JSON]],
        visible: frozenset[int],
        *,
        finished: bool,
    ) -> tuple[dict[str, JSON], str, list[dict[str, JSON]]]:
        """A logged action, its notation and its game events as the viewer may see them.

        ``finished`` is whether the match has ended (an engine may reveal everything then).
        """

    def render_svg_for(self, state: Any, visible: frozenset[int], before: Any = None) -> str:
        """:meth:`GameEngine.render_svg` without the secrets of sides not in ``visible``."""

    def unchecked(self, viewed_json: Mapping[str, JSON], action: Any) -> str | None:
        """Why someone holding only ``viewed_json`` (a state as :meth:`view_state` gave it to
        them: the phone's referee) cannot decide ``action``, as a code; ``None``: they can."""

    def render_svg_viewed(self, viewed_json: Mapping[str, JSON], before: Any = None) -> str | None:
        """The picture of ``viewed_json`` (a state as :meth:`view_state` gave it), drawn as
        :meth:`render_svg_for` draws it for that viewer; ``None`` when it hides nothing (then
        :meth:`GameEngine.render_svg` draws it)."""


def view_state(
    engine: GameEngine, state_json: Mapping[str, JSON], visible: frozenset[int] | None
) -> Mapping[str, JSON]:
    """``state_json`` as a viewer who may see the secrets of ``visible`` sees it (``None``: all)."""
    if visible is None or not isinstance(engine, HiddenInformation):
        return state_json
    return engine.view_state(state_json, visible)


def view_event(
    engine: GameEngine,
    action: Mapping[str, JSON],
    notation: str,
    effects: Sequence[Mapping[str, JSON]],
    visible: frozenset[int] | None,
    *,
    finished: bool,
) -> tuple[Mapping[str, JSON], str, Sequence[Mapping[str, JSON]]]:
    """A logged action, notation and effects as the viewer sees them (``None``: everything)."""
    if visible is None or not isinstance(engine, HiddenInformation):
        return action, notation, effects
    return engine.view_event(action, notation, effects, visible, finished=finished)


def view_svg(
    engine: GameEngine, state: Any, visible: frozenset[int] | None, before: Any = None
) -> str:
    """The SVG picture as the viewer may see it (``None``: everything), the last move marked
    when ``before`` (the state before it) is given."""
    if visible is None or not isinstance(engine, HiddenInformation):
        return engine.render_svg(state, before)
    return engine.render_svg_for(state, visible, before)
