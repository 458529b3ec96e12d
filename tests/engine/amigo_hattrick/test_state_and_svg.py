"""State JSON, the SVG picture and purity of the package (doctests: tests/engine/test_doctests.py)."""

import json
import subprocess
import sys
from xml.etree import ElementTree

import pytest

from matches.engine.amigo_hattrick import ENGINE
from matches.engine.base import InvalidActionError

from .helpers import after, deal_text, hands_with, new_match


def test_no_django_import():
    code = (
        "import sys, matches.engine.amigo_hattrick as p; "
        "p.ENGINE.default_edition(); "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def states():
    match = new_match(5, target=30, first_dealer=2)
    yield match
    yield after(match, "D")
    yield after(match, "D", "R10", "B14", "P:G7")
    hands = hands_with(5, {3: ["R10"], 4: ["B14"]})
    yield after(match, deal_text(hands), "R10", "B14")


@pytest.mark.parametrize("state", list(states()))
def test_state_json_round_trip(state):
    data = json.loads(json.dumps(ENGINE.state_to_json(state)))
    assert ENGINE.state_from_json(data) == state


@pytest.mark.parametrize("data", [{}, {"names": []}, {"step": "nap"}, []])
def test_bad_state_json(data):
    with pytest.raises(InvalidActionError) as info:
        ENGINE.state_from_json(data)
    assert info.value.code == "invalid_state"


def test_state_is_immutable():
    state = new_match(4)
    with pytest.raises(AttributeError):
        state.game = 3  # type: ignore[misc]


@pytest.mark.parametrize("state", list(states()))
def test_svg_is_standalone_and_shows_the_table(state):
    svg = ENGINE.render_svg(state)
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    for name in state.names:
        assert f">{name}" in svg


def test_svg_shows_tricks_and_passes():
    svg = ENGINE.render_svg(after(new_match(5, first_dealer=4), "D", "R10", "B14", "P:G7"))
    assert 'data-card="R10"' in svg and 'data-card="B14"' in svg and 'data-card="G7"' in svg
    assert "Trick 1 (red)" in svg and "Trick 2 (blue)" in svg and "Passed" in svg
