"""The phone's referee: Pyodide's files served by whitenoise, the engines' bundle from source."""

import gzip
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import brotli
import pytest
from django.core.management import call_command
from django.test import Client

from webapp import engine_bundle as bundles
from webapp import runtime

pytestmark = pytest.mark.no_services

ROOT = Path(__file__).resolve().parents[2]
needs_runtime = pytest.mark.skipif(
    runtime.runtime_version() is None, reason="Pyodide is not installed (npm ci)"
)


def _referee(client) -> dict:
    response = client.get("/app/referee.json")
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    return response.json()


@needs_runtime
def test_runtime_files_are_served_from_this_server_and_cached_long(settings):
    settings.WHITENOISE_USE_FINDERS = True
    client = Client()
    info = _referee(client)
    version = runtime.runtime_version()
    assert info["runtime"] == f"/static/webapp/pyodide/{version}/"
    # the standard library cut for the engines (make install), by the hash of its content
    cut = runtime.stdlib_name()
    assert info["stdlib"] == (f"{info['runtime']}{cut}" if cut else None)
    if cut:
        assert client.get(info["stdlib"]).status_code == 200
        assert client.get(f"{info['runtime']}python_stdlib.zip").status_code == 404
    wasm = client.get(f"{info['runtime']}pyodide.asm.wasm")
    assert wasm.status_code == 200
    assert wasm["Content-Type"] == "application/wasm"
    assert "immutable" in wasm["Cache-Control"] and "max-age=315360000" in wasm["Cache-Control"]
    module = client.get(f"{info['runtime']}pyodide.mjs")
    assert module["Content-Type"].startswith("text/javascript")
    # nothing else of the package, nor anything else of node_modules
    for other in ("console.html", "pyodide.js", "package.json", "README.md", "ffi.d.ts"):
        assert client.get(f"{info['runtime']}{other}").status_code == 404
    assert client.get("/static/webapp/pyodide/../../typescript/package.json").status_code == 404


@needs_runtime
@pytest.mark.slow
def test_collectstatic_compresses_the_runtime_and_takes_nothing_else(settings, tmp_path):
    # the production storage at a middle Brotli quality (the image's 11 takes a minute of CPU
    # for the runtime's 9.6 MB, twice: under its name and its hashed name); still smaller than gzip
    settings.STATIC_BROTLI_QUALITY = 5
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "companion.static_storage.StaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    folder = tmp_path / "webapp" / "pyodide" / runtime.runtime_version()
    names = {p.name for p in folder.iterdir()}
    cut = runtime.stdlib_name()
    # the standard library cut for the engines in the place of the whole one, where it is cut
    served = set(runtime.RUNTIME_FILES) - ({"python_stdlib.zip"} if cut else set())
    assert served | ({cut} if cut else set()) <= names
    originals = {n for n in names if not n.endswith((".gz", ".br"))}
    stems = {n.split(".")[0].split("-")[0] for n in originals}
    assert stems == {"pyodide", "python_stdlib"}
    # in Brotli too (the `brotli` package), smaller than gzip
    for name in ("pyodide.asm.wasm", cut) if cut else ("pyodide.asm.wasm",):
        size = (folder / name).stat().st_size
        brotli, gzip = (
            (folder / f"{name}.br").stat().st_size,
            (folder / f"{name}.gz").stat().st_size,
        )
        assert brotli < gzip < size * 0.5, (name, size, gzip, brotli)
    # served compressed, from the collected files, a year in the browser's cache
    settings.WHITENOISE_USE_FINDERS = False
    for encoding in ("gzip", "br"):
        response = Client().get(
            f"/static/webapp/pyodide/{runtime.runtime_version()}/pyodide.asm.wasm",
            HTTP_ACCEPT_ENCODING=encoding,
        )
        assert response.status_code == 200
        assert response["Content-Encoding"] == encoding
        assert "immutable" in response["Cache-Control"]


