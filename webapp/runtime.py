"""The phone's referee runtime: Pyodide's files from node_modules, served as static files.

Pyodide (CPython in WebAssembly) is an npm dependency (``package.json``, installed by
``make install``). Only the files that start the interpreter are served, under
``static/webapp/pyodide/<version>/``: a finder hands exactly those to whitenoise (and to
collectstatic, which compresses them, in Brotli too), and the middleware caches them for a year
(the version is in the path). Without ``node_modules`` nothing is served and the app referees
on the server only, as it always did.

The standard library the phone loads is a cut of Pyodide's: the modules Pyodide's start and the
engines import (``webapp/referee_stdlib.mjs``, run by ``make install``), in
``var/referee/python_stdlib-<hash>.zip``, named by ``var/referee/python_stdlib.json`` with the
Pyodide version it was cut from. It is served beside the runtime's files under that name (the
hash of its content: a new cut is a new address) and named in ``/app/referee.json``; without
it (or cut from another version) the phone loads Pyodide's whole ``python_stdlib.zip``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage
from whitenoise.middleware import WhiteNoiseMiddleware

#: what ``loadPyodide`` fetches: the module, the interpreter (JS and wasm), the standard
#: library and the lock file (read at start even when no package is loaded); the module's
#: source map is there because collectstatic follows the module's reference to it.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
RUNTIME_PREFIX = "webapp/pyodide"


def runtime_dir() -> Path:
    return Path(getattr(settings, "PYODIDE_DIR", settings.BASE_DIR / "node_modules" / "pyodide"))


def stdlib_dir() -> Path:
    return Path(getattr(settings, "REFEREE_STDLIB_DIR", settings.BASE_DIR / "var" / "referee"))


@cache
def _cut_of(directory: Path, version: str | None) -> str | None:
    """The name of the cut standard library in ``directory`` if it was cut from ``version``."""
    try:
        about = json.loads((directory / "python_stdlib.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = about.get("file") if isinstance(about, dict) else None
    if version is None or about.get("pyodide") != version or not isinstance(name, str):
        return None
    valid = name.startswith("python_stdlib-") and name.endswith(".zip") and "/" not in name
    return name if valid and (directory / name).is_file() else None


def stdlib_name() -> str | None:
    """The file name of the cut standard library served beside the runtime, if there is one."""
    return _cut_of(stdlib_dir(), runtime_version())


def stdlib_url() -> str | None:
    """Its address (Pyodide's ``stdLibURL``); ``None``: the runtime's whole standard library."""
    name, runtime = stdlib_name(), runtime_url()
    return f"{runtime}{name}" if name and runtime else None


@cache
def _version_of(directory: Path) -> str | None:
    if not all((directory / name).is_file() for name in RUNTIME_FILES):
        return None
    try:
        version = json.loads((directory / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    return version if isinstance(version, str) and version.replace(".", "").isalnum() else None


def runtime_version() -> str | None:
    """The installed Pyodide's version, ``None`` when it is not installed (whole)."""
    return _version_of(runtime_dir())


def runtime_url() -> str | None:
    """The address of the runtime's folder (``indexURL``), ``None`` without it."""
    version = runtime_version()
    return f"{settings.STATIC_URL}{RUNTIME_PREFIX}/{version}/" if version else None


class RuntimeFinder(BaseFinder):
    """Finds the runtime's files, and nothing else of node_modules."""

    def _storage(self, location: Path | None = None) -> FileSystemStorage | None:
        version = runtime_version()
        if version is None:
            return None
        storage = FileSystemStorage(location=location or runtime_dir())
        # (collectstatic reads a finder's storage's prefix, as Django's own finders set it)
        storage.prefix = f"{RUNTIME_PREFIX}/{version}"  # type: ignore[attr-defined]
        return storage

    def _files(self) -> dict[str, Path]:
        """Each file served, by its name in the runtime's folder: the cut standard library in
        the place of the whole one, where there is a cut."""
        files = {name: runtime_dir() / name for name in RUNTIME_FILES}
        cut = stdlib_name()
        if cut:
            del files["python_stdlib.zip"]
            files[cut] = stdlib_dir() / cut
        return files

    def check(self, **kwargs):
        return []

    def find(self, path, find_all=False, **kwargs):
        """The file's path (a list of it when ``find_all``); ``[]`` when it is not one of the
        runtime's. (Not ``None``: as Django's own finders do, since ``finders.find`` takes any
        answer but a list for a match, and whitenoise, serving through the finders under
        DEBUG, would then stat ``[None]``: a 500 for ``pyodide.js`` instead of a 404.)"""
        storage = self._storage()
        if storage is not None:
            folder, _, name = path.rpartition("/")
            files = self._files()
            if folder == storage.prefix and name in files:  # type: ignore[attr-defined]
                found = str(files[name])
                return [found] if find_all else found
        return []

    def list(self, ignore_patterns):
        storage = self._storage()
        if storage is None:
            return
        cut_storage = self._storage(stdlib_dir())
        for name, path in self._files().items():
            yield name, (cut_storage if path.parent == stdlib_dir() else storage)


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """Whitenoise, with the runtime's files cached for a year (their folder names the
    version, so a new version is a new address)."""

    def immutable_file_test(self, path, url):
        if url.startswith(f"{self.static_prefix}{RUNTIME_PREFIX}/"):
            return True
        return super().immutable_file_test(path, url)
