"""The phone's referee runtime: Pyodide's files from node_modules, served as static files.

Pyodide (CPython in WebAssembly) is an npm dependency (``package.json``, installed by
``make install``). Only the files that start the interpreter are served, under
``static/webapp/pyodide/<version>/``: a finder hands exactly those to whitenoise (and to
collectstatic, which compresses them), and the middleware caches them for a year (the version
is in the path). Without ``node_modules`` nothing is served and the app referees on the server
only, as it always did.
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

    def _storage(self) -> FileSystemStorage | None:
        version = runtime_version()
        if version is None:
            return None
        storage = FileSystemStorage(location=runtime_dir())
        # (collectstatic reads a finder's storage's prefix, as Django's own finders set it)
        storage.prefix = f"{RUNTIME_PREFIX}/{version}"  # type: ignore[attr-defined]
        return storage

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
            if folder == storage.prefix and name in RUNTIME_FILES:  # type: ignore[attr-defined]
                found = str(runtime_dir() / name)
                return [found] if find_all else found
        return []

    def list(self, ignore_patterns):
        storage = self._storage()
        if storage is None:
            return
        for name in RUNTIME_FILES:
            yield name, storage


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """Whitenoise, with the runtime's files cached for a year (their folder names the
    version, so a new version is a new address)."""

    def immutable_file_test(self, path, url):
        if url.startswith(f"{self.static_prefix}{RUNTIME_PREFIX}/"):
            return True
        return super().immutable_file_test(path, url)