def test_without_the_runtime_the_app_referees_on_the_server(settings, tmp_path):
    settings.PYODIDE_DIR = tmp_path / "missing"
    settings.WHITENOISE_USE_FINDERS = True
    assert _referee(Client())["runtime"] is None
    assert Client().get("/static/webapp/pyodide/314.0.7/pyodide.mjs").status_code == 404


def test_engine_bundle_is_the_servers_source_named_by_its_hash(client):
    info = _referee(client)
    bundle = bundles.engine_bundle()
    assert info["engine"] == bundle.digest
    assert info["bundle"] == f"/app/engine/{bundle.digest}.zip"
    response = client.get(info["bundle"])
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "immutable" in response["Cache-Control"]
    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert hashlib.sha256(content).hexdigest()[:16] == info["engine"]
    names = zipfile.ZipFile(io.BytesIO(content)).namelist()
    sources = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "matches/engine").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    # each module as its source, or as the bytecode `make install` made of that very source
    compiled = bundles._bytecode()
    assert [
        n.removesuffix("c") for n in names if n.endswith((".py", ".pyc")) and "/engine/" in n
    ] == sources
    for name in sources:  # the same bytes the server runs
        if f"{name}c" in names:
            assert compiled[name] == hashlib.sha256((ROOT / name).read_bytes()).hexdigest()
        else:
            assert zipfile.ZipFile(io.BytesIO(content)).read(name) == (ROOT / name).read_bytes()
    assert "locale/de/LC_MESSAGES/django.mo" in names
    assert not any(
        n.startswith(("companion/", "webapp/")) or "django" in n.split("/")[0] for n in names
    )
    # the games' phone modules are the app's, served at /app/games/<key>.js, not the referee's
    assert (ROOT / "matches/engine/trixkick/data/phone.js").is_file()
    assert not any(n.endswith(".js") for n in names)
    # stored, not deflated: the answer is compressed as a whole, the phone slices the files out
    assert {i.compress_type for i in zipfile.ZipFile(io.BytesIO(content)).infolist()} == {
        zipfile.ZIP_STORED
    }
    assert "Content-Encoding" not in response
    for accepted, decode in (("gzip, deflate, br", brotli.decompress), ("gzip", gzip.decompress)):
        encoded = client.get(info["bundle"], headers={"accept-encoding": accepted})
        assert encoded["Content-Encoding"] == accepted.split(", ")[-1]
        assert "Accept-Encoding" in encoded["Vary"]
        assert decode(encoded.content) == content
        assert len(encoded.content) < len(content) / 2  # (bytecode packs less than source)
    # another hash is not these engines
    assert client.get("/app/engine/0123456789abcdef.zip").status_code == 404


def test_engine_bundle_changes_with_the_source(settings, tmp_path):
    first = bundles._build()
    assert bundles._build().content == first.content  # the same source, the same bytes
    copy = tmp_path / "matches"
    subprocess.run(["cp", "-r", str(ROOT / "matches"), str(copy)], check=True)
    (tmp_path / "companion").mkdir()
    (copy / "engine" / "trixkick" / "texts.py").write_text(
        (copy / "engine" / "trixkick" / "texts.py").read_text() + "\n# changed\n"
    )
    settings.BASE_DIR = tmp_path
    assert bundles._build().digest != first.digest


def _bytecode_made(folder: Path, sources: dict[str, bytes], version: str | None) -> None:
    """A stand-in for `make install`'s bytecode in ``folder``: ``sources`` by name."""
    files = {}
    for name, source in sources.items():
        pyc = folder / "bytecode" / f"{name}c"
        pyc.parent.mkdir(parents=True, exist_ok=True)
        pyc.write_bytes(b"bytecode of " + name.encode())
        files[name] = hashlib.sha256(source).hexdigest()
    (folder / "bytecode.json").write_text(json.dumps({"pyodide": version, "files": files}))


