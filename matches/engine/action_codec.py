"""Actions declared once: the frozen dataclasses of a game's actions, and what follows from them.

Each action is a frozen dataclass whose class variable ``type`` is its tag on the wire
(declared by :func:`action`); its fields and their type hints are everything
:class:`ActionCodec` needs to read the JSON form (``parse``), write it (``to_json``) and give
its typed shape for the schema (``shapes``), so the three cannot drift apart::

    >>> from typing import Annotated
    >>> @action("jump")
    ... class Jump:
    ...     height: Annotated[int, Bounds(minimum=1, maximum=3), Refusal("height")]
    >>> sentences = Sentences({"invalid_action:height": "A jump is {low} to {high} high."})
    >>> codec = ActionCodec((Jump,), Refusals("Toy", sentences))
    >>> codec.parse({"type": "jump", "height": 2})
    Jump(height=2)
    >>> codec.to_json(Jump(3))
    {'type': 'jump', 'height': 3}
    >>> codec.parse({"type": "jump", "height": 9}).height
    Traceback (most recent call last):
    ...
    matches.engine.base.InvalidActionError: A jump is 1 to 3 high.

The values a field may hold:

- ``int`` (never a ``bool``) within its :class:`~matches.engine.base.Bounds`, ``bool``,
  ``str`` and ``Literal[...]`` (a value of one of the listed ones, of the same type);
- ``tuple[X, ...]``, a list within ``Bounds(min_items=..., max_items=...)``, and ``tuple[X, X]``,
  a list of exactly that many; on the wire (and in the schema) both are lists;
- a value of the game's own (a card), through :class:`Custom`: how it is read, written and shaped;
- ``X | None`` with the default ``None`` (:func:`optional`): the key may be left out (or be
  ``null``); ``to_json`` leaves it out unless the field says null is written.

``Annotated`` metadata says the rest: a string describes the value in the schema, ``Bounds``
limits it, :class:`Check` adds a test of its own and :class:`Refusal` names the error the game
raises when the value fails (its sentence is the game's catalog's, ``texts.ERRORS``, as for
every refusal; the outermost one of a kind counts, so an alias may narrow another's). A field whose JSON key is not its attribute's name (``in`` is a Python keyword)
names it with :func:`renamed`. What the game answers to a malformed action as a whole (not an
object, no such type, a key too many or missing) is its :class:`Refusals`.

It needs the standard library alone: the engines run on the phone in Pyodide's core runtime,
where a compiled validation library would be one more download (docs/games.md).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    TypedDict,
    TypeVar,
    Union,
    dataclass_transform,
)

from matches.engine.base import Bounds, EngineError, Sentences

TAG = "type"
_KEY = "json_key"
_NULL = "null"


@dataclass(frozen=True)
class Refusal:
    """The error a value that fails its field's checks raises: ``code``, with ``cause`` in its
    details when given. The details name the ``field`` (and ``low`` and ``high`` of a bounded
    number), what the game's sentence for ``<code>:<cause>`` may use."""

    cause: str | None
    code: str = "invalid_action"


@dataclass(frozen=True)
class Check:
    """A test a value passes besides its type (a text's pattern): ``test(value)`` is true."""

    test: Callable[[Any], Any]


@dataclass(frozen=True)
class Custom:
    """A value of the game's own: ``read(value, where)`` gives it from JSON (raising the game's
    errors itself; ``where`` names the key, ``cards[0]``), ``write`` gives its JSON and
    ``shape`` its typed shape in the schema."""

    read: Callable[[Any, str], Any]
    write: Callable[[Any], Any]
    shape: Any


@dataclass(frozen=True)
class Logged:
    """How a logged action shows the field in the schema when that may differ from what is
    sent (a hidden value a viewer reads as ``null``)."""

    shape: Any


_Action_T = TypeVar("_Action_T")


@dataclass_transform(frozen_default=True)
def action(tag: str) -> Callable[[type[_Action_T]], type[_Action_T]]:
    """Declare an action class: a frozen dataclass (with slots) whose ``type`` is ``tag``."""

    def declare(cls: type[_Action_T]) -> type[_Action_T]:
        cls.type = tag  # type: ignore[attr-defined]  # a class variable, not a field
        return dataclass(frozen=True, slots=True)(cls)

    return declare


#: what a side's index (an ``int``) in a game of two sides is besides its description: 0 or 1,
#: refused as ``side``. A game describes its sides first (the schema keeps that order):
#: ``Side = Annotated[int, "The side's index: 0 (...) or 1 (...).", *SIDE_INDEX]``
SIDE_INDEX = (Bounds(minimum=0, maximum=1), Refusal("side"))


