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
