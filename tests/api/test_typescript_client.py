"""TypeScript clients generated from the served schema, as an outside web or mobile team would:
with openapi-typescript (default flags) and openapi-fetch, and with @hey-api/openapi-ts (its
fetch client and its Server-Sent Events client).

``tests/api/typescript/play.mts`` is type-checked with ``tsc --strict`` against the generated
types (no ``any``, no type guard written by hand: it narrows answers by their ``game``) and
run with node: it logs in, plays Hat-Trick (base, and with the expansion's team cards),
TriXKick and a 4-player Amigo Hattrick match to the end by always sending ``legal.ready[0]``,
and reads the rate-limit headers of every write. The tools are pinned in ``package.json``
(``make install`` runs ``npm ci``); without ``node_modules`` the test is skipped, and fails in
CI (``CI=true``), where the generated clients are checked.

``tests/api/typescript/stream.mts`` follows a match's live stream through the SDK hey-api
generates: every value its stream yields is typed as the schema's ``StreamData`` and narrowed on
``event`` and then ``game`` by the compiler (no cast, no ``any``, no guard written by hand); it
reads the four events logged, logs out, and reads the stream's end.
``tests/api/typescript/table_stream.mts`` follows a competition's table the same way
(``TableStreamData``): the table as it is, the table again once the other member logged the
final move of their fixture's match, then the end.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from teams.models import Edition
from teams.services import reference_editions_load
from tests.live_server import asgi_server

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
PROGRAM = Path(__file__).parent / "typescript"
NODE = shutil.which("node")

# the API's contract, checked through a generated client: the same on either database
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.any_database]


def needs(*tools: str) -> None:
    """Skip without node and the npm ``tools`` (``node_modules/.bin``); in CI, fail."""
    missing = [] if NODE else ["node"]
    missing += [tool for tool in tools if not (BIN / tool).exists()]
    if missing:
        why = f"{', '.join(missing)} missing (make install runs npm ci where npm exists)"
        (pytest.fail if os.environ.get("CI") else pytest.skip)(why)


@pytest.fixture
def typescript():
    """node, openapi-typescript and tsc."""
    needs("openapi-typescript", "tsc")


@pytest.fixture
def hey_api(typescript):
    """node, tsc and @hey-api/openapi-ts."""
    needs("openapi-ts")


def run(*command, cwd: Path, timeout: int = 600) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


#: hey-api's configuration: the fetch client, and imports with their ``.js`` extension (what
#: ``moduleResolution: nodenext`` asks for).
HEY_API_CONFIG = """export default {
  input: "schema.json",
  output: { path: "hey", module: { extension: ".js" } },
  plugins: ["@hey-api/client-fetch"],
};
"""


def code_of(name: str) -> str:
    """A program's source without its comments."""
    source = (PROGRAM / name).read_text()
    return "\n".join(line.split("//", 1)[0] for line in source.splitlines())


@pytest.mark.parametrize("name", ["play.mts", "stream.mts", "table_stream.mts"])
def test_the_programs_use_no_any_no_cast_and_no_hand_written_guard(name):
    source = code_of(name)
    assert not re.search(r"(:\s*any\b|\bas\s+any\b|<any>|any\[\])", source)
    assert not re.search(r"\)\s*:\s*\w+\s+is\s+\w", source)  # no `x is T` predicate
    assert "typeof" not in source and "instanceof" not in source
    assert not re.search(r"\bas\s+(?!const\b)[\w{\[(]", source), "a cast (`x as T`)"
    assert not re.search(r"[\w)\]]!(?=[.;,)\[\s])", source), "a non-null assertion (`x!`)"


def program_directory(tmp_path: Path, base: str, program: str, **config) -> None:
    """``tmp_path`` holding ``program``, the schema served at ``base`` and ``config.mts``."""
    for name in (program, "tsconfig.json"):
        shutil.copy(PROGRAM / name, tmp_path / name)
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    schema = httpx.get(f"{base}/api/schema/?format=json", timeout=120).raise_for_status()
    (tmp_path / "schema.json").write_bytes(schema.content)
    lines = [f"export const BASE = {json.dumps(base)};"]
    lines += [f"export const {key} = {json.dumps(value)};" for key, value in config.items()]
    (tmp_path / "config.mts").write_text("\n".join(lines) + "\n")
    tsconfig = json.loads((tmp_path / "tsconfig.json").read_text())
    tsconfig["files"] = [program, "config.mts"]
    (tmp_path / "tsconfig.json").write_text(json.dumps(tsconfig))


