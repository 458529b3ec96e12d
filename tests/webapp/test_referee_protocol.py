"""The phone's referee speaks the messages of one module (webapp/static/webapp/referee-protocol.js),
read by the page and by the Web Worker: its requests are the ones the Python referee
(``matches.engine.referee.answer``) answers, no more and no fewer, and the answers have the
shapes the module declares."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from importlib import import_module

from matches.engine import first_action, game_keys, get_engine
from matches.engine import referee as python_referee
from tests.webapp.test_words import STATIC, run_module

SCRIPT = """
const p = await import(%(protocol)s);
const { game, state, action } = JSON.parse(process.argv[1]);
const table = 7;
console.log(JSON.stringify({
  WORKER: p.WORKER, REFEREE: p.REFEREE, ENTRY: p.ENTRY, VIEW: p.VIEW,
  requests: [
    p.languageRequest("en"),
    p.loadRequest(table, game, state, true),
    p.viewRequest(table, false),
    p.applyRequest(table, action, false),
    p.dropRequest(table),
    p.applyRequest(table, action, false),
  ],
  ask: p.askMessage({ op: p.REFEREE.view }),
  boot: p.bootMessage({ runtime: "r/", bundle: "b.zip", engine: "e", other: 1 }),
  failure: p.failure(3, "why"),
}));
"""

#: the Python referee's answers, each in a fresh interpreter (the language request installs a
#: catalog for the whole process)
ANSWER = """
import json, sys
from importlib import import_module
entry = json.loads(sys.argv[1])
answer = getattr(import_module(entry["module"]), entry["name"])
print(json.dumps([json.loads(answer(json.dumps(r))) for r in json.loads(sys.argv[2])]))
"""


def _protocol() -> dict:
    key = game_keys()[0]
    engine = get_engine(key)
    sides = [{"name": "Blue"}, {"name": "Red"}]
    state = engine.initial_state(edition=engine.default_edition(), sides=sides, options={})
    legal = engine.legal_actions(state)
    action = first_action(key, legal["actions"][0], legal)
    payload = json.dumps({"game": key, "state": engine.state_to_json(state), "action": action})
    script = SCRIPT % {"protocol": json.dumps((STATIC / "referee-protocol.js").as_uri())}
    return run_module(script, payload)


def test_the_requests_are_the_ones_the_python_referee_answers():
    protocol = _protocol()
    entry = protocol["ENTRY"]
    assert getattr(import_module(entry["module"]), entry["name"]) is python_referee.answer
    source = inspect.getsource(python_referee.answer)
    answered = set(re.findall(r"""\bop == ["'](\w+)["']""", source))
    assert answered == set(protocol["REFEREE"].values())
    assert all(key == op for key, op in protocol["REFEREE"].items())


def test_each_request_gets_the_answer_the_protocol_declares():
    protocol = _protocol()
    requests = protocol["requests"]
    ops = protocol["REFEREE"]
    assert [r["op"] for r in requests] == [
        ops["language"],
        ops["load"],
        ops["view"],
        ops["apply"],
        ops["drop"],
        ops["apply"],
    ]
    out = subprocess.run(
        [sys.executable, "-c", ANSWER, json.dumps(protocol["ENTRY"]), json.dumps(requests)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    language, load, view, apply, drop, gone = json.loads(out.stdout)
    view_fields = set(protocol["VIEW"])
    assert language == {"ok": True}
    assert load["ok"] and set(load["view"]) == view_fields  # with the picture
    assert view["ok"] and set(view["view"]) == view_fields - {"svg"}
    assert apply["ok"], apply
    assert set(apply) == {"ok", "action", "notation", "effects", "view"}
    assert set(apply["view"]) == view_fields - {"svg"}
    assert drop == {"ok": True}
    assert gone == {"ok": False, "missing": True}


def test_an_op_the_protocol_does_not_declare_is_refused():
    protocol = _protocol()
    load = dict(protocol["requests"][1], table="protocol-test", picture=False)
    assert json.loads(python_referee.answer(json.dumps(load)))["ok"]
    try:
        assert "shuffle" not in protocol["REFEREE"].values()
        refused = json.loads(python_referee.answer('{"op": "shuffle", "table": "protocol-test"}'))
        assert refused["ok"] is False and refused["error"]["code"] == "unknown_op"
    finally:
        python_referee.answer(json.dumps({"op": "drop", "table": "protocol-test"}))


def test_the_page_and_the_worker_speak_the_declared_messages():
    protocol = _protocol()
    assert protocol["ask"] == {"op": protocol["WORKER"]["ask"], "request": {"op": "view"}}
    assert protocol["boot"] == {
        "op": "boot",
        "runtime": "r/",
        "stdlib": None,
        "bundle": "b.zip",
        "engine": "e",
    }
    assert protocol["failure"] == {"id": 3, "ok": False, "failed": "why"}
    worker = (STATIC / "referee-worker.js").read_text(encoding="utf-8")
    page = (STATIC / "referee.js").read_text(encoding="utf-8")
    for key in protocol["WORKER"]:
        assert f"WORKER.{key}" in worker, key  # the worker handles every message of the page
    # neither side writes an op of its own: every op is the protocol's
    for source in (worker, page):
        assert not re.search(r"""\bop:\s*["']""", source)
        assert not re.search(r"""\bop ===? ["']""", source)
