"""The served schema as a client generator reads it: JSON bodies, documented errors and headers."""

import pytest

from companion.openapi import error_codes

pytestmark = pytest.mark.no_services

ERROR_REF = "#/components/schemas/Error"
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def test_request_bodies_are_json_only_except_the_match_import(schema):
    for path, method, operation in operations(schema):
        body = operation.get("requestBody")
        if body is None:
            continue
        types = set(body["content"])
        allowed = {"application/json", "text/plain"} if path == "/api/matches/import/" else set()
        assert types - allowed <= {"application/json"}, (method, path, types)


def test_every_operation_documents_its_errors_with_the_one_error_component(schema):
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        assert {"401", "503"} <= set(responses), (method, path)
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= set(responses), (method, path)
        if "{" in path:
            assert "404" in responses, (method, path)
        if method != "get" and "{" in path:
            assert "403" in responses, (method, path)
        error = schema["components"]["schemas"]["Error"]
        for status, response in responses.items():
            if status >= "400" and path != "/api/health/":  # the probe's 503 says what is down
                body = response["content"]["application/json"]["schema"]
                name = body["$ref"].rsplit("/", 1)[1]
                component = schema["components"]["schemas"][name]
                # the Error shape, every property of it, its code narrowed to the answer's
                assert set(component["properties"]) == set(error["properties"]), name
                assert component["required"] == error["required"], name
                assert error_codes(schema, response), (method, path, status)
                assert response["description"], (method, path, status)
        for status in ("429", "503"):
            if status in responses:
                assert "Retry-After" in responses[status]["headers"], (method, path)
        assert operation.get("description"), (method, path)


