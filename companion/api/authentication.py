"""``Authorization: Bearer <key>`` (or ``Token <key>``, DRF's word): the key of a device
(``companion.devices``), with the user's language preference applied as ``companion.i18n``
does for every login. The schema declares the standard HTTP bearer scheme, which generated
clients send without being told a prefix."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular import authentication as schemes
from rest_framework import exceptions
from rest_framework.authentication import get_authorization_header

from companion import devices
from companion.i18n import TokenAuthentication


class DeviceTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if words and words[0].lower() == b"bearer":
            self.keyword = "Bearer"  # this request's authenticator only
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        try:
            device = devices.device_authenticate(key)
        except devices.DeviceExpired as exc:
            raise exceptions.AuthenticationFailed(
                _("This login has expired after a long time unused. Log in again."),
                code="token_expired",
            ) from exc
        if device is None or not device.user.is_active:
            raise exceptions.AuthenticationFailed(_("Invalid token."), code="authentication_failed")
        return (device.user, device)


class BearerDescribed:
    """An authentication's OpenAPI scheme: HTTP bearer (``Authorization: Bearer <key>``), as
    ``description`` says where the key comes from (mixed into a scheme extension)."""

    description: str

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "description": self.description}


class DeviceTokenScheme(BearerDescribed, schemes.TokenScheme):
    target_class = "companion.api.authentication.DeviceTokenAuthentication"
    name = "tokenAuth"
    priority = 1
    description = (
        "The `token` of `POST /api/auth/login/` (or `register/`): "
        "`Authorization: Bearer <token>`. `Authorization: Token <token>` is read too."
    )
