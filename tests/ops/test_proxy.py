"""The compose file's nginx in front of the app server: slow clients wait on nginx, never on an
app server worker; its own refusals under /api/ are JSON in the error shape.

Runs nginx from ``docker/nginx/companion.conf.template`` (rendered as the official image
renders it) in front of gunicorn with one sync worker, the worst case: a worker that reads a
request's body itself is held by a client that sends it a byte a second.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
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


def _nginx() -> str:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else "")
    if not nginx:
        _nginx_missing()
    return nginx


def run_nginx(
    logdir: Path, servers: str, port: int, *, connections: int = 256, workers: int = 1
) -> Service:
    """nginx in ``logdir`` with ``servers`` (what goes in its ``http`` block), once it listens
    on ``port``."""
    nginx = _nginx()
    logdir.mkdir(parents=True, exist_ok=True)
    (logdir / "companion.conf").write_text(servers)
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
    return service


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
    port = free_port()
    server = TEMPLATE.read_text()
    server = server.replace("${COMPANION_UPSTREAM}", f"127.0.0.1:{upstream_port}")
    live_port = live_port or upstream_port
    live = live_port if isinstance(live_port, str) else f"127.0.0.1:{live_port}"
    server = server.replace("${COMPANION_LIVE_UPSTREAM}", live)
    server = server.replace("listen 80;", f"listen 127.0.0.1:{port};")
    service = run_nginx(logdir, server, port, connections=connections, workers=workers)
    return service, f"http://127.0.0.1:{port}"


def start_tls_front(upstream: str, logdir: Path) -> tuple[Service, str, Path]:
    """A TLS-terminating proxy in front of ``upstream`` (the repository's nginx), as a load
    balancer or a second nginx is: a certificate made now for 127.0.0.1, the client's Host and
    scheme passed on (``X-Forwarded-Proto``), ``X-Forwarded-For`` appended. Plain HTTP sent to
    its port is passed on too, as ``http`` (as from a port 80 that does not redirect itself).
    Returns the service, its ``https://`` address and the certificate."""
    openssl = shutil.which("openssl")
    if not openssl:
        (pytest.fail if os.environ.get("OPS_REQUIRE_SERVICES") else pytest.skip)("needs openssl")
    logdir.mkdir(parents=True, exist_ok=True)
    cert, key = logdir / "cert.pem", logdir / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
        + ["-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    port = free_port()
    passed_on = f"""
        proxy_pass {upstream};
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"""
    server = f"""server {{
    listen 127.0.0.1:{port} ssl;
    ssl_certificate {cert};
    ssl_certificate_key {key};
    error_page 497 = @plain;  # plain HTTP on this port
    location / {{{passed_on}
        proxy_set_header X-Forwarded-Proto $scheme;
    }}
    location @plain {{{passed_on}
        proxy_set_header X-Forwarded-Proto http;
    }}
}}
"""
    return run_nginx(logdir, server, port), f"https://127.0.0.1:{port}", cert


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


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


def _raw(base: str, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is (what an HTTP client would not send) and read the answer."""
    with socket.create_connection(("127.0.0.1", _port(base)), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines)}
    return int(status_line.split()[1]), headers, body


#: what nginx refuses itself, as the outside probe sent it: (request, status, code)
NGINX_REFUSALS = [
    (b"TRACE /api/matches/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", 405, "method_not_allowed"),
    (b"GET /api/matches/%00/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", 400, "bad_request"),
    (b"GET /api/matches/ HTTP/1.1\r\n", 400, "bad_request"),  # no Host
    (b"GET /api/" + b"a" * 20000 + b"/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", 414, "uri_too_long"),
    (
        b"GET /api/matches/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 17000 + b"\r\n",
        431,
        "headers_too_large",
    ),
    (
        b"POST /api/matches/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n",
        501,
        "not_implemented",
    ),
    (
        b"GET /api/matches/ HTTP/2.0\r\nHost: 127.0.0.1\r\n",  # not in plain text on port 80
        505,
        "http_version_not_supported",
    ),
]


def _refusals_are_json(base: str) -> None:
    """nginx's own refusals are JSON in the error shape (they were its HTML pages but for 413
    and 502-504); the app's own answers pass as they are."""
    for request, status, code in NGINX_REFUSALS:
        got, headers, body = _raw(base, request + b"Connection: close\r\n\r\n")
        assert (got, headers["content-type"]) == (status, "application/json"), (request[:40], body)
        error = json.loads(body)
        assert (error["code"], error["details"]) == (code, {}) and error["message"], error
        assert set(error) == {"code", "message", "details"}
    for path in ("/app/", "/admin/"):  # on every path, as 413 and 503 are
        got, headers, _body = _raw(base, b"TRACE " + path.encode() + b" HTTP/1.0\r\n\r\n")
        assert (got, headers["content-type"]) == (405, "application/json")
    app_refusal = httpx.delete(f"{base}/api/health/")  # the app's 405: JSON, with its Allow
    assert app_refusal.status_code == 405 and "GET" in app_refusal.headers["Allow"]
    # a write without its slash is not redirected (a client would follow it as a GET)
    for path in ("/app", "/api/matches"):
        write = httpx.post(f"{base}{path}", json={})
        assert write.status_code == 404 and "Location" not in write.headers, path


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
    _nginx()
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

        # behind the proxy: the same three, and every probe answers within the time the probe
        # above waited out, all five while the three are still sending (how fast the machine
        # answers a probe is not what is checked: a busy CI machine took 1.1 s for one)
        slow = [SlowClient(base, seconds=8) for _ in range(3)]
        for client in slow:
            client.start()
        time.sleep(0.5)
        seconds = [_timed_health(base, timeout=2) for _ in range(5)]
        sending = [client.is_alive() for client in slow]
        print("health through nginx with three slow clients (s):", seconds)
        assert all(s is not None for s in seconds), seconds
        assert all(sending), ("the slow clients ended before the probes", seconds)
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
        _refusals_are_json(base)

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
    logged and ends. A competition's table stream goes the same way."""
    from bench.live import start_live_on_socket
    from competitions.models import Competition
    from matches.log import services
    from tests.helpers import token_for

    _nginx()
    ann = make_user("ann")
    match_id = services.match_create(
        user=ann, game="hat-trick", sides=[{"name": "Blue"}, {"name": "Red"}]
    ).match.pk
    table = Competition.objects.create(
        name="League", game="hat-trick", format="league", organiser=ann, seed=1
    )
    headers = {"Authorization": f"Token {token_for(ann)}"}
    logdir = Path(tempfile.mkdtemp(prefix="companion-proxy-"))
    env = service_env(database_url(), "", TRUSTED_PROXIES="1")
    api, api_base = start_web(env, logdir, workers=1)
    live, live_upstream = start_live_on_socket(env, logdir, workers=1)
    proxy = None
    try:
        proxy, base = start_nginx(int(api_base.rsplit(":", 1)[1]), logdir, live_port=live_upstream)
        stream = f"/api/matches/{match_id}/stream/"

        def stays_open(origin: str, path: str = stream) -> bool:
            try:
                with httpx.stream("GET", origin + path, headers=headers, timeout=2) as r:
                    assert r.status_code == 200
                    for _ in r.iter_lines():
                        pass
                return False  # the answer ended
            except httpx.ReadTimeout:
                return True

        for path in (stream, f"/api/competitions/{table.pk}/stream/"):
            assert stays_open(base, path)  # nginx -> uvicorn
            assert not stays_open(api_base, path)  # gunicorn: a snapshot, then the end
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


HSTS = "max-age=31536000; includeSubDomains; preload"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_behind_a_tls_proxy_https_is_served_with_hsts_and_http_redirected_once(needs_services):
    """The production design behind a TLS-terminating proxy, with the settings the docs give
    (``TRUST_X_FORWARDED_PROTO=1``, ``SECURE_SSL_REDIRECT=1``): nginx passes on the scheme and
    the Host (with its port) the front proxy names. It overwrote the scheme with its own
    ``http``, and sent the Host without its port: every https request was redirected to
    itself, on the wrong port, and never got HSTS."""
    _nginx()
    logdir = Path(tempfile.mkdtemp(prefix="companion-tls-"))
    env = service_env(
        database_url(),
        "",
        TRUSTED_PROXIES="2",  # the TLS proxy and nginx each append to X-Forwarded-For
        TRUST_X_FORWARDED_PROTO="1",
        SECURE_SSL_REDIRECT="1",
    )
    web, direct = start_web(env, logdir, workers=1)
    proxy = front = None
    try:
        proxy, base = start_nginx(_port(direct), logdir / "nginx")
        front, https, cert = start_tls_front(base, logdir / "front")
        plain = https.replace("https://", "http://")
        trusted = ssl.create_default_context(cafile=str(cert))
        with httpx.Client(verify=trusted, timeout=10) as client:
            served = client.get(f"{https}/api/matches/")
            assert served.status_code == 200, served.text
            assert served.headers["Strict-Transport-Security"] == HSTS
            # what the app builds from the request: the client's scheme, host and port
            links = client.get(f"{https}/api/").json()
            assert links["health"] == f"{https}/api/health/"

            redirected = client.get(f"{plain}/api/matches/?page_size=2")
            assert redirected.status_code == 301
            assert redirected.headers["Location"] == f"{https}/api/matches/?page_size=2"
            assert "Strict-Transport-Security" not in redirected.headers  # not on plain HTTP
            followed = client.get(f"{plain}/api/matches/", follow_redirects=True)
            assert [r.status_code for r in followed.history] == [301]
            assert followed.status_code == 200 and str(followed.url) == f"{https}/api/matches/"
            assert followed.headers["Strict-Transport-Security"] == HSTS
            # probes stay on plain HTTP
            health = client.get(f"{plain}/api/health/")
            assert health.status_code in (200, 503) and "Location" not in health.headers

        # straight to nginx: the scheme is nginx's own unless a proxy names one
        own = httpx.get(f"{base}/api/matches/")
        assert own.status_code == 301 and own.headers["Location"] == (
            f"{base.replace('http://', 'https://')}/api/matches/"
        )
        named = httpx.get(f"{base}/api/matches/", headers={"X-Forwarded-Proto": "https"})
        assert named.status_code == 200 and named.headers["Strict-Transport-Security"] == HSTS
        odd = httpx.get(f"{base}/api/matches/", headers={"X-Forwarded-Proto": "https, http"})
        assert odd.status_code == 301  # not a scheme: nginx's own is passed on
    except BaseException:
        print("web log:\n" + web.tail())
        for name in ("nginx", "front"):
            log = logdir / name / "nginx-error.log"
            if log.exists():
                print(f"{name} log:\n" + log.read_text(errors="replace"))
        raise
    finally:
        for service in (front, proxy, web):
            if service is not None:
                service.stop()
