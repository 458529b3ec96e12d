"""A Python client generated from the served schema by openapi-python-client, used as it is.

Its every module imports; it logs in, opens a Hat-Trick, an Amigo Hattrick and a TriXKick match
(to one goal) and plays each to its end through the generated functions alone, always sending
the first ready action (``legal.ready[0]``, a typed model of the game's action union); every
answer is parsed into the right game's classes (the match with its options, summary and
result, each event with its action and effects, what comes next with its legal, summary and
outcome), chosen by ``game``; there is one ``Game`` enum; an error comes back parsed into the
generated error model of the operation and status, its ``code`` a member of that answer's own
``Enum`` (every error component of the schema has one, with the codes the schema lists).

A client generated from today's schema reads answers carrying values added later (CHANGELOG.md,
"Enums"): a match ``status``, an event ``kind``, a ``game`` of an edition or a team, an error
``code``, a stream's end ``reason`` it does not know come back as the plain string, next to
the typed values it knows.
"""

import importlib
import json
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from teams.services import reference_editions_load
from tests.live_server import asgi_server

GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "companion_client"

# the API's contract, checked through a generated client: the same on either database
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.any_database]


@pytest.fixture(scope="module")
def server():
    with asgi_server() as base:
        yield base


@pytest.fixture(scope="module")
def generated(server, tmp_path_factory):
    """The package generated from the served schema, and the schema."""
    out = tmp_path_factory.mktemp("client")
    package = generate(server, out)
    return package, json.loads((out / "schema.json").read_text())


def generate(base: str, out: Path):
    schema = out / "schema.json"
    schema.write_bytes(httpx.get(f"{base}/api/schema/?format=json").raise_for_status().content)
    target = out / PACKAGE
    shutil.rmtree(target, ignore_errors=True)
    done = subprocess.run(
        [GENERATOR, "generate", "--path", schema, "--meta", "none", "--output-path", target],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(out))
    try:
        package = importlib.import_module(PACKAGE)
        for module in pkgutil.walk_packages(package.__path__, f"{PACKAGE}."):
            importlib.import_module(module.name)
    finally:
        sys.path.remove(str(out))
    return package


def kind(value) -> str:
    return type(value).__name__


def assert_next_is_the_games(current, prefix: str) -> None:
    """What comes next, parsed into the game's own classes: the answer, its legal (with its
    entries and ready actions), summary and outcome."""
    assert kind(current) == f"{prefix}NextOutput", current
    assert kind(current.legal) == f"{prefix}Legal", current.legal
    assert kind(current.summary) == f"{prefix}Summary", current.summary
    assert all(kind(a).startswith(prefix) for a in current.legal.ready), current.legal.ready
    assert all(kind(e).startswith(prefix) for e in current.legal.actions), current.legal.actions
    if current.outcome is not None:
        assert kind(current.outcome) == f"{prefix}Outcome", current.outcome


def assert_events_are_the_games(events, prefix: str) -> None:
    for event in events:
        assert kind(event) == f"{prefix}EventOutput", event
        if event.action is not None:
            assert kind(event.action).startswith(prefix), event.action
        for effect in event.effects:
            assert kind(effect).startswith(f"{prefix}Effect"), effect


def play_to_the_end(api, models, auth, match_id: int, current, prefix: str) -> int:
    """Send ``legal.ready[0]`` until the match is over; the number of moves. Everything comes
    back as the game's own typed models (``HatTrickLegal``, ``HatTrickPlayCardsAction``...)."""
    moves = 0
    while current.outcome is None:
        assert_next_is_the_games(current, prefix)
        ready = current.legal.ready[0]
        body = models.AppendInputRequest(expected_seq=current.seq, action=ready)
        answer = api.matches.matches_events_create.sync(match_id, client=auth, body=body)
        assert isinstance(answer, models.WriteOutput), (ready, answer)
        assert kind(answer.match) == f"{prefix}WriteMatchOutput", answer.match
        assert_events_are_the_games(answer.events, prefix)
        current = answer.current
        moves += 1
    assert_next_is_the_games(current, prefix)
    assert answer.match.status == models.MatchStatusEnum.FINISHED
    assert kind(answer.match.result) == f"{prefix}Outcome", answer.match.result
    return moves


