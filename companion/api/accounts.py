"""Registration, login (one device per login), logout, devices, password change and reset,
and ``/api/me/``."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, logout
from django.db import transaction
from django.utils import translation
from django.utils.translation import get_language_from_request
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from companion import devices
from companion.api.passwords import AnonymousLoginView, password_checked
from companion.api.query import takes_body
from companion.api.ratelimit import ScopedRateThrottle
from companion.api.routes import Routes
from companion.api.throttles import AccountLoginThrottle
from companion.errors import DomainError
from companion.i18n import preferred_language
from companion.models import Device, Preferences
from companion.openapi import error_response

routes = Routes()

User = get_user_model()


class DeviceNameField(serializers.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 100)
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_blank", True)
        kwargs.setdefault(
            "help_text",
            "A name for this login in the list of devices (default: the client's User-Agent).",
        )
        super().__init__(**kwargs)


class RegisterInput(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]{3,150}$", max_length=150)
    password = serializers.CharField(write_only=True, min_length=8, max_length=128)
    email = serializers.EmailField(required=False, allow_blank=True)
    device = DeviceNameField()

    def validate_username(self, value: str) -> str:
        if User.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError(_("This username is taken."), code="username_taken")
        return value

    def validate(self, attrs):
        candidate = User(username=attrs["username"], email=attrs.get("email", ""))
        password_checked(attrs["password"], candidate, field="password")
        return attrs


class LoginInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)
    device = DeviceNameField()


class UserOutput(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField(allow_blank=True)
    date_joined = serializers.DateTimeField()
    language = serializers.SerializerMethodField(
        help_text="The language answers are given in for this user; empty: as Accept-Language asks."
    )

    def get_language(self, user) -> str:
        return preferred_language(user)


class MeInput(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=[("", "as Accept-Language asks"), *settings.LANGUAGES],
        allow_blank=True,
        help_text="en or de; empty to follow the request's Accept-Language again.",
    )


class TokenOutput(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")
    device = serializers.IntegerField(help_text="The id of this login in `GET /api/auth/devices/`.")
    user = UserOutput()


def _token_response(request, user, name: str, status_code: int) -> Response:
    """A new device for this login; its token is in this answer and nowhere else."""
    name = name or request.headers.get("User-Agent", "")
    device, key = devices.device_create(user=user, name=name)
    body = {"token": key, "device": device.pk, "user": UserOutput(user).data}
    return Response(body, status=status_code)


@routes.at("auth/register/", name="api-register")
class RegisterView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    @takes_body(RegisterInput, responses={201: TokenOutput}, summary="Create an account")
    def post(self, request, data):
        with transaction.atomic():
            user = User.objects.create_user(
                username=data["username"],
                password=data["password"],
                email=data.get("email", ""),
            )
        return _token_response(request, user, data.get("device", ""), status.HTTP_201_CREATED)


@routes.at("auth/login/", name="api-login")
class LoginView(AnonymousLoginView):
    @takes_body(
        LoginInput,
        responses={
            200: TokenOutput,
            400: error_response(
                "Malformed input, or a wrong username or password.",
                ["invalid", "invalid_credentials"],
            ),
        },
        summary="Log in, get a token",
    )
    def post(self, request, data):
        account = AccountLoginThrottle(data["username"])
        if not account.allow_request(request):
            raise Throttled(wait=account.wait())
        user = authenticate(
            request,
            username=data["username"],
            password=data["password"],
        )
        if user is None or not user.is_active:
            account.failed()
            raise DomainError("invalid_credentials", _("The username or password is wrong."))
        account.succeeded(request)
        return _token_response(request, user, data.get("device", ""), status.HTTP_200_OK)


@routes.at("auth/logout/", name="api-logout")
class LogoutView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None},
        summary="Log out this device: revoke its token (the other devices stay logged in)",
    )
    def post(self, request):
        if isinstance(request.auth, Device):
            request.auth.delete()
        else:  # a browser session
            logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


@routes.at("me/", name="api-me")
class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=UserOutput, summary="The logged-in user")
    def get(self, request):
        return Response(UserOutput(request.user).data)

    @takes_body(MeInput, partial=True, responses=UserOutput, summary="Change the user's language")
    def patch(self, request, data):
        if "language" in data:
            language = data["language"]
            prefs, _ = Preferences.objects.update_or_create(
                user=request.user, defaults={"language": language}
            )
            request.user.preferences = prefs
            # this answer already speaks the language just chosen
            translation.activate(language or get_language_from_request(request._request))
        return Response(UserOutput(request.user).data)
