"""Enums that may grow, declared so that a client generated today reads a value added later.

CHANGELOG.md's policy: a new value of an enum in an answer (a match's ``status``, an event's
``kind``, a ``game`` of the editions, teams and stats, an error ``code``, a stream's end
``reason``...) is a minor change. A client generated from the schema must therefore read a
value it does not know, and generators differ in what they do with an ``enum``: openapi-python-
client parses it into a Python ``Enum`` and raises ``ValueError`` on any other value;
openapi-typescript and @hey-api/openapi-ts make a union of string literals (only a type, but
an exhaustive ``switch`` over it is wrong then). Zalando's guidelines mark such an enum open
with ``x-extensible-enum`` (or, since OpenAPI 3.1, ``examples``), which every one of these
generators reads as a plain string: the known values are lost to the client.

So an answer's enum is declared **open**: ``anyOf`` the named enum component and a plain
string (:data:`OPEN_VALUE`). openapi-python-client tries the enum first and keeps any other
value as a ``str``; the TypeScript generators give ``Enum | string``: the enum's named type is
kept for the values known today, and a new one type-checks. Requests stay strict (``enum``
alone): the server refuses what it does not know, and a client knows what it sends.

Not opened (:func:`open_answer_enums`):

- a one-value enum, and a property a ``discriminator`` names: a union's tag, where a new value
  is a new member of the union, not a new value of an old one;
- a component a request also sends (it is strict);
- the components an app declares closed (:func:`keep_closed`): a game's own protocol (its
  actions, legal entries, effects, summary), whose values are the published rules of the game
  and change only with them (CHANGELOG.md).
"""

from __future__ import annotations

from collections.abc import Iterable

#: The other member of an open enum's ``anyOf``: any value the schema does not list yet.
OPEN_VALUE = {
    "type": "string",
    "description": 'A value added after this version of the schema (CHANGELOG.md, "Enums"): '
    "a client treats it as unknown.",
}

_REF = "#/components/schemas/"
_CLOSED = "x-closed-enums"


def keep_closed(result: dict, names: Iterable[str]) -> None:
    """Keep the enums of the components ``names`` closed (a postprocessing hook that runs
    before :func:`open_answer_enums` calls this; the mark is taken off the schema again)."""
    result.setdefault(_CLOSED, []).extend(names)


def _name(node: dict) -> str | None:
    ref = node.get("$ref", "")
    return ref[len(_REF) :] if ref.startswith(_REF) else None


def _refs(node, out: set[str]) -> None:
    if isinstance(node, dict):
        name = _name(node)
        if name:
            out.add(name)
        for value in node.values():
            _refs(value, out)
    elif isinstance(node, list):
        for value in node:
            _refs(value, out)


def _reachable(schemas: dict, roots: set[str]) -> set[str]:
    seen, todo = set(roots), list(roots)
    while todo:
        found: set[str] = set()
        _refs(schemas.get(todo.pop(), {}), found)
        todo.extend(found - seen)
        seen |= found
    return seen


def bodies(result: dict) -> tuple[set[str], set[str]]:
    """The components reachable from answers, and those reachable from requests."""
    answers: set[str] = set()
    requests: set[str] = set()
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            _refs(operation.get("requestBody", {}), requests)
            for response in operation.get("responses", {}).values():
                _refs(response.get("content", {}), answers)
    schemas = result.get("components", {}).get("schemas", {})
    return _reachable(schemas, answers), _reachable(schemas, requests)


def _tags(schemas: dict) -> set[tuple[str, str]]:
    """``(component, property)`` of every union member's tag."""
    tags = set()
    for schema in schemas.values():
        discriminator = schema.get("discriminator", {})
        for target in discriminator.get("mapping", {}).values():
            tags.add((target[len(_REF) :], discriminator["propertyName"]))
    return tags


def _is_enum(name: str | None, schemas: dict) -> bool:
    values = schemas.get(name or "", {}).get("enum") or []
    return len([value for value in values if value is not None]) > 1


def _opened(node: dict, schemas: dict) -> dict | None:
    """``node`` (a property's schema) with its enum opened; ``None`` if it has none to open."""
    if _is_enum(_name(node), schemas):
        rest = {key: value for key, value in node.items() if key != "$ref"}
        return {"anyOf": [{"$ref": node["$ref"]}, OPEN_VALUE], **rest}
    for key in ("allOf", "anyOf", "oneOf"):
        members = node.get(key) or []
        if OPEN_VALUE in members:
            return None  # open already
        enums = [member for member in members if _is_enum(_name(member), schemas)]
        if enums and (key != "allOf" or len(members) == 1):
            others = [member for member in members if member not in enums]
            rest = {k: value for k, value in node.items() if k != key}
            return {**rest, "anyOf": [*enums, OPEN_VALUE, *others]}
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        items = _opened(node["items"], schemas)
        return None if items is None else {**node, "items": items}
    return None


def _lifted(component: str, prop: str, node: dict, schemas: dict) -> dict:
    """An inline enum of several values made a component of its own (``<Component><Prop>``), so
    that it can be referenced and opened (and a generated client names it); ``node`` as it is
    otherwise. Nothing of ``node`` is changed (the schema's parts may be shared)."""
    values = node.get("enum") or []
    if node.get("type") != "string" or len(values) < 2 or None in values or "nullable" in node:
        return node
    name = component + "".join(part.capitalize() for part in prop.split("_"))
    schemas.setdefault(name, {"type": "string", "enum": list(values)})
    rest = {key: value for key, value in node.items() if key not in ("type", "enum")}
    return {"$ref": f"{_REF}{name}", **rest}


def open_answer_enums(result: dict) -> None:
    """Open every enum an answer carries, but those listed in this module's docstring."""
    closed = set(result.pop(_CLOSED, ()))
    schemas = result.get("components", {}).get("schemas", {})
    answers, requests = bodies(result)
    tags = _tags(schemas)
    for component in sorted(answers - requests - closed):
        if "properties" not in schemas.get(component, {}):
            continue
        schemas[component] = {**schemas[component]}  # its own copy: parts may be shared
        properties = schemas[component]["properties"] = {**schemas[component]["properties"]}
        for prop, node in properties.items():
            if (component, prop) in tags:
                continue
            node = _lifted(component, prop, node, schemas)
            opened = _opened(node, schemas)
            if opened is not None:
                properties[prop] = opened
