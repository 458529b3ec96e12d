"""The game protocol in the OpenAPI schema, built from each engine's typed shapes.

Every game declares its actions, legal entries, effects, summary and outcome as ``TypedDict``
shapes (:class:`matches.engine.base.GameShapes`); :func:`game_components` turns any game's
shapes into OpenAPI components, so a new game adds its shapes and nothing here. Per game (the
prefix is its key in CamelCase, e.g. ``HatTrick``):

- ``<Game>Action``: ``oneOf`` its actions with a ``type`` discriminator;
- ``<Game>LegalEntry``: ``oneOf`` its legal entries, discriminated by ``type`` too;
- ``<Game>Legal``: the ``legal`` object (``actions``: entries, ``ready``: actions);
- ``<Game>Effect``: ``oneOf`` its effects with a ``kind`` discriminator;
- ``<Game>Summary``, ``<Game>Outcome``, ``<Game>Options`` (the match options),
  ``<Game>SideConfig`` (a side's set-up) and ``<Game>State`` (the whole state, as
  ``?include=state`` and ``GET state/`` send it);
- ``<Game>Part``: ``oneOf`` the shapes a side's face-down part may have (what ``POST parts/``
  takes), told apart by their keys (each closed: every key required, no other allowed), and
  ``<Game><Step>Part`` the shapes of one step (the ``type`` of the action its parts make);
- ``<Game>PartOutput``: ``oneOf`` a side's part as ``GET parts/`` shows it, one variant per
  step (``<Game><Step>PartOutput``, its ``part`` that step's), discriminated by ``type``; a game
  that chooses nothing face down has none (its ``parts`` are always empty).

Every object of a match body that holds one of those per-game parts carries the match's ``game``
(the match, the state answers, an event, the create input) and is, in the schema, a ``oneOf``
its per-game variants with a ``game`` discriminator (:func:`discriminate_by_game`): e.g.
``MatchOutput`` is ``HatTrickMatchOutput`` (whose ``options`` is ``HatTrickOptions``, whose
sides' ``config`` is ``HatTrickSideConfig``...), ``TrixkickMatchOutput`` or
``AmigoHattrickMatchOutput``, chosen by ``game``. Each variant's ``game`` is its game's
one-value enum (``HatTrickGameKey``), so a generated client narrows by it; ``Game`` is the enum
of every game, the one schema of every other ``game`` field and parameter.

The variants are made from the components the serializers give: a serializer field declares
its part as the cross-game union (``GameOptions``...; :func:`union_ref`), and each variant
replaces it by that game's component. The only unions left in the schema are ``GameAction`` in
the append inputs and ``GamePart`` in the part input, which carry no ``game`` (the match's game
judges the action or part).
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from companion.open_enums import keep_closed
from matches.engine import available_games, game_shapes, get_game
from matches.engine.base import Bounds, GameShapes

REF = "#/components/schemas/"
UNIONS = (
    "Action",
    "Legal",
    "Effect",
    "Summary",
    "Outcome",
    "Options",
    "SideConfig",
    "PartOutput",
    "State",
    "Edition",
    "CardData",
    "TeamLineup",
)
#: what the cross-game union of each kind of an edition's or a team's part says of itself
_UNION_WORDS = {
    "Edition": "An edition's data in one of the games (the edition's `game` says which).",
    "CardData": "A catalog card's data in one of the games (its edition's game and the "
    "card's `kind` say which).",
    "TeamLineup": "A team's lineup in one of the games (the team's `game` says which).",
}

_SCALARS = {str: "string", int: "integer", bool: "boolean", float: "number"}
_BOUNDS = {
    "minimum": "minimum",
    "maximum": "maximum",
    "min_items": "minItems",
    "max_items": "maxItems",
}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"{REF}{name}"}


def one_of(tag: str, variants: Mapping[str, str], **more: Any) -> dict[str, Any]:
    """A ``oneOf`` of components chosen by the value of their property ``tag`` (``variants``:
    each value and its component's name, in the schema's order), ``more`` (a description)
    after it."""
    return {
        "oneOf": [ref(name) for name in variants.values()],
        "discriminator": {
            "propertyName": tag,
            "mapping": {value: f"{REF}{name}" for value, name in variants.items()},
        },
        **more,
    }


def union_ref(kind: str, *, nullable: bool = False) -> dict[str, Any]:
    """The schema of a match body's field holding one of the cross-game unions."""
    target = ref(f"Game{kind}")
    return {"allOf": [target], "nullable": True} if nullable else target


