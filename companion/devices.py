"""Devices: one token per login, listed and revoked one by one, expiring when left idle.

A login (or registration) creates a device and returns its token once; only the token's
SHA-256 digest is stored. A request with ``Authorization: Token <key>`` finds its device by the
digest; a device unused for ``TOKEN_IDLE_DAYS`` is deleted on its next use, which is then 401
``token_expired``. ``last_used_at`` is written at most once a minute, so a phone logging a
match does not pay an extra write per move.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from companion.models import Device

#: ``last_used_at`` is refreshed when it is older than this.
TOUCH_EVERY = timedelta(minutes=1)


class DeviceExpired(Exception):
    """The token was right, but left unused for longer than ``TOKEN_IDLE_DAYS``."""


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def idle_timeout() -> timedelta:
    return timedelta(days=settings.TOKEN_IDLE_DAYS)


def device_create(*, user, name: str = "") -> tuple[Device, str]:
    """A new device for ``user``; returns it with its token (shown once, stored as a digest)."""
    key = secrets.token_hex(20)
    device = Device.objects.create(
        user=user, key_digest=digest(key), name=name[:100], last_used_at=timezone.now()
    )
    return device, key


def device_authenticate(key: str) -> Device | None:
    """The device of ``key`` with its user (and the user's preferences), touched; ``None`` if
    there is none; raises ``DeviceExpired`` (and deletes it) if it was idle too long."""
    device = (
        Device.objects.select_related("user", "user__preferences")
        .filter(key_digest=digest(key))
        .first()
    )
    if device is None:
        return None
    now = timezone.now()
    if now - device.last_used_at > idle_timeout():
        device.delete()
        raise DeviceExpired
    if now - device.last_used_at > TOUCH_EVERY:
        Device.objects.filter(pk=device.pk).update(last_used_at=now)
        device.last_used_at = now
    return device


def device_list(*, user) -> QuerySet[Device]:
    """``user``'s devices that have not expired, most recently used first."""
    fresh = timezone.now() - idle_timeout()
    return Device.objects.filter(user=user, last_used_at__gte=fresh).order_by(
        "-last_used_at", "-id"
    )


def device_revoke(*, user, device_id: int) -> bool:
    """Revoke one of ``user``'s devices; ``False`` if they have no such device."""
    deleted, _ = Device.objects.filter(user=user, pk=device_id).delete()
    return bool(deleted)


def devices_revoke_all(*, user, keep: Device | None = None) -> int:
    """Revoke every device of ``user`` (but ``keep``): after a password change or reset."""
    devices = Device.objects.filter(user=user)
    if keep is not None:
        devices = devices.exclude(pk=keep.pk)
    deleted, _ = devices.delete()
    return deleted
