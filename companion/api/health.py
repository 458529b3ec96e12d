"""``/api/health/``: is the database reachable, and the broker (when one is configured)?"""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError, connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.routes import Routes

routes = Routes()


def database_status() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return {"ok": False, "vendor": connection.vendor, "error": exc.__class__.__name__}
    return {"ok": True, "vendor": connection.vendor}


def broker_status() -> dict:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "eager"}
    from companion.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # any transport failure means "broker down", never a 500
        return {"ok": False, "mode": "broker", "error": exc.__class__.__name__}
    return {"ok": True, "mode": "broker"}


class HealthComponent(serializers.Serializer):
    ok = serializers.BooleanField()
    vendor = serializers.CharField(required=False)
    mode = serializers.CharField(required=False)
    error = serializers.CharField(required=False)


@routes.at("health/", name="api-health")
class HealthView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes: list = []  # probes poll it

    @extend_schema(
        summary="Service health",
        responses={
            200: inline_serializer(
                "Health",
                fields={
                    "status": serializers.ChoiceField(["ok", "degraded", "down"]),
                    # an instance each: one instance bound to two names keeps only the last
                    "database": HealthComponent(),
                    "broker": HealthComponent(),
                },
            ),
            503: inline_serializer(
                "HealthDown",
                fields={
                    "status": serializers.ChoiceField(["down"]),
                    "database": HealthComponent(),
                    "broker": HealthComponent(),
                },
            ),
        },
    )
    def get(self, request):
        database = database_status()
        broker = broker_status()
        if not database["ok"]:
            state, code = "down", 503
        elif not broker["ok"]:
            state, code = "degraded", 200
        else:
            state, code = "ok", 200
        return Response({"status": state, "database": database, "broker": broker}, status=code)
