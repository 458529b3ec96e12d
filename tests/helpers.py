"""Assertions shared by the HTTP tests."""


def assert_error_shape(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert isinstance(body.get("code"), str) and body["code"], body
    assert isinstance(body.get("message"), str) and body["message"], body
    if code is not None:
        assert body["code"] == code, body
    return body
