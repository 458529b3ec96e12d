"""TriXKick's board draws every piece's symbols inside its token, four symbols ("RRRK") as
well as three, measured in the browser with the fonts the phone has."""

from __future__ import annotations

import random

import pytest

from matches.engine import get_engine
from tests.browser.phone import browser

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

WIDTHS = """() => [...document.querySelectorAll("g.piece")].map((g) => {
  const ring = g.querySelector("circle"), text = g.querySelector("text");
  return [text.textContent, text.getBBox().width, 2 * Number(ring.getAttribute("r")) - Number(ring.getAttribute("stroke-width"))];
})"""


def _board_with(symbols: dict[str, str]) -> str:
    engine = get_engine("trixkick")
    state = engine.initial_state(
        edition=engine.default_edition(), sides=[{"name": "A"}, {"name": "B"}], options={}
    )
    rng = random.Random(3)
    while sum(bool(p["field"]) for p in engine.state_to_json(state)["pieces"].values()) < 4:
        state = engine.apply(state, rng.choice(engine.concrete_legal_actions(state))).state
    data = engine.state_to_json(state)
    on_field = [pid for pid, p in data["pieces"].items() if p["field"]]
    for pid, given in zip(on_field, symbols.values(), strict=False):
        data["pieces"][pid]["symbols"] = given
    return engine.render_svg(engine.state_from_json(data))


def test_every_pieces_symbols_fit_inside_its_token():
    svg = _board_with({"four": "RRRK", "four again": "KKLR", "three": "KKL", "wide": "WWWW"})
    with browser() as b:
        page = b.new_page(viewport={"width": 390, "height": 844})
        page.set_content(f"<!doctype html><body style='margin:0'>{svg}</body>")
        widths = page.evaluate(WIDTHS)
    assert {"RRRK", "KKLR", "KKL"} <= {text for text, _, _ in widths}
    for text, width, inside in widths:
        assert 0 < width <= inside, (text, width, inside)
