"""Every move the app offers reads in the players' words: the labels moves.js makes of the
engines' legal actions (TriXKick's from a whole random match, the Hat-Trick expansion's from
their JSON form) hold no piece ids, no field names of the JSON, no snake_case, in English and
German."""

from __future__ import annotations

import json
import random
import re
import subprocess

import pytest

from matches.engine import get_engine
from tests.webapp.test_words import STATIC, _node

#: piece ids ("A-KKL"), JSON keys and values of code ("to:", "snake_case"), leftovers
KEYS = "type|piece|to|symbol|target|with|in|out|order|side|partner|player|direction|card|via|uses"
JARGON = re.compile(
    rf"\b[AB]-[KLR]+\b|\b({KEYS}): |\b[a-z]+_[a-z]+\b|undefined|null|\[object|[{{}}]"
)

SCRIPT = """
globalThis.localStorage = { store: {}, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.navigator = { language: "en" };
globalThis.document = { documentElement: {} };
const { choices, actionLabel } = await import(%(moves)s);
const { setLanguage } = await import(%(i18n)s);
const input = JSON.parse(process.argv[1]);
const out = [];
const walk = (nodes, depth) => {
  for (const node of nodes) {
    out.push(node.label);
    if (node.title) out.push(node.title);
    if (node.children && depth < 4) walk(node.children(), depth + 1);
    if (node.action) out.push(actionLabel(input.game, node.action, input.sides));
  }
};
for (const lang of ["en", "de"]) {
  setLanguage(lang);
  for (const legal of input.legals) walk(choices({ game: input.game, legal, sides: input.sides, state: null, summary: null }), 0);
}
console.log(JSON.stringify(out));
"""


def _labels(game: str, legals: list[dict], sides: list[dict]) -> list[str]:
    script = SCRIPT % {
        "moves": json.dumps((STATIC / "moves.js").as_uri()),
        "i18n": json.dumps((STATIC / "i18n.js").as_uri()),
    }
    payload = json.dumps({"game": game, "legals": legals, "sides": sides})
    out = subprocess.run(
        [_node(), "--input-type=module", "-e", script, payload],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(out.stdout)


def test_trixkick_moves_read_in_words():
    engine = get_engine("trixkick")
    state = engine.initial_state(
        edition=engine.default_edition(), sides=[{"name": "Blue"}, {"name": "Red"}], options={}
    )
    legals, kinds = [], set()
    for seed in range(3):
        rng, now = random.Random(seed), state
        for _ in range(400):
            if engine.outcome(now) is not None:
                break
            legal = engine.legal_actions(now)
            new = {entry["type"] for entry in legal["actions"]} - kinds
            if new:
                kinds |= new
                legals.append(legal)
            now = engine.apply(now, rng.choice(engine.concrete_legal_actions(now))).state
    assert {"place", "run", "play", "end"} <= kinds
    labels = _labels("trixkick", legals, [{"name": "Blue"}, {"name": "Red"}])
    bad = sorted({label for label in labels if JARGON.search(label)})
    assert not bad, bad


@pytest.mark.parametrize(
    "entry",
    [
        {"type": "ability", "side": 0, "uses": [{"type": "ability", "side": 0, "player": 7}]},
        {
            "type": "ability",
            "side": 1,
            "uses": [
                {"type": "ability", "side": 1, "player": 8, "target": 9, "direction": "forward"},
                {"type": "ability", "side": 1, "player": 6, "direction": "diagonal_forward"},
            ],
        },
        {"type": "style", "side": 0, "uses": [{"type": "style", "side": 0, "card": "tactical"}]},
        {
            "type": "substitute",
            "side": 0,
            "uses": [{"type": "substitute", "side": 0, "player": 4, "card": "x"}],
        },
        {"type": "counter", "side": 1},
    ],
)
def test_hat_trick_expansion_moves_read_in_words(entry):
    legal = {"hint": "", "actor": entry["side"], "actions": [entry]}
    labels = _labels("hat-trick", [legal], [{"name": "Blue"}, {"name": "Red"}])
    bad = sorted({label for label in labels if JARGON.search(label)})
    assert labels and not bad, bad
