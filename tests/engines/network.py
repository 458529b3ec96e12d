"""The phones' network in tests/engines: a link between the phones and the test server that a
test cuts and restores (``Network``), the same for every engine (only Chromium can emulate a
phone offline); and the test server's own paths (``serving_tests``): a blank page of the app's
origin and each engine's saved referee start."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from urllib.parse import parse_qs

BLANK = "/__tests__/engines/page"
STARTS = "/__tests__/engines/start/"

#: each engine's saved referee start, as a phone of it saved it: engine -> (cache path, body)
_starts: dict[str, tuple[str, bytes]] = {}


class Network:
    """A TCP link from ``url`` to the test server. Cut (``cut()``), every connection through it
    is reset and each new one is reset as it comes: the phone's requests, and its service
    worker's, fail as they do without a network (the phone still believes itself online, as on
    a network without internet)."""

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Every open connection ends with a reset. Each socket is closed only by the thread
        that reads it (``_pump``): closed under a thread blocked reading it, its number could
        be given to a new connection that the old thread would then read from."""
        with self.lock:
            self.up = False
            for conn in self.open:
                with contextlib.suppress(OSError):
                    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    conn.shutdown(socket.SHUT_RD)  # its reader wakes and closes it

    def restore(self) -> None:
        with self.lock:
            self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.up:
                    _reset(client)
                    continue
                try:
                    server = socket.create_connection(self.target)
                except OSError:
                    _reset(client)
                    continue
                self.open |= {client, server}
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            # the other direction's reader wakes too, and closes its own socket
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
            with self.lock:
                self.open.discard(source)
            source.close()


def _reset(conn: socket.socket) -> None:
    """Closed with a reset (no orderly end), as a dropped network shows it."""
    with contextlib.suppress(OSError):
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.close()


def _start_held(engine: str) -> tuple[str, bytes] | None:
    """The engine's saved start, if it was saved with the engines the server serves now."""
    from webapp.engine_bundle import engine_bundle

    held = _starts.get(engine)
    if held and not held[0].endswith("/" + engine_bundle().digest):
        _starts.pop(engine)
        return None
    return held


def serving_tests(app):
    """The test server's application, which also serves the blank page and takes and gives
    each engine's saved referee start (tests/engines/phones.py)."""

    async def application(scope, receive, send):
        path = scope.get("path", "")
        if scope["type"] != "http" or not (path == BLANK or path.startswith(STARTS)):
            return await app(scope, receive, send)
        engine = path.removeprefix(STARTS)
        headers = [(b"content-type", b"application/octet-stream")]
        if path == BLANK:
            status, body, headers = (
                200,
                b"<!doctype html><title>",
                [(b"content-type", b"text/html")],
            )
        elif scope["method"] == "POST":
            body = b""
            while True:
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
            query = parse_qs(scope.get("query_string", b"").decode())
            _starts[engine] = (query["path"][0], body)
            status, body = 204, b""
        else:
            held = _start_held(engine)
            status, body = (200, held[1]) if held else (404, b"")
            if held:
                headers.append((b"x-start-path", held[0].encode()))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return application
