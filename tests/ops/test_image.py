"""The production image builds and starts: docker/Dockerfile's steps, replayed without Docker.

No container engine runs on the test machines, so the image's app stage is replayed into a
fresh directory standing for its WORKDIR: every ``COPY`` from the build context (a missing
source fails here, as it would fail the build), every ``RUN`` command with the stage's ``ENV``
(``pip install .`` builds and installs the project without its dependencies, which the test
environment has; the build backend comes from the package index, as in the image; the user's creation and ``chown`` are left out; Brotli at a quicker quality than the image's).
Then, in that directory and
with the Python path holding nothing of the checkout (``python -S``: no editable install can
stand in for a missing folder), the production settings pass ``check --deploy``, serve the
collected static files, ``migrate`` a fresh database, and answer ``/api/health/`` and the web
app's shell through the WSGI application the image serves.

The Node stage (the phone's referee runtime) is not replayed: its ``node_modules`` is the one
``npm ci`` installed here from the same lock file, and without it the copy is skipped (the app
then referees on the server only, as the image would without the runtime).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_services

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "docker" / "Dockerfile"
SECRET = "image-check-" + "k7Qz2xW9pL4mN8vB3cR6tY1uJ5hG0fD" * 2


@dataclass
class Stage:
    name: str
    workdir: str = "/"
    env: dict[str, str] = field(default_factory=dict)
    steps: list[tuple[str, str]] = field(default_factory=list)  # (instruction, arguments)


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    out, current = [], ""
    for line in text.splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        current += line
        keyword, _, rest = current.strip().partition(" ")
        out.append((keyword.upper(), rest.strip()))
        current = ""
    return out


def stages(text: str) -> dict[str, Stage]:
    found: dict[str, Stage] = {}
    stage = None
    for keyword, rest in instructions(text):
        if keyword == "FROM":
            name = rest.split(" AS ")[-1].strip() if " AS " in rest else rest
            stage = found[name] = Stage(name)
        elif keyword == "WORKDIR":
            stage.workdir = rest
        elif keyword == "ENV":
            stage.env.update(dict(pair.split("=", 1) for pair in shlex.split(rest)))
        elif keyword in ("COPY", "RUN"):
            stage.steps.append((keyword, rest))
    return found


def _copy(source: Path, target: Path) -> None:
    assert source.exists(), f"COPY source missing from the build context: {source}"
    if source.is_dir():
        shutil.copytree(
            source,
            target,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def _target(workdir: Path, dest: str, source: Path) -> Path:
    target = workdir / dest.removeprefix("./")
    return target / source.name if dest.endswith("/") and source.is_file() else target


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    """The app stage replayed: (its WORKDIR, the environment its processes run with)."""
    found = stages(DOCKERFILE.read_text())
    app = found["app"]
    workdir = tmp_path_factory.mktemp("image") / "app"
    workdir.mkdir()
    site = tmp_path_factory.mktemp("site-packages")
    shims = tmp_path_factory.mktemp("bin")
    # "python" in the image: this interpreter without the checkout's site (no editable install)
    (shims / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    (shims / "python").chmod(0o755)
    env = {
        "PATH": f"{shims}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
        "HOME": str(workdir),
        # what pip installed in the image: the project (below) and its dependencies (here)
        "PYTHONPATH": os.pathsep.join([str(site), sysconfig.get_paths()["purelib"]]),
        **app.env,
        # collectstatic compresses each file as in the image, at a quicker Brotli quality: the
        # image's 11 takes minutes of CPU for the phone's runtime (companion/static_storage.py)
        "STATIC_BROTLI_QUALITY": "5",
    }
    replayed = []
    for keyword, rest in app.steps:
        if keyword == "COPY":
            args = shlex.split(rest)
            origin = next((a.split("=", 1)[1] for a in args if a.startswith("--from=")), None)
            *sources, dest = [a for a in args if not a.startswith("--")]
            for src in sources:
                if origin is not None:  # the runtime stage's output: this checkout's node_modules
                    stage = found[origin]
                    local = ROOT / Path(src).relative_to(stage.workdir)
                    if not local.exists():
                        continue
                    _copy(local, _target(workdir, dest, local))
                else:
                    _copy(ROOT / src, _target(workdir, dest, ROOT / src))
            replayed.append(f"COPY {rest}")
            continue
        for command in (c.strip() for c in rest.split("&&")):
            if command.split()[0] in ("useradd", "chown"):
                continue  # the image's user; nothing to check here
            if command.split()[0] == "apt-get" or command == "rm -rf /var/lib/apt/lists/*":
                continue  # the image's system packages: this machine has its own (.ci)
            if command == "pip install .":
                # the project itself, built as in the image (in an isolated build environment
                # with the build backend pyproject.toml asks for); its dependencies are here
                command = f"{sys.executable} -m pip install --quiet --no-deps --target {site} ."
            result = subprocess.run(
                ["/bin/sh", "-c", command],
                cwd=workdir,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert result.returncode == 0, (command, result.stdout[-3000:], result.stderr[-3000:])
            replayed.append(command)
    assert any("collectstatic" in command for command in replayed)
    return workdir, env


def _manage(image, *args: str, **extra: str) -> subprocess.CompletedProcess:
    workdir, env = image
    env = {
        **env,
        "SECRET_KEY": SECRET,
        "ALLOWED_HOSTS": "localhost",
        "DATABASE_URL": f"sqlite:///{workdir / 'image-check.sqlite3'}",
        **extra,
    }
    return subprocess.run(
        [sys.executable, "-S", *args],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_image_holds_every_app_the_settings_name(image):
    workdir, _env = image
    for app in ("companion", "matches", "teams", "stats", "webapp"):
        assert (workdir / app / "__init__.py").is_file(), app
    assert not (workdir / "tests").exists()  # the image carries no tests


@pytest.mark.slow
def test_the_image_passes_check_deploy_and_migrates(image):
    check = _manage(image, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert check.returncode == 0, check.stdout + check.stderr
    migrate = _manage(image, "manage.py", "migrate", "--noinput")
    assert migrate.returncode == 0, migrate.stdout + migrate.stderr
    plan = _manage(image, "manage.py", "migrate", "--check")
    assert plan.returncode == 0, plan.stdout + plan.stderr


def test_the_images_static_files_are_collected_with_the_web_apps(image):
    workdir, _env = image
    collected = workdir / "staticfiles"
    manifest = (collected / "staticfiles.json").read_text()
    for name in ("webapp/app.js", "webapp/app.css", "rest_framework/css/bootstrap.min.css"):
        assert f'"{name}"' in manifest, name


SERVE = """
import io, json, sys
from companion.wsgi import application

