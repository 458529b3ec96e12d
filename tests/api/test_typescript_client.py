"""A TypeScript client generated from the served schema with openapi-typescript (default
flags) and openapi-fetch, as an outside web or mobile team would.

``tests/api/typescript/play.mts`` is type-checked with ``tsc --strict`` against the generated
types (no ``any``, no type guard written by hand: it narrows answers by their ``game``) and
run with node: it logs in, plays Hat-Trick (base, and with the expansion's team cards),
TriXKick and a 4-player Amigo Hattrick match to the end by always sending ``legal.ready[0]``,
and reads the rate-limit headers of every write. The tools are pinned in ``package.json``
(``make install`` runs ``npm ci``); without ``node_modules`` the test is skipped.
"""

from __future__ import annotations

import json
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

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        NODE is None or not (BIN / "openapi-typescript").exists() or not (BIN / "tsc").exists(),
        reason="node_modules is missing (make install runs npm ci where npm exists)",
    ),
]


def run(*command, cwd: Path, timeout: int = 600) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_program_uses_no_any_and_no_hand_written_guard():
    source = (PROGRAM / "play.mts").read_text()
    assert not re.search(r"(:\s*any\b|\bas\s+any\b|<any>|any\[\])", source)
    assert not re.search(r"\)\s*:\s*\w+\s+is\s+\w", source)  # no `x is T` predicate
    assert "typeof" not in source and "instanceof" not in source


@pytest.mark.slow
def test_a_generated_typescript_client_plays_all_four_set_ups(tmp_path, make_user):
    reference_editions_load()
    make_user("phone", password="a-long-secret-pw")
    edition = Edition.objects.filter(game="hat-trick").order_by("-version").first()
    for name in ("play.mts", "tsconfig.json"):
        shutil.copy(PROGRAM / name, tmp_path / name)
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    with asgi_server() as base:
        schema = httpx.get(f"{base}/api/schema/?format=json", timeout=120).raise_for_status()
        (tmp_path / "schema.json").write_bytes(schema.content)
        run(BIN / "openapi-typescript", "schema.json", "-o", "schema.d.ts", cwd=tmp_path)
        (tmp_path / "config.mts").write_text(
            f"export const BASE = {json.dumps(base)};\n"
            'export const USERNAME = "phone";\n'
            'export const PASSWORD = "a-long-secret-pw";\n'
            f"export const EDITION = {edition.pk};\n"
        )
        config = json.loads((tmp_path / "tsconfig.json").read_text())
        config["files"].append("config.mts")
        (tmp_path / "tsconfig.json").write_text(json.dumps(config))
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
