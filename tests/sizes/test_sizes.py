"""Sizes that keep the code readable: no function over 100 lines (Python and JavaScript), no
JavaScript module over 400 lines. Product code, bench/ and the scripts beside them are read;
tests/ and migrations are not. The JavaScript functions are measured by TypeScript's parser
(tests/sizes/functions.cjs, the npm dependency ``make install`` installs)."""

import ast
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_services

ROOT = Path(__file__).resolve().parents[2]
MAX_FUNCTION = 100
MAX_JS_MODULE = 400
NODE = shutil.which("node")


def tracked(*patterns: str) -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in names if not name.startswith("tests/")]


def python_files() -> list[Path]:
    return [path for path in tracked("*.py") if "migrations" not in path.parts]


def javascript_files() -> list[Path]:
    return tracked("*.js", "*.mjs", "*.cjs")


def test_no_python_function_is_over_100_lines():
    long = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {lines}")
    assert not long, long


def test_no_javascript_module_is_over_400_lines():
    files = javascript_files()
    assert len(files) > 40  # the phone app's modules, the games' phone modules, the scripts
    long = {
        str(path.relative_to(ROOT)): count
        for path in files
        if (count := len(path.read_text().splitlines())) > MAX_JS_MODULE
    }
    assert not long, long


def test_no_javascript_function_is_over_100_lines():
    parser = ROOT / "node_modules" / "typescript"
    if not (NODE and parser.is_dir()):
        why = "node or node_modules/typescript missing (make install runs npm ci where npm exists)"
        (pytest.fail if os.environ.get("CI") else pytest.skip)(why)
    done = subprocess.run(
        [NODE, str(Path(__file__).with_name("functions.cjs")), *map(str, javascript_files())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    functions = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(functions) > 500  # every file was read
    long = [
        f"{Path(f['file']).relative_to(ROOT)}:{f['line']} {f['name']}: {f['lines']}"
        for f in functions
        if f["lines"] > MAX_FUNCTION
    ]
    assert not long, long