def renamed(key: str) -> Any:
    """A field whose JSON key is ``key`` (a Python keyword such as ``in``)."""
    return dataclasses.field(metadata={_KEY: key})


def optional(*, null: Literal["read", "shown", "written"] = "read") -> Any:
    """A field that may be left out (it is ``None`` then). ``null``: whether ``null`` is only
    read as left out (``read``), also shown as a value in the schema (``shown``), or written by
    ``to_json`` too (``written``)."""
    return dataclasses.field(default=None, metadata={_NULL: null})


class Refusals:
    """A game's answers to an action malformed as a whole, and the errors of its values. The
    default gives the error code ``invalid_action`` and a ``cause`` per kind of fault (the key
    of the player's sentence in ``sentences``, the game's catalog); a game that refuses
    differently overrides the methods."""

    def __init__(self, game: str, sentences: Sentences, rule: str | None = None) -> None:
        self.game = game
        self.sentences = sentences
        self.rule = rule  # the clause every refusal of malformed input names, if one

    def invalid(self, cause: str, **details: Any) -> EngineError:
        return self.sentences.unreadable("invalid_action", self.rule, cause, **details)

    def value(self, refusal: Refusal, where: str, low: Any = None, high: Any = None) -> EngineError:
        """The error of a value that fails its field's checks (see :class:`Refusal`)."""
        bounds = {} if low is None and high is None else {"low": low, "high": high}
        return self.sentences.unreadable(
            refusal.code, self.rule, refusal.cause, field=where, **bounds
        )

    def not_an_object(self, data: Any) -> EngineError:
        return self.invalid("not_an_object")

    def unknown_type(self, data: dict[str, Any], tags: Sequence[str]) -> EngineError:
        kind = data.get(TAG)
        return self.invalid("unknown_type", field=TAG, type=kind if isinstance(kind, str) else None)

    def unknown_keys(self, tag: str, keys: list[str]) -> EngineError:
        return self.invalid("unknown_field")

    def missing_keys(self, tag: str, keys: list[str]) -> EngineError:
        return self.invalid("missing_field", field=keys[0])

    def not_an_action(self, action: Any) -> EngineError:
        return self.invalid("not_a_move")


@dataclass(frozen=True)
class _Value:
    """What the codec knows of one value: how to read and write it, and its schema hint."""

    read: Callable[[Any, str], Any]
    write: Callable[[Any], Any] | None  # None: written as it is
    shape: Any
    #: the refusals of its checks, each with the keys of the details it gives
    refusals: tuple[tuple[Refusal, frozenset[str]], ...] = ()


@dataclass(frozen=True)
class _Field:
    attr: str
    key: str
    required: bool
    null: str
    value: _Value
    logged: Any  # the schema hint of a logged action's field, or None


@dataclass(frozen=True)
class _Action:
    cls: type
    tag: str
    keys: frozenset[str]
    required: tuple[str, ...]
    fields: tuple[_Field, ...]
    #: (key, required, read) and (attribute, key, null written, write) of each field, in order
    readers: tuple[tuple[str, bool, Callable[[Any, str], Any]], ...]
    writers: tuple[tuple[str, str, bool, Callable[[Any], Any] | None], ...]


def _flatten(hint: Any) -> tuple[Any, list[Any]]:
    """``hint`` without its ``Annotated`` layers and ``| None``: (base, metadata innermost
    first)."""
    metadata: list[Any] = []
    while True:
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            metadata[:0] = hint.__metadata__  # inner ones first, as Python nests them
            hint = typing.get_args(hint)[0]
        elif origin in (Union, types.UnionType) and type(None) in typing.get_args(hint):
            members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
            if len(members) != 1:
                raise TypeError(f"An action field is one type or None, not {hint!r}.")
            (hint,) = members
        else:
            return hint, metadata


def _last(metadata: list[Any], kind: type) -> Any:
    found = [item for item in metadata if isinstance(item, kind)]
    return found[-1] if found else None


def _schema_meta(metadata: list[Any], bounds: Bounds | None) -> list[Any]:
    """The metadata the schema reads: descriptions and the bounds."""
    kept = [item for item in metadata if isinstance(item, str)]
    return kept + [bounds] if bounds is not None else kept


