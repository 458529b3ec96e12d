"""Each game's phone module is written in its package (data/phone.js) and served at
/app/games/<key>.js, its imports of the app's modules at their static address; a game without
one, or no game at all, is a 404 (the app then plays it with games/generic.js); the service
worker keeps the installed games' modules for use offline."""

import json
import re
from dataclasses import replace

import pytest
from django.conf import settings
from django.test import override_settings

from matches.engine import games, register, unregister
from tests.games import toy

IMPORT = re.compile(r"""^import .* from "([^"]+)";$""", re.M)


class BareEngine(toy.PileEngine):
    key = "toy-bare"


@pytest.fixture
def bare_game():
    """A game installed without a phone module of its own."""
    game = register(replace(toy.GAME, engine=BareEngine(), data=None))
    yield game
    unregister(game.key)


def _shell(client) -> list[str]:
    source = client.get("/app/sw.js").content.decode()
    assert "__GAME_MODULES__" not in source
    listed = re.search(r"const FILES = \[(.*?)\];", source, re.S).group(1)
    # the last spread of the list: the games' modules
    return json.loads(re.search(r"\.\.\.(\[[^\]]*\])$", listed.strip()).group(1))


def test_each_shipped_game_s_module_is_served_from_its_package(client):
    for game in games():
        response = client.get(f"/app/games/{game.key}.js")
        assert response.status_code == 200, game.key
        assert response["Content-Type"] == "text/javascript; charset=utf-8"
        # as long as the app's other files by their unhashed names (whitenoise's max-age)
        assert response["Cache-Control"] == "max-age=60, public"
        source = response.content.decode()
        assert source == game.data_file("phone.js").read_text(encoding="utf-8").replace(
            "__STATIC__", "/static/webapp/"
        )
        imports = IMPORT.findall(source)
        assert imports and all(re.fullmatch(r"/static/webapp/[\w-]+\.js", i) for i in imports)
        assert "export const moves" in source


def test_no_game_or_a_game_without_a_module_is_a_404(client, bare_game):
    assert client.get(f"/app/games/{bare_game.key}.js").status_code == 404
    assert client.get("/app/games/chess.js").status_code == 404
    assert client.get("/app/games/hat-trick.js").status_code == 200
    assert client.post("/app/games/hat-trick.js").status_code == 405


def test_the_service_worker_keeps_each_installed_game_s_module(client, bare_game):
    kept = _shell(client)
    assert kept == [f"/app/games/{game.key}.js" for game in games() if game is not bare_game]
    assert "/app/games/toy-bare.js" not in kept
    with override_settings(COMPANION_GAMES=[*settings.COMPANION_GAMES, toy.__name__]):
        assert _shell(client)[-1] == f"/app/games/{toy.KEY}.js"
        assert client.get(f"/app/games/{toy.KEY}.js").status_code == 200
    assert client.get(f"/app/games/{toy.KEY}.js").status_code == 404


def test_the_module_follows_the_static_address(client, settings):
    settings.STATIC_URL = "/assets/"
    source = client.get("/app/games/trixkick.js").content.decode()
    assert 'from "/assets/webapp/nodes.js"' in source and "__STATIC__" not in source
