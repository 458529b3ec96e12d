import pytest
from rest_framework.test import APIClient

from companion.celery import app as celery_app

# every error code a test gets from the API must be one its operation lists in the schema
pytest_plugins = ["tests.error_contract"]


def pytest_sessionfinish(session, exitstatus):
    """``make test`` runs the suite in passes chosen by marker (``-m worker``, ``-m "not
    worker"``); a pass that its marker leaves empty (``make test PYTEST_ARGS=tests/engine``)
    has nothing to fail, so it passes instead of pytest's exit code 5."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and session.config.option.markexpr:
        session.exitstatus = pytest.ExitCode.OK


#: pytest-django's fixtures that open the test database
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_collection_modifyitems(config, items):
    """CI's PostgreSQL + Redis pass leaves out the tests marked ``no_services``: one that uses the
    database there would go untested on PostgreSQL, so the mark is refused on it."""
    wrong = [
        item.nodeid
        for item in items
        if item.get_closest_marker("no_services")
        and (item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(item.fixturenames))
    ]
    if wrong:
        raise pytest.UsageError(f"marked no_services, but they use the database: {wrong}")


@pytest.fixture(autouse=True)
def tasks_run_eagerly_unless_worker_test(request):
    """Only tests marked ``worker`` hand tasks to a real worker; the rest run them in-process.

    In CI's PostgreSQL + Redis run a broker is configured, but a test's own uncommitted
    transaction is invisible to a worker process, so ordinary tests keep tasks eager there too.
    """
    if request.node.get_closest_marker("worker"):
        yield
        return
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = previous


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def token_for():
    """A phone's token (tests/browser, tests/engines), as the app gets it: by logging in (make_user's password)."""

    def make(user, password: str = "a-long-secret-pw") -> str:
        response = APIClient().post(
            "/api/auth/login/", {"username": user.username, "password": password}, format="json"
        )
        assert response.status_code == 200, response.content
        return response.json()["token"]

    return make


@pytest.fixture
def make_user(db, django_user_model):
    counter = {"n": 0}

    def make(username: str | None = None, password: str = "a-long-secret-pw"):
        counter["n"] += 1
        return django_user_model.objects.create_user(
            username=username or f"manager{counter['n']}", password=password
        )

    return make


@pytest.fixture
def user(make_user):
    return make_user("alice")


@pytest.fixture
def auth_client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client