def _value(hint: Any, refusals: Refusals, refusal: Refusal | None = None) -> _Value:
    base, metadata = _flatten(hint)
    custom = _last(metadata, Custom)
    if custom is not None:
        return _Value(custom.read, custom.write, custom.shape)
    refusal = _last(metadata, Refusal) or refusal
    bounds = _last(metadata, Bounds)
    check = _last(metadata, Check)
    if refusal is None:
        raise TypeError(f"A checked action value needs a Refusal: {hint!r}.")
    origin, args = typing.get_origin(base), typing.get_args(base)
    if origin is tuple:
        return _sequence(args, metadata, bounds, refusals, refusal)
    refuse = functools.partial(refusals.value, refusal)
    if origin is Literal:
        read = _literal(args, refuse)
    elif base is bool:
        read = _typed(bool, None, refuse)
    elif base is int:
        read = _number(bounds, refuse)
    elif base is str:
        read = _typed(str, check.test if check else None, refuse)
    else:
        raise TypeError(f"The action codec cannot read {hint!r}.")
    meta = _schema_meta(metadata, bounds)
    shape = Annotated[(base, *meta)] if meta else base
    keys = {"cause", "field"} if refusal.cause else {"field"}
    if base is int and bounds is not None and (bounds.minimum, bounds.maximum) != (None, None):
        keys |= {"low", "high"}
    return _Value(read, None, shape, ((refusal, frozenset(keys)),))


#: builds the error of a value that fails: (where, low, high)
_Refuse = Callable[..., EngineError]


def _literal(values: tuple[Any, ...], refuse: _Refuse) -> Callable[[Any, str], Any]:
    kinds = frozenset(type(value) for value in values)

    def read(value: Any, where: str) -> Any:
        if type(value) in kinds and value in values:
            return value
        raise refuse(where)

    return read


def _typed(
    kind: type, test: Callable[[Any], Any] | None, refuse: _Refuse
) -> Callable[[Any, str], Any]:
    def read(value: Any, where: str) -> Any:
        if type(value) is kind and (test is None or test(value)):
            return value
        raise refuse(where)

    return read


def _number(bounds: Bounds | None, refuse: _Refuse) -> Callable[[Any, str], Any]:
    low = bounds.minimum if bounds else None
    high = bounds.maximum if bounds else None

    def read(value: Any, where: str) -> int:
        if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
            return value
        raise refuse(where, low, high)

    return read


def _sequence(
    args: tuple[Any, ...],
    metadata: list[Any],
    bounds: Bounds | None,
    refusals: Refusals,
    refusal: Refusal,
) -> _Value:
    if len(args) == 2 and args[1] is Ellipsis:
        low = bounds.min_items if bounds else None
        high = bounds.max_items if bounds else None
    else:
        if len(set(args)) != 1:
            raise TypeError(f"A fixed tuple of an action holds one type: {args!r}.")
        low = high = len(args)
        bounds = Bounds(min_items=low, max_items=high)
    item = _value(args[0], refusals, refusal)
    read_item, write_item = item.read, item.write

    def read(value: Any, where: str) -> tuple[Any, ...]:
        if (
            type(value) is not list
            or (low is not None and len(value) < low)
            or (high is not None and len(value) > high)
        ):
            raise refusals.value(refusal, where)
        return tuple(read_item(one, f"{where}[{index}]") for index, one in enumerate(value))

    def write(value: tuple[Any, ...]) -> list[Any]:
        return list(value) if write_item is None else [write_item(one) for one in value]

    meta = _schema_meta(metadata, bounds)
    shape = list[item.shape]  # type: ignore[name-defined]  # an item's type known at run time
    return _Value(
        read,
        write,
        Annotated[(shape, *meta)] if meta else shape,
        ((refusal, frozenset({"cause", "field"} if refusal.cause else {"field"})), *item.refusals),
    )


def camel(tag: str) -> str:
    """``pass_sideways`` -> ``PassSideways``: a tag as the start of a shape's name."""
    return "".join(part.capitalize() for part in tag.split("_"))


def _action(cls: type, refusals: Refusals) -> _Action:
    tag = cls.__dict__.get(TAG)
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__name__} names no tag: declare it with @action('...').")
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = []
    for field in dataclasses.fields(cls):
        required = field.default is not None
        null = field.metadata.get(_NULL, "read")
        _base, metadata = _flatten(hints[field.name])
        logged = _last(metadata, Logged)
        fields.append(
            _Field(
                field.name,
                field.metadata.get(_KEY, field.name),
                required,
                null,
                _value(hints[field.name], refusals),
                None if logged is None else logged.shape,
            )
        )
    return _Action(
        cls,
        tag,
        frozenset({TAG, *(f.key for f in fields)}),
        tuple(f.key for f in fields if f.required),
        tuple(fields),
        tuple((f.key, f.required, f.value.read) for f in fields),
        tuple((f.attr, f.key, f.null == "written", f.value.write) for f in fields),
    )


