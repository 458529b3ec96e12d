"""Password change (logged in) and password reset by e-mail (Django's reset tokens).

A reset mail is sent through Django's ``PasswordResetForm`` to the active users with that
address; the answer is 202 whether or not there is one, so the endpoint does not tell who has
an account. The mail holds a ``uid`` and a one-time ``token`` (``default_token_generator``:
valid for ``PASSWORD_RESET_TIMEOUT``, void once the password changes). A change or a reset
logs out every other device.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation, update_session_auth_hash
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django.utils.translation import gettext as _
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from companion import devices
from companion.api.query import takes_body
from companion.api.ratelimit import ScopedRateThrottle
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.models import Device
from companion.openapi import error_response

routes = Routes()

User = get_user_model()


def password_checked(password: str, user, *, field: str = "new_password") -> str:
    """The password, once Django's validators accept it for ``user``; else 400 ``weak_password``
    on ``field``."""
    try:
        password_validation.validate_password(password, user)
    except DjangoValidationError as exc:
        raise serializers.ValidationError(
            {field: list(exc.messages)}, code="weak_password"
        ) from exc
    return password


def _password_set(user, password: str, *, keep: Device | None = None) -> None:
    """Set the password and log out every device but ``keep``."""
    user.set_password(password)
    user.save(update_fields=["password"])
    devices.devices_revoke_all(user=user, keep=keep)


class AnonymousLoginView(APIView):
    # a view of the login family: no authentication, throttled like a login per address

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"


class PasswordChangeInput(serializers.Serializer):
    old_password = serializers.CharField(max_length=128, write_only=True)
    new_password = serializers.CharField(min_length=8, max_length=128, write_only=True)


class PasswordResetInput(serializers.Serializer):
    email = serializers.EmailField()


class PasswordResetConfirmInput(serializers.Serializer):
    uid = serializers.CharField(max_length=64, help_text="From the reset mail.")
    token = serializers.CharField(max_length=128, help_text="From the reset mail.")
    new_password = serializers.CharField(min_length=8, max_length=128, write_only=True)


@routes.at("auth/password/", name="api-password")
class PasswordChangeView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    @takes_body(
        PasswordChangeInput,
        responses={204: None},
        summary="Change my password; every other device is logged out",
    )
    def post(self, request, data):
        user = request.user
        if not user.check_password(data["old_password"]):
            raise serializers.ValidationError(
                {"old_password": [_("This is not your current password.")]}, code="wrong_password"
            )
        password = password_checked(data["new_password"], user)
        keep = request.auth if isinstance(request.auth, Device) else None
        _password_set(user, password, keep=keep)
        if keep is None:
            update_session_auth_hash(request._request, user)  # this browser stays logged in
        return Response(status=status.HTTP_204_NO_CONTENT)


@routes.at("auth/password/reset/", name="api-password-reset")
class PasswordResetView(AnonymousLoginView):
    @takes_body(
        PasswordResetInput,
        responses={202: None},
        summary="Mail a password reset to this address (202 whether or not it has an account)",
    )
    def post(self, request, data):
        form = PasswordResetForm({"email": data["email"]})
        if form.is_valid():
            form.save(
                request=request._request,
                use_https=request.is_secure(),
                from_email=settings.DEFAULT_FROM_EMAIL,
                subject_template_name="companion/password_reset_subject.txt",
                email_template_name="companion/password_reset_email.txt",
                extra_email_context={"reset_url": settings.PASSWORD_RESET_URL},
            )
        return Response(status=status.HTTP_202_ACCEPTED)


def _reset_user(uid: str):
    try:
        pk = force_str(urlsafe_base64_decode(uid))
        return User.objects.filter(pk=int(pk), is_active=True).first()
    except (ValueError, TypeError, OverflowError):
        return None


@routes.at("auth/password/reset/confirm/", name="api-password-reset-confirm")
class PasswordResetConfirmView(AnonymousLoginView):
    @takes_body(
        PasswordResetConfirmInput,
        responses={
            204: None,
            400: error_response(
                "Malformed input, a weak password, or a used, expired or mistyped reset token.",
                ["invalid", "invalid_reset_token"],
            ),
        },
        summary="Set a new password with the uid and token of a reset mail; logs out every device",
    )
    def post(self, request, data):
        user = _reset_user(data["uid"])
        if user is None or not default_token_generator.check_token(user, data["token"]):
            raise DomainError(
                "invalid_reset_token",
                _("This reset link is not valid: it was used, it expired, or it is mistyped."),
            )
        _password_set(user, password_checked(data["new_password"], user))
        return Response(status=status.HTTP_204_NO_CONTENT)