def get(path):
    answer = {}
    def start(status, headers):
        answer["status"], answer["headers"] = status, dict(headers)
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "",
               "SERVER_NAME": "localhost", "SERVER_PORT": "80", "HTTP_HOST": "localhost",
               "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr}
    body = b"".join(application(environ, start))
    return {"status": answer["status"], "body": body.decode(errors="replace")[:2000],
            "csp": answer["headers"].get("Content-Security-Policy", "")}

print(json.dumps({"health": get("/api/health/"), "shell": get("/app/"),
                  "app": get("/static/webapp/app.js")}))
"""


def test_the_image_starts_and_answers(image):
    import json

    migrate = _manage(image, "manage.py", "migrate", "--noinput")
    assert migrate.returncode == 0, migrate.stderr
    served = _manage(image, "-c", SERVE, SECURE_SSL_REDIRECT="0")
    assert served.returncode == 0, served.stdout + served.stderr
    answers = json.loads(served.stdout.strip().splitlines()[-1])
    assert answers["health"]["status"].startswith("200"), answers["health"]
    assert json.loads(answers["health"]["body"])["status"] in ("ok", "degraded")
    shell = answers["shell"]
    assert shell["status"].startswith("200"), shell
    # the page names the app's files by their unhashed addresses, those its modules import and
    # its service worker keeps by their version (webapp/views.py), and the image serves them
    assert 'src="/static/webapp/app.js"' in shell["body"], shell["body"]
    assert answers["app"]["status"].startswith("200"), answers["app"]
    assert "export" in answers["app"]["body"] or "import" in answers["app"]["body"]
    assert "script-src 'self'" in shell["csp"]
