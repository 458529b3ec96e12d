"""``/api/auth/devices/``: the logins of the current user, each revocable on its own."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from companion import devices
from companion.api.routes import Routes

routes = Routes()


class DeviceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="As given at login, else the client's User-Agent.")
    created_at = serializers.DateTimeField(help_text="When this login happened.")
    last_used_at = serializers.DateTimeField(help_text="Within a minute.")
    current = serializers.SerializerMethodField(help_text="The device this request comes from.")

    def get_current(self, device) -> bool:
        return device.pk == self.context.get("current")


def _current_id(request) -> int | None:
    return getattr(request.auth, "pk", None) if request.auth is not None else None


@routes.at("auth/devices/", name="api-devices")
class DeviceListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=DeviceOutput(many=True),
        summary="My devices: one per login, most recently used first",
    )
    def get(self, request):
        rows = devices.device_list(user=request.user)
        context = {"current": _current_id(request)}
        return Response(DeviceOutput(rows, many=True, context=context).data)


@routes.at("auth/devices/<int:pk>/", name="api-device")
class DeviceDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, 404: OpenApiResponse(description="No such device of yours.")},
        summary="Revoke one device: its token stops working, the others stay logged in",
    )
    def delete(self, request, pk: int):
        if not devices.device_revoke(user=request.user, device_id=pk):
            raise Http404
        return Response(status=status.HTTP_204_NO_CONTENT)