def test_a_module_goes_as_bytecode_only_while_its_source_is_the_one_compiled(settings, tmp_path):
    settings.REFEREE_STDLIB_DIR = tmp_path
    game = "matches/engine/trixkick/texts.py"
    same = {n: (ROOT / n).read_bytes() for n in ("matches/__init__.py", game)}
    stale = {"matches/engine/hat_trick/texts.py": b"# another source\n"}
    _bytecode_made(tmp_path, {**same, **stale}, runtime.runtime_version())
    bundle = zipfile.ZipFile(io.BytesIO(bundles._build().content))
    names = set(bundle.namelist())
    if runtime.runtime_version() is None:  # no runtime: no bytecode for it
        assert not any(n.endswith(".pyc") for n in names)
        return
    for name in same:
        assert name not in names and bundle.read(f"{name}c") == b"bytecode of " + name.encode()
    for name in stale:  # changed since it was compiled: its source
        assert f"{name}c" not in names and bundle.read(name) == (ROOT / name).read_bytes()
    assert not any(n.endswith(".pyc") for n in names - {f"{n}c" for n in same})
    # bytecode of another runtime's Python is not used
    _bytecode_made(tmp_path, same, "0.0.1")
    assert not any(
        n.endswith(".pyc") for n in zipfile.ZipFile(io.BytesIO(bundles._build().content)).namelist()
    )


def test_the_bundle_runs_without_django(settings, tmp_path):
    """The phone's Python has no Django: the bundle's referee imports and answers in German.
    (Its sources: the bytecode is Pyodide's Python's, which this one is not.)"""
    settings.REFEREE_STDLIB_DIR = tmp_path / "no-bytecode"
    (tmp_path / "engine.zip").write_bytes(bundles._build().content)
    script = f"""
import sys, importlib.abc, json
class NoDjango(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] == "django":
            raise ImportError("no Django on the phone")
sys.meta_path.insert(0, NoDjango())
sys.path = [p for p in sys.path if "site-packages" not in p]
import zipfile
zipfile.ZipFile({str(tmp_path / "engine.zip")!r}).extractall({str(tmp_path / "lib")!r})
sys.path.insert(0, {str(tmp_path / "lib")!r})
from matches.engine import get_engine
from matches.engine.referee import Table, use_catalog
use_catalog({str(tmp_path / "lib" / "locale")!r}, "de")
from matches.engine.hat_trick.edition import reference_edition
engine = get_engine("hat-trick")
sides = [{{"name": "Blue"}}, {{"name": "Red"}}]
state = engine.initial_state(edition=reference_edition(), sides=sides, options={{}})
table = Table("hat-trick", engine.state_to_json(state))
view = table.view()
print(json.dumps([view["legal"]["hint"], table.apply({{"type": "nonsense"}})["error"]["message"]]))
"""
    out = subprocess.run(
        [sys.executable, "-I", "-c", script], capture_output=True, text=True, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    hint, refusal = __import__("json").loads(out.stdout)
    assert hint.startswith("Schritt 1: beide Trainer"), hint  # the server's German catalog
    assert refusal == "Diese Art von Zug gibt es bei Hat-Trick nicht.", refusal


@pytest.mark.no_services
def test_the_production_storage_compresses_at_brotlis_best_unless_told(settings):
    import brotli

    from companion.static_storage import StaticFilesStorage

    data = b"the phone's runtime " * 4096
    del settings.STATIC_BROTLI_QUALITY  # as in the image, where the environment says nothing
    best = StaticFilesStorage().create_compressor(quiet=True)
    assert best.compress_brotli(data) == brotli.compress(data, quality=11)
    settings.STATIC_BROTLI_QUALITY = 1
    quick = StaticFilesStorage().create_compressor(quiet=True)
    assert quick.compress_brotli(data) == brotli.compress(data, quality=1)
    assert len(quick.compress_brotli(data)) > len(best.compress_brotli(data))
