"""Wake-ups of live streams for changes that are not appends (connected in ``apps.ready``).

- a device deleted (revoked, logged out, expired, or ended by a password change): its user's
  streams check their credentials (``revoked``);
- a user saved with a new password (``password_changed``) or otherwise changed, e.g.
  deactivated (``recheck``); a login's ``last_login`` alone wakes nothing;
- a match or one of its sides saved or deleted (who may read it may have changed): the match's
  streams read it again.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save

from companion.models import Device
from matches.live import wakeups
from matches.models import Match, MatchSide


def _device_deleted(sender, instance, **kwargs) -> None:
    wakeups.publish_user_on_commit(instance.user_id, wakeups.REVOKED)


def _user_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and set(update_fields) == {"last_login"}):
        return
    changed = update_fields is None or "password" in update_fields
    reason = (
        wakeups.PASSWORD_CHANGED if changed and _password_changed(instance) else wakeups.RECHECK
    )
    wakeups.publish_user_on_commit(instance.pk, reason)


def _password_changed(user) -> bool:
    # set_password() keeps the raw password until the save, which clears it afterwards
    return getattr(user, "_password", None) is not None


def _match_changed(sender, instance, **kwargs) -> None:
    if kwargs.get("created"):
        return
    match_id = instance.pk if sender is Match else instance.match_id
    wakeups.publish_on_commit(match_id, 0)


def connect() -> None:
    post_delete.connect(_device_deleted, sender=Device, dispatch_uid="live-device-deleted")
    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="live-user-saved")
    for model in (Match, MatchSide):
        post_save.connect(_match_changed, sender=model, dispatch_uid=f"live-{model.__name__}-s")
        post_delete.connect(_match_changed, sender=model, dispatch_uid=f"live-{model.__name__}-d")
