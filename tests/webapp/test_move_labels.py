"""Every move the app offers reads in the players' words: the labels moves.js and each game's
phone module (data/phone.js in its package) make of the engines' legal actions (TriXKick's from
a whole random match, the Hat-Trick expansion's from their JSON form) hold no piece ids, no
field names of the JSON, no snake_case, in English and German."""

from __future__ import annotations

import json
import random
import re

import pytest

from matches.engine import get_engine
from tests.webapp.test_words import STATIC, run_module

pytestmark = pytest.mark.no_services

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
await (await import(%(games)s)).loadGame(input.game);
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
        "games": json.dumps((STATIC / "games.js").as_uri()),
        "nodes": json.dumps((STATIC / "nodes.js").as_uri()),
        "i18n": json.dumps((STATIC / "i18n.js").as_uri()),
    }
    payload = json.dumps({"game": game, "legals": legals, "sides": sides})
    return run_module(script, payload, timeout=120)


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


def test_trixkick_set_up_and_keepers_say_their_symbols_in_words():
    """A piece to set up and the keepers' order say what the letters stand for, in the
    rulebook's words (K = Kopf, L = linker Fuß, R = rechter Fuß): no letter left alone."""
    legal = {
        "actor": 0,
        "hint": "",
        "step": "setup",
        "actions": [
            {"type": "place", "piece": "A-KKL", "to": ["A1"]},
            {"type": "keepers", "side": 0, "order": ["KLR"]},
        ],
    }
    labels = _labels("trixkick", [legal], [{"name": "Blue"}, {"name": "Red"}])
    assert "Set up KKL (head, head, left foot)" in labels
    assert "KKL aufstellen (Kopf, Kopf, linker Fuß)" in labels
    assert "Keepers: head on the left · left foot in the middle · right foot on the right" in labels
    assert "Torwarte: Kopf links · linker Fuß in der Mitte · rechter Fuß rechts" in labels
    keepers = [label for label in labels if label.startswith(("Keepers", "Torwarte"))]
    assert not [label for label in keepers if re.search(r"\b[KLR]\b", label)], keepers


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


# --- every kind of action of all three games, as a button and as "Last move" ---------------

ALL_SCRIPT = """
globalThis.localStorage = { store: {}, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.navigator = { language: "en" };
globalThis.document = { documentElement: {} };
const { choices, actionLabel } = await import(%(moves)s);
const { describe } = await import(%(nodes)s);
const { setLanguage } = await import(%(i18n)s);
const input = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
await (await import(%(games)s)).loadGame(input.game);
const out = [];
for (const lang of ["en", "de"]) {
  setLanguage(lang);
  const walk = (nodes, depth, kind) => {
    for (const node of nodes) {
      out.push({ lang, kind, where: "button", text: node.label });
      if (node.title) out.push({ lang, kind, where: "title", text: node.title });
      if (node.multi) for (const o of node.multi.options) out.push({ lang, kind, where: "button", text: o.label });
      if (node.children && depth < 4) walk(node.children(), depth + 1, kind);
    }
  };
  for (const { legal, state } of input.legals) {
    for (const entry of legal.actions) walk(choices({ game: input.game, legal: { ...legal, actions: [entry] }, sides: input.sides, state, summary: null }), 0, entry.type);
  }
  for (const { action, state } of input.actions) {
    const text = actionLabel(input.game, action, input.sides, state);
    out.push({ lang, kind: action.type, where: "last move", text, fallback: text === describe(action) });
    const queued = actionLabel(input.game, action, input.sides);  // a queued move: no state
    out.push({ lang, kind: action.type, where: "queued", text: queued, fallback: queued === describe(action) });
  }
}
console.log(JSON.stringify(out));
"""

#: a key the app's words lack comes back as the key itself ("tkPlace", "kind_x"); a Hat-Trick
#: shooting or goalkeeper card's id ("L2", "B1*") is no word for a player
MISSING_KEY = re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b")
HT_CARD_ID = re.compile(r"(?<![\w-])[SLDBR]\d\*?(?![\w])")

HAND_MADE = {  # the expansion's moves and the rarer steps, as the engines write them
    "trixkick": [
        {"type": "card", "piece": "B-KL"},
        {"type": "corner", "side": "left"},
        {"type": "rebound", "to": "A6"},
        {"type": "substitute", "out": "A-KL", "in": "A-KR"},
        {"type": "whistle"},
        {"type": "pass"},
    ],
    "hat-trick": [
        {"type": "kick_off", "side": 1},
        {"type": "choose", "player": 6},
        {"type": "ability", "side": 0, "player": 7, "target": 9, "direction": "forward"},
        {"type": "style", "side": 1, "card": "tactical", "player": 8},
        {"type": "counter", "side": 0},
        {"type": "substitute", "side": 0, "player": 4, "card": "blue:stopper-4"},
        {
            "type": "protest",
            "side": 1,
            "card": {"kind": "dribbling", "footballs": 3, "edge": "left"},
        },
        {"type": "keeper_draw", "cards": []},
        {
            "type": "shoot",
            "shooting_card": "D3",
            "goalkeeper_card": "R2*",
            "card": {"kind": "long_ball", "footballs": 2, "edge": "right"},
        },
    ],
}


