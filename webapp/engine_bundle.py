"""The engines as the phone loads them: a zip made from the running server's own source.

The zip holds ``matches/engine`` (every game's package, its data, the wording and the
referee) and the server's compiled catalogs (``locale/<lang>/LC_MESSAGES/django.mo``, from
the same ``.po`` files). It is built once per process on first request, byte for byte the
same for the same source (sorted names, fixed dates), and named by the hash of its content:
a phone that holds another hash than the server's holds other engines and loads them again.

A module is there as Pyodide's bytecode rather than its source when ``make install`` compiled
that very source for the runtime the server serves (``webapp/referee_bytecode.mjs``:
``var/referee/bytecode/<name>c``, and ``bytecode.json`` naming the Pyodide version and each
source's SHA-256): a cold start of the phone's worker then reads the engines instead of
compiling them. Any other source (changed since, or no bytecode made) is there as it is.

Its files are stored, not deflated: the answer is compressed as a whole on the wire (Brotli,
else gzip), which the browser undoes natively, and the phone's worker then writes each file
out as the slice of the zip it is, with nothing to inflate, on every start (a restored start
included: the memory snapshot holds the imported engines, not the file system).
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import brotli
from django.conf import settings

from webapp.runtime import runtime_version, stdlib_dir

_FIXED_DATE = (2020, 1, 1, 0, 0, 0)
_PACKAGE_FILES = ("*.py", "*.json")


@dataclass(frozen=True)
class EngineBundle:
    content: bytes
    digest: str  # the first 16 hex digits of the content's SHA-256

    @property
    def name(self) -> str:
        return f"engine-{self.digest}.zip"

    @cached_property
    def brotli(self) -> bytes:
        """The content as sent to a browser that accepts Brotli, made on the first request of a
        process: quality 9 takes 0.1 s of CPU for the 1.48 MB zip of bytecode (0.46 MB; 0.95 MB
        and 0.21 MB of source); 11 would save 52 kB more but take 2.3 s of CPU, which that
        request would wait for."""
        compressed: bytes = brotli.compress(self.content, quality=9)
        return compressed


def _sources() -> list[tuple[str, Path]]:
    """(name in the zip, file) of everything the phone's referee needs."""
    base = Path(settings.BASE_DIR)
    engine = base / "matches" / "engine"
    files = [("matches/__init__.py", base / "matches" / "__init__.py")]
    for pattern in _PACKAGE_FILES:
        for path in engine.rglob(pattern):
            if "__pycache__" not in path.parts:
                files.append((path.relative_to(base).as_posix(), path))
    for catalog in (base / "companion" / "locale").glob("*/LC_MESSAGES/django.mo"):
        files.append((catalog.relative_to(base / "companion").as_posix(), catalog))
    return sorted(files)


def _bytecode() -> dict[str, str]:
    """The SHA-256 of each source ``make install`` compiled for the runtime served, by name
    (none without the runtime, or compiled for another version)."""
    try:
        about = json.loads((stdlib_dir() / "bytecode.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    version = runtime_version()
    if not isinstance(about, dict) or version is None or about.get("pyodide") != version:
        return {}
    files = about.get("files")
    return files if isinstance(files, dict) else {}


def _files() -> list[tuple[str, bytes]]:
    """(name in the zip, content): a module as its bytecode where that was made from the very
    source, else its source."""
    compiled = _bytecode()
    folder = stdlib_dir() / "bytecode"
    files = []
    for name, path in _sources():
        data = path.read_bytes()
        pyc = folder / f"{name}c"
        if name.endswith(".py") and compiled.get(name) == hashlib.sha256(data).hexdigest():
            try:
                files.append((f"{name}c", pyc.read_bytes()))
                continue
            except OSError:
                pass
        files.append((name, data))
    return sorted(files)


def _build() -> EngineBundle:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as zf:
        for name, data in _files():
            info = zipfile.ZipInfo(name, date_time=_FIXED_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    content = buffer.getvalue()
    return EngineBundle(content=content, digest=hashlib.sha256(content).hexdigest()[:16])


@cache
def engine_bundle() -> EngineBundle:
    """The bundle of the engines this server runs (built on first call)."""
    return _build()
