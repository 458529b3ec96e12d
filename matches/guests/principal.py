"""Who a request made with a guest pass is: a guest, playing one side of one match.

A guest is no account: ``request.user`` is a :class:`Guest` (authenticated, so the match's
write views let it through, but with no row of its own), and the match log asks
:func:`is_guest` wherever it decides who may read, see a side's secrets or write. Its ``pk``
is a text that equals no user's id, so a comparison with a side's ``user_id`` or a match's
``created_by_id`` is never true by accident. Nothing is stored under a guest's name: an event
it logs has no author (:func:`account_of`).
"""

from __future__ import annotations

from typing import Any


class Guest:
    """The principal of a request with a guest pass (``request.auth`` is the pass)."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    is_guest = True
    username = ""

    def __init__(self, guest_pass: Any) -> None:
        self.guest_pass = guest_pass
        self.pass_id: int = guest_pass.pk
        self.match_id: int = guest_pass.match_id
        self.position: int = guest_pass.position
        self.pk = self.id = f"guest:{guest_pass.pk}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Guest) and other.pk == self.pk

    def __hash__(self) -> int:
        return hash(self.pk)

    def __str__(self) -> str:
        return self.pk

    def get_session_auth_hash(self) -> str:
        return ""


def is_guest(user: Any) -> bool:
    return getattr(user, "is_guest", False) is True


def account_of(user: Any) -> Any:
    """The account behind ``user`` (an event's author): ``None`` for a guest."""
    return None if is_guest(user) else user
