"""Who may change a thing: anyone reads, its owner writes."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import permissions

from companion.errors import DomainError


class IsOwnerOrReadOnly(permissions.BasePermission):
    """Anyone reads an object; only its owner (``owner_id``) changes it. Used beside
    ``IsAuthenticatedOrReadOnly``, which asks a writer to log in first.

    A view that reads its object itself calls ``self.check_object_permissions(request, obj)``
    (a generic view's ``get_object`` does)."""

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        if obj.owner_id != getattr(request.user, "id", None):
            raise DomainError("permission_denied", _("Only its owner may change this."))
        return True
