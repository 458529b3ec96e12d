"""The body limit straight to the ASGI server: a chunked body (no Content-Length) is counted as
it arrives and refused with 413 in the error shape long before it is read whole."""

from __future__ import annotations

import json
import select
import socket
from urllib.parse import urlsplit

import pytest

from tests.live_server import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)
CHUNK = 64 * 1024
TOTAL = 5 * 1024 * 1024


def send_chunked(base: str, path: str) -> tuple[int, bytes]:
    """Send 5 MB of a chunked body to ``path`` and never its last chunk (so a server that reads
    bodies whole would wait for ever); stop sending when an answer arrives. Returns the bytes
    of body sent by then and the raw answer."""
    address = urlsplit(base)
    sock = socket.create_connection((address.hostname, address.port), timeout=20)
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n".encode()
    )
    sent = 0
    answer = b""
    try:
        while sent < TOTAL:
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            sock.sendall(f"{CHUNK:x}\r\n".encode() + b"[" * CHUNK + b"\r\n")
            sent += CHUNK
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server closed the connection after its answer
    sock.settimeout(20)
    try:
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) == 0:
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            answer += data
    finally:
        sock.close()
    return sent, answer


@pytest.mark.parametrize("path", ["/api/matches/import/", "/app/"])
def test_a_chunked_five_megabyte_body_is_refused_before_it_is_read_whole(path, settings):
    with asgi_server() as base:
        sent, answer = send_chunked(base, path)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), head
    error = json.loads(body)
    assert error["code"] == "payload_too_large"
    limit = (
        settings.API_MAX_BODY_BYTES if path.startswith("/api/") else settings.REQUEST_MAX_BODY_BYTES
    )
    assert error["details"]["max_bytes"] == limit
    assert sent > limit  # refused when the limit was passed, with the body not yet ended
