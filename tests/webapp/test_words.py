"""The app's own words (webapp/static/webapp/i18n.js): every key in English and German, every
key the app's modules ask for present, no "(s)" plurals in either language."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from matches.engine import games
from webapp.game_modules import STATIC_PLACEHOLDER, phone_module

pytestmark = pytest.mark.no_services

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static" / "webapp"

#: node's resolve hook: /app/games/<key>.js (the address games.js loads a game's module by) is
#: the module as served, written to a file whose imports are the static files themselves
HOOKS = """
const SERVED = %s;
export async function resolve(specifier, context, next) {
  return specifier in SERVED ? { url: SERVED[specifier], shortCircuit: true } : next(specifier, context);
}
"""


def _node() -> str:
    node = shutil.which("node")
    if not node:
        if os.environ.get("CI"):
            pytest.fail("node is required in CI to read the app's modules")
        pytest.skip("no node to read the app's modules")
    return node


def game_module_sources() -> dict[str, str]:
    """Each installed game's phone module by its key, its imports the static files' own."""
    static = STATIC.as_uri() + "/"
    return {
        game.key: found.read_text(encoding="utf-8").replace(STATIC_PLACEHOLDER, static)
        for game in games()
        if (found := phone_module(game)) is not None
    }


def _served_games(folder: Path) -> str:
    """The ``--import`` module that has node load the games' modules as the app does."""
    served = {}
    for key, source in game_module_sources().items():
        module = folder / f"{key}.mjs"
        module.write_text(source, encoding="utf-8")
        served[f"/app/games/{key}.js"] = module.as_uri()
    hooks = folder / "hooks.mjs"
    hooks.write_text(HOOKS % json.dumps(served), encoding="utf-8")
    register = folder / "register.mjs"
    register.write_text(
        f'import {{ register }} from "node:module"; register({json.dumps(hooks.as_uri())});',
        encoding="utf-8",
    )
    return register.as_uri()


def run_module(script: str, *args: str, timeout: int = 60):
    """What an ES module script run by node prints, read as JSON (the games' modules at their
    served address)."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(
            [_node(), "--import", _served_games(Path(folder))]
            + ["--input-type=module", "-e", script, *args],
            capture_output=True,
            text=True,
            check=True,
            timeout=timeout,
        )
    return json.loads(out.stdout)


def _words() -> dict:
    """The app's words by language (``{"en": {key: text}, "de": {...}}``), from its table of
    each word in every language (``{key: {"en": text, "de": text}}``)."""
    script = (
        f"import {{ WORDS, LANGUAGES }} from {json.dumps((STATIC / 'i18n.js').as_uri())};"
        "console.log(JSON.stringify({ words: WORDS, languages: LANGUAGES }));"
    )
    table = run_module(script)
    languages = [code for code, _name in table["languages"]]
    assert languages == ["en", "de"]
    for key, entry in table["words"].items():
        assert sorted(entry) == sorted(languages), key  # each word in every language, no other
    return {
        language: {key: entry[language] for key, entry in table["words"].items()}
        for language in languages
    }


def test_english_and_german_have_the_same_keys():
    words = _words()
    assert set(words) == {"en", "de"}
    assert sorted(words["en"]) == sorted(words["de"])
    for key, english in words["en"].items():
        german = words["de"][key]
        assert type(english) is type(german), key
        if isinstance(english, dict):
            assert set(english) == set(german) == {"one", "other"}, key
        for a, b in (
            ((english, german),)
            if isinstance(english, str)
            else (
                (english["one"], german["one"]),
                (english["other"], german["other"]),
            )
        ):
            assert set(re.findall(r"\{(\w+)\}", a)) == set(re.findall(r"\{(\w+)\}", b)), key


def test_every_key_the_app_asks_for_is_there():
    words = _words()["en"]
    asked = set()
    sources = [module.read_text() for module in STATIC.rglob("*.js")]
    for source in [*sources, *game_module_sources().values()]:
        asked |= set(re.findall(r"""\bt\(\s*["']([\w-]+)["']""", source))
    assert asked - set(words) == set()


def test_no_word_counts_with_a_bracketed_plural():
    for language, table in _words().items():
        for key, value in table.items():
            texts = value.values() if isinstance(value, dict) else [value]
            for text in texts:
                assert "(s)" not in text and "(n)" not in text and "/Züge" not in text, (
                    language,
                    key,
                    text,
                )
