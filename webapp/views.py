"""The shell of the phone web app: one HTML page, a web manifest and the service worker.

Everything else the app shows comes from the public API (`/api/`), exactly as a third-party
client would get it; these views hand out files and nothing about matches, teams or users.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable
from functools import cache
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from webapp.engine_bundle import engine_bundle
from webapp.game_modules import module_source, served_modules, static_base
from webapp.runtime import runtime_url, stdlib_url

T = TypeVar("T")

STATIC_DIR = Path(__file__).resolve().parent / "static" / "webapp"
#: the two workers, served at /app/ (their scope) rather than as static files
WORKERS = ("sw.js", "referee-worker.js")


#: The shell's Content-Security-Policy: script only from this server's files (the page has no
#: inline script), nothing framed, nothing loaded from elsewhere; the API, the runtime's files
#: and the referee's worker are all same-origin. The token in ``localStorage`` is then out of
#: reach of a script slipped into the page.
SHELL_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


@require_safe
def shell(request, code: str = "", match: int = 0):
    """The app's one page; at /app/join/<code> and /app/screen/<match> as well, whose path the
    app reads to open the join screen or the big screen (the page's script, not the server,
    reads the code: it never reaches a template)."""
    response = render(request, "webapp/index.html", {"static_base": static_base()})
    response["Content-Security-Policy"] = SHELL_POLICY
    return response


@require_safe
def manifest(request):
    """The manifest in the reader's language (the name a phone shows under the icon)."""
    data = {
        "name": _("Tabletop Football Companion"),
        "short_name": pgettext("app name", "Companion"),
        "start_url": "/app/",
        "scope": "/app/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#0f3d22",
        "theme_color": "#145a32",
        "lang": get_language(),
        # PNG for the browsers that install only from a raster icon (192 and 512 pixels),
        # rendered once from icon.svg; the maskable one keeps the pitch inside the safe zone
        "icons": [
            {"src": static("webapp/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("webapp/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("webapp/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("webapp/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


def _autorefresh() -> bool:
    """Whether the app's files may change while the server runs (whitenoise's own setting,
    on with DEBUG): then what is read of them is read again at each request."""
    return getattr(settings, "WHITENOISE_AUTOREFRESH", settings.DEBUG)


def _read_once(read: Callable[..., T]) -> Callable[..., T]:
    """``read`` at each call while the app's files may change (``_autorefresh``), else once per
    process (its cached form is ``.once``)."""
    once = cache(read)

    def reading(*args: Hashable) -> T:
        return read(*args) if _autorefresh() else once(*args)

    reading.once = once  # type: ignore[attr-defined]
    return reading


@_read_once
def _source(name: str) -> str:
    return (STATIC_DIR / name).read_text(encoding="utf-8")


@_read_once
def shell_files() -> tuple[str, ...]:
    """What the service worker keeps for the app to start without a network: every file of
    ``static/webapp/`` (the modules, each game's module, the style sheet, the icons) but the
    two workers, by their path under it."""
    return tuple(
        sorted(
            path.relative_to(STATIC_DIR).as_posix()
            for path in STATIC_DIR.rglob("*")
            if path.is_file() and path.name not in WORKERS
        )
    )


@_read_once
def _files_digest() -> str:
    digest = hashlib.sha256()
    for name in shell_files():
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((STATIC_DIR / name).read_bytes()).digest())
    return digest.hexdigest()


def shell_version(games: list[tuple[str, str]], worker: str) -> str:
    """The version of what the service worker keeps and answers from its cache: a hash of the
    bytes of every file of the shell (``shell_files()``), of each game's module as served
    (``games``: address and source) and of the referee's worker as served (``worker``), and of
    the static folder's address. The service worker's script names it, so its bytes change
    whenever any of these does, and the browser installs it again (the HTML page is not in it:
    it is asked of the network first). Read once per process, or at each request while the
    files may change (``_autorefresh``)."""
    digest = hashlib.sha256()
    digest.update(_files_digest().encode())
    digest.update(static_base().encode() + b"\0")
    for url, source in games:
        digest.update(url.encode() + b"\0" + hashlib.sha256(source.encode()).digest())
    digest.update(hashlib.sha256(worker.encode()).digest())
    return digest.hexdigest()[:16]


def _static_source(name: str) -> str:
    return _source(name).replace("__STATIC__", static_base())


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    """The worker lives at /app/sw.js so that its scope is the whole app. It names the version
    of the files it keeps (``shell_version``): a file changed is a new worker, which the
    browser installs at the next visit."""
    modules = served_modules()
    version = shell_version(modules, _static_source("referee-worker.js"))
    source = (
        _static_source("sw.js")
        .replace("__VERSION__", json.dumps(version))
        .replace("__SHELL_FILES__", json.dumps(list(shell_files())))
        .replace("__GAME_MODULES__", json.dumps([url for url, _ in modules]))
    )
    return HttpResponse(source, content_type="text/javascript; charset=utf-8")


def _static_max_age() -> int:
    # whitenoise's own rule for the files it serves by their unhashed names
    return getattr(settings, "WHITENOISE_MAX_AGE", 0 if settings.DEBUG else 60)


@require_safe
def game_module(request, key: str):
    """The phone module of the installed game ``key``, from its package (webapp/game_modules.py),
    kept as long as the app's other unhashed files; 404: no such game, or none of its own (the
    app then plays it with games/generic.js)."""
    source = module_source(key)
    if source is None:
        raise Http404("No phone module for this game.")
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = f"max-age={_static_max_age()}, public"
    return response


@require_safe
@cache_control(no_cache=True)
def referee_worker(request):
    """The referee's Web Worker, at /app/ so that the service worker (scoped to /app/) serves
    its files offline; it imports the referee's protocol from the static files."""
    source = _static_source("referee-worker.js")
    return HttpResponse(source, content_type="text/javascript; charset=utf-8")


@require_safe
@cache_control(no_cache=True)
def referee(request):
    """What the phone's referee loads: the engines' bundle (by the hash of its content, which
    is the engines' version), the runtime's folder (``null``: not installed, the app then
    referees on the server only) and the standard library cut for the engines (``null``: the
    runtime's whole one)."""
    bundle = engine_bundle()
    return JsonResponse(
        {
            "engine": bundle.digest,
            "bundle": reverse("webapp-engine", args=[bundle.digest]),
            "runtime": runtime_url(),
            "stdlib": stdlib_url(),
        }
    )


@require_safe
def engine(request, digest: str):
    """The engines' zip; its address names its content, so it is kept for a year."""
    bundle = engine_bundle()
    if digest != bundle.digest:
        raise Http404("The engines have changed: ask referee.json for their address.")
    if "br" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(bundle.brotli, content_type="application/zip")
        response["Content-Encoding"] = "br"  # (the gzip middleware leaves an encoded answer be)
    else:
        response = HttpResponse(bundle.content, content_type="application/zip")  # gzip, or as is
    patch_vary_headers(response, ["Accept-Encoding"])
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