class ActionCodec:
    """One game's actions: read from JSON, written to JSON and shaped for the schema, all
    from the action classes (see the module's docstring)."""

    def __init__(self, classes: Sequence[type], refusals: Refusals) -> None:
        self.refusals = refusals
        self._actions = {spec.tag: spec for spec in (_action(cls, refusals) for cls in classes)}
        self._by_class = {spec.cls: spec for spec in self._actions.values()}
        self.tags: tuple[str, ...] = tuple(self._actions)
        self._shapes: dict[str, type] = {}

    def parse(self, data: Any) -> Any:
        """The action of a JSON value; the game's :class:`InvalidActionError` (or the one its
        values raise) when it is malformed."""
        if not isinstance(data, dict):
            raise self.refusals.not_an_object(data)
        tag = data.get(TAG)
        if not isinstance(tag, str) or (spec := self._actions.get(tag)) is None:
            raise self.refusals.unknown_type(data, self.tags)
        keys = spec.keys
        if not keys.issuperset(data):
            raise self.refusals.unknown_keys(
                tag, sorted(str(key) for key in data if key not in keys)
            )
        missing = [key for key in spec.required if key not in data]
        if missing:
            raise self.refusals.missing_keys(tag, missing)
        values = []
        for key, required, read in spec.readers:
            value = data.get(key)
            values.append(None if value is None and not required else read(value, key))
        return spec.cls(*values)

    def to_json(self, action: Any) -> dict[str, Any]:
        """The JSON form of ``action``; :meth:`parse` reads it back to an equal action."""
        spec = self._by_class.get(type(action))
        if spec is None:
            raise self.refusals.not_an_action(action)
        out: dict[str, Any] = {TAG: spec.tag}
        for attr, key, null_written, write in spec.writers:
            value = getattr(action, attr)
            if value is None:
                if null_written:
                    out[key] = None
            else:
                out[key] = value if write is None else write(value)
        return out

    def action_class(self, tag: str) -> type:
        """The class of the action ``tag``."""
        return self._actions[tag].cls

    def keys(self, tag: str) -> frozenset[str]:
        """The JSON keys an action of ``tag`` may carry, ``type`` among them."""
        return self._actions[tag].keys

    def fields(self, tag: str) -> tuple[tuple[str, str], ...]:
        """(JSON key, attribute) of each field of the action ``tag``, in order."""
        return tuple((field.key, field.attr) for field in self._actions[tag].fields)

    def field_shapes(self, tag: str) -> dict[str, Any]:
        """The schema hint of each field of the action ``tag`` as it is sent, by JSON key."""
        return {field.key: field.value.shape for field in self._actions[tag].fields}

    def shape(self, cls_or_tag: type | str) -> type:
        """The ``TypedDict`` of an action (``<Tag>Action``), described by its class's docstring."""
        tag = cls_or_tag if isinstance(cls_or_tag, str) else self._by_class[cls_or_tag].tag
        if tag not in self._shapes:
            spec = self._actions[tag]
            fields: dict[str, Any] = {TAG: Literal[tag]}
            for field in spec.fields:
                hint = field.logged if field.logged is not None else field.value.shape
                if not field.required:
                    hint = NotRequired[Union[hint, None] if field.null != "read" else hint]  # noqa: UP007
                fields[field.key] = hint
            # (a TypedDict made at run time: mypy reads only literal names and fields)
            shape = TypedDict(f"{camel(tag)}Action", fields)  # type: ignore[misc]
            shape.__doc__ = spec.cls.__doc__
            shape.__module__ = spec.cls.__module__
            self._shapes[tag] = shape
        return self._shapes[tag]

    def shapes(self) -> tuple[type, ...]:
        """The ``TypedDict`` of every action, in the order of the classes."""
        return tuple(self.shape(tag) for tag in self.tags)

    def declared_refusals(self) -> set[tuple[str, str | None, frozenset[str]]]:
        """(code, cause, keys of the details) of every refusal a field of an action declares
        (the check of the players' sentences reads them)."""
        return {
            (refusal.code, refusal.cause, keys)
            for spec in self._actions.values()
            for field in spec.fields
            for refusal, keys in field.value.refusals
        }