def assert_reads_are_the_games(api, models, auth, match_id: int, prefix: str) -> None:
    """The match, its state and its log read back, each in the game's own classes."""
    match = api.matches.matches_retrieve.sync(match_id, client=auth)
    assert kind(match) == f"{prefix}MatchOutput", match
    assert kind(match.options) == f"{prefix}Options", match.options
    assert kind(match.summary) == f"{prefix}Summary", match.summary
    assert kind(match.result) == f"{prefix}Outcome", match.result
    assert all(kind(side.config) == f"{prefix}SideConfig" for side in match.sides), match.sides
    state = api.matches.matches_state_retrieve.sync(match_id, client=auth)
    assert kind(state) == f"{prefix}StateOutput", state
    assert kind(state.legal) == f"{prefix}Legal", state.legal
    assert kind(state.outcome) == f"{prefix}Outcome", state.outcome
    page = api.matches.matches_events_list.sync(match_id, client=auth)
    assert_events_are_the_games(page.results, prefix)


@pytest.mark.slow
def test_a_generated_client_plays_whole_matches(server, generated, make_user):
    client_package, _schema = generated
    api = importlib.import_module(f"{PACKAGE}.api")
    for name in ("auth.auth_login", "matches.matches_create", "matches.matches_events_create"):
        importlib.import_module(f"{PACKAGE}.api.{name}")
    models = importlib.import_module(f"{PACKAGE}.models")

    make_user("phone", password="a-long-secret-pw")
    anonymous = client_package.Client(base_url=server)
    login = api.auth.auth_login.sync(
        client=anonymous,
        body=models.LoginInputRequest(username="phone", password="a-long-secret-pw"),
    )
    assert isinstance(login, models.TokenOutput)
    # the schema's bearer scheme: the generated client's default prefix works as it is
    auth = client_package.AuthenticatedClient(base_url=server, token=login.token)

    # one enum of the games, and no copy of it under another name
    enums = [
        name
        for name in dir(models)
        if name.endswith("Enum")
        and "hat-trick" in {getattr(member, "value", None) for member in getattr(models, name)}
    ]
    assert enums == [], enums
    assert {member.value for member in models.Game} == {"hat-trick", "trixkick", "amigo-hattrick"}

    for game, names, prefix in (
        ("hat-trick", "AB", "HatTrick"),
        ("amigo-hattrick", "ABCD", "AmigoHattrick"),
        ("trixkick", "AB", "Trixkick"),
    ):
        create_input = getattr(models, f"{prefix}MatchCreateInputRequest")
        side_input = getattr(models, f"{prefix}SideInputRequest")
        created = api.matches.matches_create.sync(
            client=auth,
            body=create_input(
                game=getattr(models, f"{prefix}GameKey")(game),
                sides=[side_input(name=name) for name in names],
            ),
        )
        assert isinstance(created, models.CreatedOutput), created
        assert kind(created.match) == f"{prefix}MatchOutput", created.match
        assert kind(created.match.options) == f"{prefix}Options", created.match.options
        moves = play_to_the_end(api, models, auth, created.match.id, created.current, prefix)
        assert moves > 50, game
        assert_reads_are_the_games(api, models, auth, created.match.id, prefix)

        # a refused write comes back as the operation's own error model, its code a member
        # of that answer's enum
        stale = api.matches.matches_undo.sync(
            created.match.id, client=auth, body=models.ExpectedSeqInputRequest(expected_seq=0)
        )
        assert isinstance(stale, models.MatchesUndoConflictError), stale
        assert isinstance(stale.code, models.MatchesUndoConflictErrorCode), stale.code
        assert stale.code in (
            models.MatchesUndoConflictErrorCode.STALE_SEQUENCE,
            models.MatchesUndoConflictErrorCode.MATCH_CLOSED,
        )
        assert stale.message


