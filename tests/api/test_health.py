from unittest import mock

import pytest
from django.db import OperationalError

pytestmark = pytest.mark.django_db


def test_health_ok(api_client, settings):
    response = api_client.get("/api/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True
    assert body["status"] == "ok"


def test_health_database_down_is_503(api_client):
    with mock.patch("companion.api.health.connection.cursor", side_effect=OperationalError("down")):
        response = api_client.get("/api/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down"
    assert body["database"] == {"ok": False, "vendor": mock.ANY, "error": "OperationalError"}


def test_health_broker_down_is_degraded_not_503(api_client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch(
        "companion.celery.app.connection_for_write", side_effect=ConnectionRefusedError()
    ):
        response = api_client.get("/api/health/")
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"
    assert response.json()["broker"]["ok"] is False
