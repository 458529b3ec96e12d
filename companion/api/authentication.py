"""``Authorization: Token <key>``: the key of a device (``companion.devices``), with the user's
language preference applied as ``companion.i18n`` does for every login."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular import authentication as schemes
from rest_framework import exceptions

from companion import devices
from companion.i18n import TokenAuthentication


class DeviceTokenAuthentication(TokenAuthentication):
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


class DeviceTokenScheme(schemes.TokenScheme):
    """The OpenAPI description: DRF's token scheme (``Authorization: Token <key>``)."""

    target_class = "companion.api.authentication.DeviceTokenAuthentication"
