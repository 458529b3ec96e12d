"""Assertions shared by the HTTP tests."""


def assert_error_shape(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert isinstance(body.get("code"), str) and body["code"], body
    assert isinstance(body.get("message"), str) and body["message"], body
    if code is not None:
        assert body["code"] == code, body
    return body


def token_for(user, name: str = "test phone") -> str:
    """A new device (login) of ``user``: the key to send as ``Authorization: Token <key>``."""
    from companion.devices import device_create

    return device_create(user=user, name=name)[1]


def accept_invitations(match_id: int) -> None:
    """Every manager invited to a side of the match says yes (as from their own phones)."""
    from matches.invitations import invitation_accept
    from matches.models import Invitation

    for invitation in Invitation.objects.filter(match_id=match_id, status="pending"):
        invitation_accept(invitation_id=invitation.pk, user=invitation.invitee)