def game_prefix(key: str) -> str:
    """``hat-trick`` -> ``HatTrick``: the prefix of a game's components."""
    return "".join(part.capitalize() for part in key.replace("_", "-").split("-"))


class _Builder:
    """Turns type hints into schemas, registering each ``TypedDict`` as a component."""

    def __init__(self, prefix: str, components: dict[str, dict]) -> None:
        self.prefix = prefix
        self.components = components
        self.shapes: dict[str, type] = {}  # the class each component was built from

    def register(self, name: str, schema: dict) -> dict[str, str]:
        known = self.components.get(name)
        if known is not None and known != schema:
            raise ValueError(f"Two different shapes are called {name}.")
        self.components[name] = schema
        return ref(name)

    def typed_dict(self, cls: type, name: str | None = None) -> dict[str, str]:
        name = name or f"{self.prefix}{cls.__name__}"
        known = self.shapes.setdefault(name, cls)
        if known is not cls:
            raise ValueError(f"Two different shapes are called {name}: {known!r}, {cls!r}.")
        if name in self.components:
            return ref(name)
        self.components[name] = {}  # a placeholder while the fields are built
        hints = typing.get_type_hints(cls, include_extras=True)
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {key: self.schema(hint) for key, hint in hints.items()},
        }
        required = [key for key, hint in hints.items() if _required(cls, hint)]
        if required:
            schema["required"] = required
        doc = cls.__doc__
        if doc and not doc.startswith(cls.__name__ + "("):
            schema["description"] = " ".join(doc.split())
        del self.components[name]
        return self.register(name, schema)

    def schema(self, hint: Any) -> dict[str, Any]:
        origin, args = get_origin(hint), get_args(hint)
        if origin is typing.Annotated:
            return self._annotated(args[0], hint.__metadata__)
        if origin in (NotRequired, Required):
            return self.schema(args[0])
        if origin in (Union, types.UnionType):
            return self._union(args)
        if origin is Literal:
            return _enum(args)
        if origin in (list, tuple):
            return {"type": "array", "items": self.schema(args[0])}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.schema(args[1])}
        if isinstance(hint, type) and typing.is_typeddict(hint):
            return self.typed_dict(hint)
        if hint in _SCALARS:
            return {"type": _SCALARS[hint]}
        raise TypeError(f"No schema for the shape {hint!r}.")

    def _annotated(self, inner: Any, metadata: Iterable[Any]) -> dict[str, Any]:
        schema = dict(self.schema(inner))
        extra: dict[str, Any] = {}
        for item in metadata:
            if isinstance(item, str):
                extra["description"] = item
            elif isinstance(item, Bounds):
                extra.update(
                    (_BOUNDS[key], value) for key, value in vars(item).items() if value is not None
                )
        if "$ref" in schema and extra:
            schema = {"allOf": [schema]}
        schema.update(extra)
        return schema

    def _union(self, args: tuple[Any, ...]) -> dict[str, Any]:
        members = [arg for arg in args if arg is not type(None)]
        nullable = len(members) < len(args)
        schemas = [self.schema(member) for member in members]
        schema = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        if not nullable:
            return schema
        if "$ref" in schema:
            return {"allOf": [schema], "nullable": True}
        if "enum" in schema:  # a nullable enum lists null among its values (OpenAPI 3.0.3)
            schema = {**schema, "enum": [*schema["enum"], None]}
        return {**schema, "nullable": True}


def _required(cls: type, hint: Any) -> bool:
    """Whether a ``TypedDict`` key is required (read from the hint itself: with postponed
    annotations ``__required_keys__`` cannot see ``NotRequired``)."""
    origin = get_origin(hint)
    if origin is NotRequired:
        return False
    return origin is Required or cls.__total__


def _enum(values: tuple[Any, ...]) -> dict[str, Any]:
    kinds = {type(value) for value in values}
    if kinds == {str}:
        return {"type": "string", "enum": list(values)}
    if kinds == {int}:
        return {"type": "integer", "enum": list(values)}
    raise TypeError(f"A Literal mixes types: {values!r}.")


def _tag(cls: type, key: str) -> str:
    """The one value of a shape's ``Literal`` tag (its ``type`` or ``kind``)."""
    (value,) = get_args(typing.get_type_hints(cls)[key])
    return value


