"""``/api/``: the entry point that names every resource."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from companion.api.routes import Routes

routes = Routes()

ROOT_LINKS = {
    "health": "api-health",
    "schema": "api-schema",
    "docs": "api-docs",
    "redoc": "api-redoc",
    "register": "api-register",
    "login": "api-login",
    "logout": "api-logout",
    "me": "api-me",
    "devices": "api-devices",
    "password": "api-password",
    "password_reset": "api-password-reset",
}


@routes.at("", name="api-root")
class ApiRootView(APIView):
    permission_classes = [AllowAny]
    extra_links: dict[str, str] = {}

    @extend_schema(exclude=True)
    def get(self, request):
        links = {**ROOT_LINKS, **self.extra_links}
        return Response(
            {name: reverse(url_name, request=request) for name, url_name in links.items()}
        )
