"""An ASGI server (uvicorn) in a thread of the test process, on the test database, serving
the project's ASGI application (``companion.asgi``: the live route, the body limit).

Its requests and the streams' reads run in threads of their own, each with its own database
connection; the test database must therefore be committed to (``transactional_db``). On the
embedded default that database is SQLite in memory, shared by the threads of the process:
there its readers do not take table locks (``read_uncommitted``), as a file database in WAL
mode would not either, so a reader never fails on a writer's lock.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from django.db.backends.signals import connection_created


def _readers_take_no_locks(sender, connection, **kwargs) -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


@contextmanager
def asgi_server(send_buffer: int | None = None, wrap=None) -> Iterator[str]:
    """Serve the project's ASGI application on a free loopback port; yield its base URL.
    ``send_buffer``: the kernel's send buffer of each connection (bytes), to make one fill;
    ``wrap``: a function of the application giving the one served (a test's own paths)."""
    connection_created.connect(_readers_take_no_locks)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if send_buffer is not None:  # inherited by the connections it accepts
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    from companion.asgi import build_application

    application = build_application()
    config = uvicorn.Config(
        wrap(application) if wrap else application,
        lifespan="off",
        log_level="warning",
        proxy_headers=False,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the ASGI server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
        connection_created.disconnect(_readers_take_no_locks)