def _tagged_union(build: _Builder, name: str, tag: str, refs: dict[str, dict]) -> None:
    build.register(
        name,
        one_of(tag, {value: target["$ref"].removeprefix(REF) for value, target in refs.items()}),
    )


def _effect(build: _Builder, kind: str, data: type) -> dict[str, str]:
    name = f"{build.prefix}Effect{game_prefix(kind)}"
    return build.register(
        name,
        {
            "type": "object",
            "properties": {
                "kind": {"type": "string", "enum": [kind]},
                "side": {
                    "type": "integer",
                    "nullable": True,
                    "description": "The index of the side it concerns, if one.",
                },
                "data": build.typed_dict(data, f"{name}Data"),
                "text": {
                    "type": "string",
                    "nullable": True,
                    "description": "What it means, in the request's language (event answers).",
                },
            },
            "required": ["kind", "side", "data"],
        },
    )


def add_game(
    components: dict[str, dict], key: str, shapes: GameShapes, lineup: type | None = None
) -> None:
    """Register the components of the game ``key`` (see the module's docstring); ``lineup``:
    the shape of its teams' lineups, if it builds teams."""
    prefix = game_prefix(key)
    build = _Builder(prefix, components)
    actions = {_tag(cls, "type"): build.typed_dict(cls) for cls in shapes.actions}
    _tagged_union(build, f"{prefix}Action", "type", actions)
    entries = {_tag(cls, "type"): build.typed_dict(cls) for cls in shapes.legal_entries}
    _tagged_union(build, f"{prefix}LegalEntry", "type", entries)
    components[f"{prefix}LegalEntry"]["description"] = (
        "A family of legal actions; `legal.ready` holds the first ready action of each entry. "
        + shapes.ready_rule
    ).strip()
    effects = {kind: _effect(build, kind, data) for kind, data in shapes.effects.items()}
    _tagged_union(build, f"{prefix}Effect", "kind", effects)
    build.typed_dict(shapes.legal, f"{prefix}Legal")
    legal = dict(components[f"{prefix}Legal"])
    legal["properties"] = {
        **legal["properties"],
        "actions": {
            "type": "array",
            "items": ref(f"{prefix}LegalEntry"),
            "description": "Families of actions open now.",
        },
        "ready": {
            "type": "array",
            "items": ref(f"{prefix}Action"),
            "description": "The first ready action of each family, one per entry of `actions`, "
            "in the form `POST events/` takes.",
        },
    }
    legal["required"] = [*legal.get("required", ()), "actions", "ready"]
    components[f"{prefix}Legal"] = legal
    build.typed_dict(shapes.summary, f"{prefix}Summary")
    build.typed_dict(shapes.outcome, f"{prefix}Outcome")
    build.typed_dict(shapes.options, f"{prefix}Options")
    build.typed_dict(shapes.side_config, f"{prefix}SideConfig")
    build.typed_dict(shapes.state, f"{prefix}State")
    build.typed_dict(shapes.edition, f"{prefix}Edition")
    add_catalog(build, key, shapes.cards, lineup)
    add_parts(build, key, shapes.parts)


#: a schema no value fits: the part of a game that chooses nothing face down
NO_PART = {"not": {}}


def add_catalog(build: _Builder, key: str, cards: Mapping[str, type], lineup: type | None) -> None:
    """Register ``<Game>CardData`` (a catalog card's data, ``anyOf`` its kinds) and
    ``<Game>TeamLineup`` (a team's saved lineup): a schema no value fits where the game's
    editions list no cards or it builds no teams."""
    prefix = build.prefix
    if cards:
        build.register(
            f"{prefix}CardData",
            {
                "anyOf": [build.typed_dict(shape) for shape in cards.values()],
                "description": "A catalog card's data, by the card's `kind`: "
                + ", ".join(f"`{kind}` {shape.__name__}" for kind, shape in cards.items())
                + ".",
            },
        )
    else:
        build.register(
            f"{prefix}CardData", {**NO_PART, "description": f"None: `{key}` lists no cards."}
        )
    if lineup is not None:
        build.typed_dict(lineup, f"{prefix}TeamLineup")
    else:
        build.register(
            f"{prefix}TeamLineup", {**NO_PART, "description": f"None: `{key}` has no teams."}
        )


