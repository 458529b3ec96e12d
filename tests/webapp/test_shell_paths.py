"""A join code's link (/app/join/<code>, what the host's QR code holds) and a match's big screen
(/app/screen/<match>) open the app's shell, with its Content-Security-Policy; the code never
reaches the page (the app reads it from the address)."""

import pytest

pytestmark = pytest.mark.no_services


@pytest.mark.parametrize("path", ["/app/join/AbC-12_xyzAbC-12_xyzAbC-", "/app/screen/7"])
def test_the_paths_open_the_apps_shell(client, path):
    shell = client.get("/app/")
    response = client.get(path)
    assert response.status_code == 200
    assert response.content == shell.content
    assert response["Content-Security-Policy"] == shell["Content-Security-Policy"]
    assert "AbC-12" not in response.content.decode()


@pytest.mark.parametrize("path", ["/app/join/", "/app/join/a/b", "/app/screen/x", "/app/screen/"])
def test_other_paths_are_not_the_shell(client, path):
    assert client.get(path).status_code == 404


def test_the_shell_paths_take_no_writes(client):
    assert client.post("/app/join/abc").status_code == 405