def error_components(schema: dict) -> dict[str, list[str]]:
    """Every error component an answer refers to, with its code enum."""
    names = {
        response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        for item in schema["paths"].values()
        for operation in item.values()
        for status, response in operation.get("responses", {}).items()
        if status >= "400" and "$ref" in str(response.get("content", {}).get("application/json"))
    }
    components = schema["components"]["schemas"]
    return {
        name: components[f"{name}Code"]["enum"] for name in names if f"{name}Code" in components
    }


def test_every_error_answer_keeps_its_codes_as_an_enum(server, generated):
    client_package, schema = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    errors = error_components(schema)
    assert len(errors) > 50 and "UnauthorizedError" in errors
    for name, codes in errors.items():
        enum = getattr(models, f"{name}Code")
        assert {member.value for member in enum} == set(codes), name
        annotation = getattr(models, name).__annotations__["code"]
        assert set(annotation.split(" | ")) == {f"{name}Code", "str"}, (name, annotation)

    # a real error answer, parsed by the generated function: the enum's member
    api = importlib.import_module(f"{PACKAGE}.api.me.me_retrieve")
    refused = api.sync_detailed(client=client_package.Client(base_url=server))
    assert refused.status_code == 401
    assert isinstance(refused.parsed, models.UnauthorizedError), refused.parsed
    assert refused.parsed.code is models.UnauthorizedErrorCode.NOT_AUTHENTICATED
    login = importlib.import_module(f"{PACKAGE}.api.auth.auth_login")
    wrong = login.sync(
        client=client_package.Client(base_url=server),
        body=models.LoginInputRequest(username="nobody", password="not-the-password"),
    )
    assert isinstance(wrong, models.AuthLoginBadRequestError), wrong
    assert wrong.code is models.AuthLoginBadRequestErrorCode.INVALID_CREDENTIALS


def answer(server: str, path: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{server}{path}", headers=headers, timeout=30).raise_for_status().json()


def test_a_client_generated_today_reads_values_added_later(server, generated, make_user):
    """Real answers of the server with one value each that a later version may add: the known
    values stay typed, the new one comes back as it is."""
    reference_editions_load()
    _client, _schema = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    make_user("later", password="a-long-secret-pw")
    token = httpx.post(
        f"{server}/api/auth/login/",
        json={"username": "later", "password": "a-long-secret-pw"},
        timeout=30,
    ).json()["token"]
    created = httpx.post(
        f"{server}/api/matches/",
        json={"game": "trixkick", "sides": [{"name": "A"}, {"name": "B"}]},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    ).json()
    match_id, current = created["match"]["id"], created["current"]
    httpx.post(
        f"{server}/api/matches/{match_id}/events/",
        json={"expected_seq": current["seq"], "action": current["legal"]["ready"][0]},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    ).raise_for_status()

    page = answer(server, "/api/matches/", token)
    page["results"][0]["status"] = "paused"
    matches = models.PaginatedMatchOutputList.from_dict(page)
    assert type(matches.results[0]).__name__ == "TrixkickMatchOutput", matches.results[0]
    assert matches.results[0].status == "paused"
    assert matches.results[0].visibility is models.VisibilityEnum.PUBLIC  # known: typed

    events = answer(server, f"/api/matches/{match_id}/events/", token)
    events["results"][0]["kind"] = "paused"
    read = models.PaginatedEventOutputList.from_dict(events)
    assert type(read.results[0]).__name__ == "TrixkickEventOutput"
    assert read.results[0].kind == "paused"

    editions = answer(server, "/api/editions/")
    editions["results"][0]["game"] = "table-hockey"
    parsed = models.PaginatedEditionOutputList.from_dict(editions)
    assert parsed.results[0].game == "table-hockey"
    assert all(isinstance(e.game, models.Game) for e in parsed.results[1:]), parsed.results

    later = models.MatchesUndoConflictError.from_dict({"code": "match_paused", "message": "."})
    assert later.code == "match_paused"
    ended = models.StreamEnd.from_dict({"event": "end", "reason": "kicked", "message": "."})
    assert ended.reason == "kicked"
