"""The phone referee's standard library, cut from Pyodide's by ``make install``
(webapp/referee_stdlib.mjs): it holds every standard module the engines' source imports, with
the packages they are in, cut from the Pyodide installed; its files are stored uncompressed
(the server's Brotli compresses them together)."""

from __future__ import annotations

import ast
import json
import zipfile
from pathlib import Path

import pytest

from webapp import runtime

pytestmark = [
    pytest.mark.no_services,
    pytest.mark.skipif(runtime.runtime_version() is None, reason="Pyodide is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]


def _about() -> dict:
    about = runtime.stdlib_dir() / "python_stdlib.json"
    assert about.is_file(), "no cut of the standard library: make install makes it"
    return json.loads(about.read_text(encoding="utf-8"))


def _modules_of(names: list[str]) -> dict[str, str]:
    """Each module of a standard library zip's names -> its file."""
    modules = {}
    for name in names:
        if name.endswith("/__init__.py"):
            modules[name.removesuffix("/__init__.py").replace("/", ".")] = name
        elif name.endswith(".py"):
            modules[name.removesuffix(".py").replace("/", ".")] = name
    return modules


def _engines_imports() -> set[str]:
    """Every module an import statement of the engines' source names (at any depth: imports
    inside functions too), and the packages it is in."""
    named = set()
    for path in (ROOT / "matches" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named.add(node.module)
                named |= {f"{node.module}.{alias.name}" for alias in node.names}
    with_packages = set()
    for name in named:
        parts = name.split(".")
        with_packages |= {".".join(parts[: i + 1]) for i in range(len(parts))}
    return with_packages


def test_the_cut_holds_every_standard_module_the_engines_import():
    about = _about()
    assert about["pyodide"] == runtime.runtime_version()
    assert runtime.stdlib_name() == about["file"]
    whole = _modules_of(zipfile.ZipFile(runtime.runtime_dir() / "python_stdlib.zip").namelist())
    cut_zip = zipfile.ZipFile(runtime.stdlib_dir() / about["file"])
    cut = _modules_of(cut_zip.namelist())
    # the standard modules among the engines' imports (the others are the engines' own, or
    # built into the runtime: math, itertools...)
    needed = {name for name in _engines_imports() if name in whole}
    assert needed, "the engines import no standard module?"
    missing = sorted(needed - set(cut))
    assert not missing, f"cut without {missing}: make install cuts it again"
    assert needed <= set(about["modules"])
    # the cut is a cut: far fewer modules than the whole, its files stored as they are
    assert len(cut) < len(whole) / 2
    assert all(info.compress_type == zipfile.ZIP_STORED for info in cut_zip.infolist())
    # the heavy packages the engines do not need stay out
    assert not {"email", "http", "xml", "unittest", "tkinter"} & set(cut)