def add_parts(build: _Builder, key: str, parts: Mapping[str, tuple[type, ...]]) -> None:
    """Register ``<Game>Part``, ``<Game><Step>Part`` and ``<Game>PartOutput`` (see the
    module's docstring) of the game ``key``, whose face-down choices are ``parts``."""
    prefix = build.prefix
    if not parts:
        build.register(
            f"{prefix}PartOutput",
            {**NO_PART, "description": f"None: `{key}` chooses nothing face down."},
        )
        return
    roles: list[dict[str, str]] = []
    outputs: dict[str, dict[str, str]] = {}
    for step, shapes in parts.items():
        refs = [_closed(build, cls) for cls in shapes]
        roles += [r for r in refs if r not in roles]
        name = f"{prefix}{game_prefix(step)}Part"
        if len(refs) > 1 or refs[0] != ref(name):
            build.register(
                name,
                {
                    "oneOf": refs,
                    "description": f"A side's part of a `{step}` choice, by its role.",
                },
            )
        outputs[step] = _part_output(build, step, ref(name))
    build.register(
        f"{prefix}Part",
        {
            "oneOf": roles,
            "description": f"A side's part of a face-down choice of `{key}` (`POST parts/`): "
            "one of these shapes, told apart by their keys.",
        },
    )
    _tagged_union(build, f"{prefix}PartOutput", "type", outputs)
    build.components[f"{prefix}PartOutput"]["description"] = (
        "A side's part of the step's face-down choice (`GET parts/`), by the step's `type`."
    )


def _closed(build: _Builder, cls: type) -> dict[str, str]:
    """A part's shape: every key required, no other allowed (the server reads no other)."""
    target = build.typed_dict(cls)
    build.components[target["$ref"][len(REF) :]]["additionalProperties"] = False
    return target


def _part_output(build: _Builder, step: str, part: dict[str, str]) -> dict[str, str]:
    return build.register(
        f"{build.prefix}{game_prefix(step)}PartOutput",
        {
            "type": "object",
            "description": f"A side's part of a `{step}` choice, as this reader may see it.",
            "properties": {
                "type": {
                    "type": "string",
                    "enum": [step],
                    "description": "The action the parts make (the answer's `type`).",
                },
                "side": {"type": "integer", "description": "The side's position."},
                "chosen": {"type": "boolean", "description": "Whether the side's part is in."},
                "part": {
                    "allOf": [part],
                    "nullable": True,
                    "description": "The part itself: only for the side the reader chooses "
                    "for (null until it is in, and for every other reader).",
                },
            },
            "required": ["type", "side", "chosen", "part"],
        },
    )


def game_components(keys: Iterable[str] | None = None) -> dict[str, dict]:
    """The protocol components of every game served, and the cross-game unions."""
    keys = list(available_games() if keys is None else keys)
    components: dict[str, dict] = {}
    for key in keys:
        teams = get_game(key).teams
        add_game(components, key, game_shapes(key), teams.lineup_shape if teams else None)
    for kind in UNIONS:
        components[f"Game{kind}"] = {
            "anyOf": [ref(f"{game_prefix(key)}{kind}") for key in keys],
            "description": _UNION_WORDS.get(
                kind, f"A {kind} of one of the games (the match's `game` says which)."
            ),
        }
    choosing = [key for key in keys if game_shapes(key).parts]
    components["GamePart"] = {
        **(
            {"anyOf": [ref(f"{game_prefix(key)}Part") for key in choosing]} if choosing else NO_PART
        ),
        "description": "A side's part of a face-down choice of one of the games (the match's "
        "`game` and step say which).",
    }
    return components


GAME = "Game"


def game_key_component(key: str) -> str:
    """The name of the one-value enum a per-game variant's ``game`` refers to."""
    return f"{game_prefix(key)}GameKey"


def _refs(node: Any) -> Iterable[str]:
    """The component names ``node`` refers to (directly)."""
    if isinstance(node, dict):
        if "$ref" in node and node["$ref"].startswith(REF):
            yield node["$ref"][len(REF) :]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _renamed(node: Any, names: dict[str, str]) -> Any:
    """``node`` with its references to ``names``' keys turned to their values."""
    if isinstance(node, dict):
        target = node.get("$ref", "")[len(REF) :]
        if target in names:
            return {**node, "$ref": f"{REF}{names[target]}"}
        return {key: _renamed(value, names) for key, value in node.items()}
    if isinstance(node, list):
        return [_renamed(value, names) for value in node]
    return node


