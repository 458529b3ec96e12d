"""The compose file's nginx in front of the app server: slow clients wait on nginx, never on an
app server worker; its own refusals under /api/ are JSON in the error shape.

Runs nginx from ``docker/nginx/companion.conf.template`` (rendered as the official image
renders it) in front of gunicorn with one sync worker, the worst case: a worker that reads a
request's body itself is held by a client that sends it a byte a second.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest

from bench.load import ROOT, Service, free_port, service_env, start_web, wait_for
from tests.ops.conftest import database_url

TEMPLATE = ROOT / "docker" / "nginx" / "companion.conf.template"


def _nginx_missing() -> None:
    (pytest.fail if os.environ.get("OPS_REQUIRE_SERVICES") else pytest.skip)(
        "needs nginx on the PATH"
    )


def start_nginx(
    upstream_port: int,
    logdir: Path,
    *,
    live_port: int | str | None = None,
    connections: int = 256,
    workers: int = 1,
) -> tuple[Service, str]:
    """nginx with the compose file's server block: the API to ``upstream_port``, the live
    streams to ``live_port`` (default: the same server; a ``unix:`` path for a socket file)."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else "")
    if not nginx:
        _nginx_missing()
    port = free_port()
    server = TEMPLATE.read_text()
    server = server.replace("${COMPANION_UPSTREAM}", f"127.0.0.1:{upstream_port}")
    live_port = live_port or upstream_port
    live = live_port if isinstance(live_port, str) else f"127.0.0.1:{live_port}"
    server = server.replace("${COMPANION_LIVE_UPSTREAM}", live)
    server = server.replace("listen 80;", f"listen 127.0.0.1:{port};")
    (logdir / "companion.conf").write_text(server)
    temp = {name: logdir / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(exist_ok=True)
    (logdir / "nginx.conf").write_text(
        f"""daemon off;
worker_processes {workers};
pid {logdir}/nginx.pid;
error_log {logdir}/nginx-error.log warn;
worker_rlimit_nofile {connections * 2};
events {{ worker_connections {connections}; }}
http {{
    access_log off;
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
    include {logdir}/companion.conf;
}}
"""
    )
    service = Service(
        f"nginx-{port}", [nginx, "-p", str(logdir), "-c", str(logdir / "nginx.conf")], {}, logdir
    )

    def up():
        if not service.alive():
            raise RuntimeError(f"nginx exited:\n{service.tail()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            return False

    wait_for(up, timeout=20, what="nginx")
    return service, f"http://127.0.0.1:{port}"


class SlowClient(threading.Thread):
    """Sends a login request's headers, then its body one byte a second."""

    def __init__(self, base: str, seconds: int):
        super().__init__(daemon=True)
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)))
        self.seconds = seconds

    def run(self):
        body = b'{"username": "slow", "password": "' + b"x" * 200 + b'"}'
        head = (
            "POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        try:
            self.sock.sendall(head.encode())
            for byte in body[: self.seconds]:
                self.sock.sendall(bytes([byte]))
                time.sleep(1)
        except OSError:
            pass
        finally:
            self.sock.close()


def _timed_health(base: str, timeout: float) -> float | None:
    started = time.monotonic()
    try:
        httpx.get(f"{base}/api/health/", timeout=timeout)
    except httpx.TimeoutException:
        return None
    return time.monotonic() - started


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_slow_clients_wait_on_nginx_not_on_the_app_server(needs_services):
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        _nginx_missing()
    logdir = Path(tempfile.mkdtemp(prefix="companion-proxy-"))
    env = service_env(database_url(), "", TRUSTED_PROXIES="1")
    web, direct = start_web(env, logdir, workers=1)
    proxy = None
    try:
        proxy, base = start_nginx(int(direct.rsplit(":", 1)[1]), logdir)

        # without the proxy: three slow clients hold the one worker, a probe waits
        slow = [SlowClient(direct, seconds=4) for _ in range(3)]
        for client in slow:
            client.start()
        time.sleep(0.5)
        assert _timed_health(direct, timeout=2) is None
        for client in slow:
            client.join()

        # behind the proxy: the same three, and every probe answers at once
        slow = [SlowClient(base, seconds=5) for _ in range(3)]
        for client in slow:
            client.start()
        time.sleep(0.5)
        seconds = [_timed_health(base, timeout=5) for _ in range(5)]
        print("health through nginx with three slow clients (s):", seconds)
        assert all(s is not None and s < 1.0 for s in seconds), seconds
        for client in slow:
            client.join()

        # nginx's own refusals are JSON in the error shape
        big = httpx.post(
            f"{base}/api/auth/login/",
            content=b'{"text": "' + b"x" * (2 * 1024 * 1024) + b'"}',
            headers={"Content-Type": "application/json"},
            timeout=30,
        )
        assert big.status_code == 413
        assert big.headers["content-type"].startswith("application/json")
        assert big.json()["code"] == "payload_too_large"

        web.stop()
        down = httpx.get(f"{base}/api/matches/", timeout=10)
        assert down.status_code == 503 and int(down.headers["Retry-After"]) > 0
        assert down.headers["content-type"].startswith("application/json")
        assert down.json()["code"] == "service_unavailable"
    except BaseException:
        print("web log:\n" + web.tail())
        if proxy is not None:
            print("nginx log:\n" + (logdir / "nginx-error.log").read_text(errors="replace"))
        raise
    finally:
        if proxy is not None:
            proxy.stop()
        web.stop()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_nginx_sends_the_streams_to_the_stream_server_and_the_rest_to_the_api(
    needs_services, make_user
):
    """The compose file's split: a stream through nginx stays open (uvicorn serves it, on a
    Unix socket as in compose); the same stream sent to the API's gunicorn sends what is
    logged and ends."""
    from bench.live import start_live_on_socket
    from matches.log import services
    from tests.helpers import token_for

    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        _nginx_missing()
    ann = make_user("ann")
    match_id = services.match_create(
        user=ann, game="hat-trick", sides=[{"name": "Blue"}, {"name": "Red"}]
    ).match.pk
    headers = {"Authorization": f"Token {token_for(ann)}"}
    logdir = Path(tempfile.mkdtemp(prefix="companion-proxy-"))
    env = service_env(database_url(), "", TRUSTED_PROXIES="1")
    api, api_base = start_web(env, logdir, workers=1)
    live, live_upstream = start_live_on_socket(env, logdir, workers=1)
    proxy = None
    try:
        proxy, base = start_nginx(int(api_base.rsplit(":", 1)[1]), logdir, live_port=live_upstream)
        stream = f"/api/matches/{match_id}/stream/"

        def stays_open(origin: str) -> bool:
            try:
                with httpx.stream("GET", origin + stream, headers=headers, timeout=2) as r:
                    assert r.status_code == 200
                    for _ in r.iter_lines():
                        pass
                return False  # the answer ended
            except httpx.ReadTimeout:
                return True

        assert stays_open(base)  # nginx -> uvicorn
        assert not stays_open(api_base)  # gunicorn: a snapshot, then the end
        assert httpx.get(f"{base}/api/matches/{match_id}/", headers=headers).status_code == 200
        live.stop()  # the API goes on without the stream server; a stream is 503 in the shape
        assert httpx.get(f"{base}/api/matches/{match_id}/", headers=headers).status_code == 200
        down = httpx.get(base + stream, headers=headers, timeout=10)
        assert down.status_code == 503 and down.json()["code"] == "service_unavailable"
    finally:
        if proxy is not None:
            proxy.stop()
        live.stop()
        api.stop()