HAND_LEGAL = {  # the buttons of the steps a random match rarely reaches
    "trixkick": [
        {"hint": "", "actor": 1, "actions": [{"type": "card", "piece": ["B-KL", "B-KKR"]}]},
        {"hint": "", "actor": 0, "actions": [{"type": "corner", "side": ["left", "right"]}]},
        {"hint": "", "actor": 1, "actions": [{"type": "rebound", "to": ["B5", "B6"]}]},
        {
            "hint": "",
            "actor": 0,
            "actions": [
                {"type": "substitute", "out": "A-KL", "in": ["A-KR", "A-LR"]},
                {"type": "whistle"},
                {"type": "pass"},
            ],
        },
    ],
    "hat-trick": [
        {"hint": "", "actor": None, "actions": [{"type": "kick_off", "side": [0, 1]}]},
        {"hint": "", "actor": 0, "actions": [{"type": "choose", "players": [6, 7]}]},
        {"hint": "", "actor": 0, "actions": [{"type": "counter", "side": 0}]},
        {
            "hint": "",
            "actor": 1,
            "actions": [
                {
                    "type": "protest",
                    "side": 1,
                    "cards": [{"kind": "short_pass", "footballs": 2, "edge": "left"}],
                }
            ],
        },
    ],
}


def _game_types(game: str) -> set[str]:
    from importlib import import_module

    package = ".".join(type(get_engine(game)).__module__.split(".")[:3])
    return set(import_module(f"{package}.actions").CODEC.tags)


def _random_play(game: str, seeds=range(4), limit=400):
    """(legal, state json, action json) along random matches of ``game``."""
    from tests.i18n.test_effects import SETUPS, _pick

    engine = get_engine(game)
    sides, options = SETUPS[game]
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.initial_state(edition=engine.default_edition(), sides=sides, options=options)
        for _ in range(limit):
            if engine.outcome(state) is not None:
                break
            action = _pick(game, engine, state, rng)
            yield (
                engine.legal_actions(state),
                engine.state_to_json(state),
                engine.action_to_json(action),
            )
            state = engine.apply(state, action).state


def _all_labels(game: str, tmp_path) -> tuple[list[dict], set[str]]:
    from tests.i18n.test_effects import SETUPS

    legals, actions, per_kind = [], [], {}
    for legal, state, action in _random_play(game):
        fresh = {entry["type"] for entry in legal["actions"]} - set(per_kind)
        if fresh:
            legals.append({"legal": legal, "state": state})
        count = per_kind.setdefault(action["type"], 0)
        if count < 6:  # a few of each kind: their parts vary
            per_kind[action["type"]] = count + 1
            actions.append({"action": action, "state": state})
        per_kind.update({kind: per_kind.get(kind, 0) for kind in fresh})
    actions += [{"action": action, "state": None} for action in HAND_MADE.get(game, [])]
    legals += [{"legal": legal, "state": None} for legal in HAND_LEGAL.get(game, [])]
    sides = SETUPS[game][0]
    payload = tmp_path / "input.json"
    payload.write_text(
        json.dumps({"game": game, "legals": legals, "actions": actions, "sides": sides})
    )
    script = ALL_SCRIPT % {
        "moves": json.dumps((STATIC / "moves.js").as_uri()),
        "games": json.dumps((STATIC / "games.js").as_uri()),
        "nodes": json.dumps((STATIC / "nodes.js").as_uri()),
        "i18n": json.dumps((STATIC / "i18n.js").as_uri()),
    }
    script = (
        'import { createRequire } from "module"; const require = createRequire(import.meta.url);\n'
        + script
    )
    rows = run_module(script, str(payload), timeout=300)
    labelled = {row["kind"] for row in rows if row["where"] == "last move"}
    return rows, labelled


@pytest.mark.parametrize("game", ["hat-trick", "trixkick", "amigo-hattrick"])
def test_every_kind_of_action_has_words_for_its_buttons_and_its_last_move(game, tmp_path):
    rows, labelled = _all_labels(game, tmp_path)
    assert _game_types(game) <= labelled, _game_types(game) - labelled
    problems = set()
    for row in rows:
        text = row["text"]
        where = f"{row['lang']} {row['kind']} {row['where']}: {text!r}"
        if not text or row.get("fallback"):
            problems.add(f"{where} (no words of its own)")
        elif JARGON.search(text) or MISSING_KEY.search(text) or '"' in text:
            problems.add(f"{where} (code)")
        elif game == "hat-trick" and HT_CARD_ID.search(text):
            problems.add(f"{where} (a card's id)")
    assert not problems, "\n".join(sorted(problems))
    # German is German: the words differ from the English ones for each kind of move
    english = {(r["kind"], r["where"]): r["text"] for r in rows if r["lang"] == "en"}
    german = {(r["kind"], r["where"]): r["text"] for r in rows if r["lang"] == "de"}
    same = {key for key in english if german.get(key) == english[key] and key[1] == "last move"}
    assert not same, same