@pytest.mark.slow
def test_a_generated_typescript_client_plays_all_four_set_ups(typescript, tmp_path, make_user):
    reference_editions_load()
    make_user("phone", password="a-long-secret-pw")
    edition = Edition.objects.filter(game="hat-trick").order_by("-version").first()
    with asgi_server() as base:
        program_directory(
            tmp_path,
            base,
            "play.mts",
            USERNAME="phone",
            PASSWORD="a-long-secret-pw",
            EDITION=edition.pk,
        )
        run(BIN / "openapi-typescript", "schema.json", "-o", "schema.d.ts", cwd=tmp_path)
        run(BIN / "tsc", "-p", "tsconfig.json", cwd=tmp_path)
        output = run(NODE, "out/play.mjs", cwd=tmp_path, timeout=900)
    report = json.loads(output.strip().splitlines()[-1])
    games = [result["game"] for result in report["results"]]
    assert games == ["hat-trick", "hat-trick", "trixkick", "amigo-hattrick"]
    for result in report["results"]:
        assert result["status"] == "finished", result
        assert result["moves"] > 20 and result["termination"], result
        assert len(result["scores"]) in (2, 4), result
    assert any(p.startswith('"append";q=') for p in report["policies"]), report["policies"]
    assert report["lowest"] >= 0


@pytest.mark.slow
def test_a_hey_api_client_reads_the_live_stream_typed(hey_api, tmp_path, make_user):
    reference_editions_load()
    make_user("phone", password="a-long-secret-pw")
    with asgi_server() as base:
        program_directory(
            tmp_path, base, "stream.mts", USERNAME="phone", PASSWORD="a-long-secret-pw"
        )
        (tmp_path / "hey.config.mjs").write_text(HEY_API_CONFIG)
        run(BIN / "openapi-ts", "-f", "hey.config.mjs", cwd=tmp_path)
        (tmp_path / "hey" / "package.json").write_text('{"type": "module"}\n')
        run(BIN / "tsc", "-p", "tsconfig.json", cwd=tmp_path)
        output = run(NODE, "out/stream.mjs", cwd=tmp_path, timeout=120)
    report = json.loads(output.strip().splitlines()[-1])
    assert report["seqs"] == [1, 2, 3, 4], report
    assert report["games"] == ["trixkick"], report
    assert report["ended"]["reason"] == "revoked" and report["ended"]["message"], report
    assert report["lines"][-1].startswith("end: revoked"), report["lines"]


@pytest.mark.slow
def test_a_hey_api_client_follows_a_competitions_table_typed(hey_api, tmp_path, make_user):
    from rest_framework.test import APIClient

    from tests.competitions.test_live_table import league_one_move_from_the_end
    from tests.helpers import token_for

    reference_editions_load()
    users = {name: make_user(name, password="a-long-secret-pw") for name in ("ann", "ben")}

    def phone(name: str) -> APIClient:
        client = APIClient()
        client.default_format = "json"
        client.force_authenticate(users[name])
        return client

    league = league_one_move_from_the_end(phone)
    ben = {"Authorization": f"Token {token_for(users['ben'])}"}
    with asgi_server() as base:
        program_directory(
            tmp_path,
            base,
            "table_stream.mts",
            USERNAME="ann",
            PASSWORD="a-long-secret-pw",
            COMPETITION=league["id"],
        )
        (tmp_path / "hey.config.mjs").write_text(HEY_API_CONFIG)
        run(BIN / "openapi-ts", "-f", "hey.config.mjs", cwd=tmp_path)
        (tmp_path / "hey" / "package.json").write_text('{"type": "module"}\n')
        run(BIN / "tsc", "-p", "tsconfig.json", cwd=tmp_path)
        with subprocess.Popen(
            [NODE, "out/table_stream.mjs"],
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as program:
            assert program.stdout is not None
            try:
                ready = program.stdout.readline()
                assert json.loads(ready) == {"ready": True}, ready + program.stderr.read()
                # the other member logs the final move of their fixture's match
                final = httpx.post(
                    f"{base}/api/matches/{league['match']}/events/",
                    json={"expected_seq": league["seq"], "action": league["last"]},
                    headers=ben,
                    timeout=20,
                )
                assert final.status_code == 201, final.text
                output, errors = program.communicate("answered\n", timeout=60)
            finally:
                if program.poll() is None:
                    program.kill()
        assert program.returncode == 0, errors
    report = json.loads(output.strip().splitlines()[-1])
    assert report["played"] == [[0, 0], [1, 1]], report
    assert report["etags"][0] != report["etags"][1], report
    assert report["ended"]["reason"] == "revoked" and report["ended"]["message"], report
    assert report["lines"][1].startswith("finished champion"), report["lines"]
    assert report["lines"][-1].startswith("end: revoked"), report["lines"]