def discriminate_by_game(schemas: dict[str, dict], keys: list[str]) -> set[str]:
    """Split every component that carries ``game`` and holds a per-game part into a ``oneOf``
    its per-game variants, discriminated by ``game`` (see the module's docstring); the names
    of the components the variants may have made unused."""
    unions = {f"Game{kind}" for kind in UNIONS}
    holds: dict[str, bool] = {}

    def holds_part(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name not in holds:
            if name in unions:
                return True
            found = any(
                holds_part(ref, seen | {name})
                for ref in _refs(schemas.get(name, {}))
                if ref not in seen
            )
            if seen:
                return found  # not final while a reference circle is open
            holds[name] = found
        return holds[name]

    def has_game(name: str) -> bool:
        return "game" in schemas.get(name, {}).get("properties", {})

    split = [name for name in list(schemas) if has_game(name) and holds_part(name)]
    originals = {name: copy.deepcopy(schemas[name]) for name in schemas}
    parts = {
        name: [r for r in _refs(schema) if r not in unions and holds_part(r)]
        for name, schema in originals.items()
    }
    for key in keys:
        prefix = game_prefix(key)
        names = {f"Game{kind}": f"{prefix}{kind}" for kind in UNIONS}
        schemas[game_key_component(key)] = {
            "type": "string",
            "enum": [key],
            "description": f"The game `{key}`: what a `{prefix}…` variant's `game` holds.",
        }
        for name in split:
            built = _variant(name, prefix, names, schemas, originals, parts)
            schemas[built]["properties"]["game"] = ref(game_key_component(key))
            description = schemas[built].get("description", "")
            schemas[built]["description"] = f"{description} (a `{key}` match)".strip()
    for name in split:
        schemas[name] = one_of(
            "game",
            {key: f"{game_prefix(key)}{name}" for key in keys},
            description=" ".join(
                (originals[name].get("description", ""), "One variant per game, chosen by `game`.")
            ).strip(),
        )
    return {name for name in originals if holds_part(name)} | unions


def _variant(name, prefix, names, schemas, originals, parts) -> str:
    """The game's variant of the component ``name`` (``prefix``: the game's; ``names``: the
    components replaced by the game's, grown with each variant made; ``parts``: the components
    each one refers to that hold a per-game part)."""
    target = f"{prefix}{name}"
    if target not in schemas:
        schemas[target] = {}  # a placeholder while it is built
        for inner in parts[name]:
            names[inner] = _variant(inner, prefix, names, schemas, originals, parts)
        schemas[target] = _renamed(originals[name], names)
    return target


def drop_unreferenced(result: dict, candidates: set[str]) -> None:
    """Remove the ``candidates`` nothing in the schema refers to any more (the cross-game
    unions and the components the per-game variants replaced)."""
    schemas = result["components"]["schemas"]
    while True:
        used = set(_refs({key: value for key, value in result.items() if key != "components"}))
        used |= {r for name, schema in schemas.items() for r in _refs(schema)}
        unused = {name for name in candidates if name in schemas and name not in used}
        if not unused:
            return
        for name in unused:
            del schemas[name]


def _game_schema(node: dict, schemas: dict[str, dict], games: set[str]) -> str | None:
    """The enum component ``node`` (a ``game`` field's or parameter's schema) refers to, or
    ``""`` when it is an inline string; ``None`` when it is something else."""
    if "$ref" in node:
        name = node["$ref"][len(REF) :]
        values = schemas.get(name, {}).get("enum")
        return name if values and set(values) <= games else None
    if node.get("type") == "string" and set(node.get("enum", games)) <= games:
        return ""
    return None


def use_the_game_enum(result: dict, games: list[str]) -> set[str]:
    """Every ``game`` field and parameter refers to the one ``Game`` enum; the names of the
    enum components it replaced."""
    schemas = result["components"]["schemas"]
    schemas[GAME] = {
        "type": "string",
        "enum": list(games),
        "description": "A game the server referees (`GET /api/games/` names them).",
    }
    replaced = set()
    for name, schema in list(schemas.items()):
        properties = schema.get("properties", {})
        if name != GAME and "game" in properties:
            known = _game_schema(properties["game"], schemas, set(games))
            if known is not None:
                properties["game"] = ref(GAME)
                replaced.add(known)
    for item in result.get("paths", {}).values():
        for operation in item.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else ():
                if parameter["name"] == "game":
                    known = _game_schema(parameter["schema"], schemas, set(games))
                    if known is not None:
                        parameter["schema"] = ref(GAME)
                        replaced.add(known)
    return replaced - {""}


#: A live stream's messages (``matches.live.feed``). Each message's ``data`` names its own
#: ``event`` (as the ``event:`` line does), so that a client that reads only ``data`` (the
#: Server-Sent Events client of @hey-api/openapi-ts yields the parsed ``data`` of each message,
#: typed as the answer's schema) tells the two apart: the stream's answer is ``StreamData``;
#: ``StreamMessage`` is a whole message, for a client that reads the ``event:`` and ``id:`` lines.
STREAM_COMPONENTS = {
    "StreamEnd": {
        "type": "object",
        "description": "The data of the stream's last message: why it ended (the viewer's login "
        "was revoked, ended with a password change or expired, or they may no longer read the "
        "match).",
        "properties": {
            "event": {"type": "string", "enum": ["end"], "description": "As `event:`."},
            "reason": {
                "type": "string",
                "enum": ["revoked", "password_changed", "expired", "access_lost"],
            },
            "message": {"type": "string", "description": "In the viewer's language."},
        },
        "required": ["event", "reason", "message"],
    },
    "StreamData": one_of(
        "event",
        {"event": "StreamEvent", "end": "StreamEnd"},
        description="The `data` of one message of a live stream, parsed as JSON, chosen by its "
        "`event` (the message's `event:` line): an event as `GET events/` lists it, or the "
        "stream's end.",
    ),
    "StreamEventMessage": {
        "type": "object",
        "description": "`id: <seq>`, `event: event`, `data: <the event as JSON>`.",
        "properties": {
            "id": {"type": "string", "description": "The event's seq: `Last-Event-ID`."},
            "event": {"type": "string", "enum": ["event"]},
            "data": ref("StreamEvent"),
        },
        "required": ["id", "event", "data"],
    },
    "StreamEndMessage": {
        "type": "object",
        "description": "`event: end`, `data: <a StreamEnd as JSON>`: the stream's last.",
        "properties": {
            "event": {"type": "string", "enum": ["end"]},
            "data": ref("StreamEnd"),
        },
        "required": ["event", "data"],
    },
    "StreamMessage": one_of(
        "event",
        {"event": "StreamEventMessage", "end": "StreamEndMessage"},
        description="One whole message of a live stream (its `id:`, `event:` and `data:` lines), "
        "its `data` parsed as JSON.",
    ),
}


def stream_event_components(schemas: dict[str, dict]) -> dict[str, dict]:
    """``StreamEvent``: the data of an ``event: event`` message, one variant per game (the
    properties of the game's ``EventOutput`` and ``event``), chosen by ``game`` as
    ``EventOutput`` is."""
    events = schemas["EventOutput"]
    variants: dict[str, dict] = {}
    names: dict[str, str] = {}
    for game, target in events["discriminator"]["mapping"].items():
        item = schemas[target[len(REF) :]]
        name = target[len(REF) :].removesuffix("EventOutput") + "StreamEvent"
        variants[name] = {
            "type": "object",
            "description": f"The data of an `event: event` message (a `{game}` match): the "
            "event as `GET events/` lists it, and `event`.",
            "properties": {
                "event": {"type": "string", "enum": ["event"], "description": "As `event:`."},
                **copy.deepcopy(item["properties"]),
            },
            "required": ["event", *item.get("required", [])],
        }
        names[game] = name
    return {
        **variants,
        "StreamEvent": one_of(
            "game", names, description="The data of an `event: event` message, chosen by `game`."
        ),
    }


def postprocess_schema(result, generator, request, public):
    """drf-spectacular hook: add the game protocol's components to the schema, one ``Game``
    enum for every ``game``, and split the bodies that hold per-game parts by ``game``."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    protocol = game_components()
    schemas.update(protocol)
    schemas.update(STREAM_COMPONENTS)
    games = available_games()
    unused = use_the_game_enum(result, games)
    unused |= discriminate_by_game(schemas, games)
    schemas.update(stream_event_components(schemas))
    drop_unreferenced(result, unused)
    keep_closed(result, protocol)  # a game's own values: its published rules
    return result