def test_the_error_component_has_the_documented_shape(schema):
    error = schema["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"code", "message", "rule", "details", "fields"}
    assert error["required"] == ["code", "message"]
    field_error = error["properties"]["fields"]["additionalProperties"]["items"]
    assert field_error == {"$ref": "#/components/schemas/FieldError"}


def test_the_match_log_writes_name_their_conflict_codes(schema):
    for suffix in ("events/", "events/batch/", "undo/", "redo/", "abandon/"):
        operation = schema["paths"][f"/api/matches/{{id}}/{suffix}"]["post"]
        assert "stale_sequence" in error_codes(schema, operation["responses"]["409"])
        assert "429" in operation["responses"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        component = schema["components"]["schemas"][body.rsplit("/", 1)[1]]
        assert "expected_seq" in component["required"], suffix


def test_writes_that_honour_an_idempotency_key_declare_it_and_the_replay_header(schema):
    honoured = {
        ("post", "/api/matches/"),
        ("post", "/api/matches/import/"),
        ("post", "/api/teams/"),
        ("post", "/api/builds/"),
        *(("post", f"/api/matches/{{id}}/{s}") for s in ("events/", "events/batch/")),
        *(("post", f"/api/matches/{{id}}/{s}/") for s in ("undo", "redo", "abandon")),
    }
    for path, method, operation in operations(schema):
        headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
        if (method, path) in honoured:
            assert "Idempotency-Key" in headers, (method, path)
            created = operation["responses"]["201"]
            assert "Idempotent-Replayed" in created["headers"], (method, path)


def test_commands_are_named_without_a_create_suffix(schema):
    ids = {
        (method, path): operation["operationId"] for path, method, operation in operations(schema)
    }
    assert ids[("post", "/api/matches/{id}/undo/")] == "matches_undo"
    assert ids[("post", "/api/auth/login/")] == "auth_login"
    assert ids[("post", "/api/matches/")] == "matches_create"


def test_tags_are_declared_with_descriptions_and_a_server_is_named(schema):
    declared = {tag["name"]: tag.get("description") for tag in schema["tags"]}
    assert all(declared.values())
    for _, _, operation in operations(schema):
        assert set(operation["tags"]) <= set(declared)
    assert schema["servers"]


def test_parameters_and_inputs_are_typed(schema):
    for path, _, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["name"] == "game":
                assert parameter["schema"] == {"$ref": "#/components/schemas/Game"}, path
            if parameter["name"] == "page_size":
                assert parameter["schema"]["maximum"], path
    create = schema["components"]["schemas"]["HatTrickMatchCreateInputRequest"]
    sides = create["properties"]["sides"]
    assert sides["minItems"] == 2


# --- no free-form objects in any request or answer --------------------------------------------

_COMBINATORS = ("properties", "oneOf", "anyOf", "allOf", "$ref", "enum", "not")


def _free_form(node: dict) -> bool:
    """A value a client cannot type: an object with no properties, no union, no enum (the
    typed null of a nullable reference is ``enum: [null]``) that takes any value for any key,
    or a schema of no type at all (any JSON value, such an object among them)."""
    if any(key in node for key in _COMBINATORS):
        return False
    if "type" not in node:
        return True
    if node["type"] != "object":
        return False
    extra = node.get("additionalProperties", True)
    return extra is True or extra == {}


def free_form_objects(schema, node, where: str, seen: set[str]):
    """Dotted paths of the free-form values reachable from ``node`` (refs followed once)."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from free_form_objects(schema, item, f"{where}[{index}]", seen)
        return
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name not in seen:
            seen.add(name)
            yield from free_form_objects(schema, schema["components"]["schemas"][name], name, seen)
        return
    if _free_form(node):
        yield where
    for key in ("items", "additionalProperties", "oneOf", "anyOf", "allOf"):
        if node.get(key) and isinstance(node[key], dict | list):  # `{}`: the object, found
            yield from free_form_objects(schema, node[key], f"{where}.{key}", seen)
    for name, value in node.get("properties", {}).items():
        yield from free_form_objects(schema, value, f"{where}.{name}", seen)


def bodies(schema):
    """Every request and answer body of the schema, with where it is."""
    for path, method, operation in operations(schema):
        contents = [operation.get("requestBody", {}).get("content", {})]
        contents += [r.get("content", {}) for r in operation["responses"].values()]
        for content in contents:
            for media, body in content.items():
                if "schema" in body:
                    yield f"{method} {path} {media}", body["schema"]


def test_no_request_or_answer_holds_a_free_form_object(schema):
    found = {
        spot
        for where, body in bodies(schema)
        for spot in free_form_objects(schema, body, where, set())
    }
    assert found == set(), sorted(found)


def test_the_walker_finds_a_free_form_object():
    schema = {
        "components": {
            "schemas": {
                "Open": {"type": "object", "additionalProperties": True},
                "Body": {
                    "type": "object",
                    "properties": {
                        "x": {"$ref": "#/components/schemas/Open"},
                        "y": {"description": "anything"},
                        "z": {"type": "object", "additionalProperties": {}},
                        "typed": {"type": "object", "additionalProperties": {"type": "integer"}},
                        "listed": {"type": "array", "items": {"type": "string"}},
                        "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                    },
                },
            }
        }
    }
    body = {"$ref": "#/components/schemas/Body"}
    found = list(free_form_objects(schema, body, "body", set()))
    assert sorted(found) == ["Body.y", "Body.z", "Open"]
    assert not _free_form({"type": "object", "additionalProperties": {"type": "integer"}})


def test_the_game_protocol_is_typed_per_game_with_discriminators(schema):
    components = schema["components"]["schemas"]
    games = [
        ref["$ref"].rsplit("/", 1)[1].removesuffix("Action")
        for ref in components["GameAction"]["anyOf"]
    ]
    assert games == ["HatTrick", "Trixkick", "AmigoHattrick"]
    for game in games:
        for union, tag in (("Action", "type"), ("LegalEntry", "type"), ("Effect", "kind")):
            per_game = components[f"{game}{union}"]
            assert per_game["discriminator"]["propertyName"] == tag
            assert len(per_game["oneOf"]) == len(per_game["discriminator"]["mapping"])
    # the same type in several games: the action an append sends (which carries no game) is
    # the one cross-game union without a discriminator (docs/api.md)
    assert "discriminator" not in components["GameAction"]
    legal = components["HatTrickLegal"]
    assert {"hint", "actor", "step", "actions", "ready"} <= set(legal["required"])
    assert legal["properties"]["step"]["enum"]


def test_face_down_parts_are_typed_per_game_and_step(schema):
    components = schema["components"]["schemas"]
    ref = "#/components/schemas/"
    part = components["PartInputRequest"]["properties"]["part"]
    assert part["allOf"] == [{"$ref": f"{ref}GamePart"}]
    assert components["GamePart"]["anyOf"] == [
        {"$ref": f"{ref}HatTrickPart"},
        {"$ref": f"{ref}TrixkickPart"},
    ]
    for game, steps in (("HatTrick", {"play_cards", "shoot"}), ("Trixkick", {"set_up"})):
        # a side's part as GET parts/ shows it: one variant per step, chosen by `type`
        output = components[f"{game}PartOutput"]
        assert output["discriminator"]["propertyName"] == "type"
        assert set(output["discriminator"]["mapping"]) == steps
        for step, target in output["discriminator"]["mapping"].items():
            variant = components[target.rsplit("/", 1)[1]]["properties"]
            assert variant["type"]["enum"] == [step]
            assert variant["part"]["anyOf"][0]["$ref"].endswith("Part")
        # the shapes a part may have: closed, so exactly one fits a part
        for role in components[f"{game}Part"]["oneOf"]:
            shape = components[role["$ref"].rsplit("/", 1)[1]]
            assert shape["additionalProperties"] is False
            assert set(shape["required"]) == set(shape["properties"])
    parts = components["HatTrickPartsOutput"]["properties"]["parts"]
    assert parts["items"] == {"$ref": f"{ref}HatTrickPartOutput"}
    # a game that chooses nothing face down lists no part
    assert components["AmigoHattrickPartOutput"]["not"] == {}


# --- per-game bodies are chosen by `game` ------------------------------------------------------

#: The undiscriminated cross-game unions allowed, and where: the action(s) of an append, the
#: part of a face-down choice and an edition's new data, whose bodies name no game (the match's
#: or the edition's game judges them).
UNDISCRIMINATED_ALLOWED = {"GameAction", "GamePart", "GameEdition"}


def game_of(name: str, prefixes: list[str]) -> str | None:
    return next((prefix for prefix in prefixes if name.startswith(prefix)), None)


def cross_game_unions(schema, node, where: str, seen: set[str], prefixes: list[str], name=None):
    """``(where, component)`` of each union reachable from ``node`` whose members belong to more
    than one game and which is not a ``oneOf`` with a ``discriminator.mapping`` naming every
    member (``component``: the component it is, or is in)."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from cross_game_unions(schema, item, f"{where}[{index}]", seen, prefixes, name)
        return
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        target = node["$ref"].rsplit("/", 1)[1]
        if target not in seen:
            seen.add(target)
            component = schema["components"]["schemas"][target]
            yield from cross_game_unions(schema, component, target, seen, prefixes, target)
        return
    if _undiscriminated(node, prefixes):
        yield where, name
    for key, value in node.items():
        if isinstance(value, dict | list) and key != "discriminator":
            yield from cross_game_unions(schema, value, f"{where}.{key}", seen, prefixes, name)


def _undiscriminated(node: dict, prefixes: list[str]) -> bool:
    for key in ("oneOf", "anyOf"):
        members = [m["$ref"].rsplit("/", 1)[1] for m in node.get(key, ()) if "$ref" in m]
        if len({game_of(name, prefixes) for name in members} - {None}) < 2:
            continue
        mapping = node.get("discriminator", {}).get("mapping", {})
        named = {target.rsplit("/", 1)[1] for target in mapping.values()}
        if key != "oneOf" or set(members) != named:
            return True
    return False


def game_prefixes(schema) -> list[str]:
    components = schema["components"]["schemas"]
    return [name.removesuffix("GameKey") for name in components if name.endswith("GameKey")]


def test_every_cross_game_union_in_an_answer_is_discriminated_by_game(schema):
    prefixes = game_prefixes(schema)
    assert prefixes == ["HatTrick", "Trixkick", "AmigoHattrick"]
    found = set()
    for path, method, operation in operations(schema):
        bodies = [r.get("content", {}) for r in operation["responses"].values()]
        for content in bodies:
            for media, body in content.items():
                where = f"{method} {path} {media}"
                found |= set(
                    cross_game_unions(schema, body.get("schema", {}), where, set(), prefixes)
                )
        request = operation.get("requestBody", {}).get("content", {})
        for media, body in request.items():
            where = f"{method} {path} request {media}"
            for spot, name in cross_game_unions(schema, body["schema"], where, set(), prefixes):
                if name not in UNDISCRIMINATED_ALLOWED:
                    found.add((spot, name))
    assert not found, sorted(found, key=str)


def test_match_bodies_are_chosen_by_game(schema):
    components = schema["components"]["schemas"]
    for name in (
        "MatchOutput",
        "WriteMatchOutput",
        "StateOutput",
        "NextOutput",
        "EventOutput",
        "MatchCreateInputRequest",
        "PartsOutput",
    ):
        union = components[name]
        assert union["discriminator"]["propertyName"] == "game", name
        for key, target in union["discriminator"]["mapping"].items():
            member = components[target.rsplit("/", 1)[1]]
            tag = member["properties"]["game"]["$ref"].rsplit("/", 1)[1]
            assert components[tag]["enum"] == [key], (name, key)
    hat_trick = components["HatTrickMatchOutput"]["properties"]
    assert hat_trick["options"] == {"$ref": "#/components/schemas/HatTrickOptions"}
    legal = components["AmigoHattrickNextOutput"]["properties"]["legal"]
    assert legal["allOf"] == [{"$ref": "#/components/schemas/AmigoHattrickLegal"}]
    # every other game field refers to the one Game enum: no copies of it
    assert components["Game"]["enum"] == ["hat-trick", "trixkick", "amigo-hattrick"]
    enums = [
        n
        for n, c in components.items()
        if set(c.get("enum", ())) == set(components["Game"]["enum"])
    ]
    assert enums == ["Game"]


def test_the_walker_finds_an_undiscriminated_cross_game_union():
    ref = "#/components/schemas/"
    schema = {
        "components": {
            "schemas": {
                "AOptions": {"type": "object"},
                "BOptions": {"type": "object"},
                "Body": {"anyOf": [{"$ref": f"{ref}AOptions"}, {"$ref": f"{ref}BOptions"}]},
                "Fine": {
                    "oneOf": [{"$ref": f"{ref}AOptions"}, {"$ref": f"{ref}BOptions"}],
                    "discriminator": {
                        "propertyName": "game",
                        "mapping": {"a": f"{ref}AOptions", "b": f"{ref}BOptions"},
                    },
                },
            }
        }
    }
    found = list(cross_game_unions(schema, {"$ref": f"{ref}Body"}, "x", set(), ["A", "B"]))
    assert found == [("Body", "Body")]
    assert not list(cross_game_unions(schema, {"$ref": f"{ref}Fine"}, "x", set(), ["A", "B"]))


# --- every error response names its codes; every integer query parameter is bounded ------------


def unlisted_error_codes(schema) -> list[str]:
    """Error responses whose body does not narrow ``code`` to an enum."""
    found = []
    for path, method, operation in operations(schema):
        for status, response in operation["responses"].items():
            if status < "400" or path == "/api/health/":
                continue
            if not error_codes(schema, response):
                found.append(f"{method} {path} {status}")
    return found


def unbounded_integer_queries(schema) -> list[str]:
    found = []
    for path, method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            kind = parameter.get("schema", {})
            integer = parameter["in"] == "query" and kind.get("type") == "integer"
            if integer and ("minimum" not in kind or "maximum" not in kind):
                found.append(f"{method} {path} {parameter['name']}")
    return found


def test_every_error_response_lists_its_codes_and_every_integer_query_is_bounded(schema):
    assert not unlisted_error_codes(schema)
    assert not unbounded_integer_queries(schema)


def test_the_walker_finds_an_error_without_codes_and_an_unbounded_query():
    schema = {
        "paths": {
            "/api/x/": {
                "get": {
                    "parameters": [
                        {"in": "query", "name": "n", "schema": {"type": "integer", "minimum": 0}}
                    ],
                    "responses": {
                        "400": {"content": {"application/json": {"schema": {"$ref": ERROR_REF}}}}
                    },
                }
            }
        }
    }
    assert unlisted_error_codes(schema) == ["get /api/x/ 400"]
    assert unbounded_integer_queries(schema) == ["get /api/x/ n"]


def test_page_link_examples_name_their_own_list(schema):
    import json
    import re

    text = json.dumps(schema)
    assert "api.example.org" not in text
    for name, component in schema["components"]["schemas"].items():
        if name.startswith("Paginated"):
            example = component["properties"]["next"]["example"]
            path = re.sub(r"^https://[^/]+", "", example.split("?")[0])
            pattern = {re.sub(r"\{[^}]*\}", "[^/]+", p) for p in schema["paths"]}
            assert any(re.fullmatch(p, path) for p in pattern), (name, example)


# --- answers' enums are open to values added later, requests' strict ---------------------------


def _enum_values(node: dict, components: dict) -> list:
    """The values of the enum ``node`` is or refers to (through ``allOf``/``anyOf``)."""
    if "$ref" in node:
        node = components[node["$ref"].rsplit("/", 1)[1]]
    if "enum" in node:
        return [value for value in node["enum"] if value is not None]
    members = [m for key in ("allOf", "anyOf", "oneOf") for m in node.get(key, ())]
    return [value for member in members for value in _enum_values(member, components)]


def closed_answer_enums(schema) -> list[str]:
    """The enums of several values that answers (outside a game's own components) carry closed."""
    from companion.open_enums import OPEN_VALUE, bodies

    components = schema["components"]["schemas"]
    answers, requests = bodies(schema)
    prefixes = game_prefixes(schema)
    found = []
    for name in sorted(answers - requests):
        if game_of(name, prefixes) and name.removeprefix(game_of(name, prefixes)) not in (
            "MatchOutput",
            "WriteMatchOutput",
            "EventOutput",
            "SideOutput",
        ):
            continue  # a game's own protocol: its published rules (CHANGELOG.md, "Enums")
        for prop, node in components[name].get("properties", {}).items():
            several = len(_enum_values(node, components)) > 1
            if several and OPEN_VALUE not in node.get("anyOf", ()):
                found.append(f"{name}.{prop}")
    return found


def test_answer_enums_are_open_and_request_enums_strict(schema):
    import json

    from companion.open_enums import OPEN_VALUE, bodies

    assert closed_answer_enums(schema) == []
    components = schema["components"]["schemas"]
    _answers, requests = bodies(schema)
    opened = json.dumps(OPEN_VALUE)
    assert not [name for name in requests if opened in json.dumps(components[name])]
    status = components["TrixkickMatchOutput"]["properties"]["status"]
    assert status["anyOf"] == [{"$ref": "#/components/schemas/MatchStatusEnum"}, OPEN_VALUE]
    game = components["EditionOutput"]["properties"]["game"]
    assert game["anyOf"] == [{"$ref": "#/components/schemas/Game"}, OPEN_VALUE]
    assert "anyOf" not in components["HatTrickLegal"]["properties"]["step"]  # the game's rules
    # a union's tag stays a one-value enum: a new value is a new member of the union
    assert components["TrixkickMatchOutput"]["properties"]["game"] == {
        "$ref": "#/components/schemas/TrixkickGameKey"
    }
    language = schema["paths"]["/api/games/"]["get"]["responses"]["200"]["headers"]
    assert OPEN_VALUE in language["Content-Language"]["schema"]["anyOf"]


def test_the_walker_finds_a_closed_answer_enum():
    ref = "#/components/schemas/"
    schema = {
        "paths": {
            "/x/": {
                "get": {
                    "responses": {
                        "200": {"content": {"application/json": {"schema": {"$ref": f"{ref}A"}}}}
                    }
                }
            }
        },
        "components": {
            "schemas": {
                "Colour": {"type": "string", "enum": ["red", "blue"]},
                "A": {"type": "object", "properties": {"colour": {"$ref": f"{ref}Colour"}}},
            }
        },
    }
    assert closed_answer_enums(schema) == ["A.colour"]


# --- what can occur, said once --------------------------------------------------------------------


def test_a_move_lists_no_set_up_codes_and_the_set_up_lists_them(schema):
    paths = schema["paths"]
    for suffix in ("events/", "events/batch/"):
        codes = error_codes(
            schema, paths[f"/api/matches/{{id}}/{suffix}"]["post"]["responses"]["400"]
        )
        assert "invalid_action" in codes and "unknown_action_type" in codes, suffix
        assert not {"wrong_player_count", "unknown_game", "invalid_options"} & set(codes), suffix
    created = error_codes(schema, paths["/api/matches/"]["post"]["responses"]["400"])
    assert {"wrong_player_count", "unknown_game", "invalid_options", "invalid_action"} <= set(
        created
    )


def test_the_health_answers_name_each_dependency(schema):
    components = schema["components"]["schemas"]
    for name in ("Health", "HealthDown"):
        properties = components[name]["properties"]
        assert set(properties) == {"status", "database", "broker"}, name
        for dependency in ("database", "broker"):
            assert properties[dependency] == {"$ref": "#/components/schemas/HealthComponent"}


def unbounded_ids_in_bodies(schema) -> list[str]:
    """Integer request fields that name an object (an id) without the bounds of an id."""
    found = []
    for name, component in schema["components"]["schemas"].items():
        if not name.endswith("Request"):
            continue
        for field, node in component.get("properties", {}).items():
            named = field in ("edition", "team", "build") or field.endswith("_id")
            if named and node.get("type") == "integer" and node.get("minimum") != 1:
                found.append(f"{name}.{field}")
    return found


def test_every_id_in_a_body_is_bounded_as_in_a_query(schema):
    assert unbounded_ids_in_bodies(schema) == []
    create = schema["components"]["schemas"]["HatTrickMatchCreateInputRequest"]
    assert create["properties"]["edition"]["minimum"] == 1
    team = schema["components"]["schemas"]["TeamCreateInputRequest"]["properties"]["edition"]
    assert team["minimum"] == 1 and team["maximum"] == 2**63 - 1


# --- a list that may hold a game a client does not know can be read without it -----------------


def per_game_unions(schema) -> set[str]:
    """The components that are a union per game (a ``discriminator`` on ``game``)."""
    return {
        name
        for name, component in schema["components"]["schemas"].items()
        if component.get("discriminator", {}).get("propertyName") == "game"
    }


def lists_without_a_game_filter(schema) -> list[str]:
    """Lists not bound to one object by their path (``{id}``) whose items are a union per game,
    without a ``game`` query parameter: a client generated before a game was added cannot
    parse such an item (CHANGELOG.md, "Enums"), and would have no way to leave it out."""
    unions, components, found = per_game_unions(schema), schema["components"]["schemas"], []
    for path, method, operation in operations(schema):
        if method != "get" or "{" in path:
            continue
        content = operation["responses"].get("200", {}).get("content", {})
        body = content.get("application/json", {}).get("schema", {})
        if "$ref" in body:
            body = components[body["$ref"].rsplit("/", 1)[1]]
        items = body.get("properties", {}).get("results", body).get("items", {})
        item = items.get("$ref", "").rsplit("/", 1)[-1]
        filters = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        if item in unions and "game" not in filters:
            found.append(f"{method} {path}")
    return found


def test_every_list_of_a_union_per_game_takes_a_game_filter(schema):
    assert lists_without_a_game_filter(schema) == []
    assert "game" in {p["name"] for p in schema["paths"]["/api/teams/"]["get"]["parameters"]}


def test_the_walker_finds_a_list_of_a_union_per_game_without_a_game_filter():
    ref = "#/components/schemas/"
    union = {"oneOf": [], "discriminator": {"propertyName": "game", "mapping": {}}}
    page = {"type": "object", "properties": {"results": {"items": {"$ref": f"{ref}Union"}}}}
    schema = {
        "components": {"schemas": {"Union": union, "Page": page}},
        "paths": {
            path: {
                "get": {
                    "parameters": [{"in": "query", "name": name, "schema": {}}],
                    "responses": {
                        "200": {"content": {"application/json": {"schema": {"$ref": f"{ref}Page"}}}}
                    },
                }
            }
            for path, name in (("/a/", "game"), ("/b/", "cursor"), ("/b/{id}/items/", "cursor"))
        },
    }
    assert lists_without_a_game_filter(schema) == ["get /b/"]
