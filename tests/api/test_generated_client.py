"""A Python client generated from the served schema by openapi-python-client, used as it is.

Its every module imports; it logs in, opens a Hat-Trick, an Amigo Hattrick and a TriXKick match
(to one goal) and plays each to its end through the generated functions alone, always sending
the first ready action (``legal.ready[0]``, a typed model of the game's action union); what
comes back is typed per game (legal, effects, outcome); an error comes back parsed into the
generated ``Error`` model.
"""

import importlib
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.live_server import asgi_server

GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "companion_client"

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not GENERATOR.exists(), reason="openapi-python-client is not installed"),
]


@pytest.fixture(scope="module")
def server():
    with asgi_server() as base:
        yield base


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


def play_to_the_end(api, models, auth, match_id: int, current, prefix: str) -> int:
    """Send ``legal.ready[0]`` until the match is over; the number of moves. Everything comes
    back as the game's own typed models (``HatTrickLegal``, ``HatTrickPlayCardsAction``...)."""
    moves = 0
    while current.outcome is None:
        assert type(current.legal).__name__ == f"{prefix}Legal", current.legal
        ready = current.legal.ready[0]
        assert type(ready).__name__.startswith(prefix), ready
        body = models.AppendInputRequest(expected_seq=current.seq, action=ready)
        answer = api.matches.matches_events_create.sync(match_id, client=auth, body=body)
        assert isinstance(answer, models.WriteOutput), (ready, answer)
        for event in answer.events:
            for effect in event.effects:
                assert type(effect).__name__.startswith(f"{prefix}Effect"), effect
        current = answer.current
        moves += 1
    assert answer.match.status == models.MatchStatusEnum.FINISHED
    assert type(current.outcome).__name__ == f"{prefix}Outcome", current.outcome
    return moves


def test_a_generated_client_plays_whole_matches(server, tmp_path, make_user):
    client_package = generate(server, tmp_path)
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
    auth = client_package.AuthenticatedClient(base_url=server, token=login.token, prefix="Token")

    for game, names, prefix in (
        ("hat-trick", "AB", "HatTrick"),
        ("amigo-hattrick", "ABCD", "AmigoHattrick"),
        ("trixkick", "AB", "Trixkick"),
    ):
        created = api.matches.matches_create.sync(
            client=auth,
            body=models.MatchCreateInputRequest(
                game=models.GameEnum(game),
                sides=[models.SideInputRequest(name=name) for name in names],
            ),
        )
        assert isinstance(created, models.CreatedOutput), created
        moves = play_to_the_end(api, models, auth, created.match.id, created.current, prefix)
        assert moves > 50, game

        # a refused write comes back as the Error model, with its code
        stale = api.matches.matches_undo.sync(
            created.match.id, client=auth, body=models.ExpectedSeqInputRequest(expected_seq=0)
        )
        assert isinstance(stale, models.Error)
        assert stale.code in ("stale_sequence", "match_closed")
        assert stale.message
