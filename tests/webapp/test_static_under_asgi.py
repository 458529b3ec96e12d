"""Every file the phone app loads, served as ``make run`` serves it: the ASGI application under
uvicorn with DEBUG on (whitenoise then finds the files through the finders on each request,
the referee's runtime in node_modules among them).

Each answer's ``Content-Length`` is the length of the body that follows, as the browser asks
for it: whole, compressed, again with the ETag it keeps (304, no body) and as a byte range.
Before, a 304 carried a gzip header as its body (uvicorn: "Response content longer than
Content-Length"), and a file outside the runtime (``pyodide.js``) was a 500.
"""

from __future__ import annotations

import httpx
import pytest

from tests.live_server import asgi_server
from webapp import runtime
from webapp.views import WORKERS, shell_files

pytestmark = pytest.mark.django_db(transaction=True)
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def recording(answers: list[dict]):
    """An ASGI wrapper that notes, per answer, its status, its declared length and the bytes
    of body sent (as the server receives them from the application)."""

    def wrap(app):
        async def recorded(scope, receive, send):
            if scope["type"] != "http":
                return await app(scope, receive, send)
            answer = {"path": scope["path"], "method": scope["method"], "sent": 0}
            answers.append(answer)

            async def noted(message):
                if message["type"] == "http.response.start":
                    answer["status"] = message["status"]
                    headers = dict(message.get("headers", ()))
                    length = headers.get(b"content-length")
                    answer["declared"] = None if length is None else int(length)
                elif message["type"] == "http.response.body":
                    answer["sent"] += len(message.get("body", b""))
                return await send(message)

            return await app(scope, receive, noted)

        return recorded

    return wrap


def _phone_files(client: httpx.Client) -> list[str]:
    referee = client.get("/app/referee.json").json()
    files = [f"/static/webapp/{name}" for name in shell_files()]
    files += [f"/app/{name}" for name in WORKERS]
    files += [referee["bundle"]]
    if referee["runtime"]:
        # the standard library cut for the engines in the place of the whole one, if cut
        names = [
            n for n in runtime.RUNTIME_FILES if not (referee["stdlib"] and n == "python_stdlib.zip")
        ]
        files += [f"{referee['runtime']}{name}" for name in names]
    if referee.get("stdlib"):
        files += [referee["stdlib"]]
    return files


def _fetch(client: httpx.Client, path: str, headers: dict) -> tuple[httpx.Response, bytes]:
    with client.stream("GET", path, headers=headers) as response:
        return response, b"".join(response.iter_raw())


@pytest.mark.skipif(runtime.runtime_version() is None, reason="Pyodide is not installed (npm ci)")
def test_every_file_the_phone_loads_answers_whole_with_its_length(settings):
    settings.DEBUG = True  # as companion.settings.dev, before the application is built
    answers: list[dict] = []
    with asgi_server(wrap=recording(answers)) as base, httpx.Client(base_url=base) as client:
        files = _phone_files(client)
        assert any(path.endswith("pyodide.asm.wasm") for path in files)
        assert any("/python_stdlib" in path and path.endswith(".zip") for path in files)
        for path in files:
            for headers in ({}, BROWSER):
                response, body = _fetch(client, path, headers)
                assert response.status_code == 200, (path, headers)
                assert int(response.headers["Content-Length"]) == len(body), (path, headers)
            etag = response.headers.get("ETag")
            if etag:  # the service worker's revalidation: 304 and no body
                again, body = _fetch(client, path, {**BROWSER, "If-None-Match": etag})
                assert again.status_code == 304 and body == b"", path
            ranged, body = _fetch(client, path, {**BROWSER, "Range": "bytes=0-9"})
            if ranged.status_code == 206:  # ten bytes of the file itself, not compressed
                assert len(body) == 10 and "Content-Encoding" not in ranged.headers, path
        # the package's other files are not served, and not a 500 either
        version = runtime.runtime_version()
        for other in ("pyodide.js", "pyodide.js.map", "package.json"):
            response = client.get(f"/static/webapp/pyodide/{version}/{other}")
            assert response.status_code == 404, other
    # what the server was handed: never a body longer or shorter than declared
    wrong = [
        a
        for a in answers
        if a.get("declared") is not None and a["declared"] != a["sent"] and a["method"] != "HEAD"
    ]
    assert not wrong, wrong
    assert not [a for a in answers if a.get("status") == 304 and a["sent"]]
    assert not [a for a in answers if a.get("status", 500) >= 500]
